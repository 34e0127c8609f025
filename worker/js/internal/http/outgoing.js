'use strict';
// http.OutgoingMessage: what ServerResponse and ClientRequest share: the
// headers the script sets, the head made from them on the first write, and
// the body written to the socket as it comes (chunked when no length is
// known and the peer speaks HTTP/1.1, else with Content-Length or until
// close). Before the message has a socket (a client waiting for one, a
// response behind an earlier one on the same connection) writes wait in
// order. write() returns false when the socket's buffer is full; 'drain'
// follows.

const { Stream } = internalRequire('node/stream');
const { Buffer } = internalRequire('internal/buffer/buffer');
const { codes } = internalRequire('internal/errors');
const { validateHeaderName, validateHeaderValue } = internalRequire('internal/http/common');
const asyncContext = internalRequire('internal/async_context');

const { ERR_HTTP_HEADERS_SENT, ERR_INVALID_ARG_TYPE, ERR_STREAM_WRITE_AFTER_END,
  ERR_STREAM_ALREADY_FINISHED, ERR_STREAM_DESTROYED, ERR_HTTP_TRAILER_INVALID,
  ERR_HTTP_CONTENT_LENGTH_MISMATCH } = codes;

const kHeaders = Symbol('kHeaders');
const kCorked = Symbol('kCorked');
const kNeedDrain = Symbol('kNeedDrain');
const kFrame = Symbol('kFrame');

let cachedDate = null;
function utcDate() {
  if (cachedDate === null) {
    cachedDate = new Date().toUTCString();
    // One Date per turn of the loop, as Node caches it.
    setImmediate(() => { cachedDate = null; }).unref();
  }
  return cachedDate;
}

function byteLength(chunk, encoding) {
  return typeof chunk === 'string' ? Buffer.byteLength(chunk, encoding) : chunk.byteLength;
}

class OutgoingMessage extends Stream {
  constructor(options = undefined) {
    super();
    this.outputData = [];
    this.outputSize = 0;
    this.writable = true;
    this.destroyed = false;
    this._last = false;
    this.chunkedEncoding = false;
    this.shouldKeepAlive = true;
    this.maxRequestsOnConnectionReached = false;
    this._defaultKeepAlive = true;
    this.useChunkedEncodingByDefault = true;
    this.sendDate = false;
    this._removedConnection = false;
    this._removedContLen = false;
    this._removedTE = false;
    this.strictContentLength = false;
    this._contentLength = null;
    this._hasBody = true;
    this._trailer = '';
    this.finished = false;
    this._headerSent = false;
    this._closed = false;
    this.socket = null;
    this._header = null;
    this[kHeaders] = null;
    this[kCorked] = 0;
    this._bodyBytes = 0;
    this._keepAliveTimeout = 0;
    this.highWaterMark = options?.highWaterMark ?? 16384;
    // 'finish' comes from the socket, which may have been made in another
    // async context (a pooled one): it runs in the message's.
    this[kFrame] = asyncContext.currentFrame();
  }

  get writableFinished() {
    return this.finished && this.outputSize === 0 && (this.socket === null || this.socket.writableLength === 0);
  }

  get writableObjectMode() {
    return false;
  }

  get writableLength() {
    return this.outputSize + (this.socket ? this.socket.writableLength : 0);
  }

  get writableHighWaterMark() {
    return this.socket ? this.socket.writableHighWaterMark : this.highWaterMark;
  }

  get writableCorked() {
    return this[kCorked];
  }

  get writableEnded() {
    return this.finished;
  }

  get writableNeedDrain() {
    return !this.destroyed && !this.finished && this[kNeedDrain] === true;
  }

  get connection() {
    return this.socket;
  }

  set connection(value) {
    this.socket = value;
  }

  get headersSent() {
    return this._header !== null;
  }

  cork() {
    this[kCorked]++;
    if (this.socket) this.socket.cork();
  }

  uncork() {
    if (this[kCorked] > 0) this[kCorked]--;
    if (this.socket) this.socket.uncork();
  }

  setTimeout(msecs, callback) {
    if (callback) this.on('timeout', callback);
    if (this.socket) this.socket.setTimeout(msecs);
    else this.once('socket', (socket) => socket.setTimeout(msecs));
    return this;
  }

