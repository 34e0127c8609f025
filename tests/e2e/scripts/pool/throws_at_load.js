throw new Error('broken at load');
