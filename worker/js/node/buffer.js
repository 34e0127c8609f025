'use strict';
// The `buffer` module. Buffer itself lives in internal/buffer/buffer.js;
// the Web pieces (Blob, File, atob, btoa) are loaded when first read.

const impl = internalRequire('internal/buffer/buffer');
const native = binding.internalBinding('buffer');
const { normalizeEncoding } = internalRequire('internal/buffer/encodings');
const { ERR_INVALID_ARG_TYPE, ERR_INVALID_STATE } = internalRequire('internal/errors').codes;

const { Buffer, FastBuffer, SlowBuffer, kMaxLength, kStringMaxLength, isUint8Array, isAnyArrayBuffer } = impl;
const TypedArrayPrototypeGetSymbolToStringTag = Function.prototype.call.bind(
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), Symbol.toStringTag).get);
const RegExpPrototypeTest = Function.prototype.call.bind(RegExp.prototype.test);
const StringPrototypeReplace = Function.prototype.call.bind(String.prototype.replace);

// Whether `arrayBuffer` was detached (transferred): it then has no length,
// and no view can be made on it.
function isDetached(arrayBuffer) {
  if (arrayBuffer.byteLength !== 0) return false;
  try {
    new Uint8Array(arrayBuffer);  // eslint-disable-line no-new
    return false;
  } catch {
    return true;
  }
}

// A typed array or ArrayBuffer as bytes, for isUtf8() and isAscii().
function bytesOf(input) {
  let bytes;
  if (TypedArrayPrototypeGetSymbolToStringTag(input) !== undefined) {
    if (input.byteLength === 0 && isDetached(input.buffer)) bytes = null;
    else bytes = input;
  } else if (isAnyArrayBuffer(input)) {
    bytes = isDetached(input) ? null : new Uint8Array(input);
  } else {
    throw new ERR_INVALID_ARG_TYPE('input', ['ArrayBuffer', 'Buffer', 'TypedArray'], input);
  }
  if (bytes === null) throw new ERR_INVALID_STATE('Cannot validate on a detached buffer');
  return bytes;
}

function isUtf8(input) {
  return native.isUtf8(bytesOf(input));
}

function isAscii(input) {
  return native.isAscii(bytesOf(input));
}

// An error as Node reports a failure of ICU's converters.
function transcodeError(code, errno) {
  const err = new Error(`Unable to transcode Buffer [${code}]`);
  err.code = code;
  err.errno = errno;
  return err;
}

const kTranscodable = ['ascii', 'latin1', 'utf16le', 'utf8'];
const kLoneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const kLoneSurrogates = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

// Re-encodes text between the encodings Node's ICU converters handle here:
// what the target cannot hold becomes '?', bytes the source does not allow
// become U+FFFD, except that UTF-8 to UTF-16 and UTF-16 to UTF-8 refuse them.
function transcode(source, fromEncoding, toEncoding) {
  if (!isUint8Array(source)) throw new ERR_INVALID_ARG_TYPE('source', ['Buffer', 'Uint8Array'], source);
  if (source.length === 0) return Buffer.alloc(0);
  const from = normalizeEncoding(fromEncoding) || fromEncoding;
  const to = normalizeEncoding(toEncoding) || toEncoding;
  if (!kTranscodable.includes(from) || !kTranscodable.includes(to)) {
    throw transcodeError('U_ILLEGAL_ARGUMENT_ERROR', 1);
  }
  const bytes = new FastBuffer(source.buffer, source.byteOffset, source.length);
  let text;
  if (from === 'utf8') {
    if (to === 'utf16le' && !native.isUtf8(bytes)) throw transcodeError('U_INVALID_CHAR_FOUND', 10);
    text = bytes.toString('utf8');
  } else if (from === 'latin1') {
    text = bytes.toString('latin1');
  } else if (from === 'ascii') {
    text = StringPrototypeReplace(bytes.toString('latin1'), /[\x80-\xff]/g, '\ufffd');
  } else {
    text = bytes.toString('utf16le');
    if (RegExpPrototypeTest(kLoneSurrogate, text)) {
      if (to === 'utf8') throw transcodeError('U_INVALID_CHAR_FOUND', 10);
      text = StringPrototypeReplace(text, kLoneSurrogates, '\ufffd');
    }
  }
  if (to === 'latin1') text = StringPrototypeReplace(text, /[^\x00-\xff]/gu, '?');
  else if (to === 'ascii') text = StringPrototypeReplace(text, /[^\x00-\x7f]/gu, '?');
  return Buffer.from(text, to);
}

const constants = {};
Object.defineProperties(constants, {
  MAX_LENGTH: { value: kMaxLength, writable: false, enumerable: true },
  MAX_STRING_LENGTH: { value: kStringMaxLength, writable: false, enumerable: true },
});

module.exports = {
  Buffer,
  SlowBuffer,
  transcode,
  isUtf8,
  isAscii,
  kMaxLength,
  kStringMaxLength,
};

// Until first read an accessor; then a plain property with the value.
function defineLazy(name, load, enumerable = true) {
  Object.defineProperty(module.exports, name, {
    __proto__: null,
    configurable: true,
    enumerable,
    get() {
      const value = load();
      Object.defineProperty(module.exports, name, { __proto__: null, value, writable: true, configurable: true, enumerable });
      return value;
    },
    set(value) {
      Object.defineProperty(module.exports, name, { __proto__: null, value, writable: true, configurable: true, enumerable });
    },
  });
}

defineLazy('btoa', () => internalRequire('internal/buffer/atob').btoa);
defineLazy('atob', () => internalRequire('internal/buffer/atob').atob);
module.exports.constants = constants;
Object.defineProperty(module.exports, 'INSPECT_MAX_BYTES', {
  __proto__: null,
  configurable: true,
  enumerable: true,
  get: impl.getInspectMaxBytes,
  set: impl.setInspectMaxBytes,
});
defineLazy('Blob', () => internalRequire('internal/buffer/blob').Blob);
// Object URLs are not made here (URL.createObjectURL), so none resolves.
module.exports.resolveObjectURL = function resolveObjectURL(url) {
  url = `${url}`;
  return undefined;
};
defineLazy('File', () => internalRequire('internal/buffer/blob').File);
