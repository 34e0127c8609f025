// Node's errors for ports in a nested worker's workerData that the
// transfer list does not carry as it should, and for ports in the
// environment data; a refused spawn leaves the ports where they were.
const { Worker, MessageChannel, setEnvironmentData } = require('node:worker_threads');
const source = 'require("node:worker_threads").workerData.p.close()';
function attempt(what, options) {
  try {
    new Worker(source, { eval: true, ...options }).on('error', (e) => console.log(what, 'error event', e.message));
    console.log(what, 'started');
  } catch (e) {
    console.log(what, `${e.constructor.name} ${e.name} ${e.code}: ${e.message}`);
  }
}
const { port1: p, port2: other } = new MessageChannel();
attempt('listed twice', { workerData: { p }, transferList: [p, p] });
attempt('not listed', { workerData: { p }, transferList: [] });
const extra = new MessageChannel();
attempt('another listed', { workerData: { p: [p] }, transferList: [extra.port1] });
attempt('not transferable', { workerData: { p }, transferList: [p, {}] });
const closed = new MessageChannel();
closed.port1.close();
attempt('closed', { workerData: { p: closed.port1 }, transferList: [closed.port1] });
const moved = new MessageChannel();
extra.port2.postMessage(moved.port1, [moved.port1]);
attempt('transferred away', { workerData: { p: moved.port1 }, transferList: [moved.port1] });
setEnvironmentData('port', extra.port2);
attempt('in the environment data', { workerData: { p }, transferList: [p] });
setEnvironmentData('port', undefined);
// None of that took p: it goes now, and its close comes back.
other.on('close', () => console.log('p was still ours: its close came back'));
attempt('as it should', { workerData: { p }, transferList: [p] });
