'use strict';
// net.Socket: a Duplex over a TCP handle (internalBinding('tcp'), native
// side worker/api/net/tcp_wrap.cc, whose stream methods it shares with the
// child's pipes of internal/streams/pipe_stream.js). Reading follows demand:
// the handle reads while the stream wants data and stops once push() says
// its buffer is full, so a fast peer waits on its socket. Writes go to the
// handle as they come, without a copy; those made while connecting wait for
// the connection. end() shuts the write side down, and the socket closes
// once both sides are done (the Duplex ends the write side when the peer
// ends, unless allowHalfOpen, and autoDestroy closes it).
//
// Every callback from the handle runs in the async context in which the
// socket was made (net.connect's caller, or the server's for an accepted
// socket), as Node's TCPWRAP resource gives it.

const tcp = binding.internalBinding('tcp');
const { Duplex } = internalRequire('node/stream');
const { Buffer } = internalRequire('internal/buffer/buffer');
const { codes } = internalRequire('internal/errors');
const { validateNumber, validateFunction, validateInt32 } = internalRequire('internal/validators');
const { isIP } = internalRequire('internal/net/ip');
const asyncContext = internalRequire('internal/async_context');
const timers = internalRequire('internal/timers/globals');

const { ERR_INVALID_ARG_TYPE, ERR_MISSING_ARGS, ERR_SOCKET_BAD_PORT, ERR_SOCKET_CLOSED, ERR_INVALID_ARG_VALUE,
  ERR_INVALID_IP_ADDRESS, ERR_OUT_OF_RANGE, ERR_INVALID_ADDRESS_FAMILY } = codes;

// A failed call on the socket as Node reports it: 'write EPIPE', or with
// the peer 'connect ECONNREFUSED 127.0.0.1:80'.
function errnoException(err, syscall, address, port) {
  const code = tcp.errname(err);
  let message = `${syscall} ${code}`;
  if (address !== undefined) message += port ? ` ${address}:${port}` : ` ${address}`;
  const error = new Error(message);
  error.errno = err;
  error.code = code;
  error.syscall = syscall;
  if (address !== undefined) error.address = address;
  if (port) error.port = port;
  return error;
}

// A failed listen or bind, with libuv's words: 'listen EADDRINUSE: address
// already in use 127.0.0.1:80'.
function uvExceptionWithHostPort(err, syscall, address, port) {
  const code = tcp.errname(err);
  let message = `${syscall} ${code}: ${tcp.errmessage(err)}`;
  if (address !== undefined) message += port ? ` ${address}:${port}` : ` ${address}`;
  const error = new Error(message);
  error.code = code;
  error.errno = err;
  error.syscall = syscall;
  if (address !== undefined) error.address = address;
  if (port) error.port = port;
  return error;
}

// A port as Node takes one: a number or numeric string in [0, 65535].
function validatePort(port, name = 'Port', allowZero = true) {
  if ((typeof port !== 'number' && typeof port !== 'string') ||
      (typeof port === 'string' && port.trim().length === 0) ||
      +port !== (+port >>> 0) || port > 0xFFFF || (port === 0 && !allowZero)) {
    throw new ERR_SOCKET_BAD_PORT(name, port, allowZero);
  }
  return port | 0;
}

// (options | port | path, [host], [callback]) -> [options, callback], as
// net.connect() and socket.connect() take their arguments.
function normalizeArgs(args) {
  if (args.length === 0) return [{}, null];
  const first = args[0];
  let options = {};
  if (typeof first === 'object' && first !== null) {
    options = first;
  } else if (typeof first === 'string' && !(Number(first) >= 0)) {
    options.path = first;
  } else {
    options.port = first;
    if (args.length > 1 && typeof args[1] === 'string') options.host = args[1];
  }
  const callback = args[args.length - 1];
  return [options, typeof callback === 'function' ? callback : null];
}

