// Posts a string of 100 MiB: over the default message limit, under a raised one.
const { parentPort } = require('worker_threads');
try {
  parentPort.postMessage('x'.repeat(100 * 1024 * 1024));
  console.log('sent');
} catch (err) {
  console.log('caught:', err.name, err.message);
}
