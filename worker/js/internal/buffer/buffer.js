'use strict';
// Buffer: a Uint8Array subclass with Node's constructors, encodings, search,
// comparison and number access. Arguments are checked here, with Node's
// errors; the native half (binding 'buffer') does the byte work and trusts
// what it is given.

const native = binding.internalBinding('buffer');
const processModule = internalRequire('internal/process/object');
const encodings = internalRequire('internal/buffer/encodings');
const { addNumberMethods } = internalRequire('internal/buffer/numbers');
const {
  ERR_BUFFER_OUT_OF_BOUNDS,
  ERR_INVALID_ARG_TYPE,
  ERR_INVALID_ARG_VALUE,
  ERR_INVALID_BUFFER_SIZE,
  ERR_OUT_OF_RANGE,
  ERR_STRING_TOO_LONG,
  ERR_UNKNOWN_ENCODING,
} = internalRequire('internal/errors').codes;
const { validateArray, validateInteger, validateNumber, validateString } = internalRequire('internal/validators');

// Intrinsics, taken before any user code runs.
const uncurryThis = (fn) => Function.prototype.call.bind(fn);
const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
const getterOf = (object, name) => Object.getOwnPropertyDescriptor(object, name).get;
const TypedArrayPrototypeGetSymbolToStringTag = uncurryThis(getterOf(TypedArrayPrototype, Symbol.toStringTag));
const TypedArrayPrototypeGetByteLength = uncurryThis(getterOf(TypedArrayPrototype, 'byteLength'));
const TypedArrayPrototypeSet = uncurryThis(TypedArrayPrototype.set);
const TypedArrayPrototypeFill = uncurryThis(TypedArrayPrototype.fill);
const ArrayBufferIsView = ArrayBuffer.isView;
const ArrayIsArray = Array.isArray;
const MathMin = Math.min;
const MathTrunc = Math.trunc;
const MathFloor = Math.floor;
const NumberIsNaN = Number.isNaN;
const ObjectDefineProperty = Object.defineProperty;
const ObjectDefineProperties = Object.defineProperties;
const ObjectSetPrototypeOf = Object.setPrototypeOf;
const StringPrototypeCharCodeAt = uncurryThis(String.prototype.charCodeAt);
const SymbolToPrimitive = Symbol.toPrimitive;
const customInspectSymbol = Symbol.for('nodejs.util.inspect.custom');
const RegExpPrototypeTest = uncurryThis(RegExp.prototype.test);
const kPathLike = /^\/|\\/;
const kInNodeModules = /[\\/]node_modules[\\/]/;

const { ops: encodingOps, getEncodingOps, normalizeEncoding, kUtf8, kUcs2, kLatin1, kHex } = encodings;
const kMaxLength = native.kMaxLength;
const kStringMaxLength = native.kStringMaxLength;

const isUint8Array = (value) => TypedArrayPrototypeGetSymbolToStringTag(value) === 'Uint8Array';
const isAnyArrayBuffer = (value) => native.isAnyArrayBuffer(value);

// The class every Buffer is made by. Its constructor is explicit: the
// implicit one would spread its arguments through Array.prototype's
// iterator, which scripts can replace.
class FastBuffer extends Uint8Array {
  constructor(bufferOrLength, byteOffset, length) {
    super(bufferOrLength, byteOffset, length);
  }
}

// --- the allocation pool --------------------------------------------------------

// Small allocUnsafe() and from() results are views into one shared
// ArrayBuffer, as in Node, so that each costs no allocation of its own.
let poolSize;
let poolOffset;
let allocPool;  // the pool's ArrayBuffer
let poolView;   // a Uint8Array over all of it, for native writes

// --zero-fill-buffers: what allocUnsafe() hands out is zeroed too. Read when
// the first buffer is made, after the worker's options have arrived.
let zeroFill;

function unsafeBytes(size) {
  if (zeroFill === undefined) zeroFill = processModule.hasExecOption('--zero-fill-buffers');
  return zeroFill ? new ArrayBuffer(size) : native.allocUnsafe(size);
}

function createPool() {
  poolSize = Buffer.poolSize;
  allocPool = unsafeBytes(poolSize);
  poolView = new Uint8Array(allocPool);
  poolOffset = 0;
}

