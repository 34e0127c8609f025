// With async_hooks loaded, a nested Worker has a handle of type 'WORKER'
// whose hasRef() follows ref()/unref(), still true in 'exit' listeners,
// undefined once closed, and which is destroyed after its exit.
const { createHook } = require('node:async_hooks');
const { Worker } = require('node:worker_threads');

let handle;
let handleId;
createHook({
  init(asyncId, type, triggerAsyncId, resource) {
    if (type === 'WORKER') {
      handle = resource;
      handleId = asyncId;
    }
  },
  destroy(asyncId) {
    if (asyncId === handleId) console.log('destroyed, hasRef', handle.hasRef());
  },
}).enable();
const w = new Worker('', { eval: true });
console.log('ref', handle.hasRef());
w.unref();
console.log('unref', handle.hasRef());
w.ref();
w.on('exit', (code) => console.log('exit', code, handle.hasRef()));
