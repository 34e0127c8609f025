// Atomics.wait in one nested worker, woken by Atomics.notify in another.
// The notifier keeps notifying until a waiter is woken, so that it does not
// matter which of the two gets there first.
const { Worker } = require('node:worker_threads');
const sab = new SharedArrayBuffer(8);
const waiter = new Worker(`
const { parentPort, workerData } = require('node:worker_threads');
const view = new Int32Array(workerData);
parentPort.postMessage('waiting');
parentPort.postMessage('waiter: ' + Atomics.wait(view, 0, 0));
`, { eval: true, workerData: sab });
const notifier = new Worker(`
const { parentPort, workerData } = require('node:worker_threads');
const view = new Int32Array(workerData);
const pause = new Int32Array(new SharedArrayBuffer(4));
parentPort.once('message', () => {
  let woken = 0;
  while ((woken = Atomics.notify(view, 0, 1)) === 0) Atomics.wait(pause, 0, 0, 1);
  parentPort.postMessage('notifier woke ' + woken);
});
`, { eval: true, workerData: sab });
const lines = [];
const done = (line) => {
  lines.push(line);
  if (lines.length === 2) console.log(lines.sort().join('\n'));
};
waiter.on('message', (m) => (m === 'waiting' ? notifier.postMessage('go') : done(m)));
notifier.on('message', done);
