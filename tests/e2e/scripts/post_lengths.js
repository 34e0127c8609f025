// Posts a string of 'x' of each length in argv, then 'done'; a post that
// throws says so on stdout, and the next one is tried.
const { parentPort } = require('worker_threads');
for (const length of process.argv.slice(2).map(Number)) {
  try {
    parentPort.postMessage('x'.repeat(length));
  } catch (err) {
    console.log(`${length}: ${err.name}: ${err.message}`);
  }
}
parentPort.postMessage('done');
