// A worker that posts a burst of large messages on a linked port and exits
// at once: everything it posted reaches the other end, then 'close'.
const path = require('node:path');
const { Worker, MessageChannel } = require('node:worker_threads');
const file = path.join(__dirname, 'exit_flush_peer.js');
const sender = new Worker(file, { workerData: 'sender' });
const receiver = new Worker(file, { workerData: 'receiver' });
const { port1, port2 } = new MessageChannel();
sender.postMessage({ port: port1 }, [port1]);
receiver.postMessage({ port: port2 }, [port2]);
receiver.on('message', (m) => console.log(m));
