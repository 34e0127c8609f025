// Run with --expose-internals (the link counters). MessagePorts in a
// nested worker's workerData: one at the top and one inside an array, with
// a SharedArrayBuffer beside them. What was posted on the other end before
// the spawn arrives first, in order; the child answers; once the channel
// carries enough the two processes talk over a direct link; the child then
// passes the port on to a grandchild in its own workerData, which answers
// and closes it, and the close reaches this end.
const path = require('node:path');
const { Worker, MessageChannel } = require('node:worker_threads');
const { port1, port2 } = new MessageChannel();
const inner = new MessageChannel();
const shared = new Int32Array(new SharedArrayBuffer(4));
port1.postMessage('queued 1');
port1.postMessage('queued 2');
const worker = new Worker(path.join(__dirname, 'child.js'), {
  workerData: { port: port2, more: [{ inner: inner.port2 }], shared },
  transferList: [port2, inner.port2],
});
port1.postMessage('after the spawn');
for (let i = 0; i < 10; i++) port1.postMessage(i);
const lines = [];
port1.on('message', (m) => {
  if (typeof m === 'object') {
    lines.push(`child got ${m.got.join(',')}; shared ${Atomics.load(shared, 0)}`);
    for (let i = 0; i < 5; i++) port1.postMessage(`p${i}`);
    port1.postMessage('last');
    return;
  }
  lines.push(m);
});
// The grandchild's close and the child's exit travel separately (the close
// may come over the direct link, the exit through the host), so the report
// waits for all three ends, whatever their order.
let pending = 3;
let exitCode;
function report() {
  if (--pending > 0) return;
  // The inner channel is independent of the other: its lines go last.
  const isInner = (line) => line.startsWith('inner');
  console.log([...lines.filter((l) => !isInner(l)), ...lines.filter(isInner)].join('\n'));
  console.log('exit', exitCode);
}
port1.on('close', () => { lines.push('port1 closed'); report(); });
inner.port1.on('message', (m) => lines.push(`inner: ${m}`));
inner.port1.on('close', () => { lines.push('inner closed'); report(); });
worker.on('exit', (code) => { exitCode = code; report(); });
