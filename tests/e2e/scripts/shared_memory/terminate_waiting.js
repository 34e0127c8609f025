// A nested worker blocked in Atomics.wait on shareable memory, which only a
// notify from another process could wake, is still ended by terminate().
const { Worker } = require('node:worker_threads');
const sab = new SharedArrayBuffer(4);
const worker = new Worker(`
const { parentPort, workerData } = require('node:worker_threads');
parentPort.postMessage('waiting');
Atomics.wait(new Int32Array(workerData), 0, 0);
parentPort.postMessage('woke');
`, { eval: true, workerData: sab });
worker.on('message', (m) => {
  console.log(m);
  if (m === 'waiting') worker.terminate().then((code) => console.log(`terminated, code ${code}`));
});
