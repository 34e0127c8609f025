'use strict';
// string_decoder: bytes that arrive in pieces, turned into text without
// breaking a character at a piece's edge. The rules for what is held back
// and how it is finished follow Node's decoder exactly: a UTF-8 sequence
// is held by the length its lead byte announces, UTF-16 by odd bytes and a
// trailing high surrogate, base64 by bytes short of a group of three.

const native = binding.internalBinding('buffer');
const { Buffer } = internalRequire('internal/buffer/buffer');
const { normalizeEncoding, getEncodingOps } = internalRequire('internal/buffer/encodings');
const { ERR_INVALID_ARG_TYPE, ERR_INVALID_THIS, ERR_UNKNOWN_ENCODING } = internalRequire('internal/errors').codes;

const ArrayBufferIsView = ArrayBuffer.isView;
const kState = Symbol('kState');

// Per decoder: the bytes of an unfinished character (`lastChar`), how many
// of them there are and how many are still missing.
class DecoderState {
  constructor(encoding) {
    this.ops = getEncodingOps(encoding);
    this.incomplete = Buffer.alloc(4);
    this.buffered = 0;
    this.missing = 0;
  }

  text(bytes, start, end) {
    if (end <= start) return '';
    const result = native.slice(bytes, start, end, this.ops.encoding);
    if (result === undefined) throw new (internalRequire('internal/errors').codes.ERR_STRING_TOO_LONG)();
    return result;
  }

  // The held character, finished or not, as text; nothing is held after.
  takeIncomplete() {
    const text = this.text(this.incomplete, 0, this.buffered);
    this.buffered = 0;
    this.missing = 0;
    return text;
  }

  // How many bytes at the end of bytes[start, end) to hold back.
  holdBack(bytes, start, end) {
    const name = this.ops.name;
    if (name === 'utf8') {
      if ((bytes[end - 1] & 0x80) === 0) return 0;
      for (let back = 1; back <= end - start; back++) {
        const byte = bytes[end - back];
        if ((byte & 0xc0) === 0x80) {
          if (back >= 4 || back === end - start) return 0;
          continue;
        }
        let need;
        if ((byte & 0xe0) === 0xc0) need = 2;
        else if ((byte & 0xf0) === 0xe0) need = 3;
        else if ((byte & 0xf8) === 0xf0) need = 4;
        else return 0;  // no character starts with it
        if (back >= need) return 0;
        this.missing = need - back;
        return back;
      }
      return 0;
    }
    if (name === 'utf16le') {
      if ((end - start) % 2 === 1) {
        this.missing = 1;
        return 1;
      }
      if ((bytes[end - 1] & 0xfc) === 0xd8) {
        this.missing = 2;
        return 2;
      }
      return 0;
    }
    // base64 and base64url: whole groups of three now, the rest later.
    const rest = (end - start) % 3;
    if (rest > 0) this.missing = 3 - rest;
    return rest;
  }

  decode(bytes) {
    let start = 0;
    const end = bytes.length;
    const name = this.ops.name;
    if (name !== 'utf8' && name !== 'utf16le' && name !== 'base64' && name !== 'base64url') {
      return this.text(bytes, start, end);
    }
    let prefix = '';
    if (this.missing > 0) {
      let take = Math.min(end, this.missing);
      if (name === 'utf8') {
        // A byte that cannot continue the character ends it, unfinished,
        // and starts the next one.
        for (let i = 0; i < take; i++) {
          if ((bytes[i] & 0xc0) !== 0x80) {
            this.missing = 0;
            take = i;
            break;
          }
        }
      }
      for (let i = 0; i < take; i++) this.incomplete[this.buffered + i] = bytes[i];
      this.buffered += take;
      start = take;
      if (this.missing > 0) this.missing -= take;
      if (this.missing === 0) prefix = this.takeIncomplete();
    }
    if (start === end) return prefix;
    const held = this.holdBack(bytes, start, end);
    for (let i = 0; i < held; i++) this.incomplete[i] = bytes[end - held + i];
    this.buffered = held;
    const body = this.text(bytes, start, end - held);
    return prefix === '' ? body : prefix + body;
  }

  flush() {
    // An odd byte of UTF-16 is dropped, as Node's decoder does.
    if (this.ops.name === 'utf16le' && this.buffered % 2 === 1) {
      this.buffered--;
      this.missing--;
    }
    if (this.buffered === 0) return '';
    return this.takeIncomplete();
  }
}

function resolveEncoding(encoding) {
  const normalized = normalizeEncoding(encoding);
  if (normalized === undefined) throw new ERR_UNKNOWN_ENCODING(encoding);
  return normalized;
}

function StringDecoder(encoding) {
  this.encoding = resolveEncoding(encoding);
  Object.defineProperty(this, kState, { __proto__: null, value: new DecoderState(this.encoding), writable: true, configurable: true });
}

function stateOf(decoder) {
  const state = decoder === null || decoder === undefined ? undefined : decoder[kState];
  if (!(state instanceof DecoderState)) throw new ERR_INVALID_THIS('StringDecoder');
  return state;
}

StringDecoder.prototype.write = function write(buf) {
  if (typeof buf === 'string') return buf;
  if (!ArrayBufferIsView(buf)) throw new ERR_INVALID_ARG_TYPE('buf', ['Buffer', 'TypedArray', 'DataView'], buf);
  const state = stateOf(this);
  const bytes = buf instanceof Uint8Array ? buf : new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  return state.decode(bytes);
};

StringDecoder.prototype.end = function end(buf) {
  let result = '';
  if (buf !== undefined) result = this.write(buf);
  const state = stateOf(this);
  if (state.buffered > 0) result += state.flush();
  return result;
};

// Undocumented, kept for old callers: write() from `offset`, forgetting any
// held character.
StringDecoder.prototype.text = function text(buf, offset) {
  const state = stateOf(this);
  state.buffered = 0;
  state.missing = 0;
  return this.write(buf.slice(offset));
};

Object.defineProperties(StringDecoder.prototype, {
  lastChar: {
    configurable: true,
    enumerable: true,
    get() {
      return stateOf(this).incomplete;
    },
  },
  lastNeed: {
    configurable: true,
    enumerable: true,
    get() {
      return stateOf(this).missing;
    },
  },
  lastTotal: {
    configurable: true,
    enumerable: true,
    get() {
      const state = stateOf(this);
      return state.buffered + state.missing;
    },
  },
});

module.exports = { StringDecoder };
