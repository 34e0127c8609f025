'use strict';
// TextEncoder and TextDecoder: labels, BOM, fatal mode, streaming of UTF-8
// and UTF-16 split at every byte, and what each rejects.
const { check, random, hash } = require('./show');

const te = new TextEncoder();
check('encoding', () => [te.encoding, new TextDecoder().encoding]);
for (const s of ['', 'a€😀', '\ud800', 'a\udc00b', '\ud83d\ude00\ud83d', 'héllo']) check(`encode ${JSON.stringify(s)}`, () => te.encode(s));
check('encode undefined', () => te.encode());
check('encode number', () => te.encode(12));
check('encode is Uint8Array', () => [te.encode('x').constructor.name, te.encode('x').buffer.byteLength]);
for (const [s, size] of [['a€😀', 5], ['a😀', 3], ['\ud800x', 10], ['abc', 0], ['€€', 4], ['😀', 4], ['😀', 3]]) {
  check(`encodeInto ${JSON.stringify(s)} ${size}`, () => { const d = new Uint8Array(size); return [te.encodeInto(s, d), d]; });
}
check('encodeInto subarray', () => { const d = new Uint8Array(6); const r = te.encodeInto('hi', d.subarray(2)); return [r, d]; });
check('encodeInto bad dest', () => te.encodeInto('x', []));
check('encodeInto bad src', () => te.encodeInto(5, new Uint8Array(2)));
check('encode bad this', () => TextEncoder.prototype.encode.call({}, 'x'));
check('inspect TextEncoder', () => require('util').inspect(te));

// --- labels ---
for (const label of ['utf-8', 'UTF8', ' unicode-1-1-utf-8 ', '\tutf-8\n', 'utf-16', 'UTF-16LE', 'ucs-2', 'unicode',
  'utf-16be', 'latin1', 'iso-8859-1', 'ascii', 'us-ascii', 'windows-1252', 'cp1252', 'l1', undefined]) {
  check(`label ${JSON.stringify(label)}`, () => new TextDecoder(label).encoding);
}
for (const label of ['no-such-encoding', '\u00a0utf-8', '', 'utf-32', null]) {
  check(`bad label ${JSON.stringify(label)}`, () => new TextDecoder(label));
}
check('options', () => {
  const d = new TextDecoder('utf8', { fatal: 1, ignoreBOM: 'yes' });
  return [d.fatal, d.ignoreBOM, new TextDecoder('utf-8', null).fatal];
});
check('bad options', () => new TextDecoder('utf8', 5));
check('inspect TextDecoder', () => require('util').inspect(new TextDecoder('utf-16le', { fatal: true })));
check('toStringTag', () => [Object.prototype.toString.call(te), Object.prototype.toString.call(new TextDecoder())]);

// --- decode ---
const d8 = new TextDecoder();
const inputs = [[], [0x61], [0xef, 0xbb, 0xbf, 0x41], [0xef, 0xbb, 0xbf], [0x61, 0xff, 0x62, 0xe2, 0x82],
  [0xed, 0xa0, 0x80, 0xf4, 0x90, 0x80, 0x80, 0xc0, 0x80, 0xf8], [0xe0, 0x80, 0x41], [0xf0, 0x9f, 0x98], [0xc3, 0x28],
  [0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80], [0xfe, 0xff, 0x41]];
for (const bytes of inputs) {
  check(`decode ${bytes}`, () => d8.decode(new Uint8Array(bytes)));
  check(`decode ignoreBOM ${bytes}`, () => new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(bytes)));
  check(`decode fatal ${bytes}`, () => new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes)));
}
check('decode ArrayBuffer', () => d8.decode(new Uint8Array([104, 105]).buffer));
check('decode DataView', () => d8.decode(new DataView(new Uint8Array([0x6f, 0x6b]).buffer)));
check('decode Uint16Array', () => d8.decode(new Uint16Array([0x4241])));
check('decode subarray', () => d8.decode(new Uint8Array([0x61, 0x62, 0x63]).subarray(1, 2)));
check('decode Buffer', () => d8.decode(Buffer.from('buf')));
check('decode nothing', () => d8.decode());
check('decode string', () => d8.decode('x'));
check('decode null', () => d8.decode(null));
check('decode bad options', () => d8.decode(new Uint8Array(1), 5));
check('decode bad this', () => TextDecoder.prototype.decode.call({}));

