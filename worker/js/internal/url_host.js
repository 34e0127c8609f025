'use strict';
// The host parser of the WHATWG URL standard: domains (through UTS #46 in
// the native `url` binding when they are not plain ASCII), IPv4 addresses in
// all their numeric forms, IPv6 addresses, and the opaque hosts of URLs that
// are not special. Every function returns the host serialized, or null for
// failure.

const { sets, percentEncode, percentDecode, hexValue } = internalRequire('internal/url_percent');

let idna;
function idnaBinding() {
  if (idna === undefined) idna = binding.internalBinding('url');
  return idna;
}

// U+0000, tab, LF, CR, space, # / : < > ? @ [ \ ] ^ |
const kForbiddenHost = new Uint8Array(128);
for (const c of [0x00, 0x09, 0x0a, 0x0d, 0x20, 0x23, 0x2f, 0x3a, 0x3c, 0x3e, 0x3f, 0x40, 0x5b, 0x5c, 0x5d, 0x5e, 0x7c]) {
  kForbiddenHost[c] = 1;
}
// The above, C0 controls, % and DEL.
const kForbiddenDomain = new Uint8Array(kForbiddenHost);
for (let c = 0; c < 0x20; c++) kForbiddenDomain[c] = 1;
kForbiddenDomain[0x25] = 1;
kForbiddenDomain[0x7f] = 1;

// --- IPv4 ----------------------------------------------------------------------

// One part of an IPv4 address: decimal, octal with a leading 0, or hex with
// 0x; -1 when it is not a number.
function parseIPv4Number(part) {
  if (part === '') return -1;
  let radix = 10;
  let i = 0;
  if (part.length >= 2 && part.charCodeAt(0) === 0x30) {
    if ((part.charCodeAt(1) | 0x20) === 0x78) {
      radix = 16;
      i = 2;
    } else {
      radix = 8;
      i = 1;
    }
  }
  let value = 0;
  for (; i < part.length; i++) {
    const digit = hexValue(part.charCodeAt(i));
    if (digit < 0 || digit >= radix) return -1;
    value = value * radix + digit;
  }
  return value;
}

// Whether the last label (a trailing dot aside) is a number, which makes
// the whole host an IPv4 address or a failure.
function endsInANumber(host) {
  let end = host.length;
  if (end > 0 && host.charCodeAt(end - 1) === 0x2e) end--;
  if (end === 0) return false;
  const start = host.lastIndexOf('.', end - 1) + 1;
  if (start === end) return false;
  let digits = true;
  for (let i = start; i < end; i++) {
    const c = host.charCodeAt(i);
    if (c < 0x30 || c > 0x39) {
      digits = false;
      break;
    }
  }
  if (digits) return true;
  if (end - start < 2 || host.charCodeAt(start) !== 0x30 || (host.charCodeAt(start + 1) | 0x20) !== 0x78) return false;
  for (let i = start + 2; i < end; i++) {
    if (hexValue(host.charCodeAt(i)) < 0) return false;
  }
  return true;
}

function serializeIPv4(address) {
  return `${address >>> 24}.${(address >>> 16) & 255}.${(address >>> 8) & 255}.${address & 255}`;
}

function parseIPv4(host) {
  const parts = host.split('.');
  if (parts[parts.length - 1] === '' && parts.length > 1) parts.pop();
  if (parts.length > 4) return null;
  const numbers = [];
  for (const part of parts) {
    const number = parseIPv4Number(part);
    if (number < 0) return null;
    numbers.push(number);
  }
  const last = numbers.length - 1;
  for (let i = 0; i < last; i++) {
    if (numbers[i] > 255) return null;
  }
  if (numbers[last] >= 256 ** (4 - last)) return null;
  let address = numbers[last];
  for (let i = 0; i < last; i++) address += numbers[i] * 256 ** (3 - i);
  return serializeIPv4(address);
}

// --- IPv6 ----------------------------------------------------------------------

