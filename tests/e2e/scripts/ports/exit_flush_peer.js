const { parentPort, workerData } = require('node:worker_threads');
parentPort.once('message', ({ port }) => {
  if (workerData === 'sender') {
    // Some round trips first, so that the host links the channel.
    port.on('message', (n) => {
      if (n < 10) return port.postMessage(n + 1);
      for (let i = 0; i < 200; i++) port.postMessage(new Uint8Array(64 * 1024).fill(i));
      process.exit(0);
    });
    return;
  }
  let big = 0;
  let intact = true;
  port.on('message', (m) => {
    if (typeof m === 'number') {
      port.postMessage(m + 1);
      // Busy while the burst comes, so that it cannot all be taken at once.
      if (m === 9) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
      return;
    }
    if (m.length !== 64 * 1024 || m[0] !== big % 256 || m[m.length - 1] !== big % 256) intact = false;
    big++;
  });
  port.on('close', () => parentPort.postMessage(`got ${big} of 200, intact ${intact}, then close`));
  port.postMessage(0);
});
