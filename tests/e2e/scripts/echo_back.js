// Posts every message it receives back; exits after argv[2] messages.
const { parentPort } = require('worker_threads');
const expected = Number(process.argv[2] || 1);
let seen = 0;
parentPort.on('message', (m) => {
  parentPort.postMessage(m);
  if (++seen === expected) parentPort.close();
});
