console.log('preload.mjs');
await null;
console.log('preload.mjs after await');
