console.log('before');
await Promise.resolve();
throw new RangeError('rejected at top level');
