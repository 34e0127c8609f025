'use strict';
// An incremental HTTP/1.1 message parser (RFC 9112) for the http module:
// fed the bytes of a socket as they come, it reports each message's head,
// its body in pieces and its end. Written here, in JavaScript, rather than
// bound from a C library: the bytes are in JS already (a socket's 'data'),
// the head is small text that JS takes apart as fast as it would copy
// strings out of C, and the C parser Debian packages (nodejs/http-parser)
// is no longer maintained upstream, so a binding would add a native
// dependency and a second copy of every head for no gain.
//
// Strict where Node's parser (llhttp) is strict: a method or header name
// that is no token, a bad version, a bad Content-Length or chunk size,
// both Content-Length and Transfer-Encoding, a head over the size limit:
// each is an error with Node's code (HPE_*) and `bytesParsed`.
//
//   new HTTPParser('request' | 'response', { maxHeaderSize })
//   parser.onHeaders = (info) => skipBody   info: { method, url, versionMajor,
//       versionMinor, rawHeaders, statusCode, statusMessage, upgrade,
//       shouldKeepAlive }; a true result says the message has no body (a
//       response to HEAD)
//   parser.onBody = (buffer), parser.onTrailers = (rawTrailers), parser.onComplete = ()
//   parser.execute(buffer) -> undefined, or an Error; after an upgrade the
//       bytes left over are parser.upgradeHead
//   parser.finish() -> undefined or an Error: the peer closed (ends a body
//       read until the close)

const { methods } = internalRequire('internal/http/common');

const kTokenRe = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// A field value: visible characters, spaces, tabs and obs-text.
const kValueRe = /^[\t\x20-\x7e\x80-\xff]*$/;
const kMethods = new Set(methods);

const CR = 13;
const LF = 10;

function parseError(code, reason, bytesParsed) {
  const err = new Error(`Parse Error: ${reason}`);
  err.code = code;
  err.bytesParsed = bytesParsed;
  err.reason = reason;
  return err;
}

class HTTPParser {
  constructor(kind, { maxHeaderSize = 16384 } = {}) {
    this.kind = kind;
    this.maxHeaderSize = maxHeaderSize;
    this.onHeaders = null;
    this.onBody = null;
    this.onTrailers = null;
    this.onComplete = null;
    this.upgradeHead = null;
    this.paused = false;
    this.reset();
  }

  reset() {
    // 'head' | 'length' | 'chunk-size' | 'chunk-data' | 'chunk-end' | 'trailers' | 'eof' | 'upgraded' | 'error'
    this.state = 'head';
    this.head = [];
    this.headSize = 0;
    this.remaining = 0;
    this.lineBuf = '';
  }

  // Whether the message in progress reads its body until the peer closes.
  get readsUntilClose() {
    return this.state === 'eof';
  }

  execute(buffer) {
    let offset = 0;
    const length = buffer.length;
    this.parsed = 0;
    while (offset < length) {
      if (this.state === 'upgraded') {
        this.upgradeHead = buffer.subarray(offset);
        return undefined;
      }
      if (this.state === 'error') return parseError('HPE_CLOSED_CONNECTION', 'Data after `Connection: close`', offset);
      if (this.state === 'head' || this.state === 'trailers' || this.state === 'chunk-size' || this.state === 'chunk-end') {
        const eol = buffer.indexOf(LF, offset);
        const end = eol === -1 ? length : eol + 1;
        const text = buffer.toString('latin1', offset, end);
        this.headSize += end - offset;
        if ((this.state === 'head' || this.state === 'trailers') && this.headSize > this.maxHeaderSize) {
          this.state = 'error';
          return parseError('HPE_HEADER_OVERFLOW', 'Header overflow', offset);
        }
        if (this.state !== 'head' && this.state !== 'trailers' && this.headSize > 4096) {
          this.state = 'error';
          return parseError('HPE_INVALID_CHUNK_SIZE', 'Invalid character in chunk size', offset);
        }
        offset = end;
        if (this.state === 'head' && this.head.length === 0) {
          // The start of a message is refused at its first wrong byte, as
          // llhttp does, without waiting for the line to end.
          const err = this.checkStart(this.lineBuf + text, offset);
          if (err !== undefined) {
            this.state = 'error';
            return err;
          }
        }
        if (eol === -1) {
          this.lineBuf += text;
          continue;
        }
        let line = this.lineBuf + text;
        this.lineBuf = '';
        line = line.endsWith('\r\n') ? line.slice(0, -2) : line.slice(0, -1);
        const err = this.line(line, offset);
        if (err !== undefined) {
          this.state = 'error';
          return err;
        }
        continue;
      }
      if (this.state === 'eof') {
        this.onBody(buffer.subarray(offset));
        return undefined;
      }
      // 'length' or 'chunk-data'
      const take = Math.min(this.remaining, length - offset);
      const piece = buffer.subarray(offset, offset + take);
      offset += take;
      this.remaining -= take;
      this.onBody(piece);
      if (this.remaining === 0) {
        if (this.state === 'length') {
          this.complete();
        } else {
          this.state = 'chunk-end';
          this.headSize = 0;
        }
      }
    }
    return undefined;
  }