// The next allocation starts 8-byte aligned.
function alignPool() {
  if (poolOffset & 0x7) {
    poolOffset |= 0x7;
    poolOffset++;
  }
}

// Below this size a zeroed on-heap array costs less than native memory.
const kSmallUnsafeSize = 64;

function createUnsafeBuffer(size) {
  if (size <= kSmallUnsafeSize) return new FastBuffer(size);
  return new FastBuffer(unsafeBytes(size));
}

function allocate(size) {
  if (size <= 0) return new FastBuffer();
  if (size < (Buffer.poolSize >>> 1)) {
    if (allocPool === undefined || size > poolSize - poolOffset) createPool();
    const buf = new FastBuffer(allocPool, poolOffset, size);
    poolOffset += size;
    alignPool();
    return buf;
  }
  return createUnsafeBuffer(size);
}

// --- making buffers ------------------------------------------------------------

function fromStringFast(string, ops) {
  const half = Buffer.poolSize >>> 1;
  // Three bytes per UTF-16 unit bound every encoding, so a short string is
  // written into the pool at once and measured by what was written.
  const bound = string.length * 3;
  if (bound >= half) {
    if (string.length >= half || ops.byteLength(string) >= half) {
      return new FastBuffer(native.fromString(string, ops.encoding));
    }
  }
  const capacity = bound < half ? bound : ops.byteLength(string);
  if (allocPool === undefined || capacity > poolSize - poolOffset) createPool();
  const written = native.write(poolView, string, poolOffset, capacity, ops.encoding);
  const buf = new FastBuffer(allocPool, poolOffset, written);
  poolOffset += written;
  alignPool();
  return buf;
}

function fromString(string, encoding) {
  let ops;
  if (typeof encoding !== 'string' || encoding.length === 0) {
    if (string.length === 0) return new FastBuffer();
    ops = encodingOps.utf8;
  } else {
    ops = getEncodingOps(encoding);
    if (ops === undefined) throw new ERR_UNKNOWN_ENCODING(encoding);
    if (string.length === 0) return new FastBuffer();
  }
  return fromStringFast(string, ops);
}

function fromArrayBuffer(arrayBuffer, byteOffset, length) {
  if (byteOffset === undefined) {
    byteOffset = 0;
  } else {
    byteOffset = +byteOffset;
    if (NumberIsNaN(byteOffset)) byteOffset = 0;
  }
  const maxLength = arrayBuffer.byteLength - byteOffset;
  if (maxLength < 0) throw new ERR_BUFFER_OUT_OF_BOUNDS('offset');
  if (length === undefined) {
    length = maxLength;
  } else {
    length = +length;
    if (length > 0) {
      if (length > maxLength) throw new ERR_BUFFER_OUT_OF_BOUNDS('length');
    } else {
      length = 0;
    }
  }
  return new FastBuffer(arrayBuffer, byteOffset, length);
}

function fromArrayLike(arrayLike) {
  const length = arrayLike.length;
  if (length <= 0) return new FastBuffer();
  if (length < (Buffer.poolSize >>> 1)) {
    if (allocPool === undefined || length > poolSize - poolOffset) createPool();
    const buf = new FastBuffer(allocPool, poolOffset, length);
    TypedArrayPrototypeSet(buf, arrayLike, 0);
    poolOffset += length;
    alignPool();
    return buf;
  }
  return new FastBuffer(arrayLike);
}

function fromObject(object) {
  if (object.length !== undefined || isAnyArrayBuffer(object.buffer)) {
    if (typeof object.length !== 'number') return new FastBuffer();
    return fromArrayLike(object);
  }
  if (object.type === 'Buffer' && ArrayIsArray(object.data)) return fromArrayLike(object.data);
  return undefined;
}

// DEP0005, once, for a call that does not come from a package (code in
// node_modules is not its author's to change).
let bufferWarned = false;

function calledFromNodeModules() {
  // The call sites as V8 gives them, whatever a script made of
  // Error.prepareStackTrace.
  const saved = Error.prepareStackTrace;
  Error.prepareStackTrace = (error, sites) => sites;
  const holder = {};
  Error.captureStackTrace(holder, Buffer);
  const sites = holder.stack;
  Error.prepareStackTrace = saved;
  if (!ArrayIsArray(sites)) return false;
  // The first frame of a file by path (POSIX or Windows): builtins and
  // names such as '[eval]' say nothing about where the call comes from.
  for (const site of sites) {
    const file = site.getFileName();
    if (typeof file === 'string' && RegExpPrototypeTest(kPathLike, file)) {
      return RegExpPrototypeTest(kInNodeModules, file);
    }
  }
  return false;
}

