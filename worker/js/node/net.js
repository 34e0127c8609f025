'use strict';
// require('net'): TCP servers and sockets on the worker's own loop
// (internal/net/socket.js; native side worker/api/net/tcp_wrap.cc). A server
// listens on a TCP port (0 for one the system picks); without a host it
// takes every address, IPv6 and IPv4 alike where the system has IPv6.
// Sockets on a path (Unix domain sockets, pipes) and sockets on a given fd
// are not offered and throw ERR_NOT_AVAILABLE_IN_WORKER.
//
// A server's 'connection' (and its sockets' events) run in the async
// context in which listen() was called.

const EventEmitter = internalRequire('node/events');
const { codes } = internalRequire('internal/errors');
const { validateFunction, validateInt32, validateBoolean, validateNumber } = internalRequire('internal/validators');
const { isIP, isIPv4, isIPv6 } = internalRequire('internal/net/ip');
const { Socket, normalizeArgs, validatePort, uvExceptionWithHostPort } = internalRequire('internal/net/socket');
const asyncContext = internalRequire('internal/async_context');

const { ERR_INVALID_ARG_TYPE, ERR_INVALID_ARG_VALUE, ERR_SERVER_ALREADY_LISTEN, ERR_SERVER_NOT_RUNNING,
  ERR_NOT_AVAILABLE_IN_WORKER } = codes;

let tcp = null;

const kFrame = Symbol('kFrame');
const kRefed = Symbol('kRefed');

class Server extends EventEmitter {
  constructor(options = undefined, connectionListener = undefined) {
    super();
    if (typeof options === 'function') {
      connectionListener = options;
      options = {};
    } else if (options === undefined || options === null) {
      options = {};
    } else if (typeof options !== 'object') {
      throw new ERR_INVALID_ARG_TYPE('options', 'Object', options);
    }
    if (connectionListener !== undefined) this.on('connection', connectionListener);
    this._connections = 0;
    this._handle = null;
    this._usingWorkers = false;
    this._workers = [];
    this._unref = false;
    this.allowHalfOpen = !!options.allowHalfOpen;
    this.pauseOnConnect = !!options.pauseOnConnect;
    this.noDelay = !!options.noDelay;
    this.keepAlive = !!options.keepAlive;
    this.keepAliveInitialDelay = ~~(options.keepAliveInitialDelay / 1000);
    if (options.highWaterMark !== undefined) validateNumber(options.highWaterMark, 'options.highWaterMark', 0);
    this.highWaterMark = options.highWaterMark;
    this.maxConnections = undefined;
    this[kRefed] = true;
    this[kFrame] = asyncContext.currentFrame();
  }

  get listening() {
    return this._handle !== null && this._listening === true;
  }

  listen(...args) {
    let [options, callback] = normalizeArgs(args);
    if (typeof args[0] === 'function' || args.length === 0) options = { port: 0 };
    if (callback !== null) this.once('listening', callback);
    if (this._handle !== null) throw new ERR_SERVER_ALREADY_LISTEN();
    if (options.handle !== undefined || options._handle !== undefined || options.fd !== undefined) {
      throw new ERR_NOT_AVAILABLE_IN_WORKER('net.Server.listen(handle)');
    }
    // listen(port, host, backlog, cb) and listen(port, backlog, cb).
    let backlog = options.backlog;
    if (typeof args[0] !== 'object' || args[0] === null) {
      if (typeof args[1] === 'number') backlog = args[1];
      else if (typeof args[2] === 'number') backlog = args[2];
    }
    if (backlog !== undefined) validateInt32(backlog, 'backlog', 0);
    let { port } = options;
    if (port === undefined || port === null) {
      if (typeof args[0] === 'object' && args[0] !== null && !('port' in args[0])) {
        throw new ERR_INVALID_ARG_VALUE('options', options, 'must have the property "port" or "path"');
      }
      port = 0;
    } else if (typeof port === 'number' || typeof port === 'string') {
      port = validatePort(port, 'options.port');
    } else if (typeof port === 'boolean') {
      // Node treats listen(true) and listen(false) as a request to listen
      // anywhere.
      port = 0;
    } else {
      throw new ERR_INVALID_ARG_VALUE('options', options);
    }
    if (options.path !== undefined && options.port === undefined) {
      throw new ERR_NOT_AVAILABLE_IN_WORKER('net.Server.listen({ path })');
    }
    if (options.ipv6Only !== undefined) validateBoolean(options.ipv6Only, 'options.ipv6Only');
    const host = options.host;
    this._listening = false;
    this._handle = false;  // taken: a second listen() throws until this one fails or closes
    const frame = this[kFrame] = asyncContext.currentFrame();
    // Not without --allow-net: the server's 'error', as a failed listen.
    if (binding.internalBinding('permission').enabled) {
      const denied = internalRequire('internal/permission').netDenied();
      if (denied !== null) {
        this._handle = null;
        process.nextTick(() => this.emit('error', denied));
        return this;
      }
    }
    if (host === undefined || host === null || host === '') {
      this._bindAndListen(null, port, backlog, !!options.ipv6Only);
      return this;
    }
    if (typeof host !== 'string') throw new ERR_INVALID_ARG_TYPE('options.host', 'string', host);
    if (isIP(host)) {
      this._bindAndListen(host, port, backlog, !!options.ipv6Only);
      return this;
    }
    internalRequire('internal/net/lookup').lookup(host, (err, address) => asyncContext.runInFrame(frame, () => {
      if (this._handle !== false) return;  // closed meanwhile
      if (err) {
        this._handle = null;
        this.emit('error', err);
        return;
      }
      this._bindAndListen(address, port, backlog, !!options.ipv6Only);
    }, undefined, []));
    return this;
  }

