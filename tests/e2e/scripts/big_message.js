// Sends a 16 MiB string to the host, waits for it to come back, checks it.
const { parentPort } = require('worker_threads');
const big = 'x'.repeat(16 * 1024 * 1024 - 7) + 'the end';
parentPort.once('message', (m) => {
  console.log('round trip ok:', m === big, m.length);
});
parentPort.postMessage(big);
