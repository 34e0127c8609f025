'use strict';
// A Duplex over a Pipe handle (internalBinding('pipe'), native side
// worker/api/stream/pipe_wrap.cc): the stdin, stdout and stderr of a child
// that child_process.spawn started, and the worker's own fd 0 when the host
// handed it its stdin. Reading follows demand, as Node's sockets do: the
// handle reads while the stream wants data and stops once push() says its
// buffer is full, so a child that writes faster than the script reads waits
// on its pipe; a handle that does not read keeps no worker alive. Writes go
// to the handle as they come, without a copy, and end() shuts its write side
// down so that the child reads EOF.

const pipe = binding.internalBinding('pipe');
const { Duplex } = internalRequire('node/stream');
const { Buffer } = internalRequire('internal/buffer/buffer');

// A failed call on the pipe as Node's sockets report it: 'write EPIPE'.
function errnoException(err, syscall) {
  const code = pipe.errname(err);
  const error = new Error(`${syscall} ${code}`);
  error.errno = err;
  error.code = code;
  error.syscall = syscall;
  return error;
}

const kOnRead = Symbol('kOnRead');

class PipeStream extends Duplex {
  // `handle` may be null: a stream of a child that never started, whose
  // reading side ends at once. The handle reads from the start, as a
  // socket's does, unless `manualStart`; `stopOnPause`: pause() stops its
  // reads too, so that a paused stdin keeps nothing alive (Node's stdin has
  // both).
  constructor(handle, { readable = true, writable = true, manualStart = false, stopOnPause = false } = {}) {
    // 'close' comes once the handle is closed, as a socket's does.
    super({ readable, writable, allowHalfOpen: false, decodeStrings: false, emitClose: false });
    this._handle = handle;
    this._reading = false;
    if (handle !== null) handle.onread = (nread, bytes) => this[kOnRead](nread, bytes);
    if (stopOnPause) this.on('pause', () => this._stopReading());
    if (handle !== null && readable && !manualStart) this.read(0);
  }

  get fd() {
    return this._handle === null ? -1 : this._handle.fd;
  }

  _read() {
    if (this._handle === null) {
      this.push(null);
      return;
    }
    if (this._reading) return;
    this._reading = true;
    const err = this._handle.readStart();
    if (err !== 0) {
      this._reading = false;
      this.destroy(errnoException(err, 'read'));
    }
  }

  _stopReading() {
    if (!this._reading || this._handle === null) return;
    this._reading = false;
    this._handle.readStop();
  }

  [kOnRead](nread, bytes) {
    if (nread > 0) {
      if (!this.push(Buffer.from(bytes, 0, nread))) this._stopReading();
      return;
    }
    // libuv stopped reading at the end or the error.
    this._reading = false;
    if (nread === pipe.UV_EOF) this.push(null);
    else this.destroy(errnoException(nread, 'read'));
  }

  _write(chunk, encoding, callback) {
    this._writev([{ chunk, encoding }], callback);
  }

  _writev(chunks, callback) {
    if (this._handle === null) {
      callback(errnoException(pipe.UV_EBADF, 'write'));
      return;
    }
    const views = chunks.map(({ chunk, encoding }) => (typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk));
    const err = this._handle.writev(views, (status) => callback(status < 0 ? errnoException(status, 'write') : undefined));
    if (err !== 0) callback(errnoException(err, 'write'));
  }

  _final(callback) {
    if (this._handle === null) {
      callback();
      return;
    }
    // A reader that is gone already has nothing to be told.
    const done = (status) => callback(status < 0 && status !== pipe.UV_ENOTCONN ? errnoException(status, 'shutdown') : undefined);
    const err = this._handle.shutdown(done);
    if (err !== 0) done(err);
  }

  _destroy(err, callback) {
    const handle = this._handle;
    this._handle = null;
    this._reading = false;
    const emitClose = () => this.emit('close', !!err);
    // A stream without a handle closes when one would have: after this
    // turn of the loop.
    if (handle === null || !handle.close(emitClose)) setImmediate(emitClose);
    callback(err);
  }

  ref() {
    if (this._handle !== null) this._handle.ref();
    return this;
  }

  unref() {
    if (this._handle !== null) this._handle.unref();
    return this;
  }
}

// process.stdin over the worker's fd 0, the host's own stdin: a file is
// read as fs.ReadStream, anything else (a pipe, a terminal, a socket)
// through a Pipe, as Node's stdin is.
function createStdin() {
  if (pipe.guessHandleType(0) === 'FILE') {
    const { ReadStream } = internalRequire('node/fs');
    return new ReadStream(null, { fd: 0, autoClose: false });
  }
  let handle = new pipe.Pipe();
  if (handle.open(0) !== 0) {
    handle.close();
    handle = null;
  }
  const stream = new PipeStream(handle, { readable: true, writable: false, manualStart: true, stopOnPause: true });
  Object.defineProperty(stream, 'fd', { __proto__: null, value: 0, writable: true, enumerable: true, configurable: true });
  return stream;
}

module.exports = { PipeStream, createStdin, errnoException, Pipe: pipe.Pipe };
