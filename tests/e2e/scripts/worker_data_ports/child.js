// The child of main.js: its workerData's ports are live from its first line.
const path = require('node:path');
const { Worker, MessagePort, workerData } = require('node:worker_threads');
const { port, more, shared } = workerData;
const live = port instanceof MessagePort && more[0].inner instanceof MessagePort;
Atomics.store(shared, 0, 42);
more[0].inner.postMessage(`live at the first line: ${live}`);
more[0].inner.close();
const got = [];
port.on('message', (m) => {
  if (got.length < 13) {
    got.push(m);
    if (got.length === 13) port.postMessage({ got });
    return;
  }
  if (m !== 'last') return;
  const linkStats = require('internal/test/binding').internalBinding('worker_threads').linkStats();
  port.postMessage(`linked ${linkStats[0] > 0 && linkStats[2] > 0}`);
  new Worker(path.join(__dirname, 'grandchild.js'), { workerData: { port }, transferList: [port] });
});
