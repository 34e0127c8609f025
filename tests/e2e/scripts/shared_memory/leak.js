// Nested workers that trade SharedArrayBuffers back and forth (a new one
// each way each round, directly and over a BroadcastChannel), for a host
// that counts its descriptors: 'ready' after the first round, 'done' after
// the last; it answers 'go', then 'bye'.
const { Worker, parentPort, BroadcastChannel } = require('node:worker_threads');
const rounds = Number(process.argv[2]);
const child = new Worker(`
const { parentPort, BroadcastChannel } = require('node:worker_threads');
const channel = new BroadcastChannel('leak');
channel.onmessage = ({ data }) => { new Uint8Array(data)[0] = 1; };
parentPort.on('message', (m) => {
  if (m === 'end') {
    channel.close();
    parentPort.close();
    return;
  }
  new Uint8Array(m.sab)[0]++;
  parentPort.postMessage({ sab: new SharedArrayBuffer(8) });
});
`, { eval: true });
const channel = new BroadcastChannel('leak');
let round = 0;
const step = () => {
  channel.postMessage(new SharedArrayBuffer(4));
  child.postMessage({ sab: new SharedArrayBuffer(8) });
};
child.on('message', () => {
  round++;
  if (round === 1) parentPort.postMessage('ready');
  else if (round === rounds) parentPort.postMessage('done');
  else step();
});
parentPort.on('message', (m) => {
  if (m === 'go') step();
  if (m === 'bye') {
    child.postMessage('end');
    channel.close();
    parentPort.close();
  }
});
step();
