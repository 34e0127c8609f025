'use strict';
// http.ClientRequest: a request to a server, over a socket of its Agent
// (internal/http/agent.js) or one of its own. The head goes out with the
// first write (or at end()); the response is parsed from the socket
// (internal/http/parser.js) into an IncomingMessage for 'response'. Once the
// response is read and the request sent, a keep-alive socket is 'free' for
// the agent.
//
// The request's events, and its response's, run in the async context in
// which http.request() was called, whichever socket carries it (a socket
// reused from the pool was made in another): what AsyncLocalStorage users
// expect, as Node gives it.

const net = internalRequire('node/net');
const { URL } = internalRequire('internal/url');
const { urlToHttpOptions } = internalRequire('node/url');
const { Buffer } = internalRequire('internal/buffer/buffer');
const { codes } = internalRequire('internal/errors');
const { validateInteger, validateBoolean, validateFunction } = internalRequire('internal/validators');
const asyncContext = internalRequire('internal/async_context');
const { HTTPParser } = internalRequire('internal/http/parser');
const { IncomingMessage } = internalRequire('internal/http/incoming');
const { OutgoingMessage, kNeedDrain } = internalRequire('internal/http/outgoing');
const { checkIsHttpToken } = internalRequire('internal/http/common');
const agentModule = internalRequire('internal/http/agent');

const { ERR_INVALID_ARG_TYPE, ERR_INVALID_HTTP_TOKEN, ERR_INVALID_PROTOCOL, ERR_UNESCAPED_CHARACTERS,
  ERR_HTTP_HEADERS_SENT } = codes;

const kFrame = Symbol('kFrame');
const kOnData = Symbol('kOnData');
const kInvalidPath = /[\u0000-\u0020]/;

function connResetException(message) {
  const err = new Error(message);
  err.code = 'ECONNRESET';
  return err;
}

