const { parentPort, workerData, MessageChannel } = require('node:worker_threads');
const { name, count } = workerData;
let linkStats = () => [0, 0, 0];
try {
  const native = require('internal/test/binding').internalBinding('worker_threads');
  linkStats = () => native.linkStats();
} catch {}
parentPort.once('message', ({ port }) => {
  let next = 0;
  let ports = 0;
  let bad = 0;
  let sent = 0;
  const send = () => {
    // Every seventh message carries a port, whose channel must work.
    if (sent % 7 === 3) {
      const { port1, port2 } = new MessageChannel();
      port2.postMessage(`inner ${sent}`);
      port.postMessage({ n: sent, port: port1 }, [port1]);
    } else {
      port.postMessage({ n: sent });
    }
    sent++;
  };
  const inner = [];
  const finish = () => {
    const [, out, got] = linkStats();
    parentPort.postMessage(`${name} got ${next} in order, ${bad} out of order, ${ports} ports, ` +
                           `inner ${inner.length === ports && inner.every(Boolean) ? 'ok' : inner.join()}, ` +
                           `linked ${out > 0 && got > 0}`);
    port.close();
  };
  port.on('message', (m) => {
    if (m === 'done') return;
    if (m.n !== next) bad++;
    next = m.n + 1;
    if (m.port) {
      ports++;
      m.port.once('message', (t) => {
        inner.push(t === `inner ${m.n}`);
        m.port.close();
        if (next === count && inner.length === ports) finish();
      });
    }
    if (sent < count) send();
    if (next === count && inner.length === ports) finish();
  });
  // Both start at once: the two directions interleave.
  for (let i = 0; i < 5; i++) send();
});
