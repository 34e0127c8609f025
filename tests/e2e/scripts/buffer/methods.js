'use strict';
// Buffer's constructors and methods beyond encodings: from() of every kind
// of value, alloc/allocUnsafe, concat, compare/equals, indexOf and
// lastIndexOf with their offset rules, fill, copy, subarray/slice, swaps,
// toJSON and inspect, and the errors of each.
const { check } = require('./show');
const util = require('util');

// --- from ---
check('from array', () => Buffer.from([1, 2, 256, -1, 3.7, 'a', '7', null]));
check('from array-like', () => Buffer.from({ length: 3, 0: 1, 1: 'a', 2: 300 }));
check('from bad length', () => Buffer.from({ length: 'x' }));
check('from JSON form', () => Buffer.from({ type: 'Buffer', data: [1, 2] }));
check('from JSON form not array', () => Buffer.from({ type: 'Buffer', data: 'ab' }));
check('from Uint16Array', () => Buffer.from(new Uint16Array([1, 258])));
check('from buffer copies', () => { const a = Buffer.from('ab'); const b = Buffer.from(a); b[0] = 0x7a; return [a, b]; });
check('from String object', () => Buffer.from(new String('abc')));
check('from valueOf', () => Buffer.from({ valueOf() { return 'xy'; } }));
check('from valueOf buffer', () => Buffer.from({ valueOf() { return Buffer.from('q'); } }));
check('from toPrimitive', () => Buffer.from({ [Symbol.toPrimitive]() { return '6869'; } }, 'hex'));
check('from valueOf number', () => Buffer.from({ valueOf() { return 5; } }));
for (const bad of [5, null, undefined, Symbol('s'), true, () => 1, 5n]) check(`from ${typeof bad}`, () => Buffer.from(bad));
check('from string bad encoding', () => Buffer.from('abc', 'nope'));
check('from string non-string encoding', () => Buffer.from('abc', 5));
check('from empty string bad encoding', () => Buffer.from('', 'nope'));
const ab = new ArrayBuffer(8);
new Uint8Array(ab).set([0, 1, 2, 3, 4, 5, 6, 7]);
for (const args of [[], [2], [2, 3], [8], [9], [2, 7], ['x', 2], [-1], [2, -3], [1.5, 2.5], [undefined, NaN], ['3'],
  [null, null], [0, 0]]) {
  check(`from ArrayBuffer ${JSON.stringify(args)}`, () => {
    const b = Buffer.from(ab, ...args);
    return [b, b.byteOffset, b.buffer === ab];
  });
}
check('from SharedArrayBuffer', () => Buffer.from(new SharedArrayBuffer(2)));
check('Buffer()', () => Buffer(3));
check('new Buffer(string)', () => new Buffer('ab'));
check('new Buffer(size, encoding)', () => new Buffer(3, 'utf8'));
check('Buffer.of', () => Buffer.of(1, 2, 300));
check('copyBytesFrom', () => Buffer.copyBytesFrom(new Uint16Array([0x102, 0x304, 0x506]), 1));
check('copyBytesFrom length', () => Buffer.copyBytesFrom(new Uint16Array([0x102, 0x304, 0x506]), 0, 2));
check('copyBytesFrom past', () => Buffer.copyBytesFrom(new Uint8Array([1]), 5));
check('copyBytesFrom bad', () => Buffer.copyBytesFrom([1]));
check('copyBytesFrom negative', () => Buffer.copyBytesFrom(new Uint8Array([1]), -1));

// --- alloc ---
for (const args of [[4], [5, 'ab'], [3, 0x41], [5, 'ab', 'hex'], [4, 'YQ==', 'base64'], [3, ''], [3, '', 'hex'],
  [2, 'zz', 'hex'], [5, 'abc', 'nope'], ['5'], [5.5], [-1], [NaN], [2 ** 33], [3, Buffer.from('xy')], [3, true],
  [3, 257], [4, '€'], [0, 'x'], [3, new Uint8Array(0)]]) {
  check(`alloc ${JSON.stringify(args)}`, () => Buffer.alloc(...args));
}
check('allocUnsafe size', () => Buffer.allocUnsafe(10).length);
check('allocUnsafe zero', () => Buffer.allocUnsafe(0));
check('allocUnsafe bad', () => Buffer.allocUnsafe('1'));
check('allocUnsafeSlow size', () => Buffer.allocUnsafeSlow(100).length);
check('allocUnsafe pooled', () => Buffer.allocUnsafe(10).buffer.byteLength === Buffer.poolSize);
check('allocUnsafeSlow not pooled', () => Buffer.allocUnsafeSlow(10).buffer.byteLength);
check('from string pooled', () => { const b = Buffer.from('abc'); return [b.buffer.byteLength, b.byteOffset % 8]; });
check('SlowBuffer', () => { const s = require('buffer').SlowBuffer(4); return [s.length, s.constructor.name]; });
check('isBuffer', () => [Buffer.isBuffer(Buffer.alloc(1)), Buffer.isBuffer(new Uint8Array(1)), Buffer.isBuffer('x')]);