// UTF-16
for (const enc of ['utf-16le', 'utf-16be']) {
  const units = enc === 'utf-16le' ? (a, b) => [a, b] : (a, b) => [b, a];
  const cases = {
    'hi😀': [...units(0x68, 0), ...units(0x69, 0), ...units(0x3d, 0xd8), ...units(0x00, 0xde)],
    'BOM': [...units(0xff, 0xfe), ...units(0x41, 0)],
    'lone high + byte': [...units(0x00, 0xd8), 0x41],
    'lone high + unit': [...units(0x00, 0xd8), ...units(0x41, 0x00)],
    'odd': [0x41],
    'lone low': [...units(0x00, 0xdc), ...units(0x41, 0x00)],
    'lone high': [...units(0x00, 0xd8)],
    'high high low': [...units(0x00, 0xd8), ...units(0x00, 0xd8), ...units(0x00, 0xdc)],
  };
  for (const name of Object.keys(cases)) {
    const bytes = new Uint8Array(cases[name]);
    check(`${enc} ${name}`, () => new TextDecoder(enc).decode(bytes));
    check(`${enc} ${name} ignoreBOM`, () => new TextDecoder(enc, { ignoreBOM: true }).decode(bytes));
    check(`${enc} ${name} fatal`, () => new TextDecoder(enc, { fatal: true }).decode(bytes));
  }
}
check('windows-1252', () => new TextDecoder('latin1').decode(new Uint8Array([0x41, 0xa3, 0xe9, 0xff, 0x00])));

// Streaming: every text split at every byte boundary must come out whole.
function streamAll(encoding, bytes, sizes, options = {}) {
  const decoder = new TextDecoder(encoding, options);
  const pieces = [];
  let at = 0;
  for (const size of sizes) {
    pieces.push(decoder.decode(bytes.subarray(at, at + size), { stream: true }));
    at += size;
  }
  pieces.push(decoder.decode(bytes.subarray(at)));
  return pieces;
}
const sample = '\ufeffa€😀ü\u0000z';
const samples = { 'utf-8': Buffer.from(sample), 'utf-16le': Buffer.from(sample, 'utf16le') };
for (const encoding of Object.keys(samples)) {
  const bytes = samples[encoding];
  for (let cut = 0; cut <= bytes.length; cut++) {
    check(`stream ${encoding} cut ${cut}`, () => streamAll(encoding, bytes, [cut]));
  }
  check(`stream ${encoding} bytewise`, () => streamAll(encoding, bytes, new Array(bytes.length).fill(1)));
  check(`stream ${encoding} bytewise ignoreBOM`, () => streamAll(encoding, bytes, new Array(bytes.length).fill(1), { ignoreBOM: true }));
}
check('stream keeps BOM after start', () => {
  const d = new TextDecoder();
  return [d.decode(new Uint8Array([0xef, 0xbb]), { stream: true }), d.decode(new Uint8Array([0xbf, 0x41]), { stream: true }),
    d.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x42])), d.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x43]))];
});
check('stream bad continuation', () => {
  const d = new TextDecoder();
  return [d.decode(new Uint8Array([0xe2]), { stream: true }), d.decode(new Uint8Array([0x41]), { stream: true }),
    d.decode(new Uint8Array([0xf0, 0x9f]))];
});
check('stream invalid prefix not held', () => {
  const d = new TextDecoder();
  return [d.decode(new Uint8Array([0xe0, 0x80]), { stream: true }), d.decode(new Uint8Array([0x41]))];
});
check('stream fatal', () => {
  const d = new TextDecoder('utf-8', { fatal: true });
  const first = d.decode(new Uint8Array([0xe2, 0x82]), { stream: true });
  let second;
  try { d.decode(new Uint8Array([0x41])); } catch (e) { second = e.code; }
  return [first, second, d.decode(new Uint8Array([0x42]))];
});
check('stream fatal end', () => {
  const d = new TextDecoder('utf-8', { fatal: true });
  d.decode(new Uint8Array([0xe2]), { stream: true });
  return d.decode();
});
check('utf-16 stream', () => {
  const d = new TextDecoder('utf-16le');
  return [d.decode(new Uint8Array([0x3d]), { stream: true }), d.decode(new Uint8Array([0xd8, 0x00]), { stream: true }),
    d.decode(new Uint8Array([0xde])), d.decode(new Uint8Array([0x41]))];
});

// Random bytes, decoded whole and in random pieces, in every mode.
const next = random(99);
const out = [];
for (let i = 0; i < 300; i++) {
  const bytes = new Uint8Array(Math.floor(next() * 24));
  for (let j = 0; j < bytes.length; j++) bytes[j] = next() < 0.3 ? 0x61 : next() < 0.5 ? 0x80 + Math.floor(next() * 64) : Math.floor(next() * 256);
  for (const encoding of ['utf-8', 'utf-16le', 'utf-16be']) {
    out.push(new TextDecoder(encoding).decode(bytes));
    try { out.push(new TextDecoder(encoding, { fatal: true }).decode(bytes)); } catch (e) { out.push(e.code); }
    const sizes = [];
    for (let left = bytes.length; left > 0;) {
      const size = 1 + Math.floor(next() * 4);
      sizes.push(size);
      left -= size;
    }
    out.push(streamAll(encoding, bytes, sizes).join(''));
  }
}
console.log(`random decode: ${hash(out.join('|'))}`);
const large = Buffer.from('héllo wörld € 😀 '.repeat(50000));
console.log(`large decode: ${hash(new TextDecoder().decode(large))} ${hash(new TextDecoder('utf-16le').decode(large))}`);
