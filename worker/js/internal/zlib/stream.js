'use strict';
// zlib's stream classes (Gzip, Inflate, BrotliCompress...): Transforms over a
// native codec (internalBinding('zlib').Stream) fed one chunk at a time.
// Loaded, with `stream`, only when a script makes or names one of them.

const native = binding.internalBinding('zlib');
const { Transform, finished } = internalRequire('node/stream');
const { codes } = internalRequire('internal/errors');
const { FastBuffer } = internalRequire('internal/buffer/buffer');
const kinds = internalRequire('internal/zlib/options');

const { ERR_INVALID_ARG_TYPE, ERR_ZLIB_INITIALIZATION_FAILED } = codes;
const { optionsFor, checkRangesOrGetDefault } = kinds;
const ArrayIsArray = Array.isArray;

const constants = native.constants;
const {
  Z_SYNC_FLUSH, Z_FULL_FLUSH, Z_MIN_LEVEL, Z_MAX_LEVEL, Z_DEFAULT_STRATEGY, Z_FIXED, BROTLI_OPERATION_FLUSH,
} = constants;

// The flush a chunk written by flush() asks for, instead of the default.
const kFlushFlag = Symbol('kFlushFlag');
// The error the data caused, kept as Node keeps it.
const kError = Symbol('kError');

// Node's zlib error from the codec's [status, message, errno, code].
function codecError(result) {
  const error = new Error(result[1]);
  error.errno = result[2];
  error.code = result[3];
  return error;
}

// What every zlib stream shares; `options` are the checked ones of optionsFor().
function ZlibBase(opts, options, fullFlush) {
  Transform.call(this, { autoDestroy: true, ...opts });
  const handle = new native.Stream();
  if (!handle.init(options.mode, options.level, options.windowBits, options.memLevel, options.strategy,
    options.chunkSize, options.dictionary, options.params)) {
    throw new ERR_ZLIB_INITIALIZATION_FAILED();
  }
  this._handle = handle;
  this._chunkSize = options.chunkSize;
  this._defaultFlushFlag = options.flush;
  this._finishFlushFlag = options.finishFlush;
  this._defaultFullFlushFlag = fullFlush;
  this._maxOutputLength = options.maxOutputLength;
  this[kError] = null;
  this.bytesWritten = 0;
}
Object.setPrototypeOf(ZlibBase.prototype, Transform.prototype);
Object.setPrototypeOf(ZlibBase, Transform);

Object.defineProperty(ZlibBase.prototype, '_closed', {
  configurable: true,
  enumerable: true,
  get() { return this._handle === null; },
});

// Output comes out in pieces of at most chunkSize bytes, as Node's does.
ZlibBase.prototype._pushOutput = function(bytes) {
  const size = this._chunkSize;
  for (let offset = 0; offset < bytes.byteLength; offset += size) {
    this.push(new FastBuffer(bytes, offset, Math.min(size, bytes.byteLength - offset)));
  }
};

ZlibBase.prototype._feed = function(chunk, flush, callback) {
  if (this._handle === null) {
    callback();
    return;
  }
  const result = this._handle.write(flush, chunk);
  if (ArrayIsArray(result)) {
    const error = codecError(result);
    this[kError] = error;
    this._handle.close();
    this._handle = null;
    callback(error);
    return;
  }
  this.bytesWritten += this._handle.consumed();
  this._pushOutput(result);
  callback();
};

ZlibBase.prototype._transform = function(chunk, encoding, callback) {
  const flush = chunk[kFlushFlag] !== undefined ? chunk[kFlushFlag] : this._defaultFlushFlag;
  this._feed(chunk, flush, callback);
};

ZlibBase.prototype._flush = function(callback) {
  this._feed(new FastBuffer(), this._finishFlushFlag, callback);
};

ZlibBase.prototype._destroy = function(error, callback) {
  if (this._handle !== null) {
    this._handle.close();
    this._handle = null;
  }
  callback(error);
};

// flush([kind][, callback]): what was written so far comes out now.
ZlibBase.prototype.flush = function(kind, callback) {
  if (typeof kind === 'function' || (kind === undefined && !callback)) {
    callback = kind;
    kind = this._defaultFullFlushFlag;
  }
  if (this.writableFinished) {
    if (callback) process.nextTick(callback);
  } else if (this.writableEnded) {
    if (callback) this.once('end', callback);
  } else {
    const marker = new FastBuffer();
    marker[kFlushFlag] = kind;
    this.write(marker, '', callback);
  }
};

ZlibBase.prototype.close = function(callback) {
  if (callback) finished(this, callback);
  this.destroy();
};

ZlibBase.prototype.reset = function() {
  if (this._handle !== null) this._handle.reset();
};

// The zlib kinds; params() changes deflate's level and strategy mid-stream.
function Zlib(opts, mode) {
  const options = optionsFor(mode, opts);
  ZlibBase.call(this, opts, options, Z_FULL_FLUSH);
  this._level = options.level;
  this._strategy = options.strategy;
}
Object.setPrototypeOf(Zlib.prototype, ZlibBase.prototype);
Object.setPrototypeOf(Zlib, ZlibBase);

Zlib.prototype.params = function params(level, strategy, callback) {
  checkRangesOrGetDefault(level, 'level', Z_MIN_LEVEL, Z_MAX_LEVEL);
  checkRangesOrGetDefault(strategy, 'strategy', Z_DEFAULT_STRATEGY, Z_FIXED);
  if (callback !== undefined && typeof callback !== 'function') {
    throw new ERR_INVALID_ARG_TYPE('callback', 'Function', callback);
  }
  if (this._level === level && this._strategy === strategy) {
    if (callback) process.nextTick(callback);
    return;
  }
  this.flush(Z_SYNC_FLUSH, () => {
    if (this._handle !== null) this._handle.params(level, strategy);
    if (!this.destroyed) {
      this._level = level;
      this._strategy = strategy;
    }
    if (callback) callback();
  });
};

function Brotli(opts, mode) {
  ZlibBase.call(this, opts, optionsFor(mode, opts), BROTLI_OPERATION_FLUSH);
}
// Under Zlib, as in Node, so that it has a params() (which changes nothing).
Object.setPrototypeOf(Brotli.prototype, Zlib.prototype);
Object.setPrototypeOf(Brotli, Zlib);

// A public class of kind `mode` on `base`, callable with or without new.
function kindClass(name, base, mode) {
  const cls = {
    [name]: function(opts) {
      if (!new.target) return new cls(opts);
      base.call(this, opts, mode);
    },
  }[name];
  Object.setPrototypeOf(cls.prototype, base.prototype);
  Object.setPrototypeOf(cls, base);
  return cls;
}

module.exports = {
  Deflate: kindClass('Deflate', Zlib, kinds.DEFLATE),
  Inflate: kindClass('Inflate', Zlib, kinds.INFLATE),
  Gzip: kindClass('Gzip', Zlib, kinds.GZIP),
  Gunzip: kindClass('Gunzip', Zlib, kinds.GUNZIP),
  DeflateRaw: kindClass('DeflateRaw', Zlib, kinds.DEFLATERAW),
  InflateRaw: kindClass('InflateRaw', Zlib, kinds.INFLATERAW),
  Unzip: kindClass('Unzip', Zlib, kinds.UNZIP),
  BrotliCompress: kindClass('BrotliCompress', Brotli, kinds.BROTLI_ENCODE),
  BrotliDecompress: kindClass('BrotliDecompress', Brotli, kinds.BROTLI_DECODE),
};