function warnDeprecatedConstructor() {
  // --pending-deprecation: packages are warned about too.
  if (!processModule.pendingDeprecation() && calledFromNodeModules()) return;
  // Set first: the warning's own stack may call Buffer() again (from a
  // script's Error.prepareStackTrace).
  bufferWarned = true;
  process.emitWarning('Buffer() is deprecated due to security and usability issues. Please use the ' +
    'Buffer.alloc(), Buffer.allocUnsafe(), or Buffer.from() methods instead.', 'DeprecationWarning', 'DEP0005');
}

// The deprecated constructor, callable with and without `new`. A number is
// a size; anything else goes to Buffer.from().
function Buffer(arg, encodingOrOffset, length) {
  if (!bufferWarned) warnDeprecatedConstructor();
  if (typeof arg === 'number') {
    if (typeof encodingOrOffset === 'string') throw new ERR_INVALID_ARG_TYPE('string', 'string', arg);
    return Buffer.alloc(arg);
  }
  return Buffer.from(arg, encodingOrOffset, length);
}

ObjectDefineProperty(Buffer, 'length', { value: 3 });
FastBuffer.prototype.constructor = Buffer;
Buffer.prototype = FastBuffer.prototype;
ObjectSetPrototypeOf(Buffer, Uint8Array);
// What map(), filter() and subarray() make: FastBuffer, so that they do not
// call the deprecated constructor (and warn).
ObjectDefineProperty(Buffer, Symbol.species, { __proto__: null, get: () => FastBuffer, configurable: true });
Buffer.poolSize = 8 * 1024;

Buffer.from = function from(value, encodingOrOffset, length) {
  if (typeof value === 'string') return fromString(value, encodingOrOffset);
  if (typeof value === 'object' && value !== null) {
    if (isAnyArrayBuffer(value)) return fromArrayBuffer(value, encodingOrOffset, length);
    const valueOf = value.valueOf && value.valueOf();
    if (valueOf != null && valueOf !== value && (typeof valueOf === 'string' || typeof valueOf === 'object')) {
      return from(valueOf, encodingOrOffset, length);
    }
    const buf = fromObject(value);
    if (buf !== undefined) return buf;
    if (typeof value[SymbolToPrimitive] === 'function') {
      const primitive = value[SymbolToPrimitive]('string');
      if (typeof primitive === 'string') return fromString(primitive, encodingOrOffset);
    }
  }
  throw new ERR_INVALID_ARG_TYPE('first argument', ['string', 'Buffer', 'ArrayBuffer', 'Array', 'Array-like Object'],
                                 value);
};

// A copy of the bytes of some of a typed array's elements.
Buffer.copyBytesFrom = function copyBytesFrom(view, offset, length) {
  if (TypedArrayPrototypeGetSymbolToStringTag(view) === undefined) {
    throw new ERR_INVALID_ARG_TYPE('view', ['TypedArray'], view);
  }
  const viewLength = view.length;
  if (viewLength === 0) return Buffer.alloc(0);
  let start = 0;
  let end = viewLength;
  if (offset !== undefined) {
    validateInteger(offset, 'offset', 0);
    if (offset >= viewLength) return new FastBuffer();
    start = offset;
  }
  if (length !== undefined) {
    validateInteger(length, 'length', 0);
    end = MathMin(start + length, viewLength);
  }
  const elementSize = view.BYTES_PER_ELEMENT;
  return fromArrayLike(new Uint8Array(view.buffer, view.byteOffset + start * elementSize, (end - start) * elementSize));
};

Buffer.of = function of(...items) {
  const buf = createUnsafeBuffer(items.length);
  for (let i = 0; i < items.length; i++) buf[i] = items[i];
  return buf;
};

function validateSize(size) {
  validateNumber(size, 'size', 0, kMaxLength);
}

Buffer.alloc = function alloc(size, fill, encoding) {
  validateSize(size);
  if (fill !== undefined && fill !== 0 && size > 0) {
    const buf = createUnsafeBuffer(size);
    return fillImpl(buf, fill, 0, buf.length, encoding);
  }
  return new FastBuffer(size);
};

