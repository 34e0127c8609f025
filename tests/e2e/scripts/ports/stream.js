// Two nested workers joined by a MessageChannel made here stream numbered
// messages both ways, some carrying ports of new channels (which go
// through the host, with a placeholder on the link). Each checks the order
// of what it got and reports it, with what went over its direct link.
// Run with --expose-internals (the link counters).
const path = require('node:path');
const { Worker, MessageChannel } = require('node:worker_threads');
const count = Number(process.argv[2] || 300);
const file = path.join(__dirname, 'stream_peer.js');
const a = new Worker(file, { workerData: { name: 'A', count } });
const b = new Worker(file, { workerData: { name: 'B', count } });
const { port1, port2 } = new MessageChannel();
a.postMessage({ port: port1 }, [port1]);
b.postMessage({ port: port2 }, [port2]);
const lines = [];
for (const w of [a, b]) {
  w.on('message', (m) => {
    if (lines.push(m) === 2) console.log(lines.sort().join('\n'));
  });
}
