'use strict';
// Percent-encoding and the application/x-www-form-urlencoded format of the
// WHATWG URL standard: the encode sets of each URL component, UTF-8
// percent-encoding, percent-decoding into a string (with U+FFFD for bytes
// that are not UTF-8), and the form parser and serializer that
// URLSearchParams is built on.

// An encode set is a table of the ASCII code units it encodes (1) and leaves
// alone (0); every set encodes all code units above 0x7E.
function makeSet(base, extra) {
  const set = new Uint8Array(128);
  set.set(base);
  for (let i = 0; i < extra.length; i++) set[extra.charCodeAt(i)] = 1;
  return set;
}

const C0_CONTROL = new Uint8Array(128);
for (let i = 0; i < 0x20; i++) C0_CONTROL[i] = 1;
C0_CONTROL[0x7f] = 1;
const FRAGMENT = makeSet(C0_CONTROL, ' "<>`');
const QUERY = makeSet(C0_CONTROL, ' "#<>');
const SPECIAL_QUERY = makeSet(QUERY, "'");
const PATH = makeSet(QUERY, '?^`{}');
const USERINFO = makeSet(PATH, '/:;=@[\\]|');
const COMPONENT = makeSet(USERINFO, '$%&+,');
const FORM = makeSet(COMPONENT, "!'()~");

// '%XX' for every byte.
const kHex = [];
for (let i = 0; i < 256; i++) kHex.push(`%${i < 16 ? '0' : ''}${i.toString(16).toUpperCase()}`);

// The UTF-8 bytes of the code point at `str[i]` (code unit `c`, not ASCII),
// percent-encoded; a lone surrogate is U+FFFD.
function encodeNonAscii(str, i, c) {
  if (c < 0x800) return kHex[0xc0 | (c >> 6)] + kHex[0x80 | (c & 0x3f)];
  if (c < 0xd800 || c >= 0xe000) {
    return kHex[0xe0 | (c >> 12)] + kHex[0x80 | ((c >> 6) & 0x3f)] + kHex[0x80 | (c & 0x3f)];
  }
  const next = i + 1 < str.length ? str.charCodeAt(i + 1) : 0;
  if (c < 0xdc00 && next >= 0xdc00 && next < 0xe000) {
    const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
    return kHex[0xf0 | (cp >> 18)] + kHex[0x80 | ((cp >> 12) & 0x3f)] +
      kHex[0x80 | ((cp >> 6) & 0x3f)] + kHex[0x80 | (cp & 0x3f)];
  }
  return '%EF%BF%BD';
}

// The part of `str` from `i` on, where the first code unit to encode is.
function encodeFrom(str, i, set, spaceAsPlus) {
  const length = str.length;
  let out = str.slice(0, i);
  let last = i;
  for (; i < length; i++) {
    const c = str.charCodeAt(i);
    if (c < 0x80) {
      if (set[c] === 0) continue;
      if (last < i) out += str.slice(last, i);
      out += spaceAsPlus && c === 0x20 ? '+' : kHex[c];
    } else {
      if (last < i) out += str.slice(last, i);
      out += encodeNonAscii(str, i, c);
      // A surrogate pair took two code units.
      if (c >= 0xd800 && c < 0xdc00 && i + 1 < length) {
        const next = str.charCodeAt(i + 1);
        if (next >= 0xdc00 && next < 0xe000) i++;
      }
    }
    last = i + 1;
  }
  if (last < length) out += str.slice(last);
  return out;
}

// UTF-8 percent-encodes `str` with `set` (spaceAsPlus: ' ' becomes '+', as
// in forms). Returns `str` itself when nothing needs encoding.
function percentEncode(str, set, spaceAsPlus = false) {
  const length = str.length;
  for (let i = 0; i < length; i++) {
    const c = str.charCodeAt(i);
    if (c >= 0x80 || set[c] === 1) return encodeFrom(str, i, set, spaceAsPlus);
  }
  return str;
}

function hexValue(c) {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

// The UTF-8 bytes of `str`, with each '%XX' turned into its byte.
function percentDecodeBytes(str) {
  const bytes = [];
  const length = str.length;
  for (let i = 0; i < length; i++) {
    const c = str.charCodeAt(i);
    if (c === 0x25 && i + 2 < length) {
      const high = hexValue(str.charCodeAt(i + 1));
      const low = high < 0 ? -1 : hexValue(str.charCodeAt(i + 2));
      if (low >= 0) {
        bytes.push((high << 4) | low);
        i += 2;
        continue;
      }
    }
    if (c < 0x80) {
      bytes.push(c);
      continue;
    }
    let cp = c;
    if (c >= 0xd800 && c < 0xe000) {
      const next = i + 1 < length ? str.charCodeAt(i + 1) : 0;
      if (c < 0xdc00 && next >= 0xdc00 && next < 0xe000) {
        cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
      } else {
        cp = 0xfffd;
      }
    }
    if (cp < 0x800) {
      bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    } else {
      bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    }
  }
  return bytes;
}

// UTF-8 decode without BOM, as the Encoding standard does it: each maximal
// invalid subsequence becomes one U+FFFD.
function utf8Decode(bytes) {
  let out = '';
  let codePoint = 0;
  let needed = 0;
  let seen = 0;
  let lower = 0x80;
  let upper = 0xbf;
  const units = [];
  const flush = () => {
    out += String.fromCharCode.apply(null, units);
    units.length = 0;
  };
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (needed === 0) {
      if (byte <= 0x7f) {
        units.push(byte);
      } else if (byte >= 0xc2 && byte <= 0xdf) {
        needed = 1;
        codePoint = byte & 0x1f;
      } else if (byte >= 0xe0 && byte <= 0xef) {
        if (byte === 0xe0) lower = 0xa0;
        if (byte === 0xed) upper = 0x9f;
        needed = 2;
        codePoint = byte & 0xf;
      } else if (byte >= 0xf0 && byte <= 0xf4) {
        if (byte === 0xf0) lower = 0x90;
        if (byte === 0xf4) upper = 0x8f;
        needed = 3;
        codePoint = byte & 0x7;
      } else {
        units.push(0xfffd);
      }
    } else if (byte < lower || byte > upper) {
      codePoint = needed = seen = 0;
      lower = 0x80;
      upper = 0xbf;
      units.push(0xfffd);
      i--;  // the byte starts again
    } else {
      lower = 0x80;
      upper = 0xbf;
      codePoint = (codePoint << 6) | (byte & 0x3f);
      if (++seen === needed) {
        if (codePoint > 0xffff) {
          codePoint -= 0x10000;
          units.push(0xd800 + (codePoint >> 10), 0xdc00 + (codePoint & 0x3ff));
        } else {
          units.push(codePoint);
        }
        codePoint = needed = seen = 0;
      }
    }
    if (units.length > 4096) flush();
  }
  if (needed !== 0) units.push(0xfffd);
  flush();
  return out;
}

