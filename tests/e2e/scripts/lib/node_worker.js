// Runs a script inside a Node worker_threads Worker, as Isohost runs it:
// the reference the e2e tests compare a worker's stdout against.
//   node node_worker.js SCRIPT [ARG...]
const { Worker } = require('worker_threads');
const path = require('path');

const [script, ...argv] = process.argv.slice(2);
const worker = new Worker(path.resolve(script), { argv });
worker.on('message', (value) => worker.postMessage(value));
worker.on('error', (err) => {
  console.error(err);
  process.exitCode = 1;
});
worker.on('exit', (code) => {
  if (code !== 0) process.exitCode = code;
});
