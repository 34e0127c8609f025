console.log('entry.cjs');
