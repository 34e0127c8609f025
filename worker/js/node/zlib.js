'use strict';
// zlib on the system's zlib and brotli: the whole-buffer forms, synchronous
// (gzipSync) or with a callback (gzip), whose work runs on libuv's thread
// pool; crc32; the constants; the stream classes (createGzip...), which live
// in internal/zlib/stream and load `stream` when first named.

const native = binding.internalBinding('zlib');
const { codes } = internalRequire('internal/errors');
const { validateFunction, validateUint32 } = internalRequire('internal/validators');
const bufferImpl = internalRequire('internal/buffer/buffer');
const kinds = internalRequire('internal/zlib/options');

const {
  ERR_BUFFER_TOO_LARGE, ERR_INVALID_ARG_TYPE, ERR_ZLIB_INITIALIZATION_FAILED,
} = codes;
const { Buffer, FastBuffer } = bufferImpl;
const { optionsFor } = kinds;
const ArrayIsArray = Array.isArray;
const ArrayBufferIsView = ArrayBuffer.isView;

// The failures the codec reports (worker/api/zlib/codec.h's CodecResult::Status).
const kDataError = 1;
const kTooLarge = 2;

// Read-only, as Node's are.
const constants = native.constants;
for (const key of Object.keys(constants)) {
  Object.defineProperty(constants, key, { __proto__: null, writable: false, configurable: false });
}

// Node's error names for zlib's return codes, both ways.
const kCodeNames = ['Z_OK', 'Z_STREAM_END', 'Z_NEED_DICT', 'Z_ERRNO', 'Z_STREAM_ERROR', 'Z_DATA_ERROR',
  'Z_MEM_ERROR', 'Z_BUF_ERROR', 'Z_VERSION_ERROR'];
const zlibCodes = {};
for (const name of kCodeNames) zlibCodes[name] = constants[name];
for (const name of kCodeNames) zlibCodes[constants[name]] = name;
Object.freeze(zlibCodes);

// The names of Node's stream classes and their kinds.
const kClassModes = {
  Deflate: kinds.DEFLATE,
  Inflate: kinds.INFLATE,
  Gzip: kinds.GZIP,
  Gunzip: kinds.GUNZIP,
  DeflateRaw: kinds.DEFLATERAW,
  InflateRaw: kinds.INFLATERAW,
  Unzip: kinds.UNZIP,
  BrotliCompress: kinds.BROTLI_ENCODE,
  BrotliDecompress: kinds.BROTLI_DECODE,
};
let streamClasses = null;
function classes() {
  if (streamClasses === null) streamClasses = internalRequire('internal/zlib/stream');
  return streamClasses;
}

// Turns the codec's result into a Buffer, or throws Node's error.
function settle(result, opts) {
  if (!ArrayIsArray(result)) return new FastBuffer(result, 0, result.byteLength);
  const status = result[0];
  if (status === kTooLarge) throw new ERR_BUFFER_TOO_LARGE(opts.maxOutputLength);
  if (status !== kDataError) throw new ERR_ZLIB_INITIALIZATION_FAILED();
  const error = new Error(result[1]);
  error.errno = result[2];
  error.code = result[3];
  return error;
}

function run(opts, input, callback) {
  return native.process(opts.mode, input, opts.level, opts.windowBits, opts.memLevel, opts.strategy,
    opts.finishFlush, opts.chunkSize, opts.maxOutputLength, opts.dictionary, opts.params, callback);
}

// The `info: true` result: the output beside the engine that made it.
function withInfo(buffer, className, input) {
  const engine = Object.create(classes()[className].prototype);
  engine.bytesWritten = input.byteLength;
  return { buffer, engine };
}