const kFrame = Symbol('kFrame');
const kBytesWritten = Symbol('kBytesWritten');
const kPendingWrite = Symbol('kPendingWrite');
const kPendingFinal = Symbol('kPendingFinal');
const kTimeout = Symbol('kTimeout');
const kRefed = Symbol('kRefed');
const kReading = Symbol('kReading');
const kSetNoDelay = Symbol('kSetNoDelay');
const kSetKeepAlive = Symbol('kSetKeepAlive');
const kKeepAliveDelay = Symbol('kKeepAliveDelay');

class Socket extends Duplex {
  constructor(options = undefined) {
    if (typeof options === 'number') options = { fd: options };
    else if (options === undefined || options === null) options = {};
    if (options.fd !== undefined) {
      validateInt32(options.fd, 'fd', 0);
      throw new codes.ERR_NOT_AVAILABLE_IN_WORKER('net.Socket({ fd })');
    }
    super({
      allowHalfOpen: !!options.allowHalfOpen,
      // 'close' comes once the handle is closed.
      emitClose: false,
      autoDestroy: true,
      decodeStrings: false,
      readableHighWaterMark: options.readableHighWaterMark,
      writableHighWaterMark: options.writableHighWaterMark,
      signal: options.signal,
    });
    this.connecting = false;
    this._hadError = false;
    this._handle = null;
    this._host = null;
    this._peername = null;
    this._sockname = null;
    this.server = null;
    this._server = null;
    this.bytesRead = 0;
    this[kBytesWritten] = 0;
    this[kPendingWrite] = null;
    this[kPendingFinal] = null;
    this[kTimeout] = null;
    this[kRefed] = true;
    this[kReading] = false;
    this[kFrame] = asyncContext.currentFrame();
    if (options.handle) {
      this._attach(options.handle);
      if (options.pauseOnCreate) {
        this.pause();
      } else {
        this.read(0);
      }
    }
    this[kSetNoDelay] = Boolean(options.noDelay);
    this[kSetKeepAlive] = Boolean(options.keepAlive);
    this[kKeepAliveDelay] = ~~(options.keepAliveInitialDelay / 1000);
    // A socket that is not half open takes no writes once the peer ended.
    if (!this.allowHalfOpen) this.once('end', () => { this.write = writeAfterFIN; });
  }

  _attach(handle) {
    this._handle = handle;
    const frame = this[kFrame];
    handle.onread = (nread, bytes) => asyncContext.runContinuation(frame, onRead, this, [nread, bytes]);
    if (!this[kRefed]) handle.unref();
  }

  get readyState() {
    if (this.connecting) return 'opening';
    if (this.readable && this.writable) return 'open';
    if (this.readable && !this.writable) return 'readOnly';
    if (!this.readable && this.writable) return 'writeOnly';
    return 'closed';
  }

  get _connecting() {
    return this.connecting;
  }

  get pending() {
    return this._handle === null || this.connecting;
  }

  get bytesWritten() {
    if (this[kBytesWritten] === undefined) return undefined;
    let pending = 0;
    for (const entry of this.writableBuffer ?? []) {
      pending += typeof entry.chunk === 'string' ? Buffer.byteLength(entry.chunk, entry.encoding) : entry.chunk.length;
    }
    return this[kBytesWritten] + pending;
  }

  get bufferSize() {
    return this._handle !== null ? this.writableLength : undefined;
  }

  get remoteAddress() {
    return this._getpeername().address;
  }

  get remoteFamily() {
    return this._getpeername().family;
  }

  get remotePort() {
    return this._getpeername().port;
  }

  get localAddress() {
    return this._getsockname().address;
  }

  get localPort() {
    return this._getsockname().port;
  }

  get localFamily() {
    return this._getsockname().family;
  }

  _getpeername() {
    if (this._peername === null) {
      if (this._handle === null || this.connecting) return {};
      const name = this._handle.getpeername();
      if (typeof name === 'number') return {};
      this._peername = name;
    }
    return this._peername;
  }

  _getsockname() {
    if (this._sockname === null) {
      if (this._handle === null) return {};
      const name = this._handle.getsockname();
      if (typeof name === 'number') return {};
      this._sockname = name;
    }
    return this._sockname;
  }

  address() {
    return this._getsockname();
  }

