'use strict';
// Strings large enough for the native paths that make a new block (more than
// half of Buffer.poolSize) into UTF-8, base64 and hex, with every kind of
// UTF-16 unit, lone and paired surrogates, and lengths around the 16-unit
// blocks those paths take at once. Each line: the case, the byte length, a
// digest of the bytes from Buffer.from and from TextEncoder.encode.
const crypto = require('crypto');

let seed = 12345;
const random = (n) => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
};

// One UTF-16 unit of a kind picked at random.
function unit() {
  switch (random(8)) {
    case 0:
    case 1:
      return 0x20 + random(0x5f);
    case 2:
      return 0x80 + random(0x780);
    case 3:
      return 0x800 + random(0xd000);
    case 4:
      return 0xe000 + random(0x2000);
    case 5:
      return 0xd800 + random(0x400);
    case 6:
      return 0xdc00 + random(0x400);
    default:
      return 0xffff - random(3);
  }
}

function stringOf(units) {
  let s = '';
  for (let i = 0; i < units.length; i += 4096) s += String.fromCharCode.apply(null, units.slice(i, i + 4096));
  return s;
}

const digest = (bytes) => crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 16);
const encoder = new TextEncoder();
const kinds = ['ascii', 'two-byte', 'mixed', 'pairs'];
for (const length of [4095, 4096, 4097, 4111, 4112, 4113, 70000]) {
  for (const kind of kinds) {
    const units = [];
    for (let i = 0; i < length; i++) {
      units.push(kind === 'ascii' ? 0x61 + random(20) : kind === 'two-byte' ? 0x100 + random(0x600) : unit());
    }
    if (kind === 'pairs') {
      for (let i = random(16); i + 1 < length; i += 5 + random(20)) {
        units[i] = 0xd83d;
        units[i + 1] = 0xde00 + random(0x50);
      }
    }
    const s = stringOf(units);
    const bytes = Buffer.from(s, 'utf8');
    console.log(kind, length, bytes.length, Buffer.byteLength(s), digest(bytes), digest(encoder.encode(s)));
  }
}
// Large base64 and hex, with junk and an early end.
const raw = Buffer.from(stringOf(Array.from({ length: 50000 }, () => random(256))), 'latin1');
const b64 = raw.toString('base64');
for (const text of [b64, b64.slice(0, -1), `${b64.slice(0, 40000)}!!${b64.slice(40000)}`, `${b64.slice(0, 1000)}=${b64}`]) {
  const bytes = Buffer.from(text, 'base64');
  console.log('base64', text.length, bytes.length, digest(bytes));
}
const hex = raw.toString('hex');
for (const text of [hex, hex.slice(0, -1), `${hex.slice(0, 30000)}zz${hex}`]) {
  const bytes = Buffer.from(text, 'hex');
  console.log('hex', text.length, bytes.length, digest(bytes));
}
