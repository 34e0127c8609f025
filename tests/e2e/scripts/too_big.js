// A message over the limit throws in the worker; the channel keeps working.
const { parentPort } = require('worker_threads');
try {
  parentPort.postMessage('y'.repeat(2 * 1024 * 1024));
  console.log('sent (unexpected)');
} catch (err) {
  console.log('caught:', err.name, err.message);
}
parentPort.postMessage('small one');
