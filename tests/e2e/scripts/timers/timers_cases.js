'use strict';
// Timers as Node 20 has them, compared with its output (timers_cases.out):
// Symbol.dispose, ids through Symbol.toPrimitive and clearTimeout(id), the
// TimeoutOverflowWarning, the order of non-integer delays, intervals that
// stop from their own callback, callbacks whose .call/.apply are replaced,
// an immediate that throws, the order after a callback that throws,
// timers/promises with its argument checks, and refresh() of a timer that
// has fired.
// Which of a timer and an immediate runs first is up to the clock, so each
// part logs under its own heading and the parts print in a fixed order at exit.
const timers = require('timers');
const promises = require('timers/promises');
const parts = new Map();
let part = 'main';
const log = (...args) => {
  if (!parts.has(part)) parts.set(part, []);
  parts.get(part).push(args.join(' '));
};
const logIn = (name, ...args) => {
  const saved = part;
  part = name;
  log(...args);
  part = saved;
};
process.on('exit', () => {
  for (const name of [...parts.keys()].sort()) console.log(`${name}:\n  ${parts.get(name).join('\n  ')}`);
});

process.on('warning', (warning) => logIn('warning', warning.name, JSON.stringify(warning.message)));

// Disposed timers never fire.
const timeout = setTimeout(() => log('disposed timeout fired'), 1);
const interval = setInterval(() => log('disposed interval fired'), 1);
const immediate = setImmediate(() => log('disposed immediate fired'));
timeout[Symbol.dispose]();
interval[Symbol.dispose]();
immediate[Symbol.dispose]();
log('disposed', timeout._destroyed, interval._destroyed, immediate._destroyed);

// Ids: a number, the same each time, usable to clear.
const byNumber = setTimeout(() => log('cleared by number fired'), 1);
const byString = setTimeout(() => log('cleared by string fired'), 1);
log('id', typeof +byNumber, +byNumber === byNumber[Symbol.toPrimitive](), `${byString}` === String(+byString));
clearTimeout(+byNumber);
clearTimeout(`${byString}`);

// Over 2^31-1 ms: a warning, and a delay of 1.
clearTimeout(setTimeout(() => {}, 2 ** 31));
clearInterval(setInterval(() => {}, 2 ** 32));

// Delays of 1, 1.8, 1.1 and 1 ms fire in the order they were made.
const order = [];
for (const [n, delay] of [[1, 1], [2, 1.8], [3, 1.1], [4, 1]]) setTimeout(() => order.push(n), delay);
setTimeout(() => logIn('order', order.join()), 2);

// Intervals that stop themselves fire once.
const ways = {
  clearTimeout: (t) => clearTimeout(t),
  close: (t) => t.close(),
  clearInterval: (t) => clearInterval(t),
  unenroll: (t) => { t._idleTimeout = -1; },
  forget: (t) => { t._onTimeout = null; },
};
const fired = {};
for (const [name, stop] of Object.entries(ways)) {
  const t = setInterval(() => {
    fired[name] = (fired[name] || 0) + 1;
    stop(t);
  }, 1).unref();
}
setTimeout(() => setTimeout(() => logIn('intervals', JSON.stringify(fired)), 5), 1);

// A callback whose call and apply are not functions still runs.
const callback = (...args) => logIn(`user call ${args[0]}`, args.length);
callback.call = 'not a function';
callback.apply = 'not a function';
setTimeout(callback, 1, 'a', 'b');
setImmediate(callback, 'c');

// An immediate that throws: the handler runs, then the rest of the queue;
// one queued while the queue runs waits for the next turn.
let seen = [];
process.on('uncaughtException', (err) => seen.push(`caught ${err.message}`));
setImmediate(() => {
  seen.push('first');
  setImmediate(() => {
    seen.push('queued later');
    logIn('immediates', seen.join(', '));
  });
});
setImmediate(() => { throw new Error('boom'); });
setImmediate(() => seen.push('after the throw'));

