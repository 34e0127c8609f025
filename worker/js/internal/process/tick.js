'use strict';
// process.nextTick, the tick pass and the unhandled-rejection tracker.
// C++ reads tickInfo[kHasTickScheduled] and [kHasRejectionToWarn] after every
// callback and enters the tick pass only when one is set; the pass clears both
// when it has drained everything.

const { tickInfo, runMicrotasks } = binding;
const kHasTickScheduled = 0;
const kHasRejectionToWarn = 1;
const kTickPassCount = 2;

// FIFO of pending ticks; `head` indexes the next one to run.
let queue = [];
let head = 0;
let handleUncaught = null;  // set by bootstrap once errors.js is loaded
let isExiting = () => false;
// internal/async_context once an AsyncLocalStorage exists, else null: a
// tick then records the frame it was queued in and runs in it.
let asyncContext = null;

// Rejected promises without a handler yet, in rejection order.
const pendingRejections = new Map();
// Once the domain module is loaded: a function giving the active domain, and
// the domain each pending rejection was made in (Node 20 hands it the
// rejection if nobody handles it).
let activeDomain = null;
const rejectionDomains = new Map();

// Node's error (internal/errors), loaded by the first bad argument.
function invalidArgType(name, expected, value) {
  return new (internalRequire('internal/errors').codes.ERR_INVALID_ARG_TYPE)(name, expected, value);
}

function nextTick(callback, ...args) {
  if (typeof callback !== 'function') throw invalidArgType('callback', 'function', callback);
  if (isExiting()) return;
  if (asyncContext === null) queue.push({ callback, args: args.length === 0 ? undefined : args });
  else queue.push({ callback, args: args.length === 0 ? undefined : args, frame: asyncContext.currentFrame() });
  tickInfo[kHasTickScheduled] = 1;
}

function processRejections() {
  if (pendingRejections.size === 0) return false;
  const rejections = Array.from(pendingRejections);
  pendingRejections.clear();
  for (const [promise, reason] of rejections) {
    let domain;
    if (rejectionDomains.size !== 0) {
      domain = rejectionDomains.get(promise);
      rejectionDomains.delete(promise);
    }
    handleUncaught.rejection(promise, reason, domain);
  }
  return true;
}

// A tick queued once async context was in use: a continuation of the frame
// it was queued in, which an uncaught exception is handled in, as in Node.
function runInItsFrame(tock) {
  const previous = asyncContext.enterContinuation(tock.frame);
  try {
    Reflect.apply(tock.callback, undefined, tock.args || []);
  } catch (err) {
    handleUncaught(err, 'uncaughtException');
  }
  asyncContext.leaveContinuation(tock.frame, previous);
}

// Every queued tick, then the microtasks, again until both queues and the
// rejection list are empty: what Node calls processTicksAndRejections, and
// named so, since stack traces of tick callbacks show it (C++ calls it with
// `process` as receiver, as Node does). Called by C++, a callback's throw
// leaves it: C++ reports the error where it was thrown and calls again for
// the ticks after it. Called by the timer and immediate loops (`catching`),
// it reports the error itself and goes on.
function processTicksAndRejections(catching) {
  tickInfo[kTickPassCount]++;
  do {
    while (head < queue.length) {
      const tock = queue[head];
      queue[head++] = undefined;
      if (tock.frame !== undefined) {
        runInItsFrame(tock);
        continue;
      }
      // Called without a receiver, so that a stack trace names the callback
      // itself rather than "Object.callback".
      const callback = tock.callback;
      if (catching !== true) {
        if (tock.args === undefined) callback();
        else Reflect.apply(callback, undefined, tock.args);
        continue;
      }
      try {
        if (tock.args === undefined) callback();
        else Reflect.apply(callback, undefined, tock.args);
      } catch (err) {
        handleUncaught(err, 'uncaughtException');
      }
    }
    queue = [];
    head = 0;
    runMicrotasks();
  } while (head < queue.length || processRejections());
  tickInfo[kHasTickScheduled] = 0;
  tickInfo[kHasRejectionToWarn] = 0;
}

// The checkpoint between two callbacks run from one JS loop (timers,
// immediates): the same gate C++ applies after its own callbacks.
function runNextTicks() {
  if ((tickInfo[kHasTickScheduled] | tickInfo[kHasRejectionToWarn]) === 0) {
    runMicrotasks();
    if ((tickInfo[kHasTickScheduled] | tickInfo[kHasRejectionToWarn]) === 0) return;
  }
  processTicksAndRejections(true);
}

// From V8's PromiseRejectCallback: 0 = rejected without a handler,
// 1 = a handler was added after the rejection.
function onPromiseReject(type, promise, reason) {
  if (type === 0) {
    pendingRejections.set(promise, reason);
    tickInfo[kHasRejectionToWarn] = 1;
    if (activeDomain !== null) {
      const domain = activeDomain();
      if (domain != null) rejectionDomains.set(promise, domain);
    }
  } else {
    pendingRejections.delete(promise);
    if (rejectionDomains.size !== 0) rejectionDomains.delete(promise);
  }
}

function queueMicrotask(callback) {
  if (typeof callback !== 'function') throw invalidArgType('callback', 'function', callback);
  // Errors thrown by a microtask are uncaught exceptions, as in Node.
  Promise.resolve().then(() => {
    try {
      callback();
    } catch (err) {
      handleUncaught(err, 'uncaughtException');
    }
  });
}

exports.nextTick = nextTick;
exports.processTicksAndRejections = processTicksAndRejections;
exports.runNextTicks = runNextTicks;
exports.onPromiseReject = onPromiseReject;
exports.queueMicrotask = queueMicrotask;
exports.setUncaughtHandler = (handler) => { handleUncaught = handler; };
exports.setAsyncContext = (context) => { asyncContext = context; };
exports.asyncContext = () => asyncContext;
exports.setExitingProbe = (probe) => { isExiting = probe; };
exports.setActiveDomainProbe = (probe) => { activeDomain = probe; };
