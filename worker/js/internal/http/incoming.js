'use strict';
// http.IncomingMessage: a request as the server reads it, or a response as
// the client reads it. A Readable of the body; the parser pushes the body as
// it comes, and a full buffer pauses the socket until the script reads.

const { Readable } = internalRequire('node/stream');

// Headers of which a message keeps the first only; Node joins the others
// with ', ' (cookie with '; ') and makes set-cookie an array.
const kFirstWins = new Set(['content-type', 'content-length', 'user-agent', 'referer', 'host', 'authorization',
  'proxy-authorization', 'if-modified-since', 'if-unmodified-since', 'from', 'location', 'max-forwards',
  'retry-after', 'etag', 'last-modified', 'server', 'age', 'expires']);

function headersFrom(raw) {
  const headers = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    const value = raw[i + 1];
    if (headers[name] === undefined) {
      headers[name] = name === 'set-cookie' ? [value] : value;
    } else if (name === 'set-cookie') {
      headers[name].push(value);
    } else if (!kFirstWins.has(name)) {
      headers[name] += (name === 'cookie' ? '; ' : ', ') + value;
    }
  }
  return headers;
}

function distinctFrom(raw) {
  const headers = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (headers[name] === undefined) headers[name] = [raw[i + 1]];
    else headers[name].push(raw[i + 1]);
  }
  return headers;
}

const kHeaders = Symbol('kHeaders');
const kTrailers = Symbol('kTrailers');

class IncomingMessage extends Readable {
  constructor(socket) {
    super({ autoDestroy: false, highWaterMark: socket ? socket.readableHighWaterMark : undefined });
    this._readableState.readingMore = true;
    this.socket = socket;
    this.httpVersionMajor = null;
    this.httpVersionMinor = null;
    this.httpVersion = null;
    this.complete = false;
    this.rawHeaders = [];
    this.rawTrailers = [];
    this.joinDuplicateHeaders = false;
    this.aborted = false;
    this.upgrade = null;
    this.url = '';
    this.method = null;
    this.statusCode = null;
    this.statusMessage = null;
    this[kHeaders] = null;
    this[kTrailers] = null;
    this._consuming = false;
    this._dumped = false;
  }

  get connection() {
    return this.socket;
  }

  set connection(value) {
    this.socket = value;
  }

  get headers() {
    if (this[kHeaders] === null) this[kHeaders] = headersFrom(this.rawHeaders);
    return this[kHeaders];
  }

  set headers(value) {
    this[kHeaders] = value;
  }

  get headersDistinct() {
    return distinctFrom(this.rawHeaders);
  }

  get trailers() {
    if (this[kTrailers] === null) this[kTrailers] = headersFrom(this.rawTrailers);
    return this[kTrailers];
  }

  set trailers(value) {
    this[kTrailers] = value;
  }

  get trailersDistinct() {
    return distinctFrom(this.rawTrailers);
  }

  setTimeout(msecs, callback) {
    if (callback) this.on('timeout', callback);
    this.socket.setTimeout(msecs);
    return this;
  }

  _read() {
    if (!this._consuming) {
      this._readableState.readingMore = false;
      this._consuming = true;
    }
    // The script wants more: the socket may read again.
    if (this.socket !== null && !this.socket.destroyed && this.socket.isPaused() && !this.complete) this.socket.resume();
  }

  // Called by the parser with each piece of the body.
  _addBody(chunk) {
    if (this._dumped) return;
    if (!this.push(chunk) && this.socket !== null) this.socket.pause();
  }

  // Reads what is left without keeping it: a message the script did not
  // read still leaves the socket ready for the next one.
  _dump() {
    if (this._dumped) return;
    this._dumped = true;
    this.removeAllListeners('data');
    this.resume();
  }

  // As Node keeps it: the error is the message's 'error' only when the
  // script listens for one.
  _destroy(err, callback) {
    if (!this.readableEnded || !this.complete) {
      this.aborted = true;
      this.emit('aborted');
    }
    const done = () => process.nextTick(() => callback(this.listenerCount('error') === 0 ? undefined : err));
    if (this.socket !== null && !this.socket.destroyed && this.aborted) {
      this.socket.destroy(err);
      this.socket.once('close', done);
      return;
    }
    done();
  }
}

module.exports = { IncomingMessage, headersFrom };