  connect(...args) {
    const [options, callback] = normalizeArgs(args);
    if (this.destroyed) {
      this._handle = null;
      this._peername = null;
      this._sockname = null;
    }
    if (options.path) throw new codes.ERR_NOT_AVAILABLE_IN_WORKER('net.Socket.connect({ path })');
    let { port } = options;
    const host = options.host === undefined || options.host === null ? 'localhost' : options.host;
    if (typeof host !== 'string') throw new ERR_INVALID_ARG_TYPE('options.host', 'string', host);
    if (port === undefined) throw new ERR_MISSING_ARGS(['options', 'port', 'path']);
    if (typeof port !== 'number' && typeof port !== 'string') {
      throw new ERR_INVALID_ARG_TYPE('options.port', ['number', 'string'], port);
    }
    port = validatePort(port);
    let family = options.family === undefined || options.family === null ? 0 : options.family;
    if (family === 'IPv4') family = 4;
    else if (family === 'IPv6') family = 6;
    if (family !== 0 && family !== 4 && family !== 6) {
      throw new ERR_INVALID_ARG_VALUE('options.family', family, 'must be one of: 0, 4, 6');
    }
    if (options.localAddress !== undefined && !isIP(options.localAddress)) {
      throw new ERR_INVALID_IP_ADDRESS(options.localAddress);
    }
    if (options.timeout) this.setTimeout(options.timeout);
    if (callback !== null) this.once('connect', callback);
    // Not without --allow-net: Node's ERR_ACCESS_DENIED, as the socket's
    // 'error' (a connect fails after the call, as one the network refuses).
    if (binding.internalBinding('permission').enabled) {
      const denied = internalRequire('internal/permission').netDenied();
      if (denied !== null) {
        this.connecting = true;
        process.nextTick(() => this.destroy(denied));
        return this;
      }
    }
    if (this._handle === null) this._attach(new tcp.TCP());
    this.connecting = true;
    this._host = host;
    const frame = this[kFrame];
    const literal = isIP(host);
    if (literal !== 0) {
      connectTo(this, [{ address: host, family: literal }], port, options.localAddress);
      return this;
    }
    const lookup = options.lookup === undefined ? internalRequire('internal/net/lookup').lookup : options.lookup;
    if (typeof lookup !== 'function') throw new ERR_INVALID_ARG_TYPE('options.lookup', 'Function', lookup);
    lookup(host, { family, all: true }, (err, addresses, addressFamily) => asyncContext.runInFrame(frame, () => {
      if (!this.connecting) return;
      if (err) {
        this.emit('lookup', err, undefined, undefined, host);
        this.destroy(err);
        return;
      }
      // A lookup of the script's own may answer with one address.
      const list = Array.isArray(addresses) ? addresses : [{ address: addresses, family: addressFamily }];
      if (list.length === 0) {
        this.destroy(errnoException(-3008, 'getaddrinfo', host));
        return;
      }
      for (const entry of list) {
        let error = null;
        if (!isIP(entry.address)) error = new ERR_INVALID_IP_ADDRESS(entry.address);
        else if (entry.family !== 4 && entry.family !== 6) error = new ERR_INVALID_ADDRESS_FAMILY(entry.family, host, port);
        if (error !== null) {
          this.destroy(error);
          return;
        }
      }
      this.emit('lookup', null, list[0].address, list[0].family, host);
      connectTo(this, list, port, options.localAddress);
    }, undefined, []));
    return this;
  }

  _read() {
    if (this.connecting || this._handle === null) {
      if (this._handle === null && !this.connecting) this.once('connect', () => this._read());
      return;
    }
    if (this[kReading]) return;
    this[kReading] = true;
    const err = this._handle.readStart();
    if (err !== 0) {
      this[kReading] = false;
      this.destroy(errnoException(err, 'read'));
    }
  }

  _stopReading() {
    if (!this[kReading] || this._handle === null) return;
    this[kReading] = false;
    this._handle.readStop();
  }

  _write(chunk, encoding, callback) {
    this._writev([{ chunk, encoding }], callback);
  }