  destroy(error) {
    if (this.destroyed) return this;
    this.destroyed = true;
    this.errored = error;
    if (this.socket) this.socket.destroy(error);
    else this.once('socket', (socket) => socket.destroy(error));
    return this;
  }

  setHeader(name, value) {
    if (this._header !== null) throw new ERR_HTTP_HEADERS_SENT('set');
    validateHeaderName(name);
    validateHeaderValue(name, value);
    if (this[kHeaders] === null) this[kHeaders] = Object.create(null);
    this[kHeaders][name.toLowerCase()] = [name, value];
    return this;
  }

  setHeaders(headers) {
    if (this._header !== null) throw new ERR_HTTP_HEADERS_SENT('set');
    if (!headers || Array.isArray(headers) || typeof headers.keys !== 'function' || typeof headers.get !== 'function') {
      throw new ERR_INVALID_ARG_TYPE('headers', ['Headers', 'Map'], headers);
    }
    for (const key of headers.keys()) this.setHeader(key, headers.get(key));
    return this;
  }

  appendHeader(name, value) {
    if (this._header !== null) throw new ERR_HTTP_HEADERS_SENT('append');
    validateHeaderName(name);
    validateHeaderValue(name, value);
    const key = name.toLowerCase();
    if (this[kHeaders] === null) this[kHeaders] = Object.create(null);
    const existing = this[kHeaders][key];
    if (existing === undefined) {
      this[kHeaders][key] = [name, value];
    } else {
      const values = Array.isArray(existing[1]) ? existing[1] : [existing[1]];
      existing[1] = values.concat(value);
    }
    return this;
  }

  getHeader(name) {
    if (typeof name !== 'string') throw new ERR_INVALID_ARG_TYPE('name', 'string', name);
    const entry = this[kHeaders]?.[name.toLowerCase()];
    return entry === undefined ? undefined : entry[1];
  }

  getHeaderNames() {
    return this[kHeaders] === null ? [] : Object.keys(this[kHeaders]);
  }

  getRawHeaderNames() {
    return this[kHeaders] === null ? [] : Object.values(this[kHeaders]).map((entry) => entry[0]);
  }

  getHeaders() {
    const result = Object.create(null);
    if (this[kHeaders] !== null) {
      for (const key of Object.keys(this[kHeaders])) result[key] = this[kHeaders][key][1];
    }
    return result;
  }

  hasHeader(name) {
    if (typeof name !== 'string') throw new ERR_INVALID_ARG_TYPE('name', 'string', name);
    return this[kHeaders] !== null && this[kHeaders][name.toLowerCase()] !== undefined;
  }

  removeHeader(name) {
    if (typeof name !== 'string') throw new ERR_INVALID_ARG_TYPE('name', 'string', name);
    if (this._header !== null) throw new ERR_HTTP_HEADERS_SENT('remove');
    const key = name.toLowerCase();
    if (key === 'connection') this._removedConnection = true;
    else if (key === 'content-length') this._removedContLen = true;
    else if (key === 'transfer-encoding') this._removedTE = true;
    else if (key === 'date') this.sendDate = false;
    if (this[kHeaders] !== null) delete this[kHeaders][key];
  }

  addTrailers(headers) {
    let trailer = '';
    const entries = Array.isArray(headers) ? headers : Object.entries(headers);
    for (const entry of entries) {
      const [name, value] = entry;
      validateHeaderName(name, 'Trailer name');
      validateHeaderValue(name, value);
      trailer += `${name}: ${value}\r\n`;
    }
    this._trailer = trailer;
  }

  flushHeaders() {
    if (this._header === null) this._implicitHeader();
    this._send('');
  }