class ClientRequest extends OutgoingMessage {
  constructor(input, options, callback) {
    super();
    if (typeof input === 'string') {
      const text = input;
      input = urlToHttpOptions(new URL(text));
    } else if (input instanceof URL) {
      input = urlToHttpOptions(input);
    } else {
      callback = options;
      options = input;
      input = null;
    }
    if (typeof options === 'function') {
      callback = options;
      options = input || {};
    } else {
      options = { ...input, ...options };
    }
    let agent = options.agent;
    const defaultAgent = options._defaultAgent || agentModule.globalAgent;
    if (agent === false) {
      agent = new defaultAgent.constructor();
    } else if (agent === null || agent === undefined) {
      if (typeof options.createConnection !== 'function') agent = defaultAgent;
      options.agent = agent;
    } else if (typeof agent.addRequest !== 'function') {
      throw new ERR_INVALID_ARG_TYPE('options.agent', ['Agent-like Object', 'undefined', 'false'], agent);
    }
    this.agent = agent;
    const protocol = options.protocol || defaultAgent.protocol;
    let expectedProtocol = defaultAgent.protocol;
    if (this.agent?.protocol) expectedProtocol = this.agent.protocol;
    if (protocol !== expectedProtocol) throw new ERR_INVALID_PROTOCOL(protocol, expectedProtocol);
    const defaultPort = options.defaultPort || (this.agent && this.agent.defaultPort) || 80;
    const port = options.port = options.port || defaultPort;
    const host = options.host = validateHost(options.hostname, 'hostname') || validateHost(options.host, 'host') ||
      'localhost';
    const setHost = options.setHost === undefined || Boolean(options.setHost);
    this.socketPath = options.socketPath;
    if (options.timeout !== undefined) this.timeout = getTimerDuration(options.timeout, 'timeout');
    const method = options.method;
    if (method !== null && method !== undefined && typeof method !== 'string') {
      throw new ERR_INVALID_ARG_TYPE('options.method', 'string', method);
    }
    if (method && !checkIsHttpToken(method)) throw new ERR_INVALID_HTTP_TOKEN('Method', method);
    this.method = method ? method.toUpperCase() : 'GET';
    if (options.path) {
      const path = String(options.path);
      if (kInvalidPath.test(path)) throw new ERR_UNESCAPED_CHARACTERS('Request path');
    }
    this.path = options.path || '/';
    if (options.maxHeaderSize !== undefined) validateInteger(options.maxHeaderSize, 'maxHeaderSize', 0);
    this.maxHeaderSize = options.maxHeaderSize;
    if (options.insecureHTTPParser !== undefined) validateBoolean(options.insecureHTTPParser, 'options.insecureHTTPParser');
    if (options.joinDuplicateHeaders !== undefined) validateBoolean(options.joinDuplicateHeaders, 'options.joinDuplicateHeaders');
    this.joinDuplicateHeaders = options.joinDuplicateHeaders;
    if (callback) this.once('response', callback);
    this.useChunkedEncodingByDefault = !['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT'].includes(this.method);
    this.shouldKeepAlive = this.agent ? this.agent.keepAlive : false;
    this._defaultKeepAlive = false;
    this.host = host;
    this.protocol = protocol;
    this.res = null;
    this.aborted = false;
    this.timeoutCb = null;
    this.upgradeOrConnect = false;
    this.parser = null;
    this.maxHeadersCount = null;
    this.reusedSocket = false;
    this._ended = false;
    this[kFrame] = asyncContext.currentFrame();
    const headersArray = Array.isArray(options.headers);
    if (!headersArray) {
      if (options.headers) {
        for (const key of Object.keys(options.headers)) this.setHeader(key, options.headers[key]);
      }
      if (host && !this.getHeader('host') && setHost) {
        let hostHeader = host;
        if (hostHeader.includes(':') && !hostHeader.startsWith('[')) hostHeader = `[${hostHeader}]`;
        if (port && +port !== defaultPort) hostHeader += `:${port}`;
        this.setHeader('Host', hostHeader);
      }
      if (options.auth && !this.getHeader('Authorization')) {
        this.setHeader('Authorization', `Basic ${Buffer.from(options.auth).toString('base64')}`);
      }
      if (this.getHeader('expect') && this._header === null) {
        this._storeHeader(`${this.method} ${this.path} HTTP/1.1\r\n`, null);
      }
    } else {
      // [name, value, name, value] or [[name, value], ...]
      const pairs = [];
      const list = options.headers;
      if (list.length > 0 && Array.isArray(list[0])) {
        for (const [name, value] of list) pairs.push([name, value]);
      } else {
        for (let i = 0; i + 1 < list.length; i += 2) pairs.push([list[i], list[i + 1]]);
      }
      this._storeHeader(`${this.method} ${this.path} HTTP/1.1\r\n`, pairs);
    }
    const optsWithoutSignal = { __proto__: null, ...options };
    if (options.signal) {
      delete optsWithoutSignal.signal;
      const signal = options.signal;
      if (signal.aborted) process.nextTick(() => this.destroy(signalAbortError()));
      else signal.addEventListener('abort', () => this.destroy(signalAbortError()), { once: true });
    }
    if (this.agent) {
      this.agent.addRequest(this, optsWithoutSignal);
    } else {
      const connect = typeof options.createConnection === 'function' ? options.createConnection : net.createConnection;
      let called = false;
      const onCreate = (err, socket) => {
        if (called) return;
        called = true;
        if (err) process.nextTick(() => this.emit('error', err));
        else this.onSocket(socket);
      };
      const socket = connect(optsWithoutSignal, onCreate);
      if (socket) onCreate(null, socket);
    }
  }

  get path() {
    return this._path;
  }

  set path(value) {
    this._path = value;
  }

  _implicitHeader() {
    if (this._header !== null) throw new ERR_HTTP_HEADERS_SENT('render');
    this._storeHeader(`${this.method} ${this.path} HTTP/1.1\r\n`, null);
  }

  abort() {
    if (this.aborted) return;
    this.aborted = true;
    process.nextTick(() => this.emit('abort'));
    this.destroy();
  }

  destroy(err) {
    if (this.destroyed) return this;
    this.destroyed = true;
    if (this.res) this.res._dump();
    this[kError] = err;
    if (this.socket) this.socket.destroy(err);
    else if (!this._pendingSocket) this._destroyWithoutSocket = true;
    if (!this.socket) {
      process.nextTick(() => {
        if (err) this.emit('error', err);
        this._closed = true;
        this.emit('close');
      });
    }
    return this;
  }

  onSocket(socket, err) {
    process.nextTick(() => asyncContext.runInFrame(this[kFrame], onSocketNT, this, [socket, err]));
  }

