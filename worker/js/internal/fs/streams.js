'use strict';
// fs.ReadStream and fs.WriteStream: a Readable and a Writable over a file.
// Their file calls go to the `fs` module as it is at each call (a script or
// a library such as graceful-fs may replace fs.read or fs.close after the
// stream is made), to options.fs, or to a FileHandle given as `fd`. A class
// or prototype that overrides open() is opened the old way: by calling it
// and waiting for its 'open' or 'error'. Loaded, with `stream`, only when a
// script makes or names one of them.

const { Readable, Writable, finished } = internalRequire('node/stream');
const { errorOrDestroy } = internalRequire('internal/deps/readable_stream/internal/streams/destroy');
const { codes } = internalRequire('internal/errors');
const { validateAbortSignal, validateBoolean, validateFunction, validateInteger } =
  internalRequire('internal/validators');
const { Buffer } = internalRequire('internal/buffer/buffer');
const utils = internalRequire('internal/fs/utils');

const {
  ERR_INVALID_ARG_TYPE, ERR_METHOD_NOT_IMPLEMENTED, ERR_OUT_OF_RANGE, ERR_STREAM_DESTROYED, ERR_SYSTEM_ERROR,
} = codes;

// The object whose open/read/write/writev/fsync/close the stream calls.
const kFs = Symbol('kFs');
// The FileHandle the stream reads or writes through, if it was given one.
const kHandle = Symbol('kHandle');
// A read or write under way, which closing the file must wait for, and what
// to run once it is done.
const kIo = Symbol('kIo');
const kAfterIo = Symbol('kAfterIo');

const kDefaultReadHighWaterMark = 64 * 1024;
// A write that keeps writing nothing is given up after this many tries.
const kMaxEmptyWrites = 5;

const fsModule = () => internalRequire('node/fs');

// The options as Node reads them: a string is the encoding, an object's
// inherited properties count too, and the script's object is left as it was.
function copyOptions(options) {
  const copy = {};
  if (options == null || typeof options === 'function') return copy;
  if (typeof options === 'string') {
    copy.encoding = options;
  } else if (typeof options === 'object') {
    for (const key in options) copy[key] = options[key];
  } else {
    throw new ERR_INVALID_ARG_TYPE('options', ['string', 'object'], options);
  }
  utils.checkEncoding(copy.encoding);
  if (copy.signal !== undefined) validateAbortSignal(copy.signal, 'options.signal');
  return copy;
}

// The stream's file when the script names one: a path, with the flags and
// mode to open it with, through fs or options.fs.
function takePath(stream, path, options, defaultFlags) {
  stream.fd = null;
  stream[kFs] = options.fs || fsModule();
  validateFunction(stream[kFs].open, 'options.fs.open');
  stream.path = utils.toPath(path);
  stream.flags = options.flags === undefined ? defaultFlags : options.flags;
  stream.mode = options.mode === undefined ? 0o666 : options.mode;
}

// The stream's file when the script gives it open: a descriptor, used
// through fs or options.fs, or a FileHandle, used through its own methods.
function takeFd(stream, options) {
  const fd = options.fd;
  if (typeof fd === 'number') {
    stream[kFs] = options.fs || fsModule();
    stream.fd = utils.toFd(fd);
    return;
  }
  const { FileHandle } = internalRequire('internal/fs/file_handle');
  if (!(fd instanceof FileHandle)) throw new ERR_INVALID_ARG_TYPE('options.fd', ['number', 'FileHandle'], fd);
  if (options.fs) throw new ERR_METHOD_NOT_IMPLEMENTED('FileHandle with fs');
  stream.fd = utils.toFd(fd.fd);
  stream[kHandle] = fd;
  stream[kFs] = handleMethods(fd);
}

// Makes the Readable or Writable of `stream`, which from then on holds its
// FileHandle's descriptor until it closes; closing the handle closes (a
// WriteStream: ends) the stream. The hold comes first, since the stream may
// be destroyed while it is made (by an aborted signal); an option the stream
// refuses lets go of it again.
function makeStream(stream, Base, options) {
  const handle = stream[kHandle];
  if (handle === undefined) {
    Reflect.apply(Base, stream, [options]);
    return;
  }
  const { kRef, kUnref } = internalRequire('internal/fs/file_handle');
  const onClose = () => stream.close();
  handle[kRef]();
  handle.on('close', onClose);
  try {
    Reflect.apply(Base, stream, [options]);
  } catch (err) {
    handle.off('close', onClose);
    handle[kUnref]();
    throw err;
  }
}

