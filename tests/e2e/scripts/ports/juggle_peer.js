const { parentPort, workerData, MessageChannel } = require('node:worker_threads');
parentPort.on('message', ({ port, count }) => {
  if (workerData === 'source') {
    let n = 0;
    const burst = () => {
      for (let i = 0; i < 40 && n < count; i++) {
        if (n % 25 === 7) {
          const { port1 } = new MessageChannel();
          port.postMessage({ n: n++, port: port1 }, [port1]);
        } else {
          port.postMessage(n++);
        }
      }
      if (n < count) setImmediate(burst);
    };
    burst();
    return;
  }
  const batch = [];
  const onMessage = (m) => {
    const n = typeof m === 'number' ? m : m.n;
    if (typeof m !== 'number') m.port.close();
    batch.push(n);
    if (n === count - 1) {
      port.close();
      parentPort.postMessage({ batch, done: true });
    } else if (batch.length === 300) {
      port.off('message', onMessage);
      parentPort.postMessage({ port, batch }, [port]);
    }
  };
  port.on('message', onMessage);
});