Buffer.allocUnsafe = function allocUnsafe(size) {
  validateSize(size);
  return allocate(size);
};

Buffer.allocUnsafeSlow = function allocUnsafeSlow(size) {
  validateSize(size);
  return createUnsafeBuffer(size);
};

// The deprecated SlowBuffer(size): an unpooled Buffer.
function SlowBuffer(size) {
  validateSize(size);
  return createUnsafeBuffer(size);
}
ObjectSetPrototypeOf(SlowBuffer.prototype, Uint8Array.prototype);
ObjectSetPrototypeOf(SlowBuffer, Uint8Array);

Buffer.isBuffer = function isBuffer(value) {
  return value instanceof Buffer;
};

Buffer.compare = function compare(buf1, buf2) {
  if (!isUint8Array(buf1)) throw new ERR_INVALID_ARG_TYPE('buf1', ['Buffer', 'Uint8Array'], buf1);
  if (!isUint8Array(buf2)) throw new ERR_INVALID_ARG_TYPE('buf2', ['Buffer', 'Uint8Array'], buf2);
  if (buf1 === buf2) return 0;
  return native.compare(buf1, buf2);
};

Buffer.isEncoding = function isEncoding(encoding) {
  return typeof encoding === 'string' && encoding.length !== 0 && getEncodingOps(encoding) !== undefined;
};

Buffer.concat = function concat(list, length) {
  validateArray(list, 'list');
  if (list.length === 0) return new FastBuffer();
  if (length === undefined) {
    length = 0;
    for (let i = 0; i < list.length; i++) {
      if (list[i].length) length += list[i].length;
    }
  } else {
    validateOffset(length, 'length');
  }
  const buffer = Buffer.allocUnsafe(length);
  let pos = 0;
  for (let i = 0; i < list.length; i++) {
    const buf = list[i];
    if (!isUint8Array(buf)) throw new ERR_INVALID_ARG_TYPE(`list[${i}]`, ['Buffer', 'Uint8Array'], buf);
    pos += copyBytes(buf, buffer, pos, 0, buf.length);
  }
  // A `length` beyond the parts leaves bytes that were never written.
  if (pos < length) TypedArrayPrototypeFill(buffer, 0, pos, length);
  return buffer;
};

Buffer.byteLength = function byteLength(string, encoding) {
  if (typeof string !== 'string') {
    if (ArrayBufferIsView(string) || isAnyArrayBuffer(string)) return string.byteLength;
    throw new ERR_INVALID_ARG_TYPE('string', ['string', 'Buffer', 'ArrayBuffer'], string);
  }
  const mustMatch = arguments.length > 2 && arguments[2] === true;
  if (!mustMatch && string.length === 0) return 0;
  if (!encoding) return mustMatch ? -1 : native.byteLengthUtf8(string);
  const ops = getEncodingOps(encoding);
  if (ops === undefined) return mustMatch ? -1 : native.byteLengthUtf8(string);
  return ops.byteLength(string);
};

// --- checks shared by the methods -------------------------------------------------

function validateOffset(value, name, min = 0, max = kMaxLength) {
  validateInteger(value, name, min, max);
}

// An integer from `value`, or `fallback` for NaN and what lies beyond the
// safe integers.
function toInteger(value, fallback) {
  value = +value;
  if (!NumberIsNaN(value) && value >= Number.MIN_SAFE_INTEGER && value <= Number.MAX_SAFE_INTEGER) {
    return value % 1 === 0 ? value : MathFloor(value);
  }
  return fallback;
}

// A start or end for subarray()/slice(): negative counts from the end.
function adjustOffset(offset, length) {
  offset = MathTrunc(offset);
  if (offset === 0) return 0;
  if (offset < 0) {
    offset += length;
    return offset > 0 ? offset : 0;
  }
  if (offset < length) return offset;
  return NumberIsNaN(offset) ? 0 : length;
}

function tooLong(result) {
  if (result === undefined) throw new ERR_STRING_TOO_LONG();
  return result;
}

// Errors that Node raises from its native layer, with its wording.
function indexOutOfRange() {
  return new ERR_OUT_OF_RANGE('Index out of range');
}

