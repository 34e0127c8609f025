'use strict';
// zlib's stream classes (Gzip, Inflate, BrotliCompress...): Transforms over a
// native codec (internalBinding('zlib').Stream) that takes a chunk in steps,
// each filling at most one output chunk.
// Loaded, with `stream`, only when a script makes or names one of them.

const native = binding.internalBinding('zlib');
const { Transform, finished } = internalRequire('node/stream');
const { codes } = internalRequire('internal/errors');
const { Buffer, FastBuffer } = internalRequire('internal/buffer/buffer');
const kinds = internalRequire('internal/zlib/options');

const { ERR_BUFFER_TOO_LARGE, ERR_INVALID_ARG_TYPE, ERR_ZLIB_INITIALIZATION_FAILED } = codes;
const { optionsFor, checkRangesOrGetDefault } = kinds;
const ArrayBufferIsView = ArrayBuffer.isView;

const constants = native.constants;
const {
  Z_SYNC_FLUSH, Z_FULL_FLUSH, Z_MIN_LEVEL, Z_MAX_LEVEL, Z_DEFAULT_STRATEGY, Z_FIXED, BROTLI_OPERATION_FLUSH,
} = constants;

// The flush a chunk written by flush() asks for, instead of the default.
const kFlushFlag = Symbol('kFlushFlag');
// The error the data caused, kept as Node keeps it.
const kError = Symbol('kError');
// The rest of a chunk's processing, waiting for the reader to read.
const kResume = Symbol('kResume');

// How much a flush value flushes, indexed by the value: Z_NO_FLUSH <
// Z_BLOCK < Z_PARTIAL_FLUSH < Z_SYNC_FLUSH < Z_FULL_FLUSH < Z_FINISH
// (brotli's PROCESS, FLUSH, FINISH, EMIT_METADATA are 0..3 and rank as the
// zlib values of those numbers, as in Node).
const kFlushRank = [0, 2, 3, 4, 5, 1];
function maxFlush(a, b) {
  return kFlushRank[a] > kFlushRank[b] ? a : b;
}

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
  const state = new Uint32Array(2);
  if (!handle.init(options.mode, options.level, options.windowBits, options.memLevel, options.strategy,
    options.chunkSize, options.dictionary, options.params, state)) {
    throw new ERR_ZLIB_INITIALIZATION_FAILED();
  }
  this._handle = handle;
  this._writeState = state;
  this._outBuffer = null;
  this._outOffset = 0;
  this._chunkSize = options.chunkSize;
  this._defaultFlushFlag = options.flush;
  this._finishFlushFlag = options.finishFlush;
  this._defaultFullFlushFlag = fullFlush;
  this._maxOutputLength = options.maxOutputLength;
  this[kError] = null;
  this[kResume] = null;
  this.bytesWritten = 0;
}
Object.setPrototypeOf(ZlibBase.prototype, Transform.prototype);
Object.setPrototypeOf(ZlibBase, Transform);

Object.defineProperty(ZlibBase.prototype, '_closed', {
  configurable: true,
  enumerable: true,
  get() { return this._handle === null; },
});

// One step of the codec over `chunk` from `offset`, into the rest of the
// current output chunk: the bytes it made (a view, maybe empty), or the
// error the data caused (the handle is closed then). The input it took and
// whether more output waits are in this._writeState.
function step(stream, chunk, offset, flush) {
  if (stream._outBuffer === null || stream._outOffset >= stream._outBuffer.length) {
    stream._outBuffer = Buffer.allocUnsafe(stream._chunkSize);
    stream._outOffset = 0;
  }
  const start = stream._outOffset;
  const produced = stream._handle.write(flush, chunk, offset, stream._outBuffer, start);
  if (typeof produced !== 'number') {
    const error = produced === undefined ? new ERR_ZLIB_INITIALIZATION_FAILED() : codecError(produced);
    stream[kError] = error;
    stream._handle.close();
    stream._handle = null;
    return error;
  }
  stream.bytesWritten += stream._writeState[0];
  stream._outOffset = start + produced;
  return new FastBuffer(stream._outBuffer.buffer, stream._outBuffer.byteOffset + start, produced);
}

