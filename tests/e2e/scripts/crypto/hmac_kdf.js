// createHmac against RFC 4231, pbkdf2 against RFC 6070, scrypt against
// RFC 7914 and hkdf against RFC 5869, sync and with callbacks (which run
// after the script's synchronous code, from the loop), and Node's errors
// for bad arguments.
const crypto = require('crypto');
const show = (label, fn) => {
  try {
    const r = fn();
    console.log(label, r instanceof ArrayBuffer ? `ArrayBuffer ${Buffer.from(r).toString('hex')}` : r);
  } catch (e) {
    console.log(label, 'throws', e.name, e.code, e.message);
  }
};
const hex = (s) => Buffer.from(s, 'hex');

// RFC 4231 test cases 1-4, 6 and 7 (5 truncates the output).
const rfc4231 = [
  [Buffer.alloc(20, 0x0b), Buffer.from('Hi There')],
  [Buffer.from('Jefe'), Buffer.from('what do ya want for nothing?')],
  [Buffer.alloc(20, 0xaa), Buffer.alloc(50, 0xdd)],
  [hex('0102030405060708090a0b0c0d0e0f10111213141516171819'), Buffer.alloc(50, 0xcd)],
  [Buffer.alloc(131, 0xaa), Buffer.from('Test Using Larger Than Block-Size Key - Hash Key First')],
  [Buffer.alloc(131, 0xaa), Buffer.from('This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.')],
];
rfc4231.forEach(([key, data], i) => {
  for (const alg of ['sha224', 'sha256', 'sha384', 'sha512']) {
    show(`rfc4231 #${i} ${alg}`, () => crypto.createHmac(alg, key).update(data).digest('hex'));
  }
});
show('hmac string key', () => crypto.createHmac('sha256', 'key').update('The quick brown fox jumps over the lazy dog').digest('hex'));
show('hmac hex key', () => crypto.createHmac('sha1', '6b6579', { encoding: 'hex' }).update('x').digest('hex'));
show('hmac ArrayBuffer key', () => crypto.createHmac('sha1', new Uint8Array([1, 2]).buffer).update('x').digest('base64'));
show('hmac Uint32Array key', () => crypto.createHmac('md5', new Uint32Array([1, 2])).update('x').digest('hex'));
show('hmac empty key', () => crypto.createHmac('sha256', '').update('x').digest('hex'));
show('hmac empty Buffer key', () => crypto.createHmac('sha256', Buffer.alloc(0)).digest('hex'));
show('hmac sha3', () => crypto.createHmac('sha3-256', 'k').update('x').digest('hex'));
show('hmac pieces', () => crypto.createHmac('sha1', 'k').update('a').update('b').update(Buffer.from('c')).digest('hex'));
const mac = crypto.createHmac('sha1', 'k');
show('hmac digest', () => mac.digest('hex'));
show('hmac digest again', () => JSON.stringify(mac.digest('hex')));
show('hmac digest again buffer', () => mac.digest().length);
show('hmac update after', () => mac.update('x'));
show('hmac unknown', () => crypto.createHmac('nope', 'k'));
show('hmac no key', () => crypto.createHmac('sha1'));
show('hmac number key', () => crypto.createHmac('sha1', 5));
show('hmac bad name', () => crypto.createHmac(5, 'k'));
show('Hmac without new', () => crypto.Hmac('sha1', 'k') instanceof crypto.Hmac);

// RFC 6070.
const rfc6070 = [['password', 'salt', 1, 20], ['password', 'salt', 2, 20], ['password', 'salt', 4096, 20],
  ['passwordPASSWORDpassword', 'saltSALTsaltSALTsaltSALTsaltSALTsalt', 4096, 25], ['pass\0word', 'sa\0lt', 4096, 16]];
for (const [p, s, c, len] of rfc6070) {
  show(`pbkdf2 ${JSON.stringify(p)} ${c}`, () => crypto.pbkdf2Sync(p, s, c, len, 'sha1').toString('hex'));
}
show('pbkdf2 sha512', () => crypto.pbkdf2Sync('password', 'salt', 3, 64, 'sha512').toString('hex'));
show('pbkdf2 keylen 0', () => crypto.pbkdf2Sync('password', 'salt', 1, 0, 'sha1').length);
show('pbkdf2 empty password', () => crypto.pbkdf2Sync('', 'salt', 1, 8, 'sha256').toString('hex'));
show('pbkdf2 ArrayBuffer salt', () => crypto.pbkdf2Sync('p', new ArrayBuffer(4), 1, 8, 'SHA256').toString('hex'));
show('pbkdf2 iterations 0', () => crypto.pbkdf2Sync('p', 's', 0, 8, 'sha1'));
show('pbkdf2 iterations 1.5', () => crypto.pbkdf2Sync('p', 's', 1.5, 8, 'sha1'));
show('pbkdf2 keylen -1', () => crypto.pbkdf2Sync('p', 's', 1, -1, 'sha1'));
show('pbkdf2 keylen 2**31', () => crypto.pbkdf2Sync('p', 's', 1, 2 ** 31, 'sha1'));
show('pbkdf2 no digest', () => crypto.pbkdf2Sync('p', 's', 1, 8));
show('pbkdf2 bad digest', () => crypto.pbkdf2Sync('p', 's', 1, 8, 'nope'));
show('pbkdf2 bad password', () => crypto.pbkdf2Sync(1, 's', 1, 8, 'sha1'));
show('pbkdf2 no callback', () => crypto.pbkdf2('p', 's', 1, 8, 'sha1'));