// fs's callback signatures over a FileHandle's promises. Each call looks the
// method up on the handle, so one a script has wrapped is the one used.
function handleMethods(handle) {
  return {
    open() {
      throw new ERR_METHOD_NOT_IMPLEMENTED('open()');
    },
    read(fd, buffer, offset, length, position, cb) {
      handle.read(buffer, offset, length, position)
        .then((r) => cb(null, r.bytesRead, r.buffer), (err) => cb(err, 0, buffer));
    },
    write(fd, buffer, offset, length, position, cb) {
      handle.write(buffer, offset, length, position)
        .then((r) => cb(null, r.bytesWritten, r.buffer), (err) => cb(err, 0, buffer));
    },
    writev(fd, buffers, position, cb) {
      handle.writev(buffers, position)
        .then((r) => cb(null, r.bytesWritten, r.buffers), (err) => cb(err, 0, buffers));
    },
    fsync(fd, cb) {
      handle.sync().then(() => cb(null), cb);
    },
    close(fd, cb) {
      const { kUnref } = internalRequire('internal/fs/file_handle');
      handle[kUnref]();
      handle.close().then(() => cb(), cb);
    },
  };
}

// _construct of both kinds: nothing to do for a descriptor given open; an
// open() of the script's own is called and its 'open' or 'error' awaited.
function construct(stream, defaultOpen, callback) {
  if (typeof stream.fd === 'number') {
    callback();
    return;
  }
  if (stream.open !== defaultOpen) {
    openTheOldWay(stream, callback);
    return;
  }
  stream[kFs].open(stream.path, stream.flags, stream.mode, (err, fd) => {
    if (err) {
      callback(err);
      return;
    }
    stream.fd = fd;
    constructed(stream, callback);
    stream.emit('open', fd);
    stream.emit('ready');
  });
}

// Completes a successful construction. The bundled streams mark a stream
// constructed only a tick after _construct calls back, where Node 20 does it
// at once; so a write made by an 'open' listener would wait in the buffer
// while one made a tick later went first. The flags are set here, before
// 'open' is emitted, as Node 20 has them then.
function constructed(stream, callback) {
  callback();
  if (stream._readableState) stream._readableState.constructed = true;
  if (stream._writableState) stream._writableState.constructed = true;
}

// An open() of old sets stream.fd and emits 'open', or emits 'error'. The
// first of the two completes the construction: 'open' goes on to the
// listeners after it, an 'error' is the construction's failure, which the
// stream then emits itself.
function openTheOldWay(stream, callback) {
  const emit = stream.emit;
  stream.emit = function emitDuringOpen(event, ...args) {
    if (event === 'open') {
      stream.emit = emit;
      constructed(stream, callback);
      return Reflect.apply(emit, this, [event, ...args]);
    }
    if (event === 'error') {
      stream.emit = emit;
      callback(args[0]);
      return true;
    }
    return Reflect.apply(emit, this, [event, ...args]);
  };
  stream.open();
}

function ioStarted(stream) {
  stream[kIo] = true;
}

// The read or write has ended: runs `then` (if given), and after it what
// was waiting for the descriptor to be free.
function ioDone(stream, then) {
  stream[kIo] = false;
  const after = stream[kAfterIo];
  stream[kAfterIo] = null;
  if (then !== undefined) then();
  if (after !== null) after();
}

// _destroy of both kinds: waits for the read or write under way (the
// thread pool may still be using the descriptor), syncs it when asked to,
// then closes it. fd is null from the moment close is called. A descriptor 0
// is left open, as Node leaves it.
function destroyFile(stream, err, callback) {
  if (stream[kIo]) {
    stream[kAfterIo] = () => destroyFile(stream, err, callback);
    return;
  }
  if (!stream.fd) {
    callback(err);
    return;
  }
  if (stream.flush) {
    stream[kFs].fsync(stream.fd, (syncErr) => closeFile(stream, err || syncErr, callback));
    return;
  }
  closeFile(stream, err, callback);
}

