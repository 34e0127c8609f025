// Starts nested workers one after another until one comes from the
// supervisor's zygote (its parent process is not the host), and prints how
// each was made: the first is exec'd while the zygote starts in the
// background; none waits for the zygote.
const { Worker } = require('node:worker_threads');

// The zygote is ready long before 200 on any machine.
const kMaxWorkers = Number(process.argv[2] || 200);
const hostPid = process.ppid;
let started = 0;

function startOne() {
  started++;
  const worker = new Worker('require("node:worker_threads").parentPort.postMessage(process.ppid)', { eval: true });
  worker.once('message', (ppid) => {
    const forked = ppid !== hostPid;
    if (started === 1) console.log('first:', forked ? 'forked' : 'exec');
    worker.terminate().then(() => {
      if (forked) {
        console.log('a later one forked:', started > 1);
      } else if (started < kMaxWorkers) {
        setTimeout(startOne, 20);
      } else {
        console.log('none forked');
      }
    });
  });
}
startOne();
