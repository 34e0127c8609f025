// A port moves while messages stream into it over a direct link: B sends
// numbered messages without pause; A reads some, then gives its port back
// here in the middle of a delivery round (with messages queued and more on
// the link), and this worker passes it straight on to C. Every tenth
// message carries a port, so goes through the host. Between them A and
// C must get every message once, in order.
const path = require('node:path');
const { Worker, MessageChannel } = require('node:worker_threads');
const count = Number(process.argv[2] || 3000);
const file = path.join(__dirname, 'move_peer.js');
const a = new Worker(file, { workerData: { role: 'A', count } });
const b = new Worker(file, { workerData: { role: 'B', count } });
const c = new Worker(file, { workerData: { role: 'C', count } });
const { port1, port2 } = new MessageChannel();
a.postMessage({ port: port1 }, [port1]);
b.postMessage({ port: port2 }, [port2]);
const got = {};
const report = () => {
  if (!got.A || !got.C) return;
  const all = got.A.concat(got.C);
  let inOrder = all.length === count;
  for (let i = 0; i < all.length && inOrder; i++) inOrder = all[i] === i;
  console.log(`A read ${got.A.length > 0 ? 'some' : 'none'}, C read ${got.C.length > 0 ? 'the rest' : 'none'}, ` +
              `all ${all.length} once and in order: ${inOrder}`);
  for (const w of [a, b, c]) w.postMessage('stop');
};
a.on('message', (m) => {
  if (m.port) {
    c.postMessage({ port: m.port }, [m.port]);
    return;
  }
  got.A = m.got;
  report();
});
c.on('message', (m) => {
  got.C = m.got;
  report();
});
