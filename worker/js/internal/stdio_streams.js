'use strict';
// The classes of process.stdout / process.stderr (a stream.Writable) and
// process.stdin (a stream.Readable), backed by the channel to the host;
// loaded by stdio.js when a script first reads one of them. stdout and
// stderr are lazy Writables (internal/streams/lazy_stream): until the script
// uses them as streams (pipes into them, ends them, requires 'stream') their
// write() goes to the channel without compiling the stream module.

const { makeLazyStream, kStreamBuilt } = internalRequire('internal/streams/lazy_stream');

const kLevelNone = 0;
const streams = { 1: null, 2: null };
const kOptions = { decodeStrings: false, emitClose: false };

// Node's error classes (internal/errors), loaded by the first throw.
const codes = () => internalRequire('internal/errors').codes;

function invalidChunk(chunk) {
  if (chunk === null) return new (codes().ERR_STREAM_NULL_VALUES)();
  return new (codes().ERR_INVALID_ARG_TYPE)('chunk', ['string', 'Buffer', 'TypedArray', 'DataView'], chunk);
}

// Every chunk goes to the channel as soon as it is written, so nothing waits
// in the stream's buffer (and nothing is lost at exit). The channel's window
// is the only back-pressure: write() answers false above it, whatever the
// size of one chunk, and 'drain' follows when the host has acknowledged what
// it took (onDrain), not before.
class WriteStream {
  constructor(fd, setDrainRef) {
    // The EventEmitter under the stand-in, or Writable's own constructor
    // once streams are loaded; either way the stream state waits.
    internalRequire('internal/events/emitter').EventEmitter.call(this);
    this._setDrainRef = setDrainRef;
    binding.countStdioObject();
    this.fd = fd;
    this._type = 'pipe';
    this._isStdio = true;
    // As Node's stdout and stderr of every kind say (its SyncWriteStream
    // too); an own property, which reading builds no stream for.
    Object.defineProperty(this, 'readable', { __proto__: null, value: false, writable: true, enumerable: true, configurable: true });
    this._aboveWindow = false;
    streams[fd] = this;
  }

  get writableNeedDrain() {
    return this._aboveWindow;
  }

  write(chunk, encoding, callback) {
    // Node's own wording for what a stdio stream cannot take.
    if (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) throw invalidChunk(chunk);
    if (this[kStreamBuilt] === true) {
      const accepted = Object.getPrototypeOf(WriteStream.prototype).write.call(this, chunk, encoding, callback);
      return !this._aboveWindow && (accepted || !(this.destroyed || this.writableEnded));
    }
    // Not used as a stream yet: nothing of a stream's state to keep.
    if (typeof encoding === 'function') {
      callback = encoding;
      encoding = undefined;
    }
    send(this, chunk, encoding);
    if (typeof callback === 'function') process.nextTick(callback, null);
    return !this._aboveWindow;
  }

  _write(chunk, encoding, callback) {
    send(this, chunk, encoding);
    // The stream's own measure (a chunk above its highWaterMark) would send
    // a 'drain' on the next tick; only the host's acknowledgement may.
    this._writableState.needDrain = false;
    callback();
  }

  _writev(chunks, callback) {
    for (const { chunk, encoding } of chunks) send(this, chunk, encoding);
    this._writableState.needDrain = false;
    callback();
  }

  // Stdio outlives the script's use of it: destroy() only marks the stream.
  _destroy(err, callback) {
    callback(err);
  }

  getColorDepth() {
    return 1;
  }

  hasColors() {
    return false;
  }
}

makeLazyStream(WriteStream, 'Writable', { optionsOf: () => kOptions, eventsAreLocal: true });

function send(stream, chunk, encoding) {
  if (typeof chunk === 'string' && encoding !== undefined && encoding !== 'utf8' && encoding !== 'utf-8') {
    chunk = internalRequire('node/buffer').Buffer.from(chunk, encoding);
  }
  if (!binding.writeStdio(stream.fd, chunk, kLevelNone) && !stream._aboveWindow) {
    // As a write to a full pipe keeps Node's loop alive until it drains.
    stream._aboveWindow = true;
    stream._setDrainRef(true);
  }
}

function onDrain() {
  for (const fd of [1, 2]) {
    const stream = streams[fd];
    if (stream !== null && stream._aboveWindow) {
      stream._aboveWindow = false;
      stream._setDrainRef(false);
      stream.emit('drain');
    }
  }
}

// process.stdin's class, made with the first stdin: a Readable from the start.
// The host forwards its stdin in chunks whatever the worker does with them;
// they wait in the stream's buffer until read. Only a stream that wants data
// (reading, flowing, not paused) keeps the worker alive, as Node's stdin does.
function readStreamClass() {
  const { Readable } = internalRequire('node/stream');
  return class ReadStream extends Readable {
    constructor(setRef) {
      super({ highWaterMark: 65536 });
      binding.countStdioObject();
      this.fd = 0;
      this._setRef = setRef;
      this._wantsData = false;
      this._refed = true;
      this._hostEnded = false;
    }

    _read() {
      this._wantsData = true;
      this._updateRef();
    }

    pause() {
      super.pause();
      this._wantsData = false;
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

    _destroy(err, callback) {
      this._hostEnded = true;
      this._updateRef();
      callback(err);
    }

    _updateRef() {
      this._setRef(this._refed && this._wantsData && !this._hostEnded);
    }

    // From the host: a piece of its stdin (a Uint8Array), or the end of it.
    _push(bytes, eof) {
      if (this._hostEnded) return;
      if (bytes !== undefined) {
        const { Buffer } = internalRequire('node/buffer');
        this._wantsData = this.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      }
      if (eof) {
        this._hostEnded = true;
        this.push(null);
      }
      this._updateRef();
    }
  };
}

let ReadStream = null;

exports.WriteStream = WriteStream;
exports.createReadStream = (setRef) => new (ReadStream ?? (ReadStream = readStreamClass()))(setRef);
exports.onDrain = onDrain;
