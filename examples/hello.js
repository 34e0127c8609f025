// A worker that says hello, sends its host a message and prints the answer.
// Run it with:  isohost run --echo examples/hello.js
const { parentPort, workerData } = require('node:worker_threads');

console.log('hello from an isohost worker, pid', process.pid);
console.log('workerData:', workerData);

parentPort.once('message', (reply) => {
  console.log('the host answered:', reply);
  setTimeout(() => process.stdout.write('done after a timer\n'), 10);
});
parentPort.postMessage({ greeting: 'hello', at: new Date(0) });
