'use strict';
// One implementation of each file-system operation serves the synchronous
// API, the callbacks and the promises: an operation is a generator that
// yields native calls ([fn, ...args]) and gets their results back. The
// synchronous driver makes each call with no callback (libuv runs it on the
// loop's thread); the asynchronous one queues it on libuv's thread pool and
// resumes the generator from the loop when it is done.

const { queue } = internalRequire('internal/fs/utils');
const { nextTick, asyncContext } = internalRequire('internal/process/tick');

function runSync(operation) {
  let step = operation.next();
  while (!step.done) {
    const call = step.value;
    let result;
    try {
      result = call.length === 1 ? call[0]() : call[0](...call.slice(1));
    } catch (err) {
      // Refused before it ran (the permission model): the operation sees
      // the error where it made the call, and cleans up what it holds.
      step = operation.throw(err);
      continue;
    }
    step = operation.next(result);
  }
  return step.value;
}

// Calls `done(err, value)` once the operation ends, always after the call
// that started it has returned.
function runAsync(operation, done) {
  // The callback runs in the async context of the call that started it.
  const context = asyncContext();
  if (context !== null) done = context.bindToCurrent(done);
  let starting = true;
  const finish = (err, value) => {
    if (starting) nextTick(done, err, value);
    else done(err, value);
  };
  const resume = (result, refused) => {
    let step;
    try {
      step = refused === undefined ? operation.next(result) : operation.throw(refused);
    } catch (err) {
      return finish(err);
    }
    if (step.done) return finish(null, step.value);
    const call = step.value;
    try {
      queue((callback) => call[0](...call.slice(1), callback), resume);
    } catch (err) {
      // Refused before it was queued (the permission model).
      resume(undefined, err);
    }
  };
  resume(undefined);
  starting = false;
}

function runPromise(operation) {
  return new Promise((resolve, reject) => {
    runAsync(operation, (err, value) => (err ? reject(err) : resolve(value)));
  });
}

module.exports = { runSync, runAsync, runPromise };
