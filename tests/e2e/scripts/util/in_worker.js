// Runs a script of this folder inside a worker_threads Worker, so that
// Node's behaviour there can be compared with a worker's: node in_worker.js NAME
const { Worker } = require('node:worker_threads');
new Worker(require('node:path').join(__dirname, `${process.argv[2]}.js`));
