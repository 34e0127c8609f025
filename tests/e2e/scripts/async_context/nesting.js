// run() nests and restores, exit() leaves, enterWith() lasts for the rest of
// the synchronous code and what it schedules, disable() empties the store,
// and two storages are independent.
const { AsyncLocalStorage } = require('async_hooks');

const a = new AsyncLocalStorage();
const b = new AsyncLocalStorage();
const show = (label) => console.log(`${label}: a=${a.getStore()} b=${b.getStore()}`);
// What the timers see is printed at exit, sorted: their order depends on
// how long the worker took to start.
const later = [];
const showLater = (label) => later.push(`${label}: a=${a.getStore()} b=${b.getStore()}`);
process.on('exit', () => {
  later.sort();
  for (const line of later) console.log(line);
});

show('before');
a.run(1, () => {
  show('a=1');
  b.run(2, () => {
    show('b=2 inside a=1');
    a.run(3, () => show('a=3 inside'));
    show('back to a=1 b=2');
    a.exit(() => show('a.exit'));
    show('after exit');
  });
  show('b back');
});
show('after run');

console.log('run returns', a.run(5, (x, y) => x + y + a.getStore(), 10, 20));
try {
  a.run(6, () => {
    throw new Error('boom');
  });
} catch (err) {
  console.log('run rethrows', err.message);
}
show('after throw');

const store = { id: 7 };
a.run(store, () => console.log('same object', a.getStore() === store));

setTimeout(() => {
  a.enterWith('entered');
  showLater('enterWith in timeout');
  setTimeout(() => showLater('scheduled after enterWith'), 1);
  Promise.resolve().then(() => showLater('then after enterWith'));
}, 1);
setTimeout(() => showLater('next timeout does not see enterWith'), 30);

setTimeout(() => {
  a.run('r', () => {
    setTimeout(() => showLater('timeout after disable'), 1);
    a.disable();
    showLater('disabled');
  });
  a.run('again', () => showLater('run after disable'));
}, 60);
