const { parentPort, workerData } = require('node:worker_threads');
const native = require('internal/test/binding').internalBinding('worker_threads');
parentPort.once('message', ({ port }) => {
  if (workerData === 'victim') {
    // Enough round trips for the host to link the channel, then a burst and death.
    port.on('message', (n) => {
      if (n < 20) return port.postMessage(n + 1);
      for (let i = 0; i < 100; i++) port.postMessage(`last ${i}`);
      setTimeout(() => process.kill(process.pid, 'SIGKILL'), 100);
    });
    return;
  }
  let last = 0;
  port.on('message', (m) => {
    if (typeof m === 'number') return port.postMessage(m + 1);
    last++;
  });
  port.on('close', () => {
    const [links] = native.linkStats();
    parentPort.postMessage(`closed after ${last} of the last burst, linked ${links > 0}`);
  });
  port.postMessage(0);
});
