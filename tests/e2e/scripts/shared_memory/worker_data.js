// A SharedArrayBuffer in workerData (NestedSpawn -> Start).
const { Worker } = require('node:worker_threads');
const sab = new SharedArrayBuffer(8);
const view = new Uint8Array(sab);
view[0] = 7;
const worker = new Worker(`
const { parentPort, workerData } = require('node:worker_threads');
const view = new Uint8Array(workerData.sab);
parentPort.postMessage(view[0]);
view[1] = 9;
`, { eval: true, workerData: { sab } });
worker.once('message', (seen) => console.log(`child saw ${seen}`));
worker.once('exit', () => console.log(`parent sees ${view[1]}`));
