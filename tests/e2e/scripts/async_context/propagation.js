// The store of AsyncLocalStorage reaches every kind of continuation that was
// scheduled inside run(): promise reactions, await, ticks, microtasks,
// timers, intervals, immediates, fs callbacks and fs promises. An event
// listener runs in the store of whoever emits, as in Node.
const { AsyncLocalStorage } = require('async_hooks');
const { EventEmitter } = require('events');
const fs = require('fs');
const timersPromises = require('timers/promises');

const als = new AsyncLocalStorage();
const seen = [];
const log = (label) => seen.push(`${label}: ${als.getStore()}`);

const emitter = new EventEmitter();
emitter.on('ping', () => log('listener (emitted outside run)'));

als.run('A', () => {
  log('sync');
  Promise.resolve().then(() => log('then'));
  Promise.reject(new Error('x')).catch(() => log('catch'));
  (async () => {
    await null;
    log('await');
    await timersPromises.setTimeout(2);
    log('await timers/promises');
  })();
  process.nextTick(() => log('nextTick'));
  process.nextTick((a, b) => log(`nextTick args ${a}${b}`), 1, 2);
  queueMicrotask(() => log('queueMicrotask'));
  setTimeout(() => log('setTimeout'), 1);
  setTimeout((x) => log(`setTimeout arg ${x}`), 1, 'y');
  let n = 0;
  const interval = setInterval(() => {
    log(`setInterval ${++n}`);
    if (n === 2) clearInterval(interval);
  }, 1);
  setImmediate(() => log('setImmediate'));
  fs.readFile(__filename, () => log('fs.readFile'));
  fs.stat(__filename, () => log('fs.stat'));
  fs.promises.readFile(__filename).then(() => log('fs.promises.readFile'));
  setTimeout(() => emitter.emit('ping'), 5);
});

als.run('B', () => setTimeout(() => log('second run'), 1));
log('outside');
setTimeout(() => log('scheduled outside'), 1);

// Printed once everything has run, sorted: the order of the continuations
// is not what this checks.
process.on('exit', () => {
  seen.sort();
  for (const line of seen) console.log(line);
});
