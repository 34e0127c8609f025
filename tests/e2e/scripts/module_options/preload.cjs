console.log('preload.cjs');