  _writev(chunks, callback) {
    const views = chunks.map(({ chunk, encoding }) => (typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk));
    // Counted once the socket takes them, as Node counts.
    for (const view of views) this[kBytesWritten] += view.byteLength;
    if (this.connecting) {
      this[kPendingWrite] = [views, callback];
      return;
    }
    this._writeViews(views, callback);
  }

  _writeViews(views, callback) {
    this[kPendingWrite] = null;
    if (this._handle === null) {
      callback(new ERR_SOCKET_CLOSED());
      return;
    }
    this._touch();
    const frame = this[kFrame];
    const err = this._handle.writev(views, (status) => asyncContext.runContinuation(frame, () => {
      if (status < 0) {
        callback(errnoException(status, 'write'));
        return;
      }
      this._touch();
      callback();
    }, undefined, []));
    if (err !== 0) callback(errnoException(err, 'write'));
  }

  _final(callback) {
    if (this.connecting) {
      this[kPendingFinal] = callback;
      return;
    }
    if (this._handle === null) {
      callback();
      return;
    }
    const frame = this[kFrame];
    // A peer that is gone already has nothing to be told.
    const done = (status) => asyncContext.runContinuation(frame, callback, undefined,
      [status < 0 && status !== tcp.UV_ENOTCONN ? errnoException(status, 'shutdown') : undefined]);
    const err = this._handle.shutdown(done);
    if (err !== 0) done(err);
  }

  _destroy(err, callback) {
    this._clearTimeout();
    const handle = this._handle;
    this._handle = null;
    this[kReading] = false;
    this.connecting = false;
    if (err) this._hadError = true;
    const frame = this[kFrame];
    const emitClose = () => asyncContext.runContinuation(frame, () => {
      this.emit('close', !!err);
    }, undefined, []);
    // A socket without a handle closes when one would have: after this
    // turn of the loop.
    if (handle === null || !handle.close(emitClose)) setImmediate(emitClose);
    const server = this._server;
    if (server !== null) {
      this._server = null;
      server._connections--;
      server._emitCloseIfDrained();
    }
    callback(err);
  }

  resetAndDestroy() {
    if (this._handle === null) this.destroy(new ERR_SOCKET_CLOSED());
    else if (this.connecting) this.once('connect', () => this.destroy());
    else this.destroy();
    return this;
  }

  destroySoon() {
    if (this.writable) this.end();
    if (this.writableFinished) this.destroy();
    else this.once('finish', () => this.destroy());
  }

  // Both apply once connected (to a socket's own handle: a script may have
  // replaced its methods, as Node's tests do).
  setNoDelay(noDelay = true) {
    noDelay = Boolean(noDelay);
    if (this._handle === null || this.connecting) {
      this[kSetNoDelay] = noDelay;
      return this;
    }
    if (typeof this._handle.setNoDelay === 'function' && noDelay !== this[kSetNoDelay]) {
      this[kSetNoDelay] = noDelay;
      this._handle.setNoDelay(noDelay);
    }
    return this;
  }

  setKeepAlive(enable = false, initialDelay = 0) {
    enable = Boolean(enable);
    const delay = ~~(initialDelay / 1000);
    if (this._handle === null || this.connecting) {
      this[kSetKeepAlive] = enable;
      this[kKeepAliveDelay] = delay;
      return this;
    }
    if (typeof this._handle.setKeepAlive === 'function' && enable !== this[kSetKeepAlive]) {
      this[kSetKeepAlive] = enable;
      this[kKeepAliveDelay] = delay;
      this._handle.setKeepAlive(enable, delay);
    }
    return this;
  }

  setTimeout(timeout, callback = undefined) {
    validateNumber(timeout, 'msecs');
    if (timeout < 0 || !Number.isFinite(timeout)) throw new ERR_OUT_OF_RANGE('msecs', 'a non-negative finite number', timeout);
    if (callback !== undefined) validateFunction(callback, 'callback');
    this._clearTimeout();
    if (timeout === 0) {
      if (callback !== undefined) this.removeListener('timeout', callback);
    } else {
      this.timeout = timeout;
      this[kTimeout] = timers.setUnrefTimeout(() => {
        this[kTimeout] = null;
        this.emit('timeout');
      }, timeout);
      if (callback !== undefined) this.once('timeout', callback);
    }
    return this;
  }