  // The head: `firstLine`, the headers set (and `extra`, [name, value]
  // pairs given to writeHead), and those the message adds: Date,
  // Connection, Content-Length or Transfer-Encoding.
  _storeHeader(firstLine, extra) {
    const state = { connection: false, contLen: false, te: false, date: false, expect: false, trailer: false, header: firstLine };
    const add = (name, value) => {
      if (Array.isArray(value)) {
        for (const item of value) processHeader(this, state, name, item);
      } else {
        processHeader(this, state, name, value);
      }
    };
    if (extra !== null) {
      for (const [name, value] of extra) add(name, value);
    } else if (this[kHeaders] !== null) {
      for (const key of Object.keys(this[kHeaders])) add(this[kHeaders][key][0], this[kHeaders][key][1]);
    }
    let header = state.header;
    if (this.sendDate && !state.date) header += `Date: ${utcDate()}\r\n`;
    if (this.chunkedEncoding && (this.statusCode === 204 || this.statusCode === 304)) this.chunkedEncoding = false;
    if (!state.connection) {
      const shouldSendKeepAlive = this.shouldKeepAlive && (state.contLen || this.useChunkedEncodingByDefault || this.agent);
      if (shouldSendKeepAlive && this.maxRequestsOnConnectionReached) {
        header += 'Connection: close\r\n';
      } else if (shouldSendKeepAlive) {
        header += 'Connection: keep-alive\r\n';
        if (this._keepAliveTimeout && this._defaultKeepAlive) {
          header += `Keep-Alive: timeout=${Math.floor(this._keepAliveTimeout / 1000)}\r\n`;
        }
      } else {
        this._last = true;
        header += 'Connection: close\r\n';
      }
    }
    if (!state.contLen && !state.te) {
      if (!this._hasBody) {
        this.chunkedEncoding = false;
      } else if (!this.useChunkedEncodingByDefault) {
        this._last = true;
      } else if (!state.trailer && !this._removedContLen && typeof this._contentLength === 'number') {
        header += `Content-Length: ${this._contentLength}\r\n`;
      } else if (!this._removedTE) {
        header += 'Transfer-Encoding: chunked\r\n';
        this.chunkedEncoding = true;
      } else if (this._contentLength === null) {
        // Neither a length nor chunks: the body ends with the connection.
        this._last = true;
      }
    }
    if (this.chunkedEncoding !== true && state.trailer) throw new ERR_HTTP_TRAILER_INVALID();
    this._header = `${header}\r\n`;
    this._headerSent = false;
  }

  write(chunk, encoding, callback) {
    if (typeof encoding === 'function') {
      callback = encoding;
      encoding = null;
    }
    const ok = writeChunk(this, chunk, encoding, callback, false);
    if (!ok) this[kNeedDrain] = true;
    return ok;
  }

  end(chunk, encoding, callback) {
    if (typeof chunk === 'function') {
      callback = chunk;
      chunk = null;
      encoding = null;
    } else if (typeof encoding === 'function') {
      callback = encoding;
      encoding = null;
    }
    if (chunk !== null && chunk !== undefined) {
      if (this.finished) {
        onWriteError(this, new ERR_STREAM_WRITE_AFTER_END(), callback);
        return this;
      }
      if (this.socket) this.socket.cork();
      writeChunk(this, chunk, encoding, null, true);
      if (this.socket) this.socket.uncork();
    } else if (this.finished) {
      if (typeof callback === 'function') {
        if (!this.writableFinished) this.on('finish', callback);
        else process.nextTick(callback, new ERR_STREAM_ALREADY_FINISHED('end'));
      }
      return this;
    } else if (this._header === null) {
      this._contentLength = 0;
      this._implicitHeader();
    }
    if (typeof callback === 'function') this.once('finish', callback);
    if (this.strictContentLength && this._contentLengthHeader !== undefined &&
        this._bodyBytes !== this._contentLengthHeader) {
      throw new ERR_HTTP_CONTENT_LENGTH_MISMATCH(this._bodyBytes, this._contentLengthHeader);
    }
    // 'finish' once the socket has taken the last bytes.
    const finish = () => asyncContext.runContinuation(this[kFrame], () => this._finish(), undefined, []);
    if (this._hasBody && this.chunkedEncoding) {
      this._send(`0\r\n${this._trailer}\r\n`, 'latin1', finish);
    } else {
      this._send('', 'latin1', finish);
    }
    this.finished = true;
    return this;
  }

  _finish() {
    if (this._finished) return;
    this._finished = true;
    this.emit('prefinish');
    this.emit('finish');
  }

