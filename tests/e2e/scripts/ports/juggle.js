// A port juggled between two workers while a third streams into it: every
// 300 messages its holder hands it back here, and this worker gives it to
// the other one, over and over, so that links are made and drained again
// and again in mid-stream. Between them they must get every message once,
// in order.
const path = require('node:path');
const { Worker, MessageChannel } = require('node:worker_threads');
const count = Number(process.argv[2] || 6000);
const file = path.join(__dirname, 'juggle_peer.js');
const holders = [new Worker(file, { workerData: 'holder' }), new Worker(file, { workerData: 'holder' })];
const source = new Worker(file, { workerData: 'source' });
const { port1, port2 } = new MessageChannel();
source.postMessage({ port: port2, count }, [port2]);
holders[0].postMessage({ port: port1, count }, [port1]);
const got = [];
let turn = 0;
for (const holder of holders) {
  holder.on('message', ({ port, batch, done }) => {
    got.push(...batch);
    if (done) {
      let inOrder = got.length === count;
      for (let i = 0; i < got.length && inOrder; i++) inOrder = got[i] === i;
      console.log(`${got.length} messages once and in order: ${inOrder}, the port moved ${turn} times`);
      for (const w of [...holders, source]) w.terminate();
      return;
    }
    turn++;
    holders[turn % 2].postMessage({ port, count }, [port]);
  });
}
