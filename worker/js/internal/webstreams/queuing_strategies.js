'use strict';
// ByteLengthQueuingStrategy and CountQueuingStrategy (streams.spec.whatwg.org,
// section 7): a high-water mark and how to measure a chunk against it.

const { codes } = internalRequire('internal/errors');
const { kInspect, defineToStringTag, enumerableMembers, inspectAs, setSlots } =
  internalRequire('internal/webstreams/util');

const { ERR_INVALID_ARG_TYPE, ERR_INVALID_THIS, ERR_MISSING_OPTION } = codes;

const kHighWaterMark = Symbol('kHighWaterMark');
const inspect = (value, options) => internalRequire('internal/util/inspect').inspect(value, options);

function highWaterMarkOf(init) {
  if (init === null || (typeof init !== 'object' && typeof init !== 'function')) {
    throw new ERR_INVALID_ARG_TYPE('init', 'object', init);
  }
  if (init.highWaterMark === undefined) throw new ERR_MISSING_OPTION('init.highWaterMark');
  return +init.highWaterMark;
}

// One size function per class, as the spec asks (the same object each time).
const byteLengthSize = {
  size(chunk) {
    return chunk.byteLength;
  },
}.size;
const countSize = {
  size() {
    return 1;
  },
}.size;

function makeStrategy(name, sizeFunction) {
  const brand = Symbol(name);
  const cls = {
    [name]: class {
      constructor(init) {
        setSlots(this, brand, true);
        setSlots(this, kHighWaterMark, highWaterMarkOf(init));
      }

      get highWaterMark() {
        if (this?.[brand] !== true) throw new ERR_INVALID_THIS(name);
        return this[kHighWaterMark];
      }

      get size() {
        if (this?.[brand] !== true) throw new ERR_INVALID_THIS(name);
        return sizeFunction;
      }

      [kInspect](depth, options) {
        return inspectAs(this, name, { highWaterMark: this.highWaterMark }, depth, options, inspect);
      }
    },
  }[name];
  enumerableMembers(cls, ['highWaterMark', 'size']);
  defineToStringTag(cls, name);
  return cls;
}

const ByteLengthQueuingStrategy = makeStrategy('ByteLengthQueuingStrategy', byteLengthSize);
const CountQueuingStrategy = makeStrategy('CountQueuingStrategy', countSize);

module.exports = { ByteLengthQueuingStrategy, CountQueuingStrategy };
