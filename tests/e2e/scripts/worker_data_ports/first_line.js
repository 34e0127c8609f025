// What the port had received before the spawn is queued in the nested
// worker before its first line (receiveMessageOnPort takes it at once), up
// to the first message that carries a SharedArrayBuffer or a port; that one
// and the rest follow, in order.
const { Worker, MessageChannel } = require('node:worker_threads');
const source = `
  const { workerData: { p }, receiveMessageOnPort } = require('node:worker_threads');
  const first = [receiveMessageOnPort(p).message, receiveMessageOnPort(p).message];
  const rest = [];
  p.on('message', (m) => {
    rest.push(typeof m !== 'object' ? m : m.sab ? 'memory ' + new Int32Array(m.sab)[0] : 'a port');
    if (typeof m === 'object' && m.port) m.port.postMessage('through the passed port');
    if (rest.length < 4) return;
    p.postMessage('first line: ' + first.join(',') + '; then: ' + rest.join(','));
    p.close();
  });
`;
const { port1, port2 } = new MessageChannel();
port1.postMessage('q1');
port1.postMessage('q2');
const sab = new SharedArrayBuffer(4);
new Int32Array(sab)[0] = 7;
port1.postMessage({ sab });
port1.postMessage('q4');
const extra = new MessageChannel();
port1.postMessage({ port: extra.port2 }, [extra.port2]);
port1.postMessage('q6');
new Worker(source, { eval: true, workerData: { p: port2 }, transferList: [port2] });
const lines = [];
port1.on('message', (m) => lines.push(m));
port1.on('close', () => {
  extra.port1.once('message', (m) => {
    console.log(lines.join('\n'));
    console.log(m);
    extra.port1.close();
  });
});