function makeSync(mode, className) {
  return function syncBufferWrapper(buffer, opts) {
    const options = optionsFor(mode, opts);
    if (typeof buffer === 'string') {
      buffer = Buffer.from(buffer);
    } else if (!ArrayBufferIsView(buffer)) {
      if (!bufferImpl.isAnyArrayBuffer(buffer)) {
        throw new ERR_INVALID_ARG_TYPE('buffer', ['string', 'Buffer', 'TypedArray', 'DataView', 'ArrayBuffer'],
          buffer);
      }
      buffer = Buffer.from(buffer);
    }
    const result = settle(run(options, buffer, undefined), options);
    if (result instanceof Error) throw result;
    return opts && opts.info ? withInfo(result, className, buffer) : result;
  };
}

function makeAsync(mode, className) {
  return function asyncBufferWrapper(buffer, opts, callback) {
    if (typeof opts === 'function') {
      callback = opts;
      opts = {};
    }
    const options = optionsFor(mode, opts);
    validateFunction(callback, 'callback');
    if (typeof buffer === 'string') {
      buffer = Buffer.from(buffer);
    } else if (!ArrayBufferIsView(buffer)) {
      if (!bufferImpl.isAnyArrayBuffer(buffer)) {
        throw new ERR_INVALID_ARG_TYPE('chunk', ['string', 'Buffer', 'TypedArray', 'DataView'], buffer);
      }
      buffer = Buffer.from(buffer);
    }
    const info = Boolean(opts && opts.info);
    const input = buffer;
    run(options, buffer, (raw) => {
      let result;
      try {
        result = settle(raw, options);
      } catch (error) {
        callback(error);
        return;
      }
      if (result instanceof Error) {
        callback(result);
      } else {
        callback(null, info ? withInfo(result, className, input) : result);
      }
    });
  };
}

function crc32(data, value = 0) {
  if (typeof data === 'string') {
    data = Buffer.from(data);
  } else if (!ArrayBufferIsView(data)) {
    throw new ERR_INVALID_ARG_TYPE('data', ['string', 'Buffer', 'TypedArray', 'DataView'], data);
  }
  validateUint32(value, 'value');
  return native.crc32(data, value);
}

const kForms = [
  ['deflate', kinds.DEFLATE, 'Deflate'],
  ['gzip', kinds.GZIP, 'Gzip'],
  ['deflateRaw', kinds.DEFLATERAW, 'DeflateRaw'],
  ['unzip', kinds.UNZIP, 'Unzip'],
  ['inflate', kinds.INFLATE, 'Inflate'],
  ['gunzip', kinds.GUNZIP, 'Gunzip'],
  ['inflateRaw', kinds.INFLATERAW, 'InflateRaw'],
  ['brotliCompress', kinds.BROTLI_ENCODE, 'BrotliCompress'],
  ['brotliDecompress', kinds.BROTLI_DECODE, 'BrotliDecompress'],
];

module.exports = { crc32 };
for (const className of Object.keys(kClassModes)) {
  Object.defineProperty(module.exports, className, {
    configurable: true,
    enumerable: true,
    get() { return classes()[className]; },
    set(value) {
      Object.defineProperty(this, className, { value, writable: true, configurable: true, enumerable: true });
    },
  });
}
for (const [name, mode, className] of kForms) {
  module.exports[name] = makeAsync(mode, className);
  module.exports[`${name}Sync`] = makeSync(mode, className);
}
for (const className of ['Deflate', 'Inflate', 'DeflateRaw', 'InflateRaw', 'Gzip', 'Gunzip', 'Unzip',
  'BrotliCompress', 'BrotliDecompress']) {
  module.exports[`create${className}`] = function value(opts) {
    return new (classes()[className])(opts);
  };
}
Object.defineProperties(module.exports, {
  constants: { enumerable: true, value: constants },
  codes: { enumerable: true, value: zlibCodes },
});
// The constants of old, on the module itself (brotli's were never there).
for (const key of Object.keys(constants)) {
  if (!key.startsWith('BROTLI')) Object.defineProperty(module.exports, key, { __proto__: null, value: constants[key] });
}