// --- concat ---
check('concat', () => Buffer.concat([Buffer.from('ab'), new Uint8Array([0x63]), Buffer.from('')]));
check('concat length short', () => Buffer.concat([Buffer.from('abc'), Buffer.from('def')], 4));
check('concat length long', () => Buffer.concat([Buffer.from('ab')], 5));
check('concat empty', () => Buffer.concat([]));
check('concat not array', () => Buffer.concat('ab'));
check('concat bad item', () => Buffer.concat([Buffer.from('a'), 'b']));
check('concat bad length', () => Buffer.concat([Buffer.from('a')], -1));

// --- compare and equals ---
const c = Buffer.from('bcd');
check('Buffer.compare', () => [Buffer.compare(Buffer.from('a'), Buffer.from('b')), Buffer.compare(c, c),
  Buffer.compare(Buffer.from('ab'), Buffer.from('a')), Buffer.compare(new Uint8Array([1]), new Uint8Array([1, 0]))]);
check('Buffer.compare bad', () => Buffer.compare(c, 'x'));
check('Buffer.compare bad first', () => Buffer.compare(1, c));
for (const args of [[Buffer.from('abcde')], [Buffer.from('bcd'), 0], [Buffer.from('xbcd'), 1],
  [Buffer.from('xbcd'), 1, 4, 0, 3], [Buffer.from('xbcd'), 5], [Buffer.from('xbcd'), 0, 5], [Buffer.from('xbcd'), 0, 1, 4],
  [Buffer.from('xbcd'), 0, 1, 0, 4], [Buffer.from('xbcd'), 2, 1], [Buffer.from('x'), 0, 1, 2, 1], [Buffer.from('x'), -1],
  [Buffer.from('x'), '0'], [Buffer.from('x'), 0.5], [Buffer.from('bce'), undefined, undefined, 1], ['x']]) {
  check(`compare ${JSON.stringify(args.map((a) => (a instanceof Uint8Array ? a.toString() : a)))}`, () => c.compare(...args));
}
check('equals', () => [c.equals(Buffer.from('bcd')), c.equals(Buffer.from('bce')), c.equals(new Uint8Array([98, 99, 100])),
  Buffer.alloc(0).equals(new Uint8Array(0))]);
check('equals bad', () => c.equals('bcd'));

// --- indexOf, lastIndexOf, includes ---
const h = Buffer.from('abc abc abc€ 日本 abc');
const needles = ['abc', 'c a', '', 'zz', '€', '日本', 0x61, 0x161, -159, 97.9, Buffer.from('bc'), new Uint8Array([0x20]),
  Buffer.alloc(0), 'YWJj', '616263', 'ab'];
