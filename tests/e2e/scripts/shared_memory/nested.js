// A SharedArrayBuffer posted to a nested worker (and one it made, posted
// back): both processes write the same memory and see each other's writes.
const { Worker } = require('node:worker_threads');
const sab = new SharedArrayBuffer(16);
const mine = new Int32Array(sab);
const worker = new Worker(`
const { parentPort } = require('node:worker_threads');
parentPort.once('message', ({ sab }) => {
  const view = new Int32Array(sab);
  const seen = view[0];
  view[1] = 22;
  const made = new SharedArrayBuffer(4);
  new Int32Array(made)[0] = 33;
  parentPort.postMessage({ seen, made });
  parentPort.once('message', () => parentPort.postMessage(new Int32Array(made)[0]));
});
`, { eval: true });
mine[0] = 11;
worker.once('message', ({ seen, made }) => {
  console.log(`child saw ${seen}, parent sees ${mine[1]}, child's own buffer ${new Int32Array(made)[0]}`);
  new Int32Array(made)[0] = 44;
  worker.postMessage('check');
  worker.once('message', (value) => {
    console.log(`child sees the parent's write to its buffer: ${value}`);
    worker.terminate();
  });
});
worker.postMessage({ sab });
