'use strict';
// The classes of process.stdout / process.stderr (a stream.Writable) and
// process.stdin (a stream.Readable), backed by the channel to the host;
// loaded by stdio.js when a script first reads one of them.

const { Writable, Readable } = internalRequire('node/stream');

const kLevelNone = 0;
const streams = { 1: null, 2: null };

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
class WriteStream extends Writable {
  constructor(fd, setDrainRef) {
    super({ decodeStrings: false, emitClose: false });
    this._setDrainRef = setDrainRef;
    binding.countStdioObject();
    this.fd = fd;
    this._type = 'pipe';
    this._isStdio = true;
    this._aboveWindow = false;
    streams[fd] = this;
  }

  get writableNeedDrain() {
    return this._aboveWindow;
  }

  write(chunk, encoding, callback) {
    // Node's own wording for what a stdio stream cannot take.
    if (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) throw invalidChunk(chunk);
    const accepted = super.write(chunk, encoding, callback);
    return !this._aboveWindow && (accepted || !(this.destroyed || this.writableEnded));
  }

  _write(chunk, encoding, callback) {
    if (typeof chunk === 'string' && encoding !== 'utf8' && encoding !== 'utf-8') {
      chunk = internalRequire('node/buffer').Buffer.from(chunk, encoding);
    }
    if (!binding.writeStdio(this.fd, chunk, kLevelNone) && !this._aboveWindow) {
      // As a write to a full pipe keeps Node's loop alive until it drains.
      this._aboveWindow = true;
      this._setDrainRef(true);
    }
    // The stream's own measure (a chunk above its highWaterMark) would send
    // a 'drain' on the next tick; only the host's acknowledgement may.
    this._writableState.needDrain = false;
    callback();
  }

  _writev(chunks, callback) {
    for (const { chunk, encoding } of chunks) this._write(chunk, encoding, noop);
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

function noop() {}

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

// The host forwards its stdin in chunks whatever the worker does with them;
// they wait in the stream's buffer until read. Only a stream that wants data
// (reading, flowing, not paused) keeps the worker alive, as Node's stdin does.
class ReadStream extends Readable {
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
}

exports.WriteStream = WriteStream;
exports.ReadStream = ReadStream;
exports.onDrain = onDrain;
