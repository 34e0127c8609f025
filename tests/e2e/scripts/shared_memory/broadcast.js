// A SharedArrayBuffer over a BroadcastChannel between two nested workers:
// the one that hears it writes it, and its poster sees the write.
const { Worker } = require('node:worker_threads');
const source = (role) => `
const { parentPort, BroadcastChannel } = require('node:worker_threads');
const channel = new BroadcastChannel('memory');
if (${role === 'poster'}) {
  const sab = new SharedArrayBuffer(4);
  parentPort.once('message', () => channel.postMessage(sab));
  channel.onmessage = () => {
    parentPort.postMessage('poster sees ' + new Int32Array(sab)[0]);
    channel.close();
  };
} else {
  channel.onmessage = ({ data }) => {
    new Int32Array(data)[0] = 42;
    channel.postMessage('written');
    channel.close();
  };
  parentPort.postMessage('listening');
}
`;
const poster = new Worker(source('poster'), { eval: true });
const listener = new Worker(source('listener'), { eval: true });
listener.once('message', () => poster.postMessage('post'));
poster.once('message', (m) => console.log(m));
