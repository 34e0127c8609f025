// randomBytes, randomFill(Sync), randomInt, randomUUID and timingSafeEqual:
// shapes, ranges and Node's errors (never the random values themselves),
// and callbacks that come from the loop after the synchronous code.
const crypto = require('crypto');
const show = (label, fn) => {
  try {
    console.log(label, fn());
  } catch (e) {
    console.log(label, 'throws', e.name, e.code, e.message);
  }
};
const shape = (v) => `${v.constructor.name} ${v.byteLength}`;

show('randomBytes 16', () => shape(crypto.randomBytes(16)));
show('randomBytes 0', () => shape(crypto.randomBytes(0)));
show('randomBytes 1.5', () => shape(crypto.randomBytes(1.5)));
show('randomBytes 100000', () => shape(crypto.randomBytes(100000)));
show('randomBytes differ', () => crypto.randomBytes(32).equals(crypto.randomBytes(32)));
show('randomBytes -1', () => crypto.randomBytes(-1));
show('randomBytes NaN', () => crypto.randomBytes(NaN));
show('randomBytes 2**31', () => crypto.randomBytes(2 ** 31));
show('randomBytes string', () => crypto.randomBytes('1'));
show('randomBytes bad callback', () => crypto.randomBytes(1, 5));
show('aliases', () => [crypto.prng, crypto.pseudoRandomBytes, crypto.rng].every((f) => f === crypto.randomBytes) &&
  !Object.keys(crypto).includes('rng'));

const u32 = new Uint32Array(4);
show('randomFillSync same', () => crypto.randomFillSync(u32) === u32);
const zeros = new Uint32Array(4);
crypto.randomFillSync(zeros, 1, 2);
show('randomFillSync elements', () => `${zeros[0]} ${zeros[3]} ${zeros[1] !== 0 || zeros[2] !== 0}`);
show('randomFillSync ArrayBuffer', () => shape(crypto.randomFillSync(new ArrayBuffer(8))));
show('randomFillSync DataView', () => shape(crypto.randomFillSync(new DataView(new ArrayBuffer(8)), 2)));
show('randomFillSync offset past', () => crypto.randomFillSync(new Uint32Array(4), 17));
show('randomFillSync offset -1', () => crypto.randomFillSync(new Uint8Array(4), -1));
show('randomFillSync offset str', () => crypto.randomFillSync(new Uint8Array(4), 'x'));
show('randomFillSync size -1', () => crypto.randomFillSync(new Uint8Array(4), 0, -1));
show('randomFillSync size+offset', () => crypto.randomFillSync(new Uint8Array(4), 1, 4));
show('randomFillSync string', () => crypto.randomFillSync('x'));
show('randomFill no callback', () => crypto.randomFill(new Uint8Array(4)));
show('randomFill bad offset', () => crypto.randomFill(new Uint8Array(4), 'x', () => {}));

const ints = Array.from({ length: 1000 }, () => crypto.randomInt(3, 7));
show('randomInt range', () => ints.every((n) => n >= 3 && n < 7) && new Set(ints).size === 4);
show('randomInt max only', () => Array.from({ length: 100 }, () => crypto.randomInt(2)).every((n) => n === 0 || n === 1));
show('randomInt negative', () => Array.from({ length: 100 }, () => crypto.randomInt(-10, -5)).every((n) => n >= -10 && n < -5));
show('randomInt widest', () => Number.isSafeInteger(crypto.randomInt(2 ** 48 - 1)));
show('randomInt too wide', () => crypto.randomInt(2 ** 48 + 1));
show('randomInt range too wide', () => crypto.randomInt(-(2 ** 47), 2 ** 47));
show('randomInt max <= min', () => crypto.randomInt(5, 5));
show('randomInt float', () => crypto.randomInt(1.5));
show('randomInt unsafe', () => crypto.randomInt(2 ** 53));
show('randomInt string', () => crypto.randomInt('a'));
show('randomInt min string', () => crypto.randomInt('a', 5));
show('randomInt bad callback', () => crypto.randomInt(1, 2, 'x'));

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const uuids = Array.from({ length: 300 }, () => crypto.randomUUID());
show('randomUUID form', () => uuids.every((u) => uuid.test(u)) && new Set(uuids).size === 300);
show('randomUUID no cache', () => uuid.test(crypto.randomUUID({ disableEntropyCache: true })));
show('randomUUID bad option', () => crypto.randomUUID({ disableEntropyCache: 1 }));
show('randomUUID bad options', () => crypto.randomUUID(5));

show('timingSafeEqual', () => `${crypto.timingSafeEqual(Buffer.from('abc'), Buffer.from('abc'))} ${crypto.timingSafeEqual(Buffer.from('abc'), Buffer.from('abd'))}`);
show('timingSafeEqual mixed', () => crypto.timingSafeEqual(new Uint16Array([0x6261]), new Uint8Array([0x61, 0x62]).buffer));
show('timingSafeEqual length', () => crypto.timingSafeEqual(Buffer.from('a'), Buffer.from('ab')));
show('timingSafeEqual element count', () => crypto.timingSafeEqual(new Uint8Array(2), new Uint16Array(2)));
show('timingSafeEqual string', () => crypto.timingSafeEqual(Buffer.from('a'), 'b'));

// Callback forms.
const lines = [];
let pending = 5;
const finish = (line) => {
  lines.push(line);
  if (--pending === 0) for (const l of lines.sort()) console.log(l);
};
crypto.randomBytes(8, (err, buf) => finish(`randomBytes async ${err} ${Buffer.isBuffer(buf)} ${buf.length}`));
const target = new Uint8Array(8);
crypto.randomFill(target, 2, 4, (err, buf) => finish(`randomFill async ${err} ${buf === target} ${target[0]} ${target[7]}`));
crypto.randomFill(new ArrayBuffer(4), (err, buf) => finish(`randomFill ArrayBuffer ${err} ${buf.constructor.name}`));
crypto.randomInt(10, (err, n) => finish(`randomInt async ${err} ${Number.isInteger(n) && n >= 0 && n < 10}`));
crypto.randomInt(5, 6, (err, n) => finish(`randomInt async min ${err} ${n}`));
console.log('synchronous code ends first');