  finish() {
    if (this.state === 'eof') {
      this.complete();
      return undefined;
    }
    if (this.state === 'head' && this.head.length === 0 && this.lineBuf === '') return undefined;
    if (this.state === 'upgraded' || this.state === 'error') return undefined;
    return parseError('HPE_INVALID_EOF_STATE', 'Invalid EOF state', 0);
  }

  checkStart(text, offset) {
    const start = text.replace(/^[\r\n]+/, '').replace(/[\r\n]+$/, '');
    if (start === '') return undefined;
    if (this.kind === 'response') {
      const prefix = start.slice(0, 5);
      if (!'HTTP/'.startsWith(prefix)) return parseError('HPE_INVALID_CONSTANT', 'Expected HTTP/', offset);
      return undefined;
    }
    const space = start.indexOf(' ');
    const word = space === -1 ? start : start.slice(0, space);
    const known = space === -1 ? methods.some((method) => method.startsWith(word)) : kMethods.has(word);
    return known ? undefined : parseError('HPE_INVALID_METHOD', 'Invalid method encountered', offset);
  }

  line(line, offset) {
    switch (this.state) {
      case 'head':
        if (line === '') {
          // Empty lines before a message are allowed (RFC 9112, 2.2).
          if (this.head.length === 0) return undefined;
          return this.headComplete(offset);
        }
        if (this.head.length > 0 && (line[0] === ' ' || line[0] === '\t')) {
          return parseError('HPE_INVALID_HEADER_TOKEN', 'Invalid header value char', offset);
        }
        this.head.push(line);
        return undefined;
      case 'chunk-size': {
        const semicolon = line.indexOf(';');
        const size = (semicolon === -1 ? line : line.slice(0, semicolon)).trimEnd();
        if (!/^[0-9a-fA-F]{1,16}$/.test(size)) return parseError('HPE_INVALID_CHUNK_SIZE', 'Invalid character in chunk size', offset);
        const value = Number.parseInt(size, 16);
        if (!Number.isSafeInteger(value)) return parseError('HPE_INVALID_CHUNK_SIZE', 'Chunk size overflow', offset);
        if (value === 0) {
          this.state = 'trailers';
          this.headSize = 0;
          this.head = [];
        } else {
          this.state = 'chunk-data';
          this.remaining = value;
        }
        return undefined;
      }
      case 'chunk-end':
        if (line !== '') return parseError('HPE_STRICT', 'Expected LF after chunk data', offset);
        this.state = 'chunk-size';
        this.headSize = 0;
        return undefined;
      case 'trailers': {
        if (line !== '') {
          this.head.push(line);
          return undefined;
        }
        const raw = [];
        for (const field of this.head) {
          const err = splitField(field, raw, offset);
          if (err !== undefined) return err;
        }
        if (raw.length > 0 && this.onTrailers !== null) this.onTrailers(raw);
        this.complete();
        return undefined;
      }
      default:
        return undefined;
    }
  }

