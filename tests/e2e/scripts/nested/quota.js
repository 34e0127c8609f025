// Run with --max-nested-workers 1: the second nested worker is refused.
const path = require('node:path');
const { Worker } = require('node:worker_threads');
const file = path.join(__dirname, 'child.js');
const first = new Worker(file, { workerData: 'first' });
first.once('message', () => {
  const second = new Worker(file, { workerData: 'second' });
  second.on('error', (e) => console.log('second error:', e.code, e.message));
  second.on('exit', (code) => {
    console.log('second exit:', code);
    first.postMessage('bye');
  });
});
first.on('exit', (code) => console.log('first exit:', code));
