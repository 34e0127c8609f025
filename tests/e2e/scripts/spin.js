// Keeps running until killed.
const { parentPort } = require('worker_threads');
parentPort.postMessage('spinning');
setInterval(() => {}, 1000);
