'use strict';
// StringDecoder in every encoding: characters split across writes at every
// byte, what end() makes of an unfinished one, and the legacy state.
const { StringDecoder } = require('string_decoder');
const { check, random, hash } = require('./show');

for (const encoding of [undefined, '', null, 'utf8', 'UTF-8', 'ucs2', 'utf-16le', 'Binary', 'latin1', 'ascii', 'hex',
  'base64', 'base64url', 'bogus', 5]) {
  check(`encoding ${JSON.stringify(encoding)}`, () => new StringDecoder(encoding).encoding);
}

function feed(encoding, bytes, sizes) {
  const decoder = new StringDecoder(encoding);
  const pieces = [];
  let at = 0;
  for (const size of sizes) {
    pieces.push(decoder.write(bytes.subarray(at, at + size)));
    at += size;
  }
  pieces.push(decoder.end(at < bytes.length ? bytes.subarray(at) : undefined));
  return pieces;
}

const text = 'a€😀ü\u0000z';
for (const encoding of ['utf8', 'utf16le', 'base64', 'base64url', 'hex', 'latin1', 'ascii']) {
  const bytes = Buffer.from(text, encoding === 'utf16le' ? 'utf16le' : 'utf8');
  for (let cut = 0; cut <= bytes.length; cut++) check(`${encoding} cut ${cut}`, () => feed(encoding, bytes, [cut]));
  check(`${encoding} bytewise`, () => feed(encoding, bytes, new Array(bytes.length).fill(1)));
}
const invalid = Buffer.from([0xe2, 0x41, 0xf0, 0x9f, 0x41, 0xe0, 0x80, 0x41, 0xed, 0xa0, 0x80, 0xc3, 0x80, 0x80, 0x80, 0x80,
  0x80, 0xf8, 0x88, 0x80, 0xe2, 0x82]);
for (let cut = 0; cut <= invalid.length; cut++) check(`utf8 invalid cut ${cut}`, () => feed('utf8', invalid, [cut]));
check('utf8 invalid bytewise', () => feed('utf8', invalid, new Array(invalid.length).fill(1)));
check('utf8 invalid twos', () => feed('utf8', invalid, new Array(11).fill(2)));

check('end incomplete', () => { const d = new StringDecoder('utf8'); return [d.write(Buffer.from([0xf0, 0x9f])), d.end()]; });
check('end with buffer', () => new StringDecoder().end(Buffer.from('hi')));
check('end twice', () => { const d = new StringDecoder(); d.write(Buffer.from([0xe2])); return [d.end(), d.end()]; });
check('reuse after end', () => { const d = new StringDecoder(); d.write(Buffer.from([0xe2])); d.end(); return d.write(Buffer.from('ok')); });
check('write string', () => new StringDecoder().write('already text'));
check('write bad', () => new StringDecoder().write(5));
check('write Uint16Array', () => new StringDecoder('hex').write(new Uint16Array([0x102])));
check('write DataView', () => new StringDecoder('hex').write(new DataView(new ArrayBuffer(2))));
check('utf16 high surrogate held', () => {
  const d = new StringDecoder('utf16le');
  const smile = Buffer.from('a😀', 'utf16le');
  return [d.write(smile.subarray(0, 4)), d.write(smile.subarray(4)), d.end()];
});
check('utf16 lone high at end', () => { const d = new StringDecoder('utf16le'); return [d.write(Buffer.from([0x3d, 0xd8])), d.end()]; });
check('utf16 odd at end', () => { const d = new StringDecoder('utf16le'); return [d.write(Buffer.from([0x41, 0x00, 0x42])), d.end()]; });
check('utf16 high then odd', () => { const d = new StringDecoder('utf16le'); return [d.write(Buffer.from([0x3d, 0xd8, 0x01])), d.end()]; });
check('base64 groups', () => {
  const d = new StringDecoder('base64');
  return [d.write(Buffer.from('ab')), d.write(Buffer.from('cd')), d.write(Buffer.from('efgh')), d.end()];
});
check('base64url end', () => { const d = new StringDecoder('base64url'); return [d.write(Buffer.from([0xfb, 0xff])), d.end()]; });
check('state', () => {
  const d = new StringDecoder('utf8');
  d.write(Buffer.from([0xe2, 0x82]));
  return [d.lastNeed, d.lastTotal, d.lastChar.length, d.lastChar[0], d.lastChar[1]];
});
check('text()', () => { const d = new StringDecoder('utf8'); d.write(Buffer.from([0xe2])); return d.text(Buffer.from('xyz'), 1); });
check('keys', () => Object.keys(new StringDecoder('utf8')).join(' '));
check('prototype', () => Object.keys(StringDecoder.prototype).join(' '));

const next = random(5);
const out = [];
for (let i = 0; i < 300; i++) {
  const bytes = Buffer.alloc(Math.floor(next() * 20));
  for (let j = 0; j < bytes.length; j++) bytes[j] = next() < 0.3 ? 0x61 : next() < 0.5 ? 0x80 + Math.floor(next() * 64) : Math.floor(next() * 256);
  for (const encoding of ['utf8', 'utf16le', 'base64', 'base64url', 'hex', 'ascii', 'latin1']) {
    const sizes = [];
    for (let left = bytes.length; left > 0;) {
      const size = 1 + Math.floor(next() * 4);
      sizes.push(size);
      left -= size;
    }
    out.push(feed(encoding, bytes, sizes).join('/'));
  }
}
console.log(`random pieces: ${hash(out.join('|'))}`);
