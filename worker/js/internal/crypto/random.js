'use strict';
// randomBytes, randomFill(Sync), randomInt and randomUUID, on OpenSSL's
// RAND_bytes (worker/api/crypto/random_binding.cc). The callback forms get
// their bytes from libuv's thread pool and are called from the loop.

const { native, toBuffer } = internalRequire('internal/crypto/util');
const { codes } = internalRequire('internal/errors');
const { validateNumber, validateFunction, validateObject, validateBoolean } = internalRequire('internal/validators');
const { Buffer, isAnyArrayBuffer } = internalRequire('internal/buffer/buffer');

const { ERR_INVALID_ARG_TYPE, ERR_OUT_OF_RANGE } = codes;
const ArrayBufferIsView = ArrayBuffer.isView;
const NumberIsSafeInteger = Number.isSafeInteger;
const MathMin = Math.min;
const nextTick = (...args) => process.nextTick(...args);

// The most bytes one call gives, as in Node.
const kMaxRandomBytes = 2 ** 31 - 1;

function randomBytes(size, callback) {
  validateNumber(size, 'size', 0, kMaxRandomBytes);
  if (callback !== undefined) validateFunction(callback, 'callback');
  if (callback === undefined) {
    const buffer = Buffer.allocUnsafe(size);
    native.randomFillSync(buffer, 0, buffer.length);
    return buffer;
  }
  native.randomBytes(size, (err, bytes) => {
    if (err) callback(err);
    else callback(null, toBuffer(bytes));
  });
  return undefined;
}

function validateTarget(buf) {
  if (!isAnyArrayBuffer(buf) && !ArrayBufferIsView(buf)) {
    throw new ERR_INVALID_ARG_TYPE('buf', ['ArrayBuffer', 'ArrayBufferView'], buf);
  }
}

// Offsets and sizes count elements of the target's type; these turn them
// into bytes and check them against the target's byte length.
function byteOffset(offset, elementSize, byteLength) {
  validateNumber(offset, 'offset');
  offset *= elementSize;
  const max = MathMin(kMaxRandomBytes, byteLength);
  if (Number.isNaN(offset) || offset > max || offset < 0) {
    throw new ERR_OUT_OF_RANGE('offset', `>= 0 && <= ${max}`, offset);
  }
  return offset >>> 0;
}

function byteSize(size, elementSize, offset, byteLength) {
  validateNumber(size, 'size');
  size *= elementSize;
  if (Number.isNaN(size) || size > kMaxRandomBytes || size < 0) {
    throw new ERR_OUT_OF_RANGE('size', `>= 0 && <= ${kMaxRandomBytes}`, size);
  }
  if (size + offset > byteLength) throw new ERR_OUT_OF_RANGE('size + offset', `<= ${byteLength}`, size + offset);
  return size >>> 0;
}

// The target as a view of bytes for the native side.
function bytesView(buf) {
  return isAnyArrayBuffer(buf) ? new Uint8Array(buf) : buf;
}

function randomFillSync(buf, offset = 0, size) {
  validateTarget(buf);
  const elementSize = buf.BYTES_PER_ELEMENT || 1;
  offset = byteOffset(offset, elementSize, buf.byteLength);
  size = size === undefined ? buf.byteLength - offset : byteSize(size, elementSize, offset, buf.byteLength);
  if (size > 0) native.randomFillSync(bytesView(buf), offset, size);
  return buf;
}

function randomFill(buf, offset, size, callback) {
  validateTarget(buf);
  const elementSize = buf.BYTES_PER_ELEMENT || 1;
  if (typeof offset === 'function') {
    callback = offset;
    offset = 0;
    size = buf.byteLength;
  } else if (typeof size === 'function') {
    callback = size;
    offset = byteOffset(offset, elementSize, buf.byteLength);
    size = buf.byteLength - offset;
  } else {
    validateFunction(callback, 'callback');
    offset = byteOffset(offset, elementSize, buf.byteLength);
    size = size === undefined ? buf.byteLength - offset : byteSize(size, elementSize, offset, buf.byteLength);
  }
  native.randomBytes(size, (err, bytes) => {
    if (err) return callback(err);
    const view = bytesView(buf);
    new Uint8Array(view.buffer, view.byteOffset + offset, size).set(new Uint8Array(bytes));
    return callback(null, buf);
  });
}

// --- randomInt -------------------------------------------------------------------

// 48-bit draws, taken from a cache of random bytes refilled 1024 at a time.
const kRandMax = 0xffff_ffff_ffff;
const randomCache = new Uint8Array(6 * 1024);
let randomCacheOffset = randomCache.length;
let asyncCacheFillInProgress = false;
const asyncCachePendingTasks = [];

