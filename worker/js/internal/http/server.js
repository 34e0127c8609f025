'use strict';
// http.Server and http.ServerResponse: a net.Server whose connections are
// parsed as HTTP/1.1 requests (internal/http/parser.js). Each request is a
// 'request' event with an IncomingMessage and a ServerResponse; requests
// that a client pipelines are answered in order, each response waiting for
// the one before. A connection stays open between requests for
// keepAliveTimeout, and close() ends the idle ones at once (Node 19+).

const net = internalRequire('node/net');
const { codes } = internalRequire('internal/errors');
const { validateInteger, validateObject, validateBoolean } = internalRequire('internal/validators');
const { HTTPParser } = internalRequire('internal/http/parser');
const { IncomingMessage } = internalRequire('internal/http/incoming');
const { OutgoingMessage, kNeedDrain } = internalRequire('internal/http/outgoing');
const { STATUS_CODES, checkInvalidHeaderChar } = internalRequire('internal/http/common');

const { ERR_HTTP_HEADERS_SENT, ERR_HTTP_INVALID_STATUS_CODE, ERR_INVALID_CHAR, ERR_INVALID_ARG_VALUE } = codes;

const kConnections = Symbol('kConnections');
const kState = Symbol('kState');

class ServerResponse extends OutgoingMessage {
  constructor(req, options = undefined) {
    super(options);
    this.req = req;
    this.statusCode = 200;
    this.statusMessage = undefined;
    this.sendDate = true;
    this._sent100 = false;
    this._expect_continue = false;
    if (req.method === 'HEAD') this._hasBody = false;
    this.useChunkedEncodingByDefault = !(req.httpVersionMajor < 1 || (req.httpVersionMajor === 1 && req.httpVersionMinor === 0));
    this.shouldKeepAlive = req.shouldKeepAlive !== false;
    if (!this.useChunkedEncodingByDefault && !req._keepAliveRequested) this.shouldKeepAlive = false;
  }

  assignSocket(socket) {
    socket._httpMessage = this;
    this.socket = socket;
    this.emit('socket', socket);
    this._flushOutput(socket);
  }

  detachSocket(socket) {
    if (socket._httpMessage === this) socket._httpMessage = null;
    this.socket = null;
  }

  writeContinue(callback) {
    this._writeRaw('HTTP/1.1 100 Continue\r\n\r\n', 'latin1', callback);
    this._sent100 = true;
  }

  writeProcessing(callback) {
    this._writeRaw('HTTP/1.1 102 Processing\r\n\r\n', 'latin1', callback);
  }

  writeEarlyHints(hints, callback) {
    validateObject(hints, 'hints');
    let head = 'HTTP/1.1 103 Early Hints\r\n';
    for (const [name, value] of Object.entries(hints)) {
      for (const item of Array.isArray(value) ? value : [value]) head += `${name}: ${item}\r\n`;
    }
    this._writeRaw(`${head}\r\n`, 'latin1', callback);
  }

  _implicitHeader() {
    this.writeHead(this.statusCode);
  }

  writeHead(statusCode, reason, headers) {
    if (this._header !== null) throw new ERR_HTTP_HEADERS_SENT('write');
    const original = statusCode;
    statusCode |= 0;
    if (statusCode < 100 || statusCode > 999) throw new ERR_HTTP_INVALID_STATUS_CODE(original);
    if (typeof reason === 'string') {
      this.statusMessage = reason;
    } else {
      if (!this.statusMessage) this.statusMessage = STATUS_CODES[statusCode] || 'unknown';
      headers = headers === undefined ? reason : headers;
    }
    this.statusCode = statusCode;
    let extra = null;
    if (headers !== undefined && headers !== null) {
      if (Array.isArray(headers)) {
        extra = [];
        if (headers.length > 0 && Array.isArray(headers[0])) {
          for (const [name, value] of headers) extra.push([name, value]);
        } else {
          if (headers.length % 2 !== 0) throw new ERR_INVALID_ARG_VALUE('headers', headers);
          for (let i = 0; i < headers.length; i += 2) extra.push([headers[i], headers[i + 1]]);
        }
        for (const [name, value] of extra) {
          if (this.hasHeader(name)) this.removeHeader(name);
          this.setHeader(name, value);
        }
        extra = null;
      } else if (typeof headers === 'object') {
        for (const name of Object.keys(headers)) {
          const value = headers[name];
          if (value !== undefined) this.setHeader(name, value);
        }
      }
    }
    if (checkInvalidHeaderChar(this.statusMessage)) throw new ERR_INVALID_CHAR('statusMessage');
    const firstLine = `HTTP/1.1 ${statusCode} ${this.statusMessage}\r\n`;
    if (statusCode === 204 || statusCode === 304 || (statusCode >= 100 && statusCode <= 199)) this._hasBody = false;
    if (this._expect_continue && !this._sent100) this.shouldKeepAlive = false;
    this._storeHeader(firstLine, extra);
    return this;
  }
}

