'use strict';
// What readable-stream asks of its errors module, from the worker's own
// (internal/errors), so that a stream's errors have Node's codes, classes and
// messages. The package calls some codes without `new`; each class is
// wrapped so that both work.

const errors = internalRequire('internal/errors');

const kChunkTypes = ['string', 'Buffer', 'TypedArray', 'DataView'];
const codes = errors.lazyCodeTable((code) => {
  const NodeError = errors.codes[code];
  const wrapper = function(...args) {
    // What a chunk may be, in Node 20's words (see node/stream.js).
    if (code === 'ERR_INVALID_ARG_TYPE' && args[0] === 'chunk') args[1] = kChunkTypes;
    return new NodeError(...args);
  };
  wrapper.prototype = NodeError.prototype;
  return wrapper;
});

// One error for two that happened to one operation: the outer one, which
// also carries the inner (an AggregateError with the outer's code, unless the
// outer already aggregates).
function aggregateTwoErrors(inner, outer) {
  if (inner && outer && inner !== outer) {
    if (Array.isArray(outer.errors)) {
      outer.errors.push(inner);
      return outer;
    }
    const aggregate = new AggregateError([outer, inner], outer.message);
    aggregate.code = outer.code;
    return aggregate;
  }
  return inner || outer;
}

module.exports = {
  AbortError: errors.AbortError,
  aggregateTwoErrors,
  hideStackFrames: (fn) => fn,
  codes,
};
