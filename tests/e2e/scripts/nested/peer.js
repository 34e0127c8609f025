// One peer of relay.js. B reads what waited for it, answers A through the
// port, and passes a second channel's port to A through the first; A uses
// that one too, then closes both.
const { parentPort, workerData: role, MessageChannel } = require('node:worker_threads');
parentPort.once('message', ({ port }) => {
  port.on('message', (m) => {
    if (m && m.extra) {
      parentPort.postMessage(`${role} got a port`);
      m.extra.on('message', (x) => {
        parentPort.postMessage(`${role} via the passed port: ${x}`);
        m.extra.close();
        port.close();
      });
      return;
    }
    parentPort.postMessage(`${role} got ${m}`);
    if (role === 'B' && m === 'ping') {
      const second = new MessageChannel();
      port.postMessage({ extra: second.port1 }, [second.port1]);
      second.port2.postMessage('hello');
    }
  });
  port.on('close', () => {
    parentPort.postMessage(`${role} closed`);
    parentPort.close();
  });
  if (role === 'A') port.postMessage('ping');
});
