// BroadcastChannel across processes: this worker and two nested workers
// each open 'news'; each posts once everybody is listening, and each
// reports what reached it (never its own message; every other one, once).
const { Worker, BroadcastChannel, isMainThread, parentPort, workerData } = require('node:worker_threads');
const name = workerData ? workerData.name : 'main';
const names = ['main', 'A', 'B'];
const bc = new BroadcastChannel('news');
const got = [];
bc.onmessage = (event) => {
  got.push(event.data);
  if (got.length === names.length - 1) {
    const line = `${name} got ${got.sort().join(', ')}`;
    bc.close();
    if (workerData) parentPort.postMessage(line);
    else report(line);
  }
};
let report;
if (workerData) {
  parentPort.once('message', () => bc.postMessage(`from ${name}`));
  parentPort.postMessage('listening');
} else {
  const lines = [];
  report = (line) => {
    lines.push(line);
    if (lines.length === names.length) console.log(lines.sort().join('\n'));
  };
  const workers = ['A', 'B'].map((n) => new Worker(__filename, { workerData: { name: n } }));
  let listening = 0;
  for (const w of workers) {
    w.on('message', (m) => {
      if (m !== 'listening') return report(m);
      if (++listening < workers.length) return;
      bc.postMessage('from main');
      for (const other of workers) other.postMessage('go');
    });
  }
}