function notAString() {
  return new ERR_INVALID_ARG_TYPE('argument must be a string');
}

// Methods that hand `this` to the native side make sure it is a view.
function validateThis(value) {
  if (!ArrayBufferIsView(value)) throw new ERR_INVALID_ARG_TYPE('argument must be a buffer');
}

// --- copy -----------------------------------------------------------------------

function copyBytes(source, target, targetStart, sourceStart, sourceEnd) {
  if (sourceEnd - sourceStart > target.length - targetStart) sourceEnd = sourceStart + target.length - targetStart;
  let count = sourceEnd - sourceStart;
  const sourceLength = source.length - sourceStart;
  if (count > sourceLength) count = sourceLength;
  if (count <= 0) return 0;
  if (sourceStart !== 0 || count < source.length) {
    source = new Uint8Array(source.buffer, source.byteOffset + sourceStart, count);
  }
  TypedArrayPrototypeSet(target, source, targetStart);
  return count;
}

function copyChecked(source, target, targetStart, sourceStart, sourceEnd) {
  if (!isUint8Array(source)) throw new ERR_INVALID_ARG_TYPE('source', ['Buffer', 'Uint8Array'], source);
  if (!isUint8Array(target)) throw new ERR_INVALID_ARG_TYPE('target', ['Buffer', 'Uint8Array'], target);
  if (targetStart === undefined) {
    targetStart = 0;
  } else {
    targetStart = toInteger(targetStart, 0);
    if (targetStart < 0) throw new ERR_OUT_OF_RANGE('targetStart', '>= 0', targetStart);
  }
  if (sourceStart === undefined) {
    sourceStart = 0;
  } else {
    sourceStart = toInteger(sourceStart, 0);
    if (sourceStart < 0 || sourceStart > source.length) {
      throw new ERR_OUT_OF_RANGE('sourceStart', `>= 0 && <= ${source.length}`, sourceStart);
    }
  }
  if (sourceEnd === undefined) {
    sourceEnd = source.length;
  } else {
    sourceEnd = toInteger(sourceEnd, 0);
    if (sourceEnd < 0) throw new ERR_OUT_OF_RANGE('sourceEnd', '>= 0', sourceEnd);
  }
  if (targetStart >= target.length || sourceStart >= sourceEnd) return 0;
  return copyBytes(source, target, targetStart, sourceStart, sourceEnd);
}

// --- fill -----------------------------------------------------------------------

function fillImpl(buf, value, offset, end, encoding) {
  // Throws for anything but a typed array, before the native side sees it.
  const byteLength = TypedArrayPrototypeGetByteLength(buf);
  let encodingNumber = kUtf8;
  if (typeof value === 'string') {
    if (offset === undefined || typeof offset === 'string') {
      encoding = offset;
      offset = 0;
      end = buf.length;
    } else if (typeof end === 'string') {
      encoding = end;
      end = buf.length;
    }
    const normalized = normalizeEncoding(encoding);
    if (normalized === undefined) {
      validateString(encoding, 'encoding');
      throw new ERR_UNKNOWN_ENCODING(encoding);
    }
    if (value.length === 0) {
      value = 0;  // an empty string fills with zeros
    } else if (value.length === 1) {
      // One character that is one byte in the encoding: a number fill.
      const code = StringPrototypeCharCodeAt(value, 0);
      if (normalized === 'utf8' && code < 128) value = code;
      else if (normalized === 'latin1') value = code;
    }
    encodingNumber = getEncodingOps(normalized).encoding;
  }
  if (offset === undefined) {
    offset = 0;
    end = buf.length;
  } else {
    validateOffset(offset, 'offset');
    if (end === undefined) end = buf.length;
    else validateOffset(end, 'end', 0, buf.length);
    if (offset >= end) return buf;
  }
  if (typeof value === 'number') {
    if (offset > end || end > byteLength) {
      throw new ERR_BUFFER_OUT_OF_BOUNDS();
    }
    TypedArrayPrototypeFill(buf, value, offset, end);
    return buf;
  }
  let result;
  if (typeof value === 'string' || ArrayBufferIsView(value)) {
    result = native.fill(buf, value, offset, end, encodingNumber);
  } else {
    // Anything else counts as the number it converts to.
    TypedArrayPrototypeFill(buf, (+value >>> 0) & 255, offset, end);
    result = 0;
  }
  if (result < 0) {
    if (result === -1) throw new ERR_INVALID_ARG_VALUE('value', value);
    throw new ERR_BUFFER_OUT_OF_BOUNDS();
  }
  return buf;
}

