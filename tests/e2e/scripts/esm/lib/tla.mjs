console.log('tla.mjs must not run from require()');
await null;
