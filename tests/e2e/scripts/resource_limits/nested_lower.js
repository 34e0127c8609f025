// A worker limited to a 0.5 MB stack and a 16 MB code range starts a worker
// that asks for more of both; that one reports its parent's limits and
// recurses no deeper than a worker given 0.5 MB outright.
const path = require('node:path');
const { Worker, isMainThread, workerData, parentPort } = require('node:worker_threads');

const child = path.join(__dirname, 'depth_child.js');

function run(resourceLimits, hostPid) {
  return new Promise((resolve, reject) => {
    const w = new Worker(child, { resourceLimits, workerData: { hostPid } });
    w.once('message', resolve);
    w.once('error', reject);
  });
}

if (workerData?.middle) {
  run({ stackSizeMb: 3, codeRangeSizeMb: 64 }, workerData.hostPid).then((m) => parentPort.postMessage(m));
} else {
  (async () => {
    const nested = await new Promise((resolve, reject) => {
      const w = new Worker(__filename, {
        resourceLimits: { stackSizeMb: 0.5, codeRangeSizeMb: 16 },
        workerData: { middle: true, hostPid: process.ppid },
      });
      w.once('message', resolve);
      w.once('error', reject);
    });
    const direct = await run({ stackSizeMb: 3 }, process.ppid);
    console.log('nested', nested.limits.stackSizeMb, nested.limits.codeRangeSizeMb);
    console.log('shallower than 3 MB', nested.depth < direct.depth);
  })();
}
