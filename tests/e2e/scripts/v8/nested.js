'use strict';
// v8.serialize() bytes cross between a worker and the worker it starts:
// each side reads what the other wrote.
const v8 = require('v8');
const { Worker } = require('worker_threads');

const worker = new Worker(`
  const v8 = require('v8');
  const { parentPort, workerData } = require('worker_threads');
  const got = v8.deserialize(workerData);
  got.seen = true;
  got.numbers = new Float64Array([0.5, got.list.length]);
  parentPort.postMessage(v8.serialize(got));
`, { eval: true, workerData: v8.serialize({ list: [1, 2, 3], bytes: Buffer.from('from the parent') }) });
worker.on('message', (bytes) => {
  const value = v8.deserialize(bytes);
  console.log(value.seen, value.list, value.bytes.toString(), value.numbers);
});
worker.on('exit', (code) => console.log('exit', code));