// Runs `chunk` through the codec, pushing each piece of output as it comes,
// and calls `done(error)` once the codec has taken what it will of it. While
// the reader is not reading (push() said so), the rest waits for _read():
// a few bytes of a compression bomb never become more than a chunk or so.
function processChunk(stream, chunk, flush, done) {
  let offset = 0;
  const run = () => {
    for (;;) {
      // Closed or destroyed meanwhile: nothing more comes of this chunk.
      if (stream._handle === null) {
        done();
        return;
      }
      const out = step(stream, chunk, offset, flush);
      if (out instanceof Error) {
        done(out);
        return;
      }
      offset += stream._writeState[0];
      const more = stream._writeState[1] === 1;
      const reading = out.length === 0 || stream.push(out);
      if (stream.destroyed) {
        done();
        return;
      }
      if (more) {
        if (reading) continue;
        stream[kResume] = run;
        return;
      }
      // The codec left input it did not want: the data ended before it
      // (what trails a deflate or brotli stream is not read), so does the
      // readable side, as in Node.
      if (offset < chunk.length) stream.push(null);
      done();
      return;
    }
  };
  run();
}

ZlibBase.prototype._read = function(n) {
  const resume = this[kResume];
  if (resume !== null) {
    this[kResume] = null;
    resume();
  }
  Transform.prototype._read.call(this, n);
};

// A chunk is (de)compressed a tick after it is written, as Node's are on its
// thread pool: a write's callback, a flush's and what read() sees between
// them come in Node's order.
ZlibBase.prototype._transform = function(chunk, encoding, callback) {
  if (typeof chunk === 'string') {
    chunk = Buffer.from(chunk, encoding);
  } else if (!ArrayBufferIsView(chunk)) {
    throw new ERR_INVALID_ARG_TYPE('chunk', ['string', 'Buffer', 'TypedArray', 'DataView'], chunk);
  }
  let flush = chunk[kFlushFlag] !== undefined ? chunk[kFlushFlag] : this._defaultFlushFlag;
  // The last chunk of an ended stream finishes it (a flush marker too).
  if (this.writableEnded && this.writableLength === chunk.byteLength) flush = maxFlush(flush, this._finishFlushFlag);
  process.nextTick(processChunk, this, chunk, flush, callback);
};

ZlibBase.prototype._flush = function(callback) {
  process.nextTick(processChunk, this, new FastBuffer(), this._finishFlushFlag, callback);
};

// _processChunk(chunk, flush[, callback]): without a callback, at once,
// returning all the output as one Buffer; with one, as a write would.
ZlibBase.prototype._processChunk = function(chunk, flush, callback) {
  if (typeof callback === 'function') {
    processChunk(this, chunk, flush, callback);
    return undefined;
  }
  return processChunkSync(this, chunk, flush);
};

function processChunkSync(stream, chunk, flush) {
  if (typeof chunk === 'string') chunk = Buffer.from(chunk);
  const pieces = [];
  let length = 0;
  let offset = 0;
  for (;;) {
    if (stream._handle === null) throw stream[kError] || new ERR_ZLIB_INITIALIZATION_FAILED();
    // Errors are thrown, not emitted: the handle is closed and that is all.
    const out = step(stream, chunk, offset, flush);
    if (out instanceof Error) throw out;
    offset += stream._writeState[0];
    if (out.length > 0) {
      length += out.length;
      if (length > stream._maxOutputLength) {
        stream._handle.close();
        stream._handle = null;
        throw new ERR_BUFFER_TOO_LARGE(stream._maxOutputLength);
      }
      pieces.push(out);
    }
    if (stream._writeState[1] !== 1) break;
  }
  return Buffer.concat(pieces, length);
}

ZlibBase.prototype._destroy = function(error, callback) {
  if (this._handle !== null) {
    this._handle.close();
    this._handle = null;
  }
  this[kResume] = null;
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
      // Without new, or called on an object of a subclass (Node's classes
      // are functions, and some code inherits from them that way).
      if (!(this instanceof cls)) return new cls(opts);
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