  _clearTimeout() {
    if (this[kTimeout] !== null) {
      timers.clearTimeout(this[kTimeout]);
      this[kTimeout] = null;
    }
  }

  // Activity: the idle timeout starts again.
  _touch() {
    if (this[kTimeout] !== null) this[kTimeout].refresh();
  }

  ref() {
    this[kRefed] = true;
    if (this._handle !== null) this._handle.ref();
    return this;
  }

  unref() {
    this[kRefed] = false;
    if (this._handle !== null) this._handle.unref();
    return this;
  }

}

// Tries `addresses` in turn (a name may resolve to several, and a server
// may listen on one family only); the socket fails with the last error.
function connectTo(socket, addresses, port, localAddress, index = 0) {
  const { address } = addresses[index];
  const handle = socket._handle;
  if (handle === null) return;
  if (localAddress !== undefined) {
    const err = handle.bind(localAddress, 0, false);
    if (err !== 0) {
      socket.destroy(uvExceptionWithHostPort(err, 'bind', localAddress, 0));
      return;
    }
  }
  const frame = socket[kFrame];
  const onConnect = (status) => asyncContext.runContinuation(frame, () => {
    if (socket._handle !== handle || !socket.connecting) return;
    if (status === 0) {
      afterConnect(socket);
    } else if (index + 1 < addresses.length && status !== -125 /* UV_ECANCELED */) {
      // A handle that failed to connect cannot try again: a fresh one does.
      handle.close();
      socket._attach(new tcp.TCP());
      connectTo(socket, addresses, port, localAddress, index + 1);
    } else {
      socket.destroy(errnoException(status, 'connect', address, port));
    }
  }, undefined, []);
  const err = handle.connect(address, port, onConnect);
  if (err !== 0) {
    // As Node, the error comes after this turn.
    process.nextTick(() => socket.destroy(errnoException(err, 'connect', address, port)));
  }
}

function afterConnect(socket) {
  socket.connecting = false;
  socket._sockname = null;
  socket.emit('connect');
  socket.emit('ready');
  const pendingWrite = socket[kPendingWrite];
  if (pendingWrite !== null) socket._writeViews(pendingWrite[0], pendingWrite[1]);
  if (socket[kSetNoDelay]) socket._handle.setNoDelay(true);
  if (socket[kSetKeepAlive]) socket._handle.setKeepAlive(true, socket[kKeepAliveDelay]);
  const pendingFinal = socket[kPendingFinal];
  socket[kPendingFinal] = null;
  if (pendingFinal !== null) socket._final(pendingFinal);
  // Reading starts now unless the script paused the socket (or a write in
  // 'connect' failed already); a read the stream asked for while
  // connecting is still pending.
  if (socket.destroyed || socket._writableState.errored) return;
  if (!socket.isPaused() || socket._readableState.reading) socket._read();
}

// write() once the peer ended a socket that is not half open: Node's EPIPE.
function writeAfterFIN(chunk, encoding, callback) {
  if (!this.writableEnded) return Duplex.prototype.write.call(this, chunk, encoding, callback);
  if (typeof encoding === 'function') callback = encoding;
  const err = new Error('This socket has been ended by the other party');
  err.code = 'EPIPE';
  if (typeof callback === 'function') process.nextTick(callback, err);
  this.destroy(err);
  return false;
}

function onRead(nread, bytes) {
  if (nread > 0) {
    this.bytesRead += nread;
    this._touch();
    if (!this.push(Buffer.from(bytes, 0, nread))) this._stopReading();
    return;
  }
  // libuv stopped reading at the end or the error.
  this[kReading] = false;
  if (nread === tcp.UV_EOF) {
    this.push(null);
    // 'end' comes now if nothing is buffered, even when no one reads.
    this.read(0);
  } else {
    this.destroy(errnoException(nread, 'read'));
  }
}

module.exports = { Socket: internalRequire('internal/net/callable').callable(Socket), normalizeArgs, validatePort, errnoException, uvExceptionWithHostPort };
