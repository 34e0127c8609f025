'use strict';
// Contexts, their sandboxes and compiled scripts are garbage like any other
// object once nothing refers to them (needs --expose-gc).
const vm = require('vm');

const refs = [];
for (let i = 0; i < 50; i++) {
  const sandbox = { i, big: new Array(1000).fill(i) };
  vm.createContext(sandbox);
  const global = vm.runInContext('this', sandbox);
  const script = new vm.Script('i * 2');
  script.runInContext(sandbox);
  refs.push(new WeakRef(sandbox), new WeakRef(global), new WeakRef(script));
}
// WeakRefs hold their targets until the current job ends.
setTimeout(() => {
  globalThis.gc();
  setTimeout(() => {
    const alive = refs.filter((ref) => ref.deref() !== undefined).length;
    console.log(`alive ${alive} of ${refs.length}`);
    globalThis.gc();
    const start = process.memoryUsage().heapUsed;
    for (let i = 0; i < 1000; i++) vm.runInNewContext('x + 1', { x: i, big: new Array(1000).fill(i) });
    globalThis.gc();
    const grownMb = (process.memoryUsage().heapUsed - start) / 1048576;
    console.log(`1000 contexts later the heap grew by less than 8 MB: ${grownMb < 8}`);
  }, 1);
}, 1);