// A callback that throws ends its pass: the rest of the queue runs as a new
// pass, whose first callback comes before the ticks the failing one queued.
// Run once everything above is done, so that its order depends on nothing else.
process.once('beforeExit', () => {
  const order = { immediates: [], timers: [] };
  setImmediate(() => {
    process.nextTick(() => order.immediates.push('tick'));
    throw new Error('immediate throws');
  });
  setImmediate(() => order.immediates.push('next immediate'));
  setImmediate(() => logIn('throw order', 'immediates:', order.immediates.join(', ')));
  // Each timer counts from the loop's time when it is made, read afresh (in
  // Node too): on a busy machine a millisecond can pass between two of them,
  // and a later one is then not due in the first one's pass. Made again until
  // all three start in the same millisecond.
  for (;;) {
    const timers = [
      setTimeout(() => {
        process.nextTick(() => order.timers.push('tick'));
        throw new Error('timer throws');
      }, 2),
      setTimeout(() => order.timers.push('next timer'), 2),
      setTimeout(() => logIn('throw order', 'timers:', order.timers.join(', ')), 2),
    ];
    if (timers.every((timer) => timer._idleStart === timers[0]._idleStart)) break;
    timers.forEach(clearTimeout);
  }
});

// timers/promises.
(async () => {
  logIn('promises', 'promises keys', Object.keys(promises).join(' '), timers.promises === promises);
  logIn('promises', 'setTimeout value', await promises.setTimeout(1, 'v'));
  logIn('promises', 'setImmediate value', await promises.setImmediate('w'));
  await promises.scheduler.wait(2);
  await promises.scheduler.yield();
  logIn('promises', 'scheduler waited and yielded');
  const checks = {
    'setTimeout options 1': () => promises.setTimeout(1, 1, 1),
    'setTimeout signal 1': () => promises.setTimeout(1, 1, { signal: 1 }),
    'setTimeout ref 1': () => promises.setTimeout(1, 1, { ref: 1 }),
    'setImmediate options null': () => promises.setImmediate(1, null),
    'aborted before': () => promises.setTimeout(10, 1, { signal: AbortSignal.abort('why') }),
    'wait aborted after': () => {
      const controller = new AbortController();
      const wait = promises.scheduler.wait(1e6, { signal: controller.signal });
      controller.abort();
      return wait;
    },
    'setInterval options 1': () => promises.setInterval(1, 1, 1).next(),
    'wait with another this': () => promises.scheduler.wait.call({}, 1),
    'yield with another this': () => promises.scheduler.yield.call({}),
    'new Scheduler': () => new promises.scheduler.constructor(),
  };
  for (const [label, run] of Object.entries(checks)) {
    try {
      await run();
      logIn('promises', label, 'resolved');
    } catch (err) {
      logIn('promises', label, err.name, err.code, err.message, err.cause === undefined ? '' : String(err.cause));
    }
  }
  let count = 0;
  for await (const value of promises.setInterval(1, 'tick')) {
    if (++count === 3) {
      logIn('promises', 'setInterval yielded', value, count);
      break;
    }
  }
})();

// refresh() of a timer that has fired makes it run again; of a cleared one,
// nothing. util.promisify of the timers is timers/promises.
{
  let runs = 0;
  const again = setTimeout(() => {
    if (++runs === 1) process.nextTick(() => logIn('refresh', 'refreshed after firing', again.refresh() === again));
    logIn('refresh', 'fired', runs, again.hasRef());
  }, 1);
  const cleared = setTimeout(() => logIn('refresh', 'cleared timer fired'), 1);
  clearTimeout(cleared);
  cleared.refresh();
  const { promisify } = require('util');
  logIn('refresh', 'promisified', promisify(setTimeout) === promises.setTimeout,
        promisify(setImmediate) === promises.setImmediate);
}

// timers/promises: a delay that is not a number, a signal that is any object
// with `aborted`, and an interval aborted while its consumer was busy.
(async () => {
  for (const delay of ['', false, {}]) {
    await promises.setTimeout(delay).then(() => logIn('promises2', 'delay', typeof delay, 'resolved'),
                                           (err) => logIn('promises2', 'delay', typeof delay, err.code, err.message));
    await promises.setInterval(delay).next().then(() => logIn('promises2', 'interval delay resolved'),
                                                  (err) => logIn('promises2', 'interval delay', err.code));
  }
  const likeSignal = new EventTarget();
  likeSignal.aborted = false;
  logIn('promises2', 'signal-like object', await promises.setTimeout(1, 'ok', { signal: likeSignal }));
  const controller = new AbortController();
  const iterator = promises.setInterval(5, 'tick', { signal: controller.signal });
  logIn('promises2', 'first', (await iterator.next()).value);
  controller.abort('stop');
  await iterator.next().then((step) => logIn('promises2', 'after abort', JSON.stringify(step)),
                             (err) => logIn('promises2', 'after abort', err.name, err.cause));
})();
