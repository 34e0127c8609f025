'use strict';
// querystring: Node's own query-string format, older and looser than
// URLSearchParams: any separators, repeated keys become arrays, '%'
// sequences that do not decode are kept byte by byte, and escaping follows
// encodeURIComponent.

const { encodeLegacy, hexValue, utf8Decode } = internalRequire('internal/url_percent');

// Code units escape() leaves alone: A-Z a-z 0-9 ! ' ( ) * - . _ ~
const kNoEscape = new Uint8Array(128);
for (const c of "!'()*-._~") kNoEscape[c.charCodeAt(0)] = 1;
for (let c = 0x30; c <= 0x39; c++) kNoEscape[c] = 1;
for (let c = 0x41; c <= 0x5a; c++) kNoEscape[c] = 1;
for (let c = 0x61; c <= 0x7a; c++) kNoEscape[c] = 1;

function qsEscape(str) {
  if (typeof str !== 'string') {
    if (typeof str === 'object') str = String(str);
    else str += '';
  }
  return encodeLegacy(str, kNoEscape);
}

// The bytes of `s` with '%XX' decoded and, with `decodeSpaces`, '+' as a
// space; every other code unit is kept as one byte (its low eight bits), as
// Node does.
function unescapeBytes(s, decodeSpaces) {
  const bytes = [];
  const length = s.length;
  for (let i = 0; i < length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x2b && decodeSpaces) {
      bytes.push(0x20);
      continue;
    }
    if (c === 0x25 && i < length - 2) {
      const high = hexValue(s.charCodeAt(i + 1));
      const low = high < 0 ? -1 : hexValue(s.charCodeAt(i + 2));
      if (low >= 0) {
        bytes.push((high << 4) | low);
        i += 2;
        continue;
      }
    }
    bytes.push(c & 0xff);
  }
  return bytes;
}

function unescapeBuffer(s, decodeSpaces) {
  const { Buffer } = internalRequire('node/buffer');
  return Buffer.from(unescapeBytes(`${s}`, decodeSpaces));
}

function qsUnescape(s, decodeSpaces) {
  try {
    return decodeURIComponent(s);
  } catch {
    return utf8Decode(unescapeBytes(`${s}`, decodeSpaces));
  }
}

// --- stringify -------------------------------------------------------------------

function primitiveText(value) {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return Number.isFinite(value) ? `${value}` : '';
    case 'bigint':
      return `${value}`;
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return '';
  }
}

// With the default escape, numbers below 1e21 and bigints need no escaping.
function encodeDefault(value, encode) {
  if (typeof value === 'string') return value.length > 0 ? encode(value) : '';
  if (typeof value === 'number' && Number.isFinite(value)) {
    return Math.abs(value) < 1e21 ? `${value}` : encode(`${value}`);
  }
  if (typeof value === 'bigint') return `${value}`;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return '';
}

function encodeCustom(value, encode) {
  return encode(primitiveText(value));
}

function stringify(obj, sep, eq, options) {
  sep = sep || '&';
  eq = eq || '=';
  let encode = module.exports.escape;
  if (options && typeof options.encodeURIComponent === 'function') encode = options.encodeURIComponent;
  const convert = encode === qsEscape ? encodeDefault : encodeCustom;
  if (obj === null || typeof obj !== 'object') return '';
  let out = '';
  for (const key of Object.keys(obj)) {
    const value = obj[key];
    const prefix = `${convert(key, encode)}${eq}`;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        if (out !== '') out += sep;
        out += prefix + convert(value[i], encode);
      }
    } else {
      if (out !== '') out += sep;
      out += prefix + convert(value, encode);
    }
  }
  return out;
}

// --- parse -----------------------------------------------------------------------

const kPercentByte = /%[0-9a-fA-F]{2}/;

function decodePart(text, decode, custom) {
  if (text === '' || (!custom && !kPercentByte.test(text))) return text;
  try {
    return decode(text);
  } catch {
    return module.exports.unescape(text, true);
  }
}

function addPair(obj, key, value, decode, custom) {
  key = decodePart(key, decode, custom);
  value = decodePart(value, decode, custom);
  const current = obj[key];
  if (current === undefined) obj[key] = value;
  else if (Array.isArray(current)) current.push(value);
  else obj[key] = [current, value];
}

// Splits `qs` at `sep` and each pair at its first `eq`. Separators of more
// than one code unit match as Node matches them: a partial match that fails
// starts over at the next code unit. Each '+' is a space.
function parse(qs, sep, eq, options) {
  const obj = { __proto__: null };
  if (typeof qs !== 'string' || qs.length === 0) return obj;
  sep = sep ? String(sep) : '&';
  eq = eq ? String(eq) : '=';

  let remaining = 1000;  // pairs still allowed; -1 is no limit
  if (options && typeof options.maxKeys === 'number') remaining = options.maxKeys > 0 ? options.maxKeys : -1;
  let decode = module.exports.unescape;
  if (options && typeof options.decodeURIComponent === 'function') decode = options.decodeURIComponent;
  const custom = decode !== qsUnescape;
  const space = custom ? '%20' : ' ';

  // With an empty `eq`, all of a pair is its value.
  const valueFirst = eq.length === 0;
  let key = '';
  let value = '';
  let inValue = valueFirst;
  let sepMatched = 0;
  let eqMatched = 0;
  let start = 0;  // of the text not yet added to key or value
  const length = qs.length;
  for (let i = 0; i < length; i++) {
    const c = qs.charCodeAt(i);
    if (sep.length > 0 && c === sep.charCodeAt(sepMatched)) {
      if (++sepMatched < sep.length) continue;
      const end = i - sep.length + 1;
      if (start < end) {
        if (inValue) value += qs.slice(start, end);
        else key += qs.slice(start, end);
      }
      const empty = !inValue && key === '' && start >= end;
      if (!empty) addPair(obj, key, value, decode, custom);
      if (--remaining === 0) return obj;
      key = value = '';
      inValue = valueFirst;
      sepMatched = eqMatched = 0;
      start = i + 1;
      continue;
    }
    sepMatched = 0;
    if (!inValue) {
      if (eq.length > 0 && c === eq.charCodeAt(eqMatched)) {
        if (++eqMatched === eq.length) {
          const end = i - eq.length + 1;
          if (start < end) key += qs.slice(start, end);
          inValue = true;
          start = i + 1;
        }
        continue;
      }
      eqMatched = 0;
    }
    if (c === 0x2b) {
      if (start < i) {
        if (inValue) value += qs.slice(start, i);
        else key += qs.slice(start, i);
      }
      if (inValue) value += space;
      else key += space;
      start = i + 1;
    }
  }
  if (start < length) {
    if (!inValue) key += qs.slice(start);
    else if (sep.length > 0) value += qs.slice(start);
  } else if (!inValue && eqMatched === 0 && key === '') {
    return obj;
  }
  addPair(obj, key, value, decode, custom);
  return obj;
}

module.exports = {
  unescapeBuffer,
  unescape: qsUnescape,
  escape: qsEscape,
  stringify,
  encode: stringify,
  parse,
  decode: parse,
};
