// Reports this worker's resourceLimits, how deep it could recurse before a
// RangeError, and whether the supervisor's zygote made it (its parent process
// is then not the host, whose pid the parent passes in workerData).
const { parentPort, resourceLimits, workerData } = require('node:worker_threads');

let depth = 0;
function recurse() {
  depth++;
  recurse();
}
let error = null;
try {
  recurse();
} catch (e) {
  error = e;
}
parentPort.postMessage({
  limits: resourceLimits,
  depth,
  rangeError: error instanceof RangeError,
  forked: process.ppid !== workerData.hostPid,
});