class Server extends net.Server {
  constructor(options = undefined, requestListener = undefined) {
    if (typeof options === 'function') {
      requestListener = options;
      options = {};
    } else if (options === undefined || options === null) {
      options = {};
    } else {
      validateObject(options, 'options');
    }
    super({ allowHalfOpen: true, noDelay: options.noDelay ?? true, keepAlive: options.keepAlive,
      keepAliveInitialDelay: options.keepAliveInitialDelay, highWaterMark: options.highWaterMark });
    if (options.maxHeaderSize !== undefined) validateInteger(options.maxHeaderSize, 'maxHeaderSize', 0);
    if (options.requireHostHeader !== undefined) validateBoolean(options.requireHostHeader, 'options.requireHostHeader');
    this.maxHeaderSize = options.maxHeaderSize;
    this.IncomingMessage = options.IncomingMessage || IncomingMessage;
    this.ServerResponse = options.ServerResponse || ServerResponse;
    this.joinDuplicateHeaders = options.joinDuplicateHeaders;
    this.timeout = 0;
    this.keepAliveTimeout = 5000;
    this.maxHeadersCount = null;
    this.httpAllowHalfOpen = false;
    this.maxRequestsPerSocket = 0;
    // Node's limits on a slow client: kept as given, not enforced here.
    this.requestTimeout = options.requestTimeout ?? 300000;
    validateInteger(this.requestTimeout, 'requestTimeout', 0);
    this.headersTimeout = options.headersTimeout ?? Math.min(60000, this.requestTimeout || 60000);
    validateInteger(this.headersTimeout, 'headersTimeout', 0);
    if (this.requestTimeout > 0 && this.headersTimeout > this.requestTimeout) {
      throw new codes.ERR_OUT_OF_RANGE('headersTimeout', '<= requestTimeout', this.headersTimeout);
    }
    this[kConnections] = new Set();
    if (requestListener) this.on('request', requestListener);
    this.on('connection', connectionListener);
  }

  setTimeout(msecs, callback) {
    this.timeout = msecs;
    if (callback) this.on('timeout', callback);
    return this;
  }

  close(callback) {
    this.closeIdleConnections();
    return super.close(callback);
  }

  closeAllConnections() {
    for (const socket of this[kConnections]) socket.destroy();
  }

  closeIdleConnections() {
    for (const socket of this[kConnections]) {
      const state = socket[kState];
      if (state.incoming.length === 0 && state.outgoing.length === 0 && !state.parsing) socket.destroy();
    }
  }
}

function connectionListener(socket) {
  const server = this;
  const state = { incoming: [], outgoing: [], parsing: false, requests: 0 };
  socket[kState] = state;
  server[kConnections].add(socket);
  socket.on('close', () => server[kConnections].delete(socket));
  if (server.timeout && typeof socket.setTimeout === 'function') socket.setTimeout(server.timeout);
  socket.on('timeout', () => {
    const req = state.incoming[0];
    const res = state.outgoing.length > 0 ? state.outgoing[state.outgoing.length - 1] : req?._response;
    let handled = false;
    if (req) handled = req.emit('timeout', socket) || handled;
    if (res) handled = res.emit('timeout', socket) || handled;
    handled = server.emit('timeout', socket) || handled;
    if (!handled) socket.destroy();
  });
  const parser = new HTTPParser('request', { maxHeaderSize: server.maxHeaderSize });
  let current = null;
  parser.onHeaders = (info) => {
    state.parsing = true;
    const req = new server.IncomingMessage(socket);
    req.httpVersionMajor = info.versionMajor;
    req.httpVersionMinor = info.versionMinor;
    req.httpVersion = `${info.versionMajor}.${info.versionMinor}`;
    req.rawHeaders = info.rawHeaders;
    req.method = info.method;
    req.url = info.url;
    req.upgrade = info.upgrade;
    req.shouldKeepAlive = info.shouldKeepAlive;
    req._keepAliveRequested = info.shouldKeepAlive;
    current = req;
    onRequest(server, socket, state, req, info);
    return false;
  };
  parser.onBody = (chunk) => {
    if (current !== null) current._addBody(chunk);
  };
  parser.onTrailers = (raw) => {
    if (current !== null) current.rawTrailers = raw;
  };
  parser.onComplete = () => {
    state.parsing = false;
    const req = current;
    current = null;
    if (req === null) return;
    req.complete = true;
    req.push(null);
  };
  const onData = (data) => {
    socket.setTimeout(server.timeout);
    const err = parser.execute(data);
    if (err !== undefined) {
      socket.removeListener('data', onData);
      onParserError(server, socket, err, data);
      return;
    }
    if (parser.upgradeHead !== null) {
      const head = parser.upgradeHead;
      parser.upgradeHead = null;
      socket.removeListener('data', onData);
      const req = state.upgradeRequest;
      state.upgradeRequest = null;
      if (req !== undefined && req !== null && server.listenerCount(req.method === 'CONNECT' ? 'connect' : 'upgrade') > 0) {
        socket.pause();
        server.emit(req.method === 'CONNECT' ? 'connect' : 'upgrade', req, socket, head);
      } else {
        socket.destroy();
      }
    }
  };
  socket.on('data', onData);
  socket.on('end', () => {
    const err = parser.finish();
    if (err !== undefined) {
      onParserError(server, socket, err, undefined);
      return;
    }
    // The client is done sending. By default (httpAllowHalfOpen false, as
    // Node's) what is in flight is aborted and the connection ends;
    // otherwise the answers in flight go out first.
    if (!server.httpAllowHalfOpen) {
      const incoming = state.incoming;
      state.incoming = [];
      for (const req of incoming) {
        if (!req.destroyed) req.destroy(connResetException('aborted'));
      }
      if (socket.writable) socket.end();
    } else if (state.outgoing.length === 0 && state.incoming.length === 0) {
      socket.end();
    } else {
      state.endAfterResponses = true;
    }
  });
  socket.on('error', (err) => {
    if (server.listenerCount('clientError') > 0) {
      server.emit('clientError', err, socket);
    } else {
      socket.destroy();
    }
  });
  socket.on('drain', () => {
    const msg = socket._httpMessage;
    if (msg && msg[kNeedDrain]) {
      msg[kNeedDrain] = false;
      msg.emit('drain');
    }
  });
  socket.on('close', () => {
    for (const req of state.incoming) {
      if (!req.complete) req.destroy();
      else if (!req.destroyed) req.destroy();
    }
    for (const res of [...state.outgoing, ...state.incoming.map((req) => req._response)]) {
      if (res && !res._closed) {
        res._closed = true;
        res.destroyed = true;
        res.emit('close');
      }
    }
    state.incoming = [];
    state.outgoing = [];
  });
}