  // Binds and listens; a failure is the server's 'error' after this turn.
  _bindAndListen(address, port, backlog, ipv6Only) {
    if (tcp === null) tcp = binding.internalBinding('tcp');
    let handle = new tcp.TCP();
    let bound = address;
    let err;
    if (address === null) {
      // Every address: IPv6's any takes IPv4 too, unless the system has no
      // IPv6.
      bound = '::';
      err = handle.bind('::', port, ipv6Only);
      if (err === tcp.UV_EAFNOSUPPORT || err === tcp.UV_EINVAL) {
        handle.close();
        handle = new tcp.TCP();
        bound = '0.0.0.0';
        err = handle.bind('0.0.0.0', port, false);
      }
    } else {
      err = handle.bind(address, port, ipv6Only);
    }
    if (err === 0) err = handle.listen(backlog === undefined ? 511 : backlog);
    if (err !== 0) {
      handle.close();
      this._handle = null;
      const error = uvExceptionWithHostPort(err, 'listen', bound, port);
      process.nextTick(() => this.emit('error', error));
      return;
    }
    this._handle = handle;
    this._listening = true;
    this._connectionKey = `${bound.includes(':') ? 6 : 4}:${bound}:${port}`;
    const frame = this[kFrame];
    handle.onconnection = (status) => asyncContext.runContinuation(frame, onConnection, this, [status]);
    if (!this[kRefed]) handle.unref();
    process.nextTick(() => {
      if (this._handle === handle) this.emit('listening');
    });
  }

  address() {
    if (!this._handle) return null;
    const name = this._handle.getsockname();
    return typeof name === 'number' ? null : name;
  }

  close(callback = undefined) {
    if (typeof callback === 'function') {
      if (!this._handle) {
        this.once('close', () => callback(new ERR_SERVER_NOT_RUNNING()));
      } else {
        this.once('close', callback);
      }
    }
    if (this._handle) this._handle.close();
    this._handle = null;
    this._listening = false;
    this._emitCloseIfDrained();
    return this;
  }

  _emitCloseIfDrained() {
    if (this._handle || this._connections > 0) return;
    process.nextTick(() => this.emit('close'));
  }

  getConnections(callback) {
    validateFunction(callback, 'callback');
    process.nextTick(callback, null, this._connections);
    return this;
  }

  ref() {
    this[kRefed] = true;
    if (this._handle) this._handle.ref();
    return this;
  }

  unref() {
    this[kRefed] = false;
    if (this._handle) this._handle.unref();
    return this;
  }

  [Symbol.asyncDispose]() {
    if (!this._handle) return Promise.resolve();
    return new Promise((resolve, reject) => this.close((err) => (err ? reject(err) : resolve())));
  }
}

function onConnection(status) {
  if (status < 0) {
    this.emit('error', internalRequire('internal/net/socket').errnoException(status, 'accept'));
    return;
  }
  const handle = new tcp.TCP();
  if (this._handle.accept(handle) !== 0) {
    handle.close();
    return;
  }
  if (this.maxConnections !== undefined && this._connections >= this.maxConnections) {
    handle.close();
    this.emit('drop', {});
    return;
  }
  const socket = new Socket({
    handle, allowHalfOpen: this.allowHalfOpen, pauseOnCreate: this.pauseOnConnect,
    readableHighWaterMark: this.highWaterMark, writableHighWaterMark: this.highWaterMark,
  });
  if (this.noDelay) socket.setNoDelay(true);
  if (this.keepAlive) socket.setKeepAlive(true, this.keepAliveInitialDelay * 1000);
  this._connections++;
  socket.server = this;
  socket._server = this;
  this.emit('connection', socket);
}

function createServer(options, connectionListener) {
  return new module.exports.Server(options, connectionListener);
}

function connect(...args) {
  const [options] = normalizeArgs(args);
  if (options.timeout) validateNumber(options.timeout, 'options.timeout', 0);
  const socket = new Socket(options);
  if (options.timeout) socket.setTimeout(options.timeout);
  return socket.connect(...args);
}

let autoSelectFamily = true;
let autoSelectFamilyAttemptTimeout = 250;

module.exports = {
  Server: internalRequire('internal/net/callable').callable(Server),
  Socket,
  Stream: Socket,
  createServer,
  connect,
  createConnection: connect,
  isIP,
  isIPv4,
  isIPv6,
  _normalizeArgs: normalizeArgs,
  getDefaultAutoSelectFamily: () => autoSelectFamily,
  setDefaultAutoSelectFamily: (value) => {
    validateBoolean(value, 'value');
    autoSelectFamily = value;
  },
  getDefaultAutoSelectFamilyAttemptTimeout: () => autoSelectFamilyAttemptTimeout,
  setDefaultAutoSelectFamilyAttemptTimeout: (value) => {
    validateInt32(value, 'value', 1);
    autoSelectFamilyAttemptTimeout = value < 10 ? 10 : value;
  },
};