  setTimeout(msecs, callback) {
    if (callback !== undefined) validateFunction(callback, 'callback');
    msecs = getTimerDuration(msecs, 'msecs');
    if (callback) this.once('timeout', callback);
    const apply = (socket) => socket.setTimeout(msecs);
    if (this.socket) apply(this.socket);
    else this.once('socket', apply);
    return this;
  }

  setNoDelay(noDelay) {
    if (this.socket) this.socket.setNoDelay(noDelay);
    else this.once('socket', (socket) => socket.setNoDelay(noDelay));
  }

  setSocketKeepAlive(enable, initialDelay) {
    if (this.socket) this.socket.setKeepAlive(enable, initialDelay);
    else this.once('socket', (socket) => socket.setKeepAlive(enable, initialDelay));
  }

  clearTimeout(callback) {
    this.setTimeout(0, callback);
  }
}

const kError = Symbol('kError');

function signalAbortError() {
  const err = new Error('The operation was aborted');
  err.name = 'AbortError';
  err.code = 'ABORT_ERR';
  return err;
}

function validateHost(host, name) {
  if (host !== null && host !== undefined && typeof host !== 'string') {
    throw new ERR_INVALID_ARG_TYPE(`options.${name}`, ['string', 'undefined', 'null'], host);
  }
  return host;
}

function getTimerDuration(msecs, name) {
  if (typeof msecs !== 'number') throw new ERR_INVALID_ARG_TYPE(name, 'number', msecs);
  if (msecs < 0 || !Number.isFinite(msecs)) throw new codes.ERR_OUT_OF_RANGE(name, 'a non-negative finite number', msecs);
  return msecs;
}

