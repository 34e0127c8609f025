'use strict';
// AsyncLocalStorage in vm contexts: a promise made in a context has that
// context's promise hooks, so the store must cross `await` there as in the
// worker's own context, whether the context was made before the first
// AsyncLocalStorage existed or after.
const vm = require('vm');
const { AsyncLocalStorage } = require('async_hooks');

const before = vm.createContext({ AsyncLocalStorage, log: (...args) => console.log(...args) });

// The first AsyncLocalStorage of the worker is made inside the context.
vm.runInContext(`
  const storage = new AsyncLocalStorage();
  storage.run('made before, store inside', async () => {
    await null;
    log('context made before:', storage.getStore());
    await new Promise((resolve) => resolve());
    log('after a second await:', storage.getStore());
  });
`, before);

const storage = new AsyncLocalStorage();
const after = vm.createContext({});
const asyncInAfter = vm.runInContext('async (get) => { await null; return get(); }', after);
const thenInAfter = vm.runInContext('(p, f) => p.then(f)', after);

storage.run('main store', async () => {
  // An async function of the other context, which reads the store after
  // its own await.
  const value = await asyncInAfter(() => storage.getStore());
  console.log('read in a context made after:', value, storage.getStore());
  // A reaction made by the other context's then().
  await thenInAfter(Promise.resolve(2), (v) => console.log('reaction made there:', v, storage.getStore()));
  // Many contexts, none kept alive by the hooks.
  for (let i = 0; i < 200; i++) vm.runInNewContext('Promise.resolve(1).then(() => {})');
  await null;
  console.log('after 200 more contexts:', storage.getStore());
});
