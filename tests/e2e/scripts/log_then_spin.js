// Writes a line on each stdio path with the time it wrote it, then keeps its
// thread busy and never returns to the loop before the end (or at all).
// argv: SPIN_MS (-1: forever).
const spinMs = Number(process.argv[2]);
const stamp = () => Date.now();
console.log(`console.log ${stamp()} pid ${process.pid}`);
process.stdout.write(`stdout.write ${stamp()}\n`);
console.error(`console.error ${stamp()}`);
const end = spinMs < 0 ? Infinity : Date.now() + spinMs;
while (Date.now() < end) {}
console.log(`done ${stamp()}`);