function closeFile(stream, err, callback) {
  stream[kFs].close(stream.fd, (closeErr) => callback(closeErr || err));
  stream.fd = null;
}

function defineCommon(proto, stateName) {
  Object.defineProperty(proto, 'pending', {
    __proto__: null,
    configurable: true,
    get() { return this.fd === null; },
  });
  // autoClose is the stream's autoDestroy.
  Object.defineProperty(proto, 'autoClose', {
    __proto__: null,
    configurable: true,
    get() { return this[stateName].autoDestroy; },
    set(value) { this[stateName].autoDestroy = value; },
  });
}

// open() of old, which only a script calls now: it does nothing.
function deprecatedOpen(className) {
  let warned = false;
  return function open() {
    if (warned) return;
    warned = true;
    process.emitWarning(`${className}.prototype.open() is deprecated`, 'DeprecationWarning', 'DEP0135');
  };
}

// --- ReadStream ---------------------------------------------------------------

function ReadStream(path, options) {
  if (!(this instanceof ReadStream)) return new ReadStream(path, options);
  options = copyOptions(options);
  if (options.highWaterMark === undefined) options.highWaterMark = kDefaultReadHighWaterMark;
  if (options.fd == null) takePath(this, path, options, 'r');
  else takeFd(this, options);
  options.autoDestroy = options.autoClose === undefined ? true : options.autoClose;
  validateFunction(this[kFs].read, 'options.fs.read');
  if (options.autoDestroy) validateFunction(this[kFs].close, 'options.fs.close');

  this.start = options.start;
  this.end = options.end === undefined ? Infinity : options.end;
  this.pos = undefined;
  this.bytesRead = 0;
  this[kIo] = false;
  this[kAfterIo] = null;
  if (this.start !== undefined) {
    validateInteger(this.start, 'start', 0);
    this.pos = this.start;
  }
  if (this.end !== Infinity) {
    validateInteger(this.end, 'end', 0);
    if (this.start !== undefined && this.start > this.end) {
      throw new ERR_OUT_OF_RANGE('start', `<= "end" (here: ${this.end})`, this.start);
    }
  }
  makeStream(this, Readable, options);
}
Object.setPrototypeOf(ReadStream.prototype, Readable.prototype);
Object.setPrototypeOf(ReadStream, Readable);
defineCommon(ReadStream.prototype, '_readableState');

const defaultReadOpen = deprecatedOpen('ReadStream');
ReadStream.prototype.open = defaultReadOpen;

ReadStream.prototype._construct = function _construct(callback) {
  construct(this, defaultReadOpen, callback);
};

ReadStream.prototype._read = function _read(size) {
  const left = (this.pos !== undefined ? this.end - this.pos : this.end - this.bytesRead) + 1;
  const n = Math.min(left, size);
  if (n <= 0) {
    this.push(null);
    return;
  }
  const buffer = Buffer.allocUnsafeSlow(n);
  ioStarted(this);
  this[kFs].read(this.fd, buffer, 0, n, this.pos, (err, bytesRead) => {
    ioDone(this);
    if (this.destroyed) return;
    if (err) {
      errorOrDestroy(this, err);
    } else if (bytesRead > 0) {
      if (this.pos !== undefined) this.pos += bytesRead;
      this.bytesRead += bytesRead;
      // A short read is copied out, so that a small chunk does not keep a
      // whole highWaterMark of memory alive for as long as it lives.
      let chunk = buffer;
      if (bytesRead !== n) {
        chunk = Buffer.allocUnsafeSlow(bytesRead);
        buffer.copy(chunk, 0, 0, bytesRead);
      }
      this.push(chunk);
    } else {
      this.push(null);
    }
  });
};

ReadStream.prototype._destroy = function _destroy(err, callback) {
  destroyFile(this, err, callback);
};

ReadStream.prototype.close = function close(callback) {
  if (typeof callback === 'function') finished(this, callback);
  this.destroy();
};

// --- WriteStream --------------------------------------------------------------