  headComplete(offset) {
    const [first, ...fields] = this.head;
    const info = {
      method: undefined, url: undefined, versionMajor: 1, versionMinor: 1, rawHeaders: [],
      statusCode: undefined, statusMessage: undefined, upgrade: false, shouldKeepAlive: true,
    };
    let version;
    if (this.kind === 'request') {
      const match = /^([^ ]+) ([^ ]+) HTTP\/(\d)\.(\d)$/.exec(first);
      if (match === null) {
        const method = first.split(' ')[0];
        if (!kTokenRe.test(method) || !kMethods.has(method)) return parseError('HPE_INVALID_METHOD', 'Invalid method encountered', 0);
        return parseError('HPE_INVALID_VERSION', 'Invalid HTTP version', offset);
      }
      if (!kMethods.has(match[1])) return parseError('HPE_INVALID_METHOD', 'Invalid method encountered', 0);
      if (/[\x00-\x20\x7f]/.test(match[2])) return parseError('HPE_INVALID_URL', 'Invalid URL', offset);
      info.method = match[1];
      info.url = match[2];
      version = [match[3], match[4]];
    } else {
      const match = /^HTTP\/(\d)\.(\d) (\d{3})(?: (.*))?$/.exec(first);
      if (match === null) {
        if (!first.startsWith('HTTP/')) return parseError('HPE_INVALID_CONSTANT', 'Expected HTTP/', 0);
        return parseError('HPE_INVALID_STATUS', 'Invalid response status', offset);
      }
      version = [match[1], match[2]];
      info.statusCode = Number(match[3]);
      info.statusMessage = match[4] === undefined ? '' : match[4];
    }
    info.versionMajor = Number(version[0]);
    info.versionMinor = Number(version[1]);
    if (info.versionMajor !== 1 || info.versionMinor > 1) {
      if (!(info.versionMajor === 0 && info.versionMinor === 9)) return parseError('HPE_INVALID_VERSION', 'Invalid HTTP version', offset);
    }
    let contentLength = null;
    let chunked = false;
    let hasTransferEncoding = false;
    let connection = '';
    let hasUpgrade = false;
    for (const field of fields) {
      const err = splitField(field, info.rawHeaders, offset);
      if (err !== undefined) return err;
      const name = info.rawHeaders[info.rawHeaders.length - 2].toLowerCase();
      const value = info.rawHeaders[info.rawHeaders.length - 1];
      if (name === 'content-length') {
        if (!/^\d+$/.test(value) || (contentLength !== null && contentLength !== Number(value))) {
          return parseError('HPE_INVALID_CONTENT_LENGTH', 'Invalid character in Content-Length', offset);
        }
        contentLength = Number(value);
        if (!Number.isSafeInteger(contentLength)) return parseError('HPE_INVALID_CONTENT_LENGTH', 'Content-Length overflow', offset);
      } else if (name === 'transfer-encoding') {
        hasTransferEncoding = true;
        const codings = value.toLowerCase().split(',').map((coding) => coding.trim());
        chunked = codings[codings.length - 1] === 'chunked';
      } else if (name === 'connection') {
        connection += `${value.toLowerCase()},`;
      } else if (name === 'upgrade') {
        hasUpgrade = true;
      }
    }
    if (hasTransferEncoding && contentLength !== null) {
      return parseError('HPE_UNEXPECTED_CONTENT_LENGTH', 'Content-Length can\'t be present with Transfer-Encoding', offset);
    }
    if (this.kind === 'request' && hasTransferEncoding && !chunked) {
      return parseError('HPE_INVALID_TRANSFER_ENCODING', 'Request has invalid `Transfer-Encoding`', offset);
    }
    const tokens = connection.split(',').map((token) => token.trim());
    const http11 = info.versionMajor === 1 && info.versionMinor === 1;
    info.shouldKeepAlive = http11 ? !tokens.includes('close') : tokens.includes('keep-alive');
    if (this.kind === 'request') {
      info.upgrade = info.method === 'CONNECT' || (hasUpgrade && tokens.includes('upgrade'));
    } else {
      info.upgrade = info.statusCode === 101 && hasUpgrade;
    }
    this.head = [];
    this.headSize = 0;
    const skipBody = this.onHeaders(info) === true;
    if (info.upgrade) {
      this.state = 'upgraded';
      this.onComplete();
      return undefined;
    }
    const status = info.statusCode;
    if (skipBody || (status !== undefined && (status < 200 || status === 204 || status === 304))) {
      this.complete();
    } else if (chunked) {
      this.state = 'chunk-size';
    } else if (contentLength !== null) {
      if (contentLength === 0) {
        this.complete();
      } else {
        this.state = 'length';
        this.remaining = contentLength;
      }
    } else if (this.kind === 'request') {
      this.complete();
    } else {
      // A response without a length ends when the server closes.
      this.state = 'eof';
    }
    return undefined;
  }

  complete() {
    this.reset();
    this.onComplete();
  }
}

function splitField(field, raw, offset) {
  const colon = field.indexOf(':');
  if (colon <= 0) return parseError('HPE_INVALID_HEADER_TOKEN', 'Invalid header token', offset);
  const name = field.slice(0, colon);
  if (!kTokenRe.test(name)) return parseError('HPE_INVALID_HEADER_TOKEN', 'Invalid header token', offset);
  const value = field.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, '');
  if (!kValueRe.test(value)) return parseError('HPE_INVALID_HEADER_TOKEN', 'Invalid header value char', offset);
  raw.push(name, value);
  return undefined;
}

module.exports = { HTTPParser };
