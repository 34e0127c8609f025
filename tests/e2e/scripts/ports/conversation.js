'use strict';
// COUNT round trips with a nested worker over a MessageChannel: this worker
// posts n, the peer answers n + 1, at once (DELAY_MS 0) or DELAY_MS later.
// Prints how many answers came and whether each was the right one.
const { Worker, MessageChannel, parentPort, workerData } = require('node:worker_threads');

if (workerData && workerData.peer) {
  parentPort.once('message', ({ port, delayMs }) => {
    port.on('message', (n) => {
      if (delayMs === 0) port.postMessage(n + 1);
      else setTimeout(() => port.postMessage(n + 1), delayMs);
    });
  });
} else {
  const [count, delayMs] = process.argv.slice(2).map(Number);
  const peer = new Worker(__filename, { workerData: { peer: true } });
  const { port1, port2 } = new MessageChannel();
  peer.postMessage({ port: port2, delayMs }, [port2]);
  let answers = 0;
  let right = true;
  port1.on('message', (n) => {
    if (n !== answers * 2 + 1) right = false;
    answers++;
    if (answers === count) {
      console.log(`${answers} answers, all right: ${right}`);
      port1.close();  // the peer's end closes, and the peer ends
      return;
    }
    port1.postMessage(n + 1);
  });
  port1.postMessage(0);
}