function WriteStream(path, options) {
  if (!(this instanceof WriteStream)) return new WriteStream(path, options);
  options = copyOptions(options);
  // Strings become Buffers before _write sees them.
  options.decodeStrings = true;
  if (options.fd == null) takePath(this, path, options, 'w');
  else takeFd(this, options);
  options.autoDestroy = options.autoClose === undefined ? true : options.autoClose;

  // Either write or writev is enough: without writev chunks go one by one,
  // without write a single chunk goes through writev.
  const methods = this[kFs];
  if (!methods.write && !methods.writev) throw new ERR_INVALID_ARG_TYPE('options.fs.write', 'function', methods.write);
  if (methods.write) validateFunction(methods.write, 'options.fs.write');
  if (methods.writev) validateFunction(methods.writev, 'options.fs.writev');
  else this._writev = null;
  if (options.autoDestroy) validateFunction(methods.close, 'options.fs.close');

  this.flush = options.flush == null ? false : options.flush;
  validateBoolean(this.flush, 'options.flush');
  this.start = options.start;
  this.pos = undefined;
  this.bytesWritten = 0;
  this[kIo] = false;
  this[kAfterIo] = null;
  if (this.start !== undefined) {
    validateInteger(this.start, 'start', 0);
    this.pos = this.start;
  }
  makeStream(this, Writable, options);
  if (options.encoding) this.setDefaultEncoding(options.encoding);
}
Object.setPrototypeOf(WriteStream.prototype, Writable.prototype);
Object.setPrototypeOf(WriteStream, Writable);
defineCommon(WriteStream.prototype, '_writableState');

const defaultWriteOpen = deprecatedOpen('WriteStream');
WriteStream.prototype.open = defaultWriteOpen;

WriteStream.prototype._construct = function _construct(callback) {
  construct(this, defaultWriteOpen, callback);
};

// Writes `size` bytes of the chunks at `position` (undefined: the file's own
// position), again with what is left after a short write; EAGAIN counts as
// a write of nothing.
function writeAll(stream, chunks, size, position, callback, emptyWrites = 0) {
  const done = (err, written) => {
    if (err && err.code === 'EAGAIN') {
      err = null;
      written = 0;
    }
    if (err || stream.destroyed) {
      callback(err || new ERR_STREAM_DESTROYED('write'));
      return;
    }
    stream.bytesWritten += written;
    size -= written;
    emptyWrites = written === 0 ? emptyWrites + 1 : 0;
    if (size === 0) {
      callback();
    } else if (emptyWrites > kMaxEmptyWrites) {
      callback(new ERR_SYSTEM_ERROR('write failed'));
    } else {
      const all = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      writeAll(stream, [all.subarray(written)], size, position === undefined ? undefined : position + written,
        callback, emptyWrites);
    }
  };
  const methods = stream[kFs];
  if (chunks.length === 1 && methods.write) {
    methods.write(stream.fd, chunks[0], 0, size, position, done);
  } else {
    methods.writev(stream.fd, chunks, position, done);
  }
}

function writeChunks(stream, chunks, size, callback) {
  ioStarted(stream);
  writeAll(stream, chunks, size, stream.pos, (err) => ioDone(stream, () => callback(err)));
  if (stream.pos !== undefined) stream.pos += size;
}

WriteStream.prototype._write = function _write(data, encoding, callback) {
  writeChunks(this, [data], data.length, callback);
};

WriteStream.prototype._writev = function _writev(data, callback) {
  const chunks = new Array(data.length);
  let size = 0;
  for (let i = 0; i < data.length; i++) {
    chunks[i] = data[i].chunk;
    size += chunks[i].length;
  }
  writeChunks(this, chunks, size, callback);
};

WriteStream.prototype._destroy = function _destroy(err, callback) {
  destroyFile(this, err, callback);
};

// close([callback]): ends the stream; the callback runs once it has closed.
WriteStream.prototype.close = function close(callback) {
  if (callback) {
    if (this.closed) {
      process.nextTick(callback);
      return;
    }
    this.on('close', callback);
  }
  // A stream that does not close itself when it finishes is closed then.
  if (!this.autoClose) this.on('finish', this.destroy);
  this.end();
};

// Files have no half-close: ending is all there is.
WriteStream.prototype.destroySoon = WriteStream.prototype.end;

module.exports = { ReadStream, WriteStream };