// --- search -----------------------------------------------------------------------

// indexOf (forward) and lastIndexOf (backward) of a number, string or bytes.
function search(buffer, value, byteOffset, encoding, forward) {
  if (!ArrayBufferIsView(buffer)) throw new ERR_INVALID_ARG_TYPE('buffer', ['Buffer', 'TypedArray', 'DataView'], buffer);
  if (typeof byteOffset === 'string') {
    encoding = byteOffset;
    byteOffset = undefined;
  } else if (byteOffset > 0x7fffffff) {
    byteOffset = 0x7fffffff;
  } else if (byteOffset < -0x80000000) {
    byteOffset = -0x80000000;
  }
  // null and [] count as 0; undefined, 'foo' and {} mean the whole buffer.
  byteOffset = +byteOffset;
  if (NumberIsNaN(byteOffset)) byteOffset = forward ? 0 : (buffer.length || buffer.byteLength);
  byteOffset = MathTrunc(byteOffset);
  if (typeof value === 'number') return native.indexOfByte(buffer, (value >>> 0) & 255, byteOffset, forward);
  const ops = encoding === undefined ? encodingOps.utf8 : getEncodingOps(encoding);
  if (typeof value === 'string') {
    if (ops === undefined) throw new ERR_UNKNOWN_ENCODING(encoding);
    const number = ops.encoding;
    if (number === kUtf8 || number === kUcs2 || number === kLatin1) {
      return native.indexOfString(buffer, value, byteOffset, number, forward);
    }
    // ascii, base64, base64url and hex: the bytes the string stands for.
    return native.indexOfBytes(buffer, fromStringFast(value, ops), byteOffset, false, forward);
  }
  if (isUint8Array(value)) {
    return native.indexOfBytes(buffer, value, byteOffset, ops !== undefined && ops.encoding === kUcs2, forward);
  }
  throw new ERR_INVALID_ARG_TYPE('value', ['number', 'string', 'Buffer', 'Uint8Array'], value);
}

// --- the prototype ----------------------------------------------------------------

const proto = Buffer.prototype;

// Node's per-encoding methods: buf.utf8Slice(start, end), buf.hexWrite(string, offset, length), ...
function sliceRange(buf, start, end) {
  const length = buf.length;
  start = start === undefined ? 0 : MathTrunc(+start) || 0;
  end = end === undefined ? length : MathTrunc(+end) || 0;
  if (start < 0 || end < 0) throw indexOutOfRange();
  if (end < start) end = start;
  if (end > length) throw indexOutOfRange();
  return [start, end];
}

function addEncodingMethods(name, ops) {
  proto[`${name}Slice`] = function slice(start, end) {
    validateThis(this);
    const [from, to] = sliceRange(this, start, end);
    return tooLong(ops.slice(this, from, to));
  };
  proto[`${name}Write`] = function write(string, offset, length) {
    validateThis(this);
    if (typeof string !== 'string') throw notAString();
    offset = offset === undefined ? 0 : MathTrunc(+offset) || 0;
    if (offset < 0) throw indexOutOfRange();
    if (offset > this.length) throw new ERR_BUFFER_OUT_OF_BOUNDS('offset');
    const remaining = this.length - offset;
    length = length === undefined ? remaining : MathTrunc(+length) || 0;
    if (length < 0) throw indexOutOfRange();
    return ops.write(this, string, offset, MathMin(length, remaining));
  };
}

proto.copy = function copy(target, targetStart, sourceStart, sourceEnd) {
  return copyChecked(this, target, targetStart, sourceStart, sourceEnd);
};

proto.toString = function toString(encoding, start, end) {
  validateThis(this);
  if (arguments.length === 0) return tooLong(native.utf8Slice(this, 0, this.length));
  const length = this.length;
  if (start <= 0) start = 0;
  else if (start >= length) return '';
  else start = MathTrunc(start) || 0;
  if (end === undefined || end > length) end = length;
  else end = MathTrunc(end) || 0;
  if (end <= start) return '';
  if (encoding === undefined) return tooLong(native.utf8Slice(this, start, end));
  const ops = getEncodingOps(encoding);
  if (ops === undefined) throw new ERR_UNKNOWN_ENCODING(encoding);
  return tooLong(ops.slice(this, start, end));
};