const offsets = [undefined, 0, 1, 4, -1, -4, -100, 100, 21, 22, 'x', null, NaN, 1.5, -1.5, [], {}, 2 ** 40, -(2 ** 40)];
for (const needle of needles) {
  const shown = needle instanceof Uint8Array ? `<${needle.toString('hex')}>` : JSON.stringify(needle);
  for (const offset of offsets) {
    check(`indexOf ${shown} ${JSON.stringify(offset)}`, () => [h.indexOf(needle, offset), h.lastIndexOf(needle, offset),
      h.includes(needle, offset)]);
  }
}
for (const enc of ['utf8', 'latin1', 'binary', 'ucs2', 'utf16le', 'ascii', 'hex', 'base64', 'base64url', 'nope']) {
  check(`indexOf enc ${enc}`, () => [h.indexOf('abc', 0, enc), h.lastIndexOf('abc', undefined, enc),
    h.indexOf('616263', enc), h.indexOf('YWJj', enc), h.indexOf(Buffer.from('c '), 0, enc)]);
}
const u16 = Buffer.from('abcabc€abc', 'ucs2');
for (const offset of [undefined, 0, 1, 2, 3, 7, -1, -2, -3, 100, -100]) {
  check(`ucs2 indexOf ${offset}`, () => [u16.indexOf('bc', offset, 'ucs2'), u16.lastIndexOf('bc', offset, 'ucs2'),
    u16.indexOf('€', offset, 'ucs2'), u16.indexOf(Buffer.from('b', 'ucs2'), offset, 'ucs2'),
    u16.lastIndexOf('', offset, 'ucs2'), u16.indexOf('c', offset, 'utf8')]);
}
check('ucs2 odd haystack', () => Buffer.from([0x61, 0, 0x62, 0, 0x63]).indexOf('c', 0, 'ucs2'));
check('ucs2 odd match', () => Buffer.from([0, 0x61, 0, 0x62, 0]).indexOf('ab', 0, 'ucs2'));
check('indexOf bad value', () => h.indexOf({}));
check('indexOf bad encoding', () => h.indexOf('a', 0, 'nope'));
check('indexOf empty haystack', () => [Buffer.alloc(0).indexOf('a'), Buffer.alloc(0).indexOf(''), Buffer.alloc(0).lastIndexOf('')]);
const long = Buffer.from(`${'x'.repeat(3000)}needle${'y'.repeat(3000)}needle${'x'.repeat(100)}`);
check('indexOf long', () => [long.indexOf('needle'), long.lastIndexOf('needle'), long.indexOf('needle', 3001),
  long.lastIndexOf('needle', 6005), long.indexOf('x'.repeat(300), 10), long.lastIndexOf('y'.repeat(500)), long.indexOf('n'.repeat(300))]);

// --- fill ---
for (const args of [['a', ''], ['a', 5], ['a', 'nope'], ['a', 0, 3, 5], ['zz', 'hex'], [new Uint8Array(0)], ['', 1], [''],
  ['€'], ['€', 'ucs2'], [true], [{}], [257], [-1.5], ['\u0101', 'latin1'], ['\u0101'], [1, -1], [1, 0, 4], [1, 5],
  [1, 2, 1], ['ab', 1, 3, 'hex'], ['abcd', 1, 'hex'], [1, 1.5], [1, '1'], [1, 0, '1'], [1, 0, 1, 'hex'],
  [Buffer.from('xyz'), 1], ['YWI=', 'base64'], ['😀'], ['é', 'ascii'], ['aé', 'latin1'], [null], [5n]]) {
  check(`fill ${JSON.stringify(args, (k, v) => (typeof v === 'bigint' ? `${v}n` : v))}`, () => Buffer.alloc(5).fill(...args));
}
check('fill non-buffer', () => Buffer.prototype.fill.call({}, 'a'));
check('fill returns this', () => { const b = Buffer.alloc(2); return b.fill(1) === b; });
check('fill large pattern', () => Buffer.alloc(300).fill('abcdefg').toString('latin1', 290));

// --- copy ---
const src = Buffer.from('abcdef');
for (const args of [[0], [2], [0, 2], [0, 2, 4], [0, 4, 2], [10], [0, 10], [0, 0, 10], [-1], [0, -1], [0, 0, -1], ['1'],
  [1.5], [0, 1.5, 3.7], [NaN, NaN, NaN], [0, 7], [0, 6], [undefined, undefined, 3]]) {
  const target = Buffer.alloc(4, '.');
  check(`copy ${JSON.stringify(args)}`, () => [src.copy(target, ...args), target.toString()]);
}
check('copy bad target', () => src.copy('x'));
check('copy overlapping', () => { const b = Buffer.from('abcdef'); b.copy(b, 2, 0, 4); return b.toString(); });
check('copy into Uint8Array', () => { const t = new Uint8Array(3); src.copy(t, 1); return t; });

// --- subarray and slice ---
const s = Buffer.from('abcdef');
for (const args of [[], [undefined, 2], ['x'], [-2], [2, -1], [1.9, 3.1], [NaN, 4], [10], [2, 100], ['1', '3'], [null, 3],
  [-100, -1], [4, 2]]) {
  check(`subarray ${JSON.stringify(args)}`, () => [s.subarray(...args).toString(), s.slice(...args).toString()]);
}
check('subarray shares', () => { const b = Buffer.from('abc'); b.subarray(1)[0] = 0x7a; return b.toString(); });
check('subarray is Buffer', () => [s.subarray(1) instanceof Buffer, s.map((x) => x + 1) instanceof Buffer,
  s.filter((x) => x > 0x62).toString()]);
check('Uint8Array slice of buffer', () => Uint8Array.prototype.slice.call(s, 1, 3).constructor.name);

