'use strict';
// process.stdout / process.stderr / process.stdin, backed by the channel to
// the host. Built on first access only (see bootstrap's lazy accessors).
// They are never terminals and, as a Node worker's, have no `isTTY` at all.

const { EventEmitter } = internalRequire('events');

const kLevelNone = 0;
const streams = { 1: null, 2: null };

// Node's error classes (internal/errors), loaded by the first throw.
const codes = () => internalRequire('internal/errors').codes;

function invalidChunk(chunk) {
  if (chunk === null) return new (codes().ERR_STREAM_NULL_VALUES)();
  return new (codes().ERR_INVALID_ARG_TYPE)('chunk', ['string', 'Buffer', 'TypedArray', 'DataView'], chunk);
}

class WriteStream extends EventEmitter {
  constructor(fd) {
    super();
    binding.countStdioObject();
    this.fd = fd;
    this._type = 'pipe';
    this._isStdio = true;
    this.writable = true;
    this.writableHighWaterMark = 16384;
    this._needDrain = false;
    streams[fd] = this;
  }

  get writableNeedDrain() {
    return this._needDrain;
  }

  write(chunk, encoding, callback) {
    if (typeof encoding === 'function') {
      callback = encoding;
      encoding = undefined;
    }
    if (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) throw invalidChunk(chunk);
    const below = binding.writeStdio(this.fd, chunk, kLevelNone);
    // The bytes are on their way in order; the callback runs once this
    // write has left the worker's hands, never synchronously.
    if (typeof callback === 'function') process.nextTick(callback, null);
    if (!below) this._needDrain = true;
    return below;
  }

  end(chunk, encoding, callback) {
    if (typeof chunk === 'function') {
      callback = chunk;
      chunk = undefined;
    } else if (typeof encoding === 'function') {
      callback = encoding;
      encoding = undefined;
    }
    if (chunk !== undefined && chunk !== null) this.write(chunk, encoding);
    if (typeof callback === 'function') process.nextTick(callback);
    return this;
  }

  cork() {}
  uncork() {}
  setDefaultEncoding() {
    return this;
  }
  getColorDepth() {
    return 1;
  }
  hasColors() {
    return false;
  }
}

function onDrain() {
  for (const fd of [1, 2]) {
    const stream = streams[fd];
    if (stream !== null && stream._needDrain) {
      stream._needDrain = false;
      stream.emit('drain');
    }
  }
}

class ReadStream extends EventEmitter {
  constructor(setRef) {
    super();
    binding.countStdioObject();
    this.fd = 0;
    this.readable = true;
    this._setRef = setRef;
    this._encoding = null;
    this._ended = false;
    this._paused = true;
    this._refed = true;
  }

  setEncoding(encoding) {
    this._encoding = encoding;
    return this;
  }

  pause() {
    this._paused = true;
    this._updateRef();
    return this;
  }

  resume() {
    this._paused = false;
    this._updateRef();
    return this;
  }

  ref() {
    this._refed = true;
    this._updateRef();
    return this;
  }

  unref() {
    this._refed = false;
    this._updateRef();
    return this;
  }

  _updateRef() {
    this._setRef(this._refed && !this._paused && !this._ended);
  }

  // From the host: a piece of text, or the end of the stream.
  _push(text, eof) {
    if (text !== undefined) this.emit('data', text);
    if (eof && !this._ended) {
      this._ended = true;
      this.readable = false;
      this._updateRef();
      this.emit('end');
      this.emit('close');
    }
  }
}

ReadStream.prototype[internalRequire('events').kListenersChanged] = function listenersChanged(type) {
  if (type === 'data' || type === 'readable') {
    if (this.listenerCount('data') + this.listenerCount('readable') > 0) this.resume();
  }
};

let process = null;
exports.setProcess = (value) => { process = value; };
exports.createStdout = () => new WriteStream(1);
exports.createStderr = () => new WriteStream(2);
exports.createStdin = (setRef) => new ReadStream(setRef);
exports.onDrain = onDrain;
exports.WriteStream = WriteStream;
