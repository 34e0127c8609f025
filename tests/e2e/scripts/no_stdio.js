// Never touches process.stdout/stderr/stdin or console.
const { parentPort } = require('worker_threads');
parentPort.postMessage(1 + 1);
