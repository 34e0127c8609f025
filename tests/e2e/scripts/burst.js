// Posts argv[2] numbered messages in one burst.
const { parentPort } = require('worker_threads');
const n = Number(process.argv[2]);
for (let i = 0; i < n; i++) parentPort.postMessage({ i });
