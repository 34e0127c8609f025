'use strict';
// require('timers/promises'): setTimeout and setImmediate as promises,
// setInterval as an async iterator, and the `scheduler` of the Prioritized
// Task Scheduling draft (wait, yield). Each takes { signal, ref } options;
// an aborted signal rejects with an AbortError whose cause is its reason.

const timers = internalRequire('internal/timers/globals');
const { codes, AbortError } = internalRequire('internal/errors');
const { validateAbortSignal, validateNumber } = internalRequire('internal/validators');

const { ERR_ILLEGAL_CONSTRUCTOR, ERR_INVALID_ARG_TYPE, ERR_INVALID_THIS } = codes;

function abortError(signal) {
  return new AbortError(undefined, { cause: signal.reason });
}

// The { signal, ref } of `options`, or a thrown ERR_INVALID_ARG_TYPE.
function readOptions(options) {
  if (options === null || typeof options !== 'object') throw new ERR_INVALID_ARG_TYPE('options', 'object', options);
  const { signal, ref = true } = options;
  // As in Node, any object with `aborted` serves as a signal.
  validateAbortSignal(signal, 'options.signal');
  if (typeof ref !== 'boolean') throw new ERR_INVALID_ARG_TYPE('options.ref', 'boolean', ref);
  return { signal, ref };
}

// A promise of `value` once `start(done)` has called done; `start` returns
// the timer, which an abort of the signal clears.
function settleLater(options, value, start, clear) {
  let signal;
  let ref;
  try {
    ({ signal, ref } = readOptions(options));
  } catch (err) {
    return Promise.reject(err);
  }
  if (signal !== undefined && signal.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    let onAbort;
    const timer = start(() => {
      if (onAbort !== undefined) signal.removeEventListener('abort', onAbort);
      resolve(value);
    });
    if (!ref) timer.unref();
    if (signal !== undefined) {
      onAbort = () => {
        clear(timer);
        reject(abortError(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
    }
  });
}

function setTimeout(after, value, options = {}) {
  try {
    if (after !== undefined) validateNumber(after, 'delay');
  } catch (err) {
    return Promise.reject(err);
  }
  return settleLater(options, value, (done) => timers.setTimeout(done, after), timers.clearTimeout);
}

function setImmediate(value, options = {}) {
  return settleLater(options, value, (done) => timers.setImmediate(done), timers.clearImmediate);
}

// Yields `value` once per firing of an interval of `after` ms; firings
// that came while the consumer was busy are yielded back to back, also
// after an abort, which then ends the iteration with an AbortError.
async function* setInterval(after, value, options = {}) {
  if (after !== undefined) validateNumber(after, 'delay');
  const { signal, ref } = readOptions(options);
  if (signal !== undefined && signal.aborted) throw abortError(signal);
  let pending = 0;
  let wake = null;
  const notify = () => {
    if (wake !== null) {
      wake();
      wake = null;
    }
  };
  const interval = timers.setInterval(() => {
    pending++;
    notify();
  }, after);
  if (!ref) interval.unref();
  const onAbort = () => {
    timers.clearInterval(interval);
    notify();
  };
  if (signal !== undefined) signal.addEventListener('abort', onAbort, { once: true });
  try {
    while (signal === undefined || !signal.aborted) {
      if (pending === 0) await new Promise((resolve) => { wake = resolve; });
      for (; pending > 0; pending--) yield value;
    }
    throw abortError(signal);
  } finally {
    timers.clearInterval(interval);
    if (signal !== undefined) signal.removeEventListener('abort', onAbort);
  }
}

const kToken = Symbol('scheduler');

class Scheduler {
  constructor(token) {
    if (token !== kToken) throw new ERR_ILLEGAL_CONSTRUCTOR();
  }

  yield() {
    if (!(this instanceof Scheduler)) throw new ERR_INVALID_THIS('Scheduler');
    return setImmediate();
  }

  wait(delay, options) {
    if (!(this instanceof Scheduler)) throw new ERR_INVALID_THIS('Scheduler');
    return setTimeout(delay, undefined, options);
  }
}

module.exports = {
  setTimeout,
  setImmediate,
  setInterval,
  scheduler: new Scheduler(kToken),
};
