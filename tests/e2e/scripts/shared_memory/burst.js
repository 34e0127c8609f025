// A thousand messages, each with a SharedArrayBuffer of its own, posted at
// once to a nested worker that is busy meanwhile: more descriptors than the
// socket to it holds, so the host holds the rest, in order, until it reads.
const { Worker } = require('node:worker_threads');
const count = 1000;
const worker = new Worker(`
const { parentPort, workerData } = require('node:worker_threads');
const busy = new Int32Array(new SharedArrayBuffer(4));
Atomics.wait(busy, 0, 0, 300);
let read = 0;
let sum = 0;
let ordered = true;
parentPort.on('message', ({ n, sab }) => {
  ordered = ordered && n === read;
  sum += new Int32Array(sab)[0];
  if (++read === workerData) parentPort.postMessage({ read, sum, ordered });
});
parentPort.on('messageerror', () => parentPort.postMessage('messageerror'));
`, { eval: true, workerData: count });
for (let n = 0; n < count; n++) {
  const sab = new SharedArrayBuffer(4);
  new Int32Array(sab)[0] = 1;
  worker.postMessage({ n, sab });
}
worker.once('message', (m) => {
  console.log(JSON.stringify(m));
  worker.terminate();
});
