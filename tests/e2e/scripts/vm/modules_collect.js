'use strict';
// vm modules, and contexts with a microtask queue of their own, are garbage
// like any other object once nothing refers to them (needs --expose-gc and
// --experimental-vm-modules).
const vm = require('vm');
const { SourceTextModule, SyntheticModule } = vm;

async function make(n, refs) {
  for (let i = 0; i < n; i++) {
    const dep = new SyntheticModule(['x'], function () { this.setExport('x', new Array(1000).fill(i)); });
    const context = vm.createContext({});
    const ownQueue = vm.createContext({}, { microtaskMode: 'afterEvaluate' });
    const m = new SourceTextModule(`import { x } from 'dep'; export const y = x.concat(x);`, {
      context: i % 2 === 0 ? undefined : context,
      initializeImportMeta() {},
    });
    vm.runInContext('Promise.resolve().then(() => { globalThis.big = new Array(1000).fill(0); })', ownQueue);
    await m.link(() => (i % 2 === 0 ? dep : new SyntheticModule(['x'], function () { this.setExport('x', []); },
      { context })));
    await m.evaluate();
    if (refs) refs.push(new WeakRef(m), new WeakRef(dep), new WeakRef(context), new WeakRef(ownQueue));
  }
}

// Two collections: what a module's native side held goes in the second.
async function collect() {
  for (let i = 0; i < 2; i++) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

(async () => {
  const refs = [];
  await make(50, refs);
  // WeakRefs hold their targets until the current job ends.
  await new Promise((resolve) => setTimeout(resolve, 1));
  await collect();
  const alive = refs.filter((ref) => ref.deref() !== undefined).length;
  console.log(`alive ${alive} of ${refs.length}`);
  globalThis.gc();
  const start = process.memoryUsage().heapUsed;
  await make(2000);
  await new Promise((resolve) => setTimeout(resolve, 1));
  await collect();
  const grownMb = (process.memoryUsage().heapUsed - start) / 1048576;
  console.log(`2000 modules later the heap grew by less than 8 MB: ${grownMb < 8}`);
})();
