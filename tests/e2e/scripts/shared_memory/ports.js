// SharedArrayBuffers through a MessagePort whose other end is in a nested
// worker: first relayed by the host, then, once the host has linked the
// two ends, on the direct link, both ways.
const { Worker, MessageChannel } = require('node:worker_threads');
const native = require('internal/test/binding').internalBinding('worker_threads');
const worker = new Worker(`
const { parentPort } = require('node:worker_threads');
parentPort.once('message', ({ port }) => {
  port.on('message', (m) => {
    if (m.sab) {
      new Int32Array(m.sab)[0] = m.n + 1;
      const made = new SharedArrayBuffer(4);
      new Int32Array(made)[0] = 100 + m.n;
      port.postMessage({ n: m.n, made });
    } else {
      port.postMessage({ n: m.n });
    }
  });
});
`, { eval: true });
const { port1, port2 } = new MessageChannel();
worker.postMessage({ port: port2 }, [port2]);
const relayed = new SharedArrayBuffer(4);
const linked = new SharedArrayBuffer(4);
let linkedBefore = 0;
port1.on('message', (m) => {
  if (m.n === 0) {
    console.log(`relayed: child wrote ${new Int32Array(relayed)[0]}, ` +
                `its buffer holds ${new Int32Array(m.made)[0]}`);
    for (let n = 1; n <= 6; n++) port1.postMessage({ n });
  } else if (m.n === 6) {
    linkedBefore = native.linkStats()[1];
    new Int32Array(linked)[0] = -1;
    port1.postMessage({ n: 7, sab: linked });
  } else if (m.n === 7) {
    const [links, sent, received] = native.linkStats();
    console.log(`linked: child wrote ${new Int32Array(linked)[0]}, its buffer holds ${new Int32Array(m.made)[0]}, ` +
                `went on the link ${links > 0 && sent > linkedBefore && received > 0}`);
    port1.close();
    worker.terminate();
  }
});
port1.postMessage({ n: 0, sab: relayed });
