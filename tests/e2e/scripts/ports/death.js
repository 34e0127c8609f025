// The other end of a linked port dies (SIGKILL, so it says nothing): the
// end that is left gets every message sent before, then 'close'.
// Run with --expose-internals (the link counters).
const path = require('node:path');
const { Worker, MessageChannel } = require('node:worker_threads');
const file = path.join(__dirname, 'death_peer.js');
const a = new Worker(file, { workerData: 'survivor' });
const b = new Worker(file, { workerData: 'victim' });
const { port1, port2 } = new MessageChannel();
a.postMessage({ port: port1 }, [port1]);
b.postMessage({ port: port2 }, [port2]);
a.on('message', (m) => console.log(m));
b.on('exit', (code) => console.log('victim exited, code', code));