proto.equals = function equals(otherBuffer) {
  if (!isUint8Array(otherBuffer)) throw new ERR_INVALID_ARG_TYPE('otherBuffer', ['Buffer', 'Uint8Array'], otherBuffer);
  if (this === otherBuffer) return true;
  const length = TypedArrayPrototypeGetByteLength(this);
  if (length !== TypedArrayPrototypeGetByteLength(otherBuffer)) return false;
  return length === 0 || native.compare(this, otherBuffer) === 0;
};

let INSPECT_MAX_BYTES = 50;

// <Buffer 01 02 ... 48 more bytes, extra: 1>
proto[customInspectSymbol] = function inspect(recurseTimes, ctx) {
  validateThis(this);
  const max = INSPECT_MAX_BYTES;
  const shown = MathMin(max, this.length);
  const remaining = this.length - max;
  let text = '';
  if (shown > 0) {
    const hex = native.slice(this, 0, shown, kHex);
    text = hex.slice(0, 2);
    for (let i = 2; i < hex.length; i += 2) text += ` ${hex.slice(i, i + 2)}`;
  }
  if (remaining > 0) text += ` ... ${remaining} more byte${remaining > 1 ? 's' : ''}`;
  // Own properties beyond the indices are shown too, as for any object.
  if (ctx) {
    const keys = native.ownNonIndexKeys(this, !ctx.showHidden);
    if (keys.length > 0) {
      const extras = { __proto__: null };
      for (const key of keys) extras[key] = this[key];
      const inspectValue = internalRequire('internal/util/inspect/format').inspect;
      const shownExtras = inspectValue(extras, { ...ctx, breakLength: Infinity, compact: true });
      // Without the "[Object: null prototype] {" and " }" around it.
      if (this.length !== 0) text += ', ';
      text += shownExtras.slice(27, -2);
    }
  }
  return `<${this.constructor.name} ${text}>`;
};
proto.inspect = proto[customInspectSymbol];

proto.compare = function compare(target, targetStart, targetEnd, sourceStart, sourceEnd) {
  if (!isUint8Array(target)) throw new ERR_INVALID_ARG_TYPE('target', ['Buffer', 'Uint8Array'], target);
  validateThis(this);
  if (arguments.length === 1) return native.compare(this, target);
  if (targetStart === undefined) targetStart = 0;
  else validateOffset(targetStart, 'targetStart');
  if (targetEnd === undefined) targetEnd = target.length;
  else validateOffset(targetEnd, 'targetEnd', 0, target.length);
  if (sourceStart === undefined) sourceStart = 0;
  else validateOffset(sourceStart, 'sourceStart');
  if (sourceEnd === undefined) sourceEnd = this.length;
  else validateOffset(sourceEnd, 'sourceEnd', 0, this.length);
  if (sourceStart >= sourceEnd) return targetStart >= targetEnd ? 0 : -1;
  if (targetStart >= targetEnd) return 1;
  return native.compareRange(this, sourceStart, sourceEnd, target, targetStart, targetEnd);
};

proto.indexOf = function indexOf(value, byteOffset, encoding) {
  return search(this, value, byteOffset, encoding, true);
};

proto.lastIndexOf = function lastIndexOf(value, byteOffset, encoding) {
  return search(this, value, byteOffset, encoding, false);
};

proto.includes = function includes(value, byteOffset, encoding) {
  return this.indexOf(value, byteOffset, encoding) !== -1;
};

proto.fill = function fill(value, offset, end, encoding) {
  return fillImpl(this, value, offset, end, encoding);
};

