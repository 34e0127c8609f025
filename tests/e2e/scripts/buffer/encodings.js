'use strict';
// Buffer.from(string, encoding) and toString(encoding) in every encoding,
// with the edge cases Node has: invalid hex stops, base64 whitespace and
// padding, lone surrogates, ASCII and Latin-1 truncation, odd UTF-16.
const { check, random, hash } = require('./show');

const encodings = ['utf8', 'utf-8', 'UTF8', 'ucs2', 'ucs-2', 'utf16le', 'UTF-16LE', 'latin1', 'binary', 'ascii',
  'base64', 'BASE64', 'base64url', 'hex', 'Hex'];
const strings = ['', 'a', 'hello', 'héllo wörld', '€', '😀', 'a\ud800b', '\udc00', '\ud83d', 'x\ud83d\ude00y',
  '\u0000\u00ff\u0100', 'ÿþ'];
for (const enc of encodings) {
  for (const s of strings) check(`from ${JSON.stringify(s)} ${enc}`, () => Buffer.from(s, enc));
}

// hex: pairs until the first bad one; a lone last digit is ignored.
for (const s of ['00ff', 'ABcd', 'abz1', 'a', 'abc', 'zz', '0g00', ' 00', '00 11', '\u0100\u0101', '0\u01001',
  '\u0161\u0162', 'ab\u0163\u0164']) {
  check(`hex ${JSON.stringify(s)}`, () => Buffer.from(s, 'hex'));
}
// base64: any alphabet, junk and whitespace skipped, '=' ends it.
for (const s of ['aGVsbG8=', 'aGVsbG8', 'aGVs bG8=', 'aG\nVs\tbG8', 'ab=cd', 'QQ', 'Q', 'QQ=', 'QQ==', 'QQ===x',
  '-_-_', '+/+/', '+/-_', '!!!!', 'YW=Jj', '=YWJj', 'Y W J j', 'YWJjZA', 'YWJjZA=', 'YWJjZA==', '\u00ffYWJj',
  'YW\u0100Jj', '\u0159\u0157Jj', 'QUJDRA', 'QUJDREVGR0g', 'QUJDREVGR0hJSktM', 'QUJDREVGR0hJSktMTU5PUA==']) {
  check(`base64 ${JSON.stringify(s)}`, () => Buffer.from(s, 'base64'));
  check(`base64url ${JSON.stringify(s)}`, () => Buffer.from(s, 'base64url'));
}

const bytes = Buffer.from([0x00, 0x41, 0x7f, 0x80, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xff, 0xed,
  0xa0, 0x80, 0xc0, 0xaf, 0xf4, 0x90, 0x80, 0x80, 0xe0]);
for (const enc of encodings) check(`toString ${enc}`, () => bytes.toString(enc));
for (const enc of ['utf8', 'ucs2', 'latin1', 'ascii', 'base64', 'base64url', 'hex']) {
  for (const [start, end] of [[1, 5], [0, 1], [3, 3], [5, 2], [-1, 4], [2, 100], [1.5, 4.9], ['2', '6'], [NaN, 3],
    [undefined, 7], [30, 40], [null, null], [0, -1], [2, undefined]]) {
    check(`toString ${enc} ${start} ${end}`, () => bytes.toString(enc, start, end));
  }
}
check('toString no args', () => bytes.toString());
check('toString undefined', () => bytes.toString(undefined));
check('toString null', () => bytes.toString(null));
check('toString bad', () => bytes.toString('utf9'));
check('toString empty name', () => bytes.toString(''));
check('toString number name', () => bytes.toString(5));
check('toLocaleString', () => bytes.toLocaleString('hex'));

// Odd-length UTF-16 drops the last byte.
check('ucs2 odd', () => Buffer.from([0x41, 0x00, 0x42]).toString('ucs2'));
check('ucs2 unaligned', () => Buffer.from([0, 0x41, 0x00, 0x42, 0x00]).subarray(1).toString('utf16le'));