// The request has its socket: listeners on it, the queued writes go out,
// and the response is parsed from what the socket reads.
function onSocketNT(socket, err) {
  const req = this;
  if (req.destroyed || err) {
    const error = err || req[kError];
    if (socket && !err) {
      // The agent's socket goes back (or is dropped), unused.
      if (req.agent) socket.emit('free');
      else socket.destroy();
    }
    if (err || (error && !req._closedEmitted)) {
      req._closedEmitted = true;
      if (error) req.emit('error', error);
      req._closed = true;
      req.emit('close');
    }
    return;
  }
  req.socket = socket;
  socket._httpMessage = req;
  const frame = req[kFrame];
  const parser = new HTTPParser('response', { maxHeaderSize: req.maxHeaderSize });
  req.parser = parser;
  let res = null;
  parser.onHeaders = (info) => {
    res = new IncomingMessage(socket);
    res.httpVersionMajor = info.versionMajor;
    res.httpVersionMinor = info.versionMinor;
    res.httpVersion = `${info.versionMajor}.${info.versionMinor}`;
    res.rawHeaders = info.rawHeaders;
    res.statusCode = info.statusCode;
    res.statusMessage = info.statusMessage;
    res.upgrade = info.upgrade;
    res.req = req;
    if (info.statusCode === 100) {
      req.emit('continue');
      res = null;
      return false;
    }
    if (info.statusCode >= 101 && info.statusCode < 200 && !info.upgrade) {
      req.emit('information', {
        statusCode: info.statusCode, statusMessage: info.statusMessage, httpVersion: res.httpVersion,
        httpVersionMajor: info.versionMajor, httpVersionMinor: info.versionMinor,
        headers: res.headers, rawHeaders: res.rawHeaders,
      });
      res = null;
      return false;
    }
    if (info.upgrade) {
      req.upgradeOrConnect = true;
      req.res = res;
      return true;
    }
    req.res = res;
    req.shouldKeepAlive = req.shouldKeepAlive && info.shouldKeepAlive;
    if (req.method === 'CONNECT') {
      req.upgradeOrConnect = true;
      return true;
    }
    const handled = req.aborted ? false : req.emit('response', res);
    if (!handled) res._dump();
    return req.method === 'HEAD';
  };
  parser.onBody = (chunk) => {
    if (res !== null) res._addBody(chunk);
  };
  parser.onTrailers = (raw) => {
    if (res !== null) res.rawTrailers = raw;
  };
  parser.onComplete = () => {
    if (res === null) return;
    const done = res;
    res = null;
    done.complete = true;
    if (!req.upgradeOrConnect) {
      done.push(null);
      responseOnEnd(req, socket, done);
    }
  };
  const onData = (data) => asyncContext.runContinuation(frame, () => {
    const error = parser.execute(data);
    if (error !== undefined) {
      socket.removeListener('data', onData);
      error.rawPacket = data;
      socket.destroy();
      req.emit('error', error);
      return;
    }
    if (parser.upgradeHead !== null || (req.upgradeOrConnect && req.res)) {
      const head = parser.upgradeHead || Buffer.alloc(0);
      parser.upgradeHead = null;
      detach(req, socket);
      const event = req.method === 'CONNECT' ? 'connect' : 'upgrade';
      if (req.listenerCount(event) > 0) {
        socket.removeAllListeners('free');
        if (req.agent) socket.emit('agentRemove');
        req.emit(event, req.res, socket, head);
        req._closed = true;
        req.emit('close');
      } else {
        socket.destroy();
      }
    }
  }, undefined, []);
  const onEnd = () => asyncContext.runContinuation(frame, () => {
    const error = parser.finish();
    if (error !== undefined && !req.res) {
      req.emit('error', connResetException('socket hang up'));
      return;
    }
    if (error !== undefined) return;
    socket.end();
  }, undefined, []);
  const onClose = () => asyncContext.runContinuation(frame, () => {
    detach(req, socket);
    const current = req.res;
    if (current) {
      if (!current.complete) {
        current.destroy(connResetException('aborted'));
      }
      req._closed = true;
      req.emit('close');
      if (!current.aborted && current.readable && !current.complete) {
        current.push(null);
      }
    } else {
      if (!req.socket?._hadError && !req[kError]) {
        req.socket._hadError = true;
        req.emit('error', connResetException('socket hang up'));
      }
      req._closed = true;
      req.emit('close');
    }
  }, undefined, []);
  const onError = (error) => asyncContext.runContinuation(frame, () => {
    if (req.socket !== socket) return;
    if (!req.res || !req.res.complete) {
      socket._hadError = true;
      req.emit('error', error);
    }
  }, undefined, []);
  const onDrain = () => {
    if (req[kNeedDrain]) {
      req[kNeedDrain] = false;
      asyncContext.runContinuation(frame, () => req.emit('drain'), undefined, []);
    }
  };
  const onTimeout = () => asyncContext.runContinuation(frame, () => req.emit('timeout'), undefined, []);
  req[kOnData] = { onData, onEnd, onClose, onError, onDrain, onTimeout };
  socket.on('data', onData);
  socket.on('end', onEnd);
  socket.on('close', onClose);
  socket.on('error', onError);
  socket.on('drain', onDrain);
  socket.on('timeout', onTimeout);
  if (req.timeout !== undefined) socket.setTimeout(req.timeout);
  req._flushOutput(socket);
  req.emit('socket', socket);
  socket.resume();
}

function detach(req, socket) {
  const listeners = req[kOnData];
  if (listeners === undefined) return;
  req[kOnData] = undefined;
  socket.removeListener('data', listeners.onData);
  socket.removeListener('end', listeners.onEnd);
  socket.removeListener('close', listeners.onClose);
  socket.removeListener('error', listeners.onError);
  socket.removeListener('drain', listeners.onDrain);
  socket.removeListener('timeout', listeners.onTimeout);
}

// The response is read: the socket goes back to the agent once the request
// is sent too, or closes.
function responseOnEnd(req, socket, res) {
  if (!req.shouldKeepAlive || !req.agent) {
    if (socket.writable) {
      if (typeof socket.destroySoon === 'function') socket.destroySoon();
      else socket.end();
    }
    return;
  }
  const release = () => {
    detach(req, socket);
    res.once('end', () => {
      req._closed = true;
      req.emit('close');
    });
    if (res.readableEnded) {
      process.nextTick(() => {
        if (!req._closed) {
          req._closed = true;
          req.emit('close');
        }
      });
    }
    if (socket.timeout !== undefined) socket.setTimeout(0);
    socket.emit('free');
  };
  if (req._finished) release();
  else req.once('finish', release);
}

function request(url, options, callback) {
  return new ClientRequest(url, options, callback);
}

function get(url, options, callback) {
  const req = request(url, options, callback);
  req.end();
  return req;
}

module.exports = { ClientRequest, request, get };
