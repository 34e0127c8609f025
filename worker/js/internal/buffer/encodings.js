'use strict';
// The encodings Buffer knows: their names in any case, and for each how a
// string is measured in it, written to bytes and read back. The numbers are
// the native side's (worker/api/buffer/buffer_binding.cc).

const native = binding.internalBinding('buffer');

const kUtf8 = 0;
const kUcs2 = 1;
const kLatin1 = 2;
const kAscii = 3;
const kBase64 = 4;
const kBase64Url = 5;
const kHex = 6;

const StringPrototypeCharCodeAt = Function.prototype.call.bind(String.prototype.charCodeAt);
const StringPrototypeToLowerCase = Function.prototype.call.bind(String.prototype.toLowerCase);

// Bytes of a base64 string once up to two trailing '=' are set aside; an
// upper bound when it holds whitespace or junk.
function base64ByteLength(string) {
  let length = string.length;
  if (length > 0 && StringPrototypeCharCodeAt(string, length - 1) === 0x3d) length--;
  if (length > 1 && StringPrototypeCharCodeAt(string, length - 1) === 0x3d) length--;
  return (length * 3) >>> 2;
}

function makeOps(name, encoding, byteLength) {
  return {
    name,
    encoding,
    byteLength,
    write: (buf, string, offset, length) => native.write(buf, string, offset, length, encoding),
    slice: (buf, start, end) => native.slice(buf, start, end, encoding),
  };
}

const utf8 = makeOps('utf8', kUtf8, (string) => native.byteLengthUtf8(string));
utf8.slice = (buf, start, end) => native.utf8Slice(buf, start, end);

const ops = {
  utf8,
  ucs2: makeOps('utf16le', kUcs2, (string) => string.length * 2),
  latin1: makeOps('latin1', kLatin1, (string) => string.length),
  ascii: makeOps('ascii', kAscii, (string) => string.length),
  base64: makeOps('base64', kBase64, base64ByteLength),
  base64url: makeOps('base64url', kBase64Url, base64ByteLength),
  hex: makeOps('hex', kHex, (string) => string.length >>> 1),
};

// Every spelling Node accepts, lower-cased, and what it means.
const kByName = {
  __proto__: null,
  'utf8': ops.utf8,
  'utf-8': ops.utf8,
  'ucs2': ops.ucs2,
  'ucs-2': ops.ucs2,
  'utf16le': ops.ucs2,
  'utf-16le': ops.ucs2,
  'latin1': ops.latin1,
  'binary': ops.latin1,
  'ascii': ops.ascii,
  'base64': ops.base64,
  'base64url': ops.base64url,
  'hex': ops.hex,
};

// The operations of `encoding` (a name in any case, or anything whose
// string form is one), or undefined if Buffer does not know it.
function getEncodingOps(encoding) {
  if (typeof encoding !== 'string') encoding += '';
  const exact = kByName[encoding];
  if (exact !== undefined) return exact;
  if (encoding.length > 9) return undefined;
  return kByName[StringPrototypeToLowerCase(encoding)];
}

// The canonical name of `encoding` ('utf8', 'utf16le', 'latin1', ...);
// null, undefined and '' mean UTF-8; undefined for the unknown.
function normalizeEncoding(encoding) {
  if (encoding === undefined || encoding === null || encoding === 'utf8' || encoding === 'utf-8' || encoding === '') {
    return 'utf8';
  }
  if (typeof encoding !== 'string') return undefined;
  const found = getEncodingOps(encoding);
  return found === undefined ? undefined : found.name;
}

module.exports = {
  kUtf8,
  kUcs2,
  kLatin1,
  kAscii,
  kBase64,
  kBase64Url,
  kHex,
  ops,
  getEncodingOps,
  normalizeEncoding,
  base64ByteLength,
};
