// Two nested workers joined by a MessageChannel made here: ports travel in
// postMessage's transfer list, messages queued before the transfer follow
// the port, the peers talk through the host, and a port passed on again
// keeps working.
const path = require('node:path');
const { Worker, MessageChannel } = require('node:worker_threads');
const file = path.join(__dirname, 'peer.js');
const a = new Worker(file, { workerData: 'A' });
const b = new Worker(file, { workerData: 'B' });
const { port1, port2 } = new MessageChannel();
port1.postMessage('queued before the transfer');
b.postMessage({ port: port2 }, [port2]);
a.postMessage({ port: port1 }, [port1]);
const lines = [];
for (const w of [a, b]) {
  w.on('message', (m) => lines.push(m));
  w.on('exit', () => {
    if (lines.push('exit') === 8) console.log(lines.sort().join('\n'));
  });
}