// RFC 7914 (the small ones).
show('scrypt empty', () => crypto.scryptSync('', '', 64, { N: 16, r: 1, p: 1 }).toString('hex'));
show('scrypt password', () => crypto.scryptSync('password', 'NaCl', 64, { N: 1024, r: 8, p: 16 }).toString('hex'));
show('scrypt aliases', () => crypto.scryptSync('p', 's', 16, { cost: 16, blockSize: 1, parallelization: 1 }).toString('hex'));
show('scrypt defaults', () => crypto.scryptSync('p', 's', 16).toString('hex'));
show('scrypt options number', () => crypto.scryptSync('p', 's', 16, 5).toString('hex'));
show('scrypt N 3', () => crypto.scryptSync('p', 's', 16, { N: 3 }));
show('scrypt memory', () => crypto.scryptSync('p', 's', 16, { N: 2 ** 20 }));
show('scrypt both names', () => crypto.scryptSync('p', 's', 16, { N: 16, cost: 16 }));
show('scrypt r string', () => crypto.scryptSync('p', 's', 16, { r: 'x' }));
show('scrypt maxmem -1', () => crypto.scryptSync('p', 's', 16, { maxmem: -1 }));
show('scrypt keylen -1', () => crypto.scryptSync('p', 's', -1));
show('scrypt no callback', () => crypto.scrypt('p', 's', 16, {}));

// RFC 5869 test cases 1-3.
show('hkdf 1', () => crypto.hkdfSync('sha256', Buffer.alloc(22, 0x0b), hex('000102030405060708090a0b0c'), hex('f0f1f2f3f4f5f6f7f8f9'), 42));
show('hkdf 2', () => crypto.hkdfSync('sha256', Buffer.from(Array.from({ length: 80 }, (_, i) => i)),
  Buffer.from(Array.from({ length: 80 }, (_, i) => 0x60 + i)), Buffer.from(Array.from({ length: 80 }, (_, i) => 0xb0 + i)), 82));
show('hkdf 3', () => crypto.hkdfSync('sha256', Buffer.alloc(22, 0x0b), '', '', 42));
show('hkdf strings', () => crypto.hkdfSync('sha512', 'key', 'salt', 'info', 16));
show('hkdf empty key', () => crypto.hkdfSync('sha256', '', 's', 'i', 10));
show('hkdf keylen 0', () => crypto.hkdfSync('sha256', 'k', 's', 'i', 0));
show('hkdf too long', () => crypto.hkdfSync('sha256', 'k', 's', 'i', 255 * 32 + 1));
show('hkdf longest', () => crypto.hkdfSync('sha1', 'k', 's', 'i', 255 * 20).byteLength);
show('hkdf info 1025', () => crypto.hkdfSync('sha256', 'k', 's', 'x'.repeat(1025), 10));
show('hkdf bad digest', () => crypto.hkdfSync('nope', 'k', 's', 'i', 10));
show('hkdf bad ikm', () => crypto.hkdfSync('sha256', 5, 's', 'i', 10));
show('hkdf bad salt', () => crypto.hkdfSync('sha256', 'k', 5, 'i', 10));
show('hkdf length -1', () => crypto.hkdfSync('sha256', 'k', 's', 'i', -1));

// Callbacks come later, from the loop, in the order their work finishes
// (printed once all are in, so the order on the thread pool does not show).
const results = [];
let pending = 4;
const done = (label) => (err, value) => {
  results.push(`${label} ${err} ${value instanceof ArrayBuffer ? Buffer.from(value).toString('hex') : value.toString('hex')}`);
  if (--pending === 0) for (const line of results.sort()) console.log(line);
};
crypto.pbkdf2('password', 'salt', 2, 20, 'sha1', done('pbkdf2 async'));
crypto.scrypt('password', 'NaCl', 16, { N: 1024, r: 8, p: 16 }, done('scrypt async'));
crypto.scrypt('p', 's', 8, done('scrypt async defaults'));
crypto.hkdf('sha256', 'k', 's', 'i', 8, done('hkdf async'));
console.log('synchronous code ends before any callback');