proto.write = function write(string, offset, length, encoding) {
  validateThis(this);
  if (offset === undefined) {
    if (typeof string !== 'string') throw notAString();
    return native.write(this, string, 0, this.length, kUtf8);
  }
  if (length === undefined && typeof offset === 'string') {
    // write(string, encoding)
    encoding = offset;
    length = this.length;
    offset = 0;
  } else {
    // write(string, offset[, length][, encoding])
    validateOffset(offset, 'offset', 0, this.length);
    const remaining = this.length - offset;
    if (length === undefined) {
      length = remaining;
    } else if (typeof length === 'string') {
      encoding = length;
      length = remaining;
    } else {
      validateOffset(length, 'length', 0, this.length);
      if (length > remaining) length = remaining;
    }
  }
  let ops = encodingOps.utf8;
  if (encoding && encoding !== 'utf8') {
    ops = getEncodingOps(encoding);
    if (ops === undefined) throw new ERR_UNKNOWN_ENCODING(encoding);
  }
  if (typeof string !== 'string') throw notAString();
  return ops.write(this, string, offset, length);
};

proto.toJSON = function toJSON() {
  if (this.length > 0) {
    const data = new Array(this.length);
    for (let i = 0; i < this.length; ++i) data[i] = this[i];
    return { type: 'Buffer', data };
  }
  return { type: 'Buffer', data: [] };
};

proto.subarray = function subarray(start, end) {
  const length = this.length;
  start = adjustOffset(start, length);
  end = end !== undefined ? adjustOffset(end, length) : length;
  const newLength = end > start ? end - start : 0;
  return new FastBuffer(this.buffer, this.byteOffset + start, newLength);
};

proto.slice = function slice(start, end) {
  return this.subarray(start, end);
};

// Small buffers are swapped here: below this size a native call costs more.
const kSwapInJsBelow = 128;

function swapBytes(buf, a, b) {
  const byte = buf[a];
  buf[a] = buf[b];
  buf[b] = byte;
}

proto.swap16 = function swap16() {
  validateThis(this);
  const length = this.length;
  if (length % 2 !== 0) throw new ERR_INVALID_BUFFER_SIZE('16-bits');
  if (length < kSwapInJsBelow) {
    for (let i = 0; i < length; i += 2) swapBytes(this, i, i + 1);
    return this;
  }
  native.swap(this, 2);
  return this;
};

proto.swap32 = function swap32() {
  validateThis(this);
  const length = this.length;
  if (length % 4 !== 0) throw new ERR_INVALID_BUFFER_SIZE('32-bits');
  if (length < kSwapInJsBelow) {
    for (let i = 0; i < length; i += 4) {
      swapBytes(this, i, i + 3);
      swapBytes(this, i + 1, i + 2);
    }
    return this;
  }
  native.swap(this, 4);
  return this;
};

proto.swap64 = function swap64() {
  validateThis(this);
  const length = this.length;
  if (length % 8 !== 0) throw new ERR_INVALID_BUFFER_SIZE('64-bits');
  if (length < kSwapInJsBelow) {
    for (let i = 0; i < length; i += 8) {
      swapBytes(this, i, i + 7);
      swapBytes(this, i + 1, i + 6);
      swapBytes(this, i + 2, i + 5);
      swapBytes(this, i + 3, i + 4);
    }
    return this;
  }
  native.swap(this, 8);
  return this;
};

proto.toLocaleString = proto.toString;

addNumberMethods(proto);
addEncodingMethods('ascii', encodingOps.ascii);
addEncodingMethods('base64', encodingOps.base64);
addEncodingMethods('base64url', encodingOps.base64url);
addEncodingMethods('latin1', encodingOps.latin1);
addEncodingMethods('hex', encodingOps.hex);
addEncodingMethods('ucs2', encodingOps.ucs2);
addEncodingMethods('utf8', encodingOps.utf8);

// The deprecated `parent` and `offset`: the backing ArrayBuffer and where
// the view starts in it.
ObjectDefineProperties(proto, {
  parent: {
    enumerable: true,
    get() {
      if (!(this instanceof Buffer)) return undefined;
      return this.buffer;
    },
  },
  offset: {
    enumerable: true,
    get() {
      if (!(this instanceof Buffer)) return undefined;
      return this.byteOffset;
    },
  },
});

module.exports = {
  Buffer,
  FastBuffer,
  SlowBuffer,
  kMaxLength,
  kStringMaxLength,
  isUint8Array,
  isAnyArrayBuffer,
  createUnsafeBuffer,
  getInspectMaxBytes: () => INSPECT_MAX_BYTES,
  setInspectMaxBytes: (value) => {
    validateNumber(value, 'INSPECT_MAX_BYTES', 0);
    INSPECT_MAX_BYTES = value;
  },
};