// --- swaps ---
for (const size of [0, 2, 4, 8, 16, 256, 3, 6, 12]) {
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i++) b[i] = i;
  check(`swap16 ${size}`, () => Buffer.from(b).swap16().toString('hex'));
  check(`swap32 ${size}`, () => Buffer.from(b).swap32().toString('hex'));
  check(`swap64 ${size}`, () => Buffer.from(b).swap64().toString('hex'));
}

// --- toJSON, iteration, inspect ---
check('toJSON', () => JSON.stringify([Buffer.from([1, 2, 3]), Buffer.alloc(0)]));
check('entries', () => JSON.stringify([...Buffer.from('hi').entries()]));
check('keys/values', () => [[...Buffer.from('hi').keys()].join(), [...Buffer.from('hi').values()].join()]);
check('inspect', () => util.inspect(Buffer.from([1, 2, 0xff])));
check('inspect empty', () => util.inspect(Buffer.alloc(0)));
check('inspect long', () => util.inspect(Buffer.alloc(60, 1)));
check('inspect 51', () => util.inspect(Buffer.alloc(51, 2)));
check('inspect extras', () => { const b = Buffer.from([1, 2]); b.foo = 1; b[Symbol('s')] = 'x'; return util.inspect(b); });
check('inspect empty extras', () => { const b = Buffer.alloc(0); b.bar = [1]; return util.inspect(b); });
check('inspect nested', () => util.inspect({ a: Buffer.from('x'), b: [Buffer.alloc(2)] }));
check('inspect method', () => Buffer.from('ab').inspect());
check('inspect Uint8Array', () => util.inspect(new Uint8Array([1, 2])));
check('INSPECT_MAX_BYTES', () => {
  const buffer = require('buffer');
  buffer.INSPECT_MAX_BYTES = 2;
  const shown = util.inspect(Buffer.from([1, 2, 3, 4]));
  buffer.INSPECT_MAX_BYTES = 50;
  return shown;
});
check('INSPECT_MAX_BYTES bad', () => { require('buffer').INSPECT_MAX_BYTES = -1; });
check('console.log', () => { console.log(Buffer.from('hey')); return 'ok'; });

// --- shape ---
check('prototype chain', () => [Object.getPrototypeOf(Buffer.prototype) === Uint8Array.prototype,
  Object.getPrototypeOf(Buffer) === Uint8Array, Buffer.prototype.constructor === Buffer, Buffer.name, Buffer.length]);
check('aliases', () => [Buffer.prototype.readUint8 === Buffer.prototype.readUInt8,
  Buffer.prototype.writeBigUint64LE === Buffer.prototype.writeBigUInt64LE, typeof Buffer.prototype.readUintBE]);
check('parent/offset', () => { const b = Buffer.from(new ArrayBuffer(8), 3, 2); return [b.parent.byteLength, b.offset]; });
check('poolSize', () => Buffer.poolSize);
check('toString is toLocaleString', () => Buffer.prototype.toLocaleString === Buffer.prototype.toString);

// Random searches in long haystacks over a small alphabet, where candidates
// are many and the fast paths must give up and hand over correctly. (Not in
// UTF-16 on an odd byteOffset: Node 20 loops forever or aborts on some.)
{
  const { random, hash } = require('./show');
  const next = random(2024);
  const results = [];
  for (let i = 0; i < 400; i++) {
    const alphabet = next() < 0.5 ? 'ab' : 'abcdefgh';
    let text = '';
    const length = 32 + Math.floor(next() * 3000);
    for (let j = 0; j < length; j++) text += alphabet[Math.floor(next() * alphabet.length)];
    const haystack = Buffer.from(text);
    let needle = '';
    const needleLength = 1 + Math.floor(next() * 9);
    for (let j = 0; j < needleLength; j++) needle += alphabet[Math.floor(next() * alphabet.length)];
    const offset = Math.floor(next() * length * 1.2) - Math.floor(length * 0.1);
    results.push(haystack.indexOf(needle, offset), haystack.lastIndexOf(needle, offset),
      haystack.indexOf(needle), haystack.lastIndexOf(needle), haystack.indexOf(needle, offset, 'ucs2'),
      haystack.lastIndexOf(Buffer.from(needle), -offset, 'ucs2'), haystack.lastIndexOf(needle, offset, 'ucs2'),
      haystack.indexOf(Buffer.from(needle), offset, 'ucs2'), haystack.indexOf(needle, offset, 'latin1'),
      haystack.lastIndexOf(needle, offset, 'hex'), haystack.includes(needle, -offset));
  }
  console.log(`random searches: ${hash(results.join(','))}`);
}
