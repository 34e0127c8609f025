'use strict';
// fs.ReadStream and fs.WriteStream: a Readable and a Writable over a file,
// on fs's callback API (open, read, write, close, or those of options.fs).
// Loaded, with `stream`, only when a script makes or names one of them.

const { Readable, Writable, finished } = internalRequire('node/stream');
const { codes } = internalRequire('internal/errors');
const { validateInteger, validateFunction } = internalRequire('internal/validators');
const { Buffer } = internalRequire('internal/buffer/buffer');
const utils = internalRequire('internal/fs/utils');

const { ERR_OUT_OF_RANGE } = codes;

// The fs methods a stream calls, from options.fs or node:fs.
const kFs = Symbol('kFs');
// A read or write under way, which closing the file must wait for.
const kIo = Symbol('kIo');
const kAfterIo = Symbol('kAfterIo');

const kDefaultReadHighWaterMark = 64 * 1024;

// What both kinds share: the options, the file (a path or an fd), start.
function setUp(stream, path, options, defaultFlags, methods) {
  const fs = internalRequire('node/fs');
  stream[kFs] = { ...fs };
  if (options.fs != null) {
    for (const name of methods) {
      if (options.fs[name] !== undefined) {
        validateFunction(options.fs[name], `options.fs.${name}`);
        stream[kFs][name] = options.fs[name];
      }
    }
  }
  stream.fd = null;
  if (options.fd != null) {
    stream.fd = utils.toFd(options.fd);
    stream.path = undefined;
  } else {
    stream.path = utils.toPath(path);
  }
  stream.flags = options.flags === undefined ? defaultFlags : options.flags;
  stream.mode = options.mode === undefined ? 0o666 : options.mode;
  stream.start = options.start;
  if (stream.start !== undefined) validateInteger(stream.start, 'start', 0);
  stream.pos = stream.start;
  stream[kIo] = false;
  stream[kAfterIo] = null;
}

// Readable/Writable's options from the script's: autoClose decides autoDestroy.
function streamOptions(options, extra) {
  return { ...options, autoDestroy: options.autoClose === undefined ? true : options.autoClose, ...extra };
}

function openFile(stream, callback) {
  if (stream.fd !== null) {
    callback();
    return;
  }
  stream[kFs].open(stream.path, stream.flags, stream.mode, (err, fd) => {
    if (err) {
      callback(err);
      return;
    }
    stream.fd = fd;
    callback();
    stream.emit('open', fd);
    stream.emit('ready');
  });
}

// Closes the file once no read or write is under way.
function closeFile(stream, err, callback) {
  if (stream[kIo]) {
    stream[kAfterIo] = () => closeFile(stream, err, callback);
    return;
  }
  if (stream.fd === null || stream.autoClose === false) {
    callback(err);
    return;
  }
  const fd = stream.fd;
  stream.fd = null;
  stream[kFs].close(fd, (closeErr) => callback(closeErr || err));
}

function ioDone(stream) {
  stream[kIo] = false;
  const after = stream[kAfterIo];
  stream[kAfterIo] = null;
  if (after !== null) after();
}

function options(value) {
  return utils.getOptions(value, {});
}

// --- ReadStream ---------------------------------------------------------------

function ReadStream(path, opts) {
  if (!new.target) return new ReadStream(path, opts);
  const o = options(opts);
  setUp(this, path, o, 'r', ['open', 'read', 'close']);
  this.end = o.end === undefined ? Infinity : o.end;
  if (this.end !== Infinity) validateInteger(this.end, 'end', 0);
  if (this.start !== undefined && this.start > this.end) {
    throw new ERR_OUT_OF_RANGE('start', `<= "end" (here: ${this.end})`, this.start);
  }
  this.bytesRead = 0;
  this.autoClose = o.autoClose === undefined ? true : o.autoClose;
  Readable.call(this, streamOptions(o, {
    highWaterMark: o.highWaterMark === undefined ? kDefaultReadHighWaterMark : o.highWaterMark,
  }));
}
Object.setPrototypeOf(ReadStream.prototype, Readable.prototype);
Object.setPrototypeOf(ReadStream, Readable);

Object.defineProperty(ReadStream.prototype, 'pending', {
  configurable: true,
  get() { return this.fd === null; },
});

ReadStream.prototype._construct = function(callback) {
  openFile(this, callback);
};

ReadStream.prototype._read = function(size) {
  const left = this.pos !== undefined ? this.end - this.pos + 1 : this.end - this.bytesRead + 1;
  const n = Math.min(left, size);
  if (n <= 0) {
    this.push(null);
    return;
  }
  const buffer = Buffer.allocUnsafeSlow(n);
  this[kIo] = true;
  this[kFs].read(this.fd, buffer, 0, n, this.pos === undefined ? null : this.pos, (err, bytesRead) => {
    ioDone(this);
    if (err) {
      this.destroy(err);
    } else if (bytesRead > 0) {
      if (this.pos !== undefined) this.pos += bytesRead;
      this.bytesRead += bytesRead;
      this.push(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead));
    } else {
      this.push(null);
    }
  });
};

ReadStream.prototype._destroy = function(err, callback) {
  closeFile(this, err, callback);
};

ReadStream.prototype.close = function(callback) {
  if (typeof callback === 'function') finished(this, callback);
  this.destroy();
};

// --- WriteStream --------------------------------------------------------------

function WriteStream(path, opts) {
  if (!new.target) return new WriteStream(path, opts);
  const o = options(opts);
  setUp(this, path, o, 'w', ['open', 'write', 'close']);
  this.bytesWritten = 0;
  this.autoClose = o.autoClose === undefined ? true : o.autoClose;
  Writable.call(this, streamOptions(o, { decodeStrings: true }));
  if (o.encoding) this.setDefaultEncoding(o.encoding);
}
Object.setPrototypeOf(WriteStream.prototype, Writable.prototype);
Object.setPrototypeOf(WriteStream, Writable);

Object.defineProperty(WriteStream.prototype, 'pending', {
  configurable: true,
  get() { return this.fd === null; },
});

WriteStream.prototype._construct = function(callback) {
  openFile(this, callback);
};

WriteStream.prototype._write = function(data, encoding, callback) {
  this[kIo] = true;
  const position = this.pos === undefined ? null : this.pos;
  if (this.pos !== undefined) this.pos += data.length;
  this[kFs].write(this.fd, data, 0, data.length, position, (err, written) => {
    ioDone(this);
    if (err) {
      callback(err);
      return;
    }
    this.bytesWritten += written;
    callback();
  });
};

WriteStream.prototype._destroy = function(err, callback) {
  closeFile(this, err, callback);
};

// close([callback]): ends the stream; the callback runs once it has closed.
WriteStream.prototype.close = function(callback) {
  if (callback) {
    if (this.closed) {
      process.nextTick(callback);
      return;
    }
    this.on('close', callback);
  }
  if (!this.autoClose) this.on('finish', this.destroy);
  this.end();
};

WriteStream.prototype.destroySoon = WriteStream.prototype.end;

module.exports = { ReadStream, WriteStream };
