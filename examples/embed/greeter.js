// One of the example host's workers: answers each number with its square and
// logs what it does.
const { parentPort, workerData } = require('node:worker_threads');

console.log(`greeter ${workerData.name} ready`);
parentPort.on('message', (n) => {
  if (n === 'stop') {
    console.warn(`greeter ${workerData.name} stopping`);
    parentPort.close();
    return;
  }
  parentPort.postMessage({ name: workerData.name, n, square: n * n });
});