// The string that `str` percent-decodes to (UTF-8, U+FFFD for invalid
// bytes). decodeURIComponent gives the same answer for every input it
// accepts, and is much faster; the rest takes the long way.
function percentDecode(str) {
  if (str.indexOf('%') === -1) return str;
  try {
    return decodeURIComponent(str);
  } catch {
    return utf8Decode(percentDecodeBytes(str));
  }
}

const kPlus = /\+/g;

function decodeFormComponent(str) {
  return percentDecode(str.indexOf('+') === -1 ? str : str.replace(kPlus, ' '));
}

// The application/x-www-form-urlencoded parser, over a string: a flat list
// [name, value, name, value, ...].
function parseForm(str) {
  const list = [];
  const length = str.length;
  let start = 0;
  while (start < length) {
    let equals = -1;
    let end = start;
    for (; end < length; end++) {
      const c = str.charCodeAt(end);
      if (c === 0x26) break;
      if (c === 0x3d && equals === -1) equals = end;
    }
    if (end > start) {
      if (equals === -1) {
        list.push(decodeFormComponent(str.slice(start, end)), '');
      } else {
        list.push(decodeFormComponent(str.slice(start, equals)), decodeFormComponent(str.slice(equals + 1, end)));
      }
    }
    start = end + 1;
  }
  return list;
}

// The application/x-www-form-urlencoded serializer of a flat list.
function serializeForm(list) {
  let out = '';
  for (let i = 0; i < list.length; i += 2) {
    if (i !== 0) out += '&';
    out += `${percentEncode(list[i], FORM, true)}=${percentEncode(list[i + 1], FORM, true)}`;
  }
  return out;
}

const kSurrogate = /[\ud800-\udfff]/;

// `value` as a string of Unicode scalar values: a lone surrogate becomes
// U+FFFD (WebIDL's USVString).
function toUSVString(value) {
  const str = `${value}`;
  if (!kSurrogate.test(str)) return str;
  let out = '';
  let last = 0;
  for (let i = 0; i < str.length; i++) {
    const c = str.charCodeAt(i);
    if (c < 0xd800 || c >= 0xe000) continue;
    if (c < 0xdc00 && i + 1 < str.length) {
      const next = str.charCodeAt(i + 1);
      if (next >= 0xdc00 && next < 0xe000) {
        i++;
        continue;
      }
    }
    out += `${str.slice(last, i)}\ufffd`;
    last = i + 1;
  }
  return out + str.slice(last);
}

// Percent-encodes the UTF-8 of `str` except the ASCII code units that
// `noEscape` allows, as Node's querystring.escape and url.format do: any
// surrogate takes the next code unit as its pair, and one at the very end is
// a URIError.
function encodeLegacy(str, noEscape) {
  let out = '';
  let last = 0;
  const length = str.length;
  for (let i = 0; i < length; i++) {
    let c = str.charCodeAt(i);
    if (c < 0x80) {
      if (noEscape[c] === 1) continue;
      if (last < i) out += str.slice(last, i);
      out += kHex[c];
      last = i + 1;
      continue;
    }
    if (last < i) out += str.slice(last, i);
    if (c < 0x800) {
      out += kHex[0xc0 | (c >> 6)] + kHex[0x80 | (c & 0x3f)];
    } else if (c < 0xd800 || c >= 0xe000) {
      out += kHex[0xe0 | (c >> 12)] + kHex[0x80 | ((c >> 6) & 0x3f)] + kHex[0x80 | (c & 0x3f)];
    } else {
      if (++i >= length) throw new (internalRequire('internal/errors').codes.ERR_INVALID_URI)();
      c = 0x10000 + (((c & 0x3ff) << 10) | (str.charCodeAt(i) & 0x3ff));
      out += kHex[0xf0 | (c >> 18)] + kHex[0x80 | ((c >> 12) & 0x3f)] +
        kHex[0x80 | ((c >> 6) & 0x3f)] + kHex[0x80 | (c & 0x3f)];
    }
    last = i + 1;
  }
  if (last === 0) return str;
  if (last < length) out += str.slice(last);
  return out;
}

module.exports = {
  encodeLegacy,
  sets: { C0_CONTROL, FRAGMENT, QUERY, SPECIAL_QUERY, PATH, USERINFO, COMPONENT, FORM },
  percentEncode,
  percentDecode,
  utf8Decode,
  hexValue,
  parseForm,
  serializeForm,
  toUSVString,
};