function randomInt(min, max, callback) {
  // randomInt(max[, callback]) means min = 0.
  const minNotSpecified = typeof max === 'undefined' || typeof max === 'function';
  if (minNotSpecified) {
    callback = max;
    max = min;
    min = 0;
  }
  const isSync = typeof callback === 'undefined';
  if (!isSync) validateFunction(callback, 'callback');
  if (!NumberIsSafeInteger(min)) throw new ERR_INVALID_ARG_TYPE('min', 'a safe integer', min);
  if (!NumberIsSafeInteger(max)) throw new ERR_INVALID_ARG_TYPE('max', 'a safe integer', max);
  if (max <= min) throw new ERR_OUT_OF_RANGE('max', `greater than the value of "min" (${min})`, max);
  const range = max - min;
  if (!(range <= kRandMax)) {
    throw new ERR_OUT_OF_RANGE(`max${minNotSpecified ? '' : ' - min'}`, `<= ${kRandMax}`, range);
  }
  // Draws at or above the largest multiple of `range` would favour the
  // low results; they are drawn again.
  const limit = kRandMax - (kRandMax % range);
  if (isSync) {
    for (;;) {
      if (randomCacheOffset === randomCache.length) {
        native.randomFillSync(randomCache, 0, randomCache.length);
        randomCacheOffset = 0;
      }
      const n = drawFromCache();
      if (n < limit) return min + (n % range);
    }
  }
  asyncCachePendingTasks.push({ min, range, limit, callback });
  drainAsyncTasks();
  return undefined;
}

function drawFromCache() {
  const bytes = randomCache;
  const at = randomCacheOffset;
  randomCacheOffset += 6;
  // Big-endian 48 bits, as two halves that stay exact in a double.
  return (bytes[at] * 2 ** 16 + bytes[at + 1] * 2 ** 8 + bytes[at + 2]) * 2 ** 24 +
    (bytes[at + 3] * 2 ** 16 + bytes[at + 4] * 2 ** 8 + bytes[at + 5]);
}

// Serves queued callback draws from the cache; refills it from the thread
// pool when it runs dry, so no callback form ever blocks on randomness.
function drainAsyncTasks() {
  while (asyncCachePendingTasks.length > 0 && randomCacheOffset < randomCache.length) {
    const task = asyncCachePendingTasks[0];
    const n = drawFromCache();
    if (n < task.limit) {
      asyncCachePendingTasks.shift();
      nextTick(task.callback, undefined, task.min + (n % task.range));
    }
  }
  if (asyncCachePendingTasks.length > 0 && !asyncCacheFillInProgress) {
    asyncCacheFillInProgress = true;
    native.randomBytes(randomCache.length, (err, bytes) => {
      asyncCacheFillInProgress = false;
      if (err) {
        for (const task of asyncCachePendingTasks.splice(0)) task.callback(err);
        return;
      }
      randomCache.set(new Uint8Array(bytes));
      randomCacheOffset = 0;
      drainAsyncTasks();
    });
  }
}

// --- randomUUID ------------------------------------------------------------------

// Random bytes for 128 UUIDs at a time, unless asked not to keep any.
const kUuidBatch = 128;
let uuidCache;
let uuidCacheOffset = 0;
const kHex = [];
for (let i = 0; i < 256; i++) kHex.push((i < 16 ? '0' : '') + i.toString(16));

function formatUuid(bytes, at) {
  // Version 4, variant 10xx (RFC 4122).
  bytes[at + 6] = (bytes[at + 6] & 0x0f) | 0x40;
  bytes[at + 8] = (bytes[at + 8] & 0x3f) | 0x80;
  return kHex[bytes[at]] + kHex[bytes[at + 1]] + kHex[bytes[at + 2]] + kHex[bytes[at + 3]] + '-' +
    kHex[bytes[at + 4]] + kHex[bytes[at + 5]] + '-' + kHex[bytes[at + 6]] + kHex[bytes[at + 7]] + '-' +
    kHex[bytes[at + 8]] + kHex[bytes[at + 9]] + '-' + kHex[bytes[at + 10]] + kHex[bytes[at + 11]] +
    kHex[bytes[at + 12]] + kHex[bytes[at + 13]] + kHex[bytes[at + 14]] + kHex[bytes[at + 15]];
}

function randomUUID(options) {
  let disableEntropyCache = false;
  if (options !== undefined) {
    validateObject(options, 'options');
    if (options.disableEntropyCache !== undefined) disableEntropyCache = options.disableEntropyCache;
    validateBoolean(disableEntropyCache, 'options.disableEntropyCache');
  }
  if (disableEntropyCache) {
    const bytes = new Uint8Array(16);
    native.randomFillSync(bytes, 0, 16);
    return formatUuid(bytes, 0);
  }
  if (uuidCache === undefined) uuidCache = new Uint8Array(16 * kUuidBatch);
  if (uuidCacheOffset === 0) native.randomFillSync(uuidCache, 0, uuidCache.length);
  const uuid = formatUuid(uuidCache, uuidCacheOffset);
  uuidCacheOffset = (uuidCacheOffset + 16) % uuidCache.length;
  return uuid;
}

module.exports = { randomBytes, randomFill, randomFillSync, randomInt, randomUUID, kMaxRandomBytes };