// write(string, offset, length, encoding)
for (const args of [['xy'], ['xy', 4], ['xy', 5], ['xy', 6], ['xyz', 1, 1], ['6162', 'hex'], ['6162', 2, 'hex'],
  ['6162', 2, 1, 'hex'], ['€', 4], ['€', 3], ['aGk=', 'base64'], ['ab', 0, 0], ['😀', 2], ['😀', 0, 3],
  ['\ud800', 0], ['é', 'ascii'], ['é', 'latin1'], ['\u0100', 'latin1'], ['abc', 1, 'ucs2'], ['abc', 0, 5, 'ucs2'],
  ['xy', 7], ['xy', -1], ['xy', 1.5], ['xy', '1'], ['xy', 0, 7], ['xy', 0, -1], ['xy', 0, 2, 'nope'], ['xy', null],
  ['xy', 0, 2, null], ['xy', undefined, 2], [1], [1, 'hex'], [{}, 0], ['zz', 'hex'], ['a', 'hex']]) {
  const target = Buffer.alloc(6);
  check(`write ${JSON.stringify(args)}`, () => [target.write(...args), target]);
}
check('utf8Write', () => { const b = Buffer.alloc(4); return [b.utf8Write('héllo', 1), b]; });
check('hexWrite past end', () => Buffer.alloc(4).hexWrite('abcd', 7, 5));
check('latin1Write number', () => Buffer.alloc(4).latin1Write(5));
check('utf8Write negative', () => Buffer.alloc(4).utf8Write('x', -1));
check('utf8Slice negative', () => Buffer.alloc(4).utf8Slice(-1));
check('utf8Slice past end', () => Buffer.alloc(4).utf8Slice(0, 100));
check('hexSlice reversed', () => Buffer.from('abcd').hexSlice(2, 1));
check('base64Slice', () => Buffer.from('abcd').base64Slice(1, 3));
check('ucs2Slice', () => Buffer.from('abcd').ucs2Slice());
check('asciiSlice', () => Buffer.from([0xe9, 0x41]).asciiSlice());

// byteLength
for (const [s, enc] of [['héllo', undefined], ['héllo', 'latin1'], ['aGVsbG8=', 'base64'], ['aGVsbG8', 'base64'],
  ['a=', 'base64'], ['==', 'base64'], ['=', 'base64'], ['abc', 'hex'], ['😀', 'utf8'], ['😀', 'ucs2'], ['\ud800', 'utf8'],
  ['abc', 'nope'], ['', 'hex'], ['abc', 'ascii'], ['aGVs bG8=', 'base64url']]) {
  check(`byteLength ${JSON.stringify(s)} ${enc}`, () => Buffer.byteLength(s, enc));
}
check('byteLength buffer', () => Buffer.byteLength(Buffer.alloc(7)));
check('byteLength ArrayBuffer', () => Buffer.byteLength(new ArrayBuffer(9)));
check('byteLength DataView', () => Buffer.byteLength(new DataView(new ArrayBuffer(3))));
check('byteLength number', () => Buffer.byteLength(5));

for (const name of ['utf8', 'UTF-8', 'utf-16le', 'UCS2', 'Binary', 'latin1', 'ascii', 'base64', 'base64URL', 'hex',
  '', 'utf16', 'latin-1', 'nope', null, undefined, 1, {}]) {
  check(`isEncoding ${String(name)}`, () => Buffer.isEncoding(name));
}

// Many random strings and byte runs, both ways in every encoding; one hash
// per encoding keeps the output short.
const next = random(42);
const pool = ['a', 'Z', '0', ' ', '\n', 'é', 'ß', '€', '中', '😀', '\ud800', '\udfff', '\u0000', '\u00ff', '=', '+', '/',
  '-', '_', 'f', 'G'];
