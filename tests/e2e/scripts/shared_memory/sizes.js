// An empty SharedArrayBuffer and a large one (256 MiB, of which the child
// touches one page) cross to a nested worker.
const { Worker } = require('node:worker_threads');
const big = new SharedArrayBuffer(256 * 1024 * 1024);
const worker = new Worker(`
const { parentPort } = require('node:worker_threads');
parentPort.once('message', ({ empty, big }) => {
  new Uint8Array(big)[big.byteLength - 1] = 5;
  parentPort.postMessage([empty.byteLength, empty instanceof SharedArrayBuffer, big.byteLength]);
});
`, { eval: true });
worker.once('message', ([empty, shared, size]) => {
  console.log(`empty ${empty} ${shared}, large ${size}, its last byte ${new Uint8Array(big)[big.byteLength - 1]}`);
  worker.terminate();
});
worker.postMessage({ empty: new SharedArrayBuffer(0), big });
