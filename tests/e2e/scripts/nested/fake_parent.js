// Run with --expose-internals: a worker that lies to the host about its
// nested workers. Posting to, or terminating, a nested worker it never
// started does nothing; asking twice for the same one ends the liar.
const native = require('internal/test/binding').internalBinding('worker_threads');
const path = require('node:path');
const { Worker } = require('node:worker_threads');
native.nestedPost(77, new ArrayBuffer(8));
native.nestedTerminate(78);
const child = new Worker(path.join(__dirname, 'child.js'), { workerData: 'forever' });
child.once('message', () => {
  console.log('child started');
  // The Worker above is nested worker 1: claim it again.
  native.nestedSpawn(1, { scriptSource: 'setInterval(() => {}, 1000)', argv: [], execArgv: [], env: [] });
});