const randomStrings = [];
for (let i = 0; i < 400; i++) {
  let s = '';
  const length = Math.floor(next() * 40);
  for (let j = 0; j < length; j++) s += pool[Math.floor(next() * pool.length)];
  randomStrings.push(s);
}
const randomBytes = [];
for (let i = 0; i < 400; i++) {
  const b = Buffer.alloc(Math.floor(next() * 40));
  for (let j = 0; j < b.length; j++) b[j] = next() < 0.5 ? Math.floor(next() * 128) : Math.floor(next() * 256);
  randomBytes.push(b);
}
for (const enc of ['utf8', 'ucs2', 'latin1', 'ascii', 'base64', 'base64url', 'hex']) {
  const out = [];
  for (const s of randomStrings) out.push(Buffer.from(s, enc).toString('hex'));
  for (const b of randomBytes) out.push(b.toString(enc));
  console.log(`random ${enc}: ${hash(out.join('|'))}`);
}

// Large inputs take the native paths that small ones do not.
const big = 'héllo wörld € 😀 '.repeat(20000);
for (const enc of ['utf8', 'ucs2', 'latin1', 'base64', 'base64url', 'hex']) {
  const encoded = Buffer.from(big, enc);
  console.log(`large ${enc}: ${encoded.length} ${hash(encoded.toString('hex'))} ${hash(encoded.toString(enc))}`);
}
const junk = `${Buffer.from(big).toString('base64').replace(/(.{76})/g, '$1\n')}`;
console.log(`large base64 with newlines: ${hash(Buffer.from(junk, 'base64').toString())}`);
console.log(`large hex stop: ${Buffer.from(`${'ab'.repeat(5000)}zz${'cd'.repeat(10)}`, 'hex').length}`);

// UTF-8 of long strings whose characters straddle the pieces the native side
// reads them in, and writes that stop short of a whole character.
for (const [prefix, tail] of [['x', '😀y'], ['é', '😀'], ['x', '\ud800'], ['é', '€é'], ['x', '\udc00x']]) {
  for (const length of [8190, 8191, 8192, 16383]) {
    const s = prefix.repeat(length) + tail;
    check(`long ${JSON.stringify(prefix)}x${length}+${JSON.stringify(tail)}`, () => {
      const b = Buffer.from(s);
      return [b.length, Buffer.byteLength(s), b.subarray(-8).toString('hex'), hash(b.toString('latin1')),
        new TextEncoder().encode(s).length];
    });
  }
}
for (const [s, offset, length] of [['aéb', 0, 2], ['éé', 0, 3], ['ÿÿÿÿÿ', 1, 4], ['aé', 0, 1], ['€a', 0, 2],
  ['a😀', 0, 4], ['é'.repeat(20), 3, 9], ['ab\u00ff', 0, 3]]) {
  const target = Buffer.alloc(12);
  check(`write short ${JSON.stringify(s)} ${offset} ${length}`, () => [target.write(s, offset, length), target]);
}
for (const [s, size] of [['aé', 2], ['éa', 1], ['ÿÿ', 3], ['é'.repeat(100), 51], ['abc', 2]]) {
  check(`encodeInto ${JSON.stringify(s)} ${size}`, () => { const d = new Uint8Array(size); return [new TextEncoder().encodeInto(s, d), d]; });
}

// Random writes into buffers too small for them: what is written, what is
// returned, and what is left alone must all be Node's.
{
  const writes = [];
  const pick = random(1234);
  for (let i = 0; i < 2000; i++) {
    const s = randomStrings[Math.floor(pick() * randomStrings.length)];
    const target = Buffer.alloc(Math.floor(pick() * 24), 0xaa);
    const offset = Math.floor(pick() * (target.length + 1));
    const length = Math.floor(pick() * (target.length - offset + 1));
    const enc = ['utf8', 'latin1', 'ucs2', 'hex', 'base64'][Math.floor(pick() * 5)];
    writes.push(`${target.write(s, offset, length, enc)}:${target.toString('hex')}`);
    const dest = new Uint8Array(Math.floor(pick() * 16)).fill(0x55);
    const result = new TextEncoder().encodeInto(s, dest);
    writes.push(`${result.read},${result.written}:${Buffer.from(dest).toString('hex')}`);
  }
  console.log(`random short writes: ${hash(writes.join('|'))}`);
}