// The eight pieces of the address in `input` (without its brackets), or null.
function parseIPv6(input) {
  const address = [0, 0, 0, 0, 0, 0, 0, 0];
  const length = input.length;
  let pieceIndex = 0;
  let compress = -1;
  let p = 0;
  if (input.charCodeAt(0) === 0x3a) {
    if (input.charCodeAt(1) !== 0x3a) return null;
    p = 2;
    compress = ++pieceIndex;
  }
  while (p < length) {
    if (pieceIndex === 8) return null;
    if (input.charCodeAt(p) === 0x3a) {
      if (compress !== -1) return null;
      p++;
      compress = ++pieceIndex;
      continue;
    }
    let value = 0;
    let digits = 0;
    while (digits < 4 && p < length) {
      const digit = hexValue(input.charCodeAt(p));
      if (digit < 0) break;
      value = value * 16 + digit;
      p++;
      digits++;
    }
    const c = p < length ? input.charCodeAt(p) : -1;
    if (c === 0x2e) {
      // An IPv4 address in the last two pieces.
      if (digits === 0) return null;
      p -= digits;
      if (pieceIndex > 6) return null;
      let numbersSeen = 0;
      while (p < length) {
        let ipv4Piece = -1;
        if (numbersSeen > 0) {
          if (input.charCodeAt(p) === 0x2e && numbersSeen < 4) p++;
          else return null;
        }
        let d = p < length ? input.charCodeAt(p) : -1;
        if (d < 0x30 || d > 0x39) return null;
        while (d >= 0x30 && d <= 0x39) {
          const number = d - 0x30;
          if (ipv4Piece === -1) ipv4Piece = number;
          else if (ipv4Piece === 0) return null;
          else ipv4Piece = ipv4Piece * 10 + number;
          if (ipv4Piece > 255) return null;
          p++;
          d = p < length ? input.charCodeAt(p) : -1;
        }
        address[pieceIndex] = address[pieceIndex] * 0x100 + ipv4Piece;
        numbersSeen++;
        if (numbersSeen === 2 || numbersSeen === 4) pieceIndex++;
      }
      if (numbersSeen !== 4) return null;
      break;
    } else if (c === 0x3a) {
      p++;
      if (p >= length) return null;
    } else if (c !== -1) {
      return null;
    }
    address[pieceIndex++] = value;
  }
  if (compress !== -1) {
    let swaps = pieceIndex - compress;
    pieceIndex = 7;
    while (pieceIndex !== 0 && swaps > 0) {
      const other = compress + swaps - 1;
      const piece = address[pieceIndex];
      address[pieceIndex] = address[other];
      address[other] = piece;
      pieceIndex--;
      swaps--;
    }
  } else if (pieceIndex !== 8) {
    return null;
  }
  return address;
}

const kHexDigits = '0123456789abcdef';

// A piece in lowercase hex without leading zeros; Number.prototype.toString
// with a radix is a call into the runtime, this is not.
function hexPiece(piece) {
  let shift = piece >= 0x1000 ? 12 : piece >= 0x100 ? 8 : piece >= 0x10 ? 4 : 0;
  let out = '';
  for (; shift >= 0; shift -= 4) out += kHexDigits[(piece >> shift) & 0xf];
  return out;
}

// Lowercase hex pieces with the longest run (two or more) of zero pieces
// compressed to '::'.
function serializeIPv6(address) {
  let compress = -1;
  let longest = 1;
  for (let i = 0; i < 8;) {
    if (address[i] !== 0) {
      i++;
      continue;
    }
    let end = i;
    while (end < 8 && address[end] === 0) end++;
    if (end - i > longest) {
      longest = end - i;
      compress = i;
    }
    i = end;
  }
  let out = '[';
  for (let i = 0; i < 8; i++) {
    if (i === compress) {
      out += i === 0 ? '::' : ':';
      i += longest - 1;
      continue;
    }
    out += hexPiece(address[i]);
    if (i !== 7) out += ':';
  }
  return `${out}]`;
}

// --- domains and opaque hosts -----------------------------------------------------

// UTS #46 ToASCII as URLs use it. A plain ASCII name with no Punycode label
// only needs lowercasing; anything else goes to ICU.
function domainToASCII(domain) {
  let ascii = true;
  let upper = false;
  for (let i = 0; i < domain.length; i++) {
    const c = domain.charCodeAt(i);
    if (c >= 0x80) {
      ascii = false;
      break;
    }
    if (c >= 0x41 && c <= 0x5a) upper = true;
  }
  if (ascii) {
    const lower = upper ? domain.toLowerCase() : domain;
    if (!lower.startsWith('xn--') && lower.indexOf('.xn--') === -1) return lower;
  }
  const result = idnaBinding().toASCII(domain);
  return result === undefined ? null : result;
}

// UTS #46 ToUnicode; a name with errors stays as it is.
function domainToUnicode(domain) {
  const result = idnaBinding().toUnicode(domain);
  return result === undefined ? domain : result;
}

function parseOpaqueHost(input) {
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (c < 0x80 && kForbiddenHost[c] === 1) return null;
  }
  return percentEncode(input, sets.C0_CONTROL);
}

// The host parser: `input` is the host as written (not empty unless
// opaque); `isOpaque` for URLs that are not special.
function parseHost(input, isOpaque) {
  if (input.charCodeAt(0) === 0x5b) {
    if (input.charCodeAt(input.length - 1) !== 0x5d) return null;
    const address = parseIPv6(input.slice(1, -1));
    return address === null ? null : serializeIPv6(address);
  }
  if (isOpaque) return parseOpaqueHost(input);
  const domain = percentDecode(input);
  const ascii = domainToASCII(domain);
  if (ascii === null || ascii === '') return null;
  for (let i = 0; i < ascii.length; i++) {
    const c = ascii.charCodeAt(i);
    if (c >= 0x80 || kForbiddenDomain[c] === 1) return null;
  }
  if (endsInANumber(ascii)) return parseIPv4(ascii);
  return ascii;
}

module.exports = { parseHost, domainToASCII, domainToUnicode };
