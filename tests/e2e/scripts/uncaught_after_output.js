for (let i = 0; i < 5000; i++) console.log(`line ${i}`);
setTimeout(() => {
  process.stdout.write('right before the throw\n');
  throw new TypeError('late failure');
}, 1);