  // Sends `data` (the head first, if not sent yet); queued until the
  // message has its socket.
  _send(data, encoding, callback) {
    if (!this._headerSent && this._header !== null) {
      if (typeof data === 'string' && (encoding === 'utf8' || encoding === 'latin1' || !encoding)) {
        data = this._header + data;
      } else {
        this.outputData.unshift({ data: this._header, encoding: 'latin1', callback: null });
        this.outputSize += this._header.length;
      }
      this._headerSent = true;
    }
    return this._writeRaw(data, encoding, callback);
  }

  _writeRaw(data, encoding, callback) {
    const socket = this.socket;
    if (socket !== null && socket.destroyed) {
      if (typeof callback === 'function') process.nextTick(callback, new ERR_STREAM_DESTROYED('write'));
      return false;
    }
    if (socket !== null && socket._httpMessage === this && socket.writable) {
      if (this.outputData.length > 0) this._flushOutput(socket);
      return socket.write(data, encoding, callback);
    }
    this.outputData.push({ data, encoding, callback });
    this.outputSize += data.length;
    return this.outputSize < this.highWaterMark;
  }

  _flushOutput(socket) {
    const queued = this.outputData;
    if (queued.length === 0) return true;
    this.outputData = [];
    this.outputSize = 0;
    let ok = true;
    socket.cork();
    for (const { data, encoding, callback } of queued) ok = socket.write(data, encoding, callback);
    socket.uncork();
    return ok;
  }

  pipe() {
    this.emit('error', new codes.ERR_STREAM_CANNOT_PIPE());
  }
}


// As Node: the callback gets the error, and so does 'error'.
function onWriteError(msg, err, callback) {
  process.nextTick(() => {
    if (typeof callback === 'function') callback(err);
    msg.emit('error', err);
  });
}

function writeChunk(msg, chunk, encoding, callback, fromEnd) {
  if (chunk === null) throw new codes.ERR_STREAM_NULL_VALUES();
  if (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) {
    throw new ERR_INVALID_ARG_TYPE('chunk', ['string', 'Buffer', 'Uint8Array'], chunk);
  }
  if (msg.finished) {
    onWriteError(msg, new ERR_STREAM_WRITE_AFTER_END(), callback);
    return false;
  }
  if (msg.destroyed) {
    if (typeof callback === 'function') process.nextTick(callback, new ERR_STREAM_DESTROYED('write'));
    return false;
  }
  const length = byteLength(chunk, encoding);
  if (msg._header === null) {
    if (fromEnd) msg._contentLength = length;
    msg._implicitHeader();
  }
  if (!msg._hasBody) {
    if (typeof callback === 'function') process.nextTick(callback);
    return true;
  }
  msg._bodyBytes += length;
  if (length === 0) {
    if (typeof callback === 'function') process.nextTick(callback);
    return true;
  }
  if (!msg.chunkedEncoding) return msg._send(chunk, encoding, callback);
  if (msg.socket) msg.socket.cork();
  msg._send(`${length.toString(16)}\r\n`, 'latin1', null);
  msg._send(chunk, encoding, null);
  const ok = msg._send('\r\n', 'latin1', callback);
  if (msg.socket) msg.socket.uncork();
  return ok;
}

// One header line into `state`: notes the headers that decide framing.
function processHeader(msg, state, name, value) {
  if (value === undefined) return;
  state.header += `${name}: ${value}\r\n`;
  const key = name.length <= 17 ? name.toLowerCase() : '';
  switch (key) {
    case 'connection':
      state.connection = true;
      msg._removedConnection = false;
      if (/(?:^|,)\s*close\s*(?:,|$)/i.test(String(value))) msg._last = true;
      else msg.shouldKeepAlive = true;
      break;
    case 'transfer-encoding':
      state.te = true;
      msg._removedTE = false;
      if (/(?:^|,)\s*chunked\s*$/i.test(String(value))) msg.chunkedEncoding = true;
      break;
    case 'content-length':
      state.contLen = true;
      msg._contentLengthHeader = Number(value);
      msg._removedContLen = false;
      break;
    case 'date':
      state.date = true;
      break;
    case 'expect':
      state.expect = true;
      break;
    case 'trailer':
      state.trailer = true;
      break;
    default:
      break;
  }
}

module.exports = { OutgoingMessage, kHeaders, kNeedDrain, utcDate };
