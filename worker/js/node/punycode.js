'use strict';
// punycode: the Bootstring encoding of RFC 3492 with Punycode's parameters,
// and the label-by-label toASCII/toUnicode of domain names and e-mail
// addresses that Node has kept since it bundled punycode.js 2.1.0 (which it
// deprecates: DEP0040). Code points, not UTF-16 code units, are encoded.

if (internalRequire('internal/process/object').pendingDeprecation()) {
  process.emitWarning('The `punycode` module is deprecated. Please use a userland alternative instead.',
    'DeprecationWarning', 'DEP0040');
}

const kMaxInt = 0x7fffffff;
const kBase = 36;
const kTMin = 1;
const kTMax = 26;
const kSkew = 38;
const kDamp = 700;
const kInitialBias = 72;
const kInitialN = 128;
const kDelimiter = '-';

// Label separators of IDNA2003: '.', U+3002, U+FF0E, U+FF61.
const kSeparators = /[\x2E\u3002\uFF0E\uFF61]/g;
const kNonAscii = /[^\0-\x7F]/;
const kPunycodePrefix = /^xn--/;

function error(type) {
  const messages = {
    overflow: 'Overflow: input needs wider integers to process',
    'not-basic': 'Illegal input >= 0x80 (not a basic code point)',
    'invalid-input': 'Invalid input',
  };
  throw new RangeError(messages[type]);
}

// The code points of a string (a lone surrogate stands for itself).
function ucs2decode(string) {
  const output = [];
  const length = string.length;
  for (let i = 0; i < length; i++) {
    const c = string.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < length) {
      const next = string.charCodeAt(i + 1);
      if ((next & 0xfc00) === 0xdc00) {
        output.push(((c & 0x3ff) << 10) + (next & 0x3ff) + 0x10000);
        i++;
        continue;
      }
    }
    output.push(c);
  }
  return output;
}

function ucs2encode(codePoints) {
  return String.fromCodePoint(...codePoints);
}

// The value of a base-36 digit: a-z (or A-Z) are 0-25, 0-9 are 26-35.
function digitValue(c) {
  if (c >= 0x30 && c < 0x3a) return 26 + (c - 0x30);
  if (c >= 0x41 && c < 0x5b) return c - 0x41;
  if (c >= 0x61 && c < 0x7b) return c - 0x61;
  return kBase;
}

function digitChar(digit) {
  return String.fromCharCode(digit < 26 ? 0x61 + digit : 0x30 + digit - 26);
}

// RFC 3492, section 6.1.
function adapt(delta, numPoints, firstTime) {
  delta = firstTime ? Math.floor(delta / kDamp) : delta >> 1;
  delta += Math.floor(delta / numPoints);
  let k = 0;
  while (delta > ((kBase - kTMin) * kTMax) >> 1) {
    delta = Math.floor(delta / (kBase - kTMin));
    k += kBase;
  }
  return Math.floor(k + ((kBase - kTMin + 1) * delta) / (delta + kSkew));
}

function threshold(k, bias) {
  if (k <= bias) return kTMin;
  if (k >= bias + kTMax) return kTMax;
  return k - bias;
}

// A Punycode string of ASCII symbols to the string of Unicode symbols.
function decode(input) {
  input = `${input}`;
  const output = [];
  // The basic code points are everything before the last delimiter.
  let basic = input.lastIndexOf(kDelimiter);
  if (basic < 0) basic = 0;
  for (let j = 0; j < basic; j++) {
    if (input.charCodeAt(j) >= 0x80) error('not-basic');
    output.push(input.charCodeAt(j));
  }

  let n = kInitialN;
  let i = 0;
  let bias = kInitialBias;
  for (let index = basic > 0 ? basic + 1 : 0; index < input.length;) {
    // One generalized variable-length integer into `i`.
    const oldi = i;
    for (let w = 1, k = kBase; ; k += kBase) {
      if (index >= input.length) error('invalid-input');
      const digit = digitValue(input.charCodeAt(index++));
      if (digit >= kBase) error('invalid-input');
      if (digit > Math.floor((kMaxInt - i) / w)) error('overflow');
      i += digit * w;
      const t = threshold(k, bias);
      if (digit < t) break;
      if (w > Math.floor(kMaxInt / (kBase - t))) error('overflow');
      w *= kBase - t;
    }
    const out = output.length + 1;
    bias = adapt(i - oldi, out, oldi === 0);
    if (Math.floor(i / out) > kMaxInt - n) error('overflow');
    n += Math.floor(i / out);
    i %= out;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}

// A string of Unicode symbols to a Punycode string of ASCII symbols.
function encode(input) {
  const codePoints = ucs2decode(`${input}`);
  let output = '';
  for (const c of codePoints) {
    if (c < 0x80) output += String.fromCharCode(c);
  }
  const basicLength = output.length;
  let handled = basicLength;
  if (basicLength > 0) output += kDelimiter;

  let n = kInitialN;
  let delta = 0;
  let bias = kInitialBias;
  while (handled < codePoints.length) {
    // The smallest code point not handled yet.
    let m = kMaxInt;
    for (const c of codePoints) {
      if (c >= n && c < m) m = c;
    }
    if (m - n > Math.floor((kMaxInt - delta) / (handled + 1))) error('overflow');
    delta += (m - n) * (handled + 1);
    n = m;
    for (const c of codePoints) {
      if (c < n && ++delta > kMaxInt) error('overflow');
      if (c !== n) continue;
      // delta as a generalized variable-length integer.
      let q = delta;
      for (let k = kBase; ; k += kBase) {
        const t = threshold(k, bias);
        if (q < t) break;
        output += digitChar(t + ((q - t) % (kBase - t)));
        q = Math.floor((q - t) / (kBase - t));
      }
      output += digitChar(q);
      bias = adapt(delta, handled + 1, handled === basicLength);
      delta = 0;
      handled++;
    }
    delta++;
    n++;
  }
  return output;
}

// Applies `convert` to each label of a domain name, or of the domain part of
// an e-mail address.
function mapDomain(domain, convert) {
  const parts = `${domain}`.split('@');
  let prefix = '';
  if (parts.length > 1) {
    prefix = `${parts[0]}@`;
    domain = parts[1];
  } else {
    domain = parts[0];
  }
  const labels = domain.replace(kSeparators, '.').split('.');
  return prefix + labels.map(convert).join('.');
}

function toUnicode(input) {
  return mapDomain(input, (label) => (kPunycodePrefix.test(label) ? decode(label.slice(4).toLowerCase()) : label));
}

function toASCII(input) {
  return mapDomain(input, (label) => (kNonAscii.test(label) ? `xn--${encode(label)}` : label));
}

module.exports = {
  version: '2.1.0',
  ucs2: { decode: ucs2decode, encode: ucs2encode },
  decode,
  encode,
  toASCII,
  toUnicode,
};
