// A port whose other end closes right after the spawn, before the nested
// worker has run a line: it still gets what was posted before the close,
// then 'close'. And the other way: the nested worker closes its end at
// once, and this end hears it.
const { Worker, MessageChannel } = require('node:worker_threads');
const source = `
  const { workerData, parentPort } = require('node:worker_threads');
  if (workerData.closeAtOnce) {
    workerData.port.close();
  } else {
    const got = [];
    workerData.port.on('message', (m) => got.push(m));
    workerData.port.on('close', () => parentPort.postMessage('got ' + got.join(',') + ', then close'));
  }
`;
const first = new MessageChannel();
first.port1.postMessage('a');
const reader = new Worker(source, { eval: true, workerData: { port: first.port2 }, transferList: [first.port2] });
first.port1.postMessage('b');
first.port1.close();
reader.on('message', (m) => {
  console.log(m);
  const second = new MessageChannel();
  second.port1.on('close', () => console.log('the nested worker closed its end'));
  new Worker(source, { eval: true, workerData: { port: second.port2, closeAtOnce: true }, transferList: [second.port2] });
});
