'use strict';
// Reads and writes of every integer width and byte order, floats, doubles
// and BigInts, with the values at their limits and the errors Node gives for
// bad offsets, widths and values.
const { check, random, hash } = require('./show');

const b = Buffer.alloc(10);
const t = (label, fn) => check(label, () => { b.fill(0); const r = fn(); return [r, b]; });

const widths = {
  UInt8: [0, 255], Int8: [-128, 127], UInt16LE: [0, 65535], UInt16BE: [0, 65535], Int16LE: [-32768, 32767],
  Int16BE: [-32768, 32767], UInt32LE: [0, 4294967295], UInt32BE: [0, 4294967295], Int32LE: [-2147483648, 2147483647],
  Int32BE: [-2147483648, 2147483647],
};
for (const name of Object.keys(widths)) {
  const [min, max] = widths[name];
  for (const value of [min, max, min - 1, max + 1, 0, 1.7, -1.5, NaN, '12', Infinity, -0]) {
    t(`write${name} ${value}`, () => b[`write${name}`](value, 1));
  }
  for (const offset of [0, 1, 9, 10, -1, 1.5, '1', NaN, null, undefined, Infinity]) {
    check(`read${name} at ${offset}`, () => { b.fill(0xa5); return b[`read${name}`](offset); });
    check(`write${name} at ${offset}`, () => { b.fill(0); return [b[`write${name}`](1, offset), b]; });
  }
}
for (const byteLength of [1, 2, 3, 4, 5, 6, 0, 7, 1.5, '2', undefined, NaN]) {
  for (const kind of ['UIntLE', 'UIntBE', 'IntLE', 'IntBE']) {
    const signed = kind.startsWith('Int');
    const bits = typeof byteLength === 'number' ? byteLength * 8 : 8;
    const values = signed ? [-(2 ** (bits - 1)), 2 ** (bits - 1) - 1, 2 ** (bits - 1), -1, -1.5, -(2 ** 32) - 0.5, 12345.75]
                          : [0, 2 ** bits - 1, 2 ** bits, -1, 0x123456789ab, 255.9];
    for (const value of values) t(`write${kind} ${value} ${byteLength}`, () => b[`write${kind}`](value, 2, byteLength));
    check(`read${kind} ${byteLength}`, () => { b.fill(0); b.set([0x81, 0x02, 0xf3, 0x04, 0x85, 0xf6], 1); return b[`read${kind}`](1, byteLength); });
    check(`read${kind} past end ${byteLength}`, () => b[`read${kind}`](8, byteLength));
  }
}
for (const kind of ['FloatLE', 'FloatBE', 'DoubleLE', 'DoubleBE']) {
  for (const value of [1.5, -0.1, 1e40, -1e-50, NaN, Infinity, -0, 'x', '2.5', 3.4028234663852886e38]) {
    t(`write${kind} ${value}`, () => b[`write${kind}`](value, 1));
    check(`read${kind} ${value}`, () => { b.fill(0); b[`write${kind}`](value, 1); return b[`read${kind}`](1); });
  }
  for (const offset of [0, 2, 3, 7, -1, 1.5, 'x']) check(`read${kind} at ${offset}`, () => b[`read${kind}`](offset));
}
for (const kind of ['BigUInt64LE', 'BigUInt64BE', 'BigInt64LE', 'BigInt64BE']) {
  const signed = kind.startsWith('BigInt');
  const values = signed ? [-(2n ** 63n), 2n ** 63n - 1n, 2n ** 63n, -(2n ** 63n) - 1n, -1n, 0x0102030405060708n, 1]
                        : [0n, 2n ** 64n - 1n, 2n ** 64n, -1n, 0x0102030405060708n, 1];
  for (const value of values) t(`write${kind} ${value}`, () => b[`write${kind}`](value, 1));
  for (const offset of [0, 2, 3, -1, 1.5, '0']) {
    check(`read${kind} at ${offset}`, () => { b.fill(0); b.set([0xff, 1, 2, 3, 4, 5, 6, 0x87], 1); return b[`read${kind}`](offset); });
  }
}
check('read empty', () => Buffer.alloc(0).readUInt8(0));
check('read short 32', () => Buffer.alloc(2).readUInt32LE(0));
check('write short 32', () => Buffer.alloc(2).writeUInt32LE(0));
check('write short 8', () => Buffer.alloc(2).writeUInt8(0, 2));
check('defaults', () => { const x = Buffer.from([1, 2, 3, 4, 5, 6, 7, 8]); return [x.readUInt8(), x.readInt16BE(), x.readUInt32LE(), x.readDoubleLE(), x.readBigInt64BE()]; });
check('aliases work', () => { const x = Buffer.alloc(8); x.writeUint32BE(0xdeadbeef); x.writeBigUint64LE(5n); return [x, x.readUint16LE(), x.readBigUint64LE()]; });
check('on Uint8Array', () => Buffer.prototype.readUInt16LE.call(new Uint8Array([1, 2])));

// Random round trips through every width.
const next = random(7);
const out = [];
for (let i = 0; i < 3000; i++) {
  const x = Buffer.alloc(8);
  const size = 1 + Math.floor(next() * 6);
  const value = Math.floor(next() * 2 ** (size * 8));
  x.writeUIntLE(value, 0, size);
  out.push(x.readUIntBE(0, size), x.readIntLE(0, size), x.readIntBE(0, size));
  x.writeIntBE(x.readIntLE(0, size), 0, size);
  out.push(x.toString('hex'), x.readDoubleBE(0), x.readFloatLE(1), x.readBigInt64LE(0));
}
console.log(`random numbers: ${hash(out.join(','))}`);
