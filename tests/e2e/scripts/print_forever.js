// Prints numbered lines until stopped, so a test can check none is lost.
let i = 0;
const timer = setInterval(() => {
  for (let k = 0; k < 50; k++) console.log(`w${process.argv[2] || ''} line ${i++}`);
}, 1);
process.on('exit', () => console.log(`w${process.argv[2] || ''} exiting after ${i} lines`));
void timer;
