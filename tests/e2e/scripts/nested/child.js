// A nested worker: says hello with its threadId and pid, answers one
// message, or runs forever when asked to.
const { parentPort, workerData, threadId } = require('node:worker_threads');
parentPort.postMessage({ hello: workerData, threadId, pid: process.pid });
if (workerData === 'forever') setInterval(() => {}, 1000);
parentPort.once('message', (m) => {
  parentPort.postMessage({ echo: m });
  parentPort.close();
});
