'use strict';
// ReadableStream.from() (the Streams standard, 4.2.4
// ReadableStreamFromIterable): a stream over a sync or async iterable
// (readable.js loads this when ReadableStream.from is first called).

const { noop, rejected, resolved, then } = internalRequire('internal/webstreams/util');
const { ERR_ARG_NOT_ITERABLE, ERR_INVALID_STATE } = internalRequire('internal/errors').codes;
const {
  ReadableStream, createReadableStream, defaultControllerClose, defaultControllerEnqueue,
} = internalRequire('internal/webstreams/readable');
const inspect = (value, options) => internalRequire('internal/util/inspect').inspect(value, options);

function readableStreamFromIterable(iterable) {
  let iterator;
  let nextMethod;
  let sync = false;
  const asyncMethod = iterable === null || iterable === undefined ? undefined : iterable[Symbol.asyncIterator];
  if (asyncMethod !== undefined && asyncMethod !== null) {
    if (typeof asyncMethod !== 'function') throw new ERR_ARG_NOT_ITERABLE(inspect(iterable));
    iterator = Reflect.apply(asyncMethod, iterable, []);
  } else {
    const syncMethod = iterable === null || iterable === undefined ? undefined : iterable[Symbol.iterator];
    if (typeof syncMethod !== 'function') throw new ERR_ARG_NOT_ITERABLE(inspect(iterable));
    iterator = Reflect.apply(syncMethod, iterable, []);
    sync = true;
  }
  if (iterator === null || typeof iterator !== 'object') {
    throw new ERR_INVALID_STATE.TypeError('The iterator method must return an object');
  }
  nextMethod = iterator.next;
  let stream;
  // A sync iterator's values may be promises, awaited as
  // CreateAsyncFromSyncIterator does.
  const settle = (result) => {
    if (result === null || typeof result !== 'object') {
      throw new ERR_INVALID_STATE.TypeError('The promise returned by the iterator.next() method must fulfill with an object');
    }
    if (!sync) return result;
    const done = !!result.done;
    return then(resolved(result.value), (value) => ({ value, done }));
  };
  const pullAlgorithm = () => {
    let nextResult;
    try {
      nextResult = Reflect.apply(nextMethod, iterator, []);
      if (sync) nextResult = settle(nextResult);
    } catch (error) {
      return rejected(error);
    }
    return then(resolved(nextResult), (result) => {
      if (result === null || typeof result !== 'object') {
        throw new ERR_INVALID_STATE.TypeError('The promise returned by the iterator.next() method must fulfill with an object');
      }
      if (result.done) defaultControllerClose(stream.controllerSlots);
      else defaultControllerEnqueue(stream.controllerSlots, result.value);
    });
  };
  const cancelAlgorithm = (reason) => {
    let returnResult;
    try {
      const returnMethod = iterator.return;
      if (returnMethod === undefined || returnMethod === null) return resolved(undefined);
      returnResult = Reflect.apply(returnMethod, iterator, [reason]);
      if (sync) returnResult = settle(returnResult);
    } catch (error) {
      return rejected(error);
    }
    return then(resolved(returnResult), (result) => {
      if (result === null || typeof result !== 'object') {
        throw new ERR_INVALID_STATE.TypeError('The promise returned by the iterator.return() method must fulfill with an object');
      }
    });
  };
  stream = createReadableStream(noop, pullAlgorithm, cancelAlgorithm, 0);
  return stream.self;
}

exports.readableStreamFromIterable = readableStreamFromIterable;