function connResetException(message) {
  const err = new Error(message);
  err.code = 'ECONNRESET';
  return err;
}

function onRequest(server, socket, state, req, info) {
  state.requests++;
  const res = new server.ServerResponse(req, { highWaterMark: socket.writableHighWaterMark });
  req._response = res;
  res.shouldKeepAlive = info.shouldKeepAlive && (server.maxRequestsPerSocket === 0 ||
    state.requests < server.maxRequestsPerSocket);
  if (server.maxRequestsPerSocket > 0 && state.requests >= server.maxRequestsPerSocket) {
    res.maxRequestsOnConnectionReached = true;
  }
  res._keepAliveTimeout = server.keepAliveTimeout;
  if (req.upgrade) {
    state.upgradeRequest = req;
    if (server.listenerCount(req.method === 'CONNECT' ? 'connect' : 'upgrade') > 0) return;
    // No one takes the upgrade: it is an ordinary request.
    req.upgrade = false;
  }
  state.incoming.push(req);
  if (socket._httpMessage) {
    state.outgoing.push(res);
  } else {
    res.assignSocket(socket);
  }
  res.on('finish', () => onResponseFinish(server, socket, state, req, res));
  const expect = req.headers.expect;
  if (expect !== undefined && req.httpVersionMajor === 1 && req.httpVersionMinor === 1) {
    if (/(?:^|\W)100-continue(?:$|\W)/i.test(expect)) {
      res._expect_continue = true;
      if (server.listenerCount('checkContinue') > 0) {
        server.emit('checkContinue', req, res);
      } else {
        res.writeContinue();
        server.emit('request', req, res);
      }
    } else if (server.listenerCount('checkExpectation') > 0) {
      server.emit('checkExpectation', req, res);
    } else {
      res.writeHead(417);
      res.end();
    }
    return;
  }
  server.emit('request', req, res);
}

function onResponseFinish(server, socket, state, req, res) {
  const index = state.incoming.indexOf(req);
  if (index !== -1) state.incoming.splice(index, 1);
  // A request body the script did not read is read and dropped, so that the
  // next request on the connection can be parsed.
  if (!req._consuming && !req.readableEnded) req._dump();
  res.detachSocket(socket);
  const closeRequest = () => {
    if (!req.destroyed) req.destroy();
  };
  if (req.readableEnded) process.nextTick(closeRequest);
  else req.once('end', closeRequest);
  process.nextTick(() => {
    if (!res._closed) {
      res._closed = true;
      res.destroyed = true;
      res.emit('close');
    }
  });
  if (res._last || !res.shouldKeepAlive) {
    socket.destroySoon();
  } else if (state.outgoing.length > 0) {
    state.outgoing.shift().assignSocket(socket);
  } else if (state.endAfterResponses) {
    socket.end();
  } else if (server.keepAliveTimeout && typeof socket.setTimeout === 'function') {
    socket.setTimeout(server.keepAliveTimeout);
  }
}

// A request the parser refused: 'clientError' if the script listens, else
// Node's answer (400, or 431 for a head too large) and the connection ends.
function onParserError(server, socket, err, data) {
  err.rawPacket = data;
  if (server.listenerCount('clientError') > 0) {
    server.emit('clientError', err, socket);
    return;
  }
  if (socket.writable && !socket._httpMessage?._headerSent) {
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
  }
  socket.destroySoon();
}

function createServer(options, requestListener) {
  return new Server(options, requestListener);
}

module.exports = { Server, ServerResponse, createServer, _connectionListener: connectionListener, STATUS_CODES };
