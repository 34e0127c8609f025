const { parentPort, workerData, MessageChannel } = require('node:worker_threads');
const { role, count } = workerData;
parentPort.on('message', (m) => {
  if (m === 'stop') return process.exit(0);
  const { port } = m;
  if (role === 'B') {
    let n = 0;
    const burst = () => {
      for (let i = 0; i < 50 && n < count; i++) {
        // Some carry a port: they go through the host, in their place.
        if (n % 10 === 5) {
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
  const got = [];
  const onMessage = (m) => {
    const n = typeof m === 'number' ? m : m.n;
    if (typeof m !== 'number') m.port.close();
    got.push(n);
    if (role === 'A' && got.length === Math.floor(count / 4)) {
      port.off('message', onMessage);
      parentPort.postMessage({ port }, [port]);
      parentPort.postMessage({ got });
      return;
    }
    if (role === 'C' && got[got.length - 1] === count - 1) {
      parentPort.postMessage({ got });
      port.close();
    }
  };
  port.on('message', onMessage);
});
