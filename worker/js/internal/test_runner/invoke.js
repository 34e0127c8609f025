'use strict';
// Calls a test's or a hook's function in the form it was written in:
// synchronous, returning a promise, or taking a `done` callback (a function
// of two parameters or more). The promise returned settles when the function
// has finished, failed, timed out or been cancelled; a failure is an
// ERR_TEST_FAILURE whose `failureType` says which.

const { codes } = internalRequire('internal/errors');

const kTestCodeFailure = 'testCodeFailure';

function failure(cause, failureType) {
  const error = new codes.ERR_TEST_FAILURE(cause);
  error.failureType = failureType;
  Object.defineProperty(error, 'cause', { __proto__: null, value: cause, writable: true, enumerable: false, configurable: true });
  return error;
}

function isThenable(value) {
  return value !== null && (typeof value === 'object' || typeof value === 'function') && typeof value.then === 'function';
}

// `options`: timeout (ms, Infinity for none), what (for the timeout message:
// 'test' or 'hook') and cancelled, a promise that rejects when the test is
// cancelled from outside. A function that returns without a promise and
// takes no callback has finished when invoke() returns undefined; one that
// throws makes invoke() throw; otherwise invoke() returns a promise.
function invoke(fn, thisArg, context, options) {
  const usesDone = fn.length >= 2;
  if (!usesDone) {
    let result;
    try {
      result = Reflect.apply(fn, thisArg, [context]);
    } catch (error) {
      throw failure(error, kTestCodeFailure);
    }
    if (!isThenable(result)) return undefined;
    return settleWhenDone(options, (settle) => {
      Promise.resolve(result).then(() => settle(), (error) => settle(failure(error, kTestCodeFailure)));
    });
  }
  return settleWhenDone(options, (settle) => {
    let calls = 0;
    let returned = false;
    let outcome;
    const done = (error) => {
      calls++;
      outcome = calls > 1 ? failure('callback invoked multiple times', 'multipleCallbackInvocations') :
        error ? failure(error, kTestCodeFailure) : undefined;
      // A callback before the function has returned waits for what it returns.
      if (returned) settle(outcome);
    };
    let result;
    try {
      result = Reflect.apply(fn, thisArg, [context, done]);
    } catch (error) {
      settle(failure(error, kTestCodeFailure));
      return;
    }
    returned = true;
    if (isThenable(result)) {
      // Whatever the promise does, the test has already failed.
      result.then(undefined, () => {});
      settle(failure('passed a callback but also returned a Promise', 'callbackAndPromisePresent'));
    } else if (calls > 0) {
      settle(outcome);
    }
  });
}

// A promise that `start(settle)` settles (settle() or settle(error)), unless
// the timeout or a cancellation comes first.
function settleWhenDone(options, start) {
  return new Promise((resolve, reject) => {
    let settled = false;
    let timer = null;
    const settle = (error) => {
      if (settled) return;
      settled = true;
      if (timer !== null) clearTimeout(timer);
      if (error === undefined) resolve();
      else reject(error);
    };
    if (options.timeout !== Infinity) {
      timer = setTimeout(() => {
        settle(failure(`${options.what} timed out after ${options.timeout}ms`, 'testTimeoutFailure'));
      }, options.timeout);
      // Node's test timers do not keep the process alive either.
      timer.unref();
    }
    if (options.cancelled !== undefined) options.cancelled.then(undefined, settle);
    start(settle);
  });
}

module.exports = { invoke, failure, kTestCodeFailure };
