// createHash and hash(): known digests of every algorithm OpenSSL's default
// provider offers, XOF lengths, input and output encodings, copy(), the
// state errors, and a large input fed whole and in pieces.
const crypto = require('crypto');
const show = (label, fn) => {
  try {
    console.log(label, fn());
  } catch (e) {
    console.log(label, 'throws', e.name, e.code, e.message);
  }
};

console.log('getHashes', JSON.stringify(crypto.getHashes()));
for (const name of crypto.getHashes()) {
  show(`${name}:`, () => crypto.createHash(name).update('The quick brown fox jumps over the lazy dog').digest('hex'));
}
for (const name of ['SHA256', 'Sha512', 'RSA-SHA1', 'sha512-256', 'SHA3-256', 'ssl3-md5']) {
  show(`name ${name}:`, () => crypto.createHash(name).update('abc').digest('hex'));
}
show('shake128 default', () => crypto.createHash('shake128').update('abc').digest('hex'));
show('shake256 default', () => crypto.createHash('shake256').update('abc').digest('hex'));
show('shake128 len 5', () => crypto.createHash('shake128', { outputLength: 5 }).update('abc').digest('hex'));
show('shake256 len 0', () => crypto.createHash('shake256', { outputLength: 0 }).digest('hex'));
show('shake256 len 100', () => crypto.createHash('shake256', { outputLength: 100 }).digest('base64'));
show('sha256 len 32', () => crypto.createHash('sha256', { outputLength: 32 }).digest('hex'));
show('sha256 len 5', () => crypto.createHash('sha256', { outputLength: 5 }));
show('outputLength -1', () => crypto.createHash('shake128', { outputLength: -1 }));
show('outputLength 1.5', () => crypto.createHash('shake128', { outputLength: 1.5 }));
show('outputLength str', () => crypto.createHash('shake128', { outputLength: '4' }));
show('copy with length', () => crypto.createHash('shake128', { outputLength: 4 }).update('x').copy({ outputLength: 8 }).digest('hex'));

// Inputs.
show('utf8', () => crypto.createHash('sha1').update('héllo wörld ✓ 😀').digest('hex'));
show('lone surrogate', () => crypto.createHash('sha1').update('a\ud800b').digest('hex'));
show('latin1', () => crypto.createHash('sha1').update('héllo', 'latin1').digest('hex'));
show('binary', () => crypto.createHash('sha1').update('héllo', 'binary').digest('hex'));
show('latin1 two-byte', () => crypto.createHash('sha1').update('a✓b', 'latin1').digest('hex'));
show('ascii', () => crypto.createHash('sha1').update('héllo', 'ascii').digest('hex'));
show('hex', () => crypto.createHash('sha1').update('616263', 'hex').digest('hex'));
show('hex odd', () => crypto.createHash('sha1').update('616', 'hex'));
show('HEX upper', () => crypto.createHash('sha1').update('6162', 'HEX').digest('hex'));
show('base64', () => crypto.createHash('sha1').update('YWJj', 'base64').digest('hex'));
show('ucs2', () => crypto.createHash('sha1').update('abc', 'ucs2').digest('hex'));
show('unknown encoding', () => crypto.createHash('sha1').update('abc', 'nope').digest('hex'));
show('Uint16Array', () => crypto.createHash('sha1').update(new Uint16Array([0x6261, 0x63])).digest('hex'));
show('DataView', () => crypto.createHash('sha1').update(new DataView(new Uint8Array([97, 98, 99]).buffer)).digest('hex'));
show('subarray', () => crypto.createHash('sha1').update(new Uint8Array([0, 97, 98, 99, 0]).subarray(1, 4)).digest('hex'));
show('ArrayBuffer', () => crypto.createHash('sha1').update(new ArrayBuffer(3)));
show('number', () => crypto.createHash('sha1').update(5));
show('null', () => crypto.createHash('sha1').update(null));
const long = 'x'.repeat(100000) + 'é'.repeat(50000);
show('long string', () => crypto.createHash('sha256').update(long).digest('hex'));

// Outputs.
const outputs = ['hex', 'base64', 'base64url', 'latin1', 'binary', 'buffer', undefined, null, 'HEX', 'Base64', 'utf8', 'ucs2', 'ascii', 'bogus'];
for (const enc of outputs) {
  show(`digest(${enc})`, () => {
    const d = crypto.createHash('sha1').update('abc').digest(enc);
    return typeof d === 'string' ? JSON.stringify(d) : `${Buffer.isBuffer(d)} ${d.toString('hex')}`;
  });
}

// State.
const h = crypto.createHash('sha256');
show('update returns this', () => h.update('a') === h);
show('copy', () => h.copy().update('bc').digest('hex'));
show('original unchanged', () => h.digest('hex'));
show('digest twice', () => h.digest('hex'));
show('update after digest', () => h.update('x'));
show('copy after digest', () => h.copy());
show('Hash without new', () => crypto.Hash('md5') instanceof crypto.Hash);
show('own keys', () => Object.keys(crypto.createHash('md5')).join(','));
show('unknown', () => crypto.createHash('nope'));
show('algorithm number', () => crypto.createHash(5));
show('options number', () => crypto.createHash('sha1', 5).digest('hex'));

// hash().
show('hash', () => crypto.hash('sha1', 'abc'));
show('hash base64', () => crypto.hash('sha1', 'abc', 'base64'));
show('hash buffer', () => crypto.hash('sha256', Buffer.from('abc'), 'buffer').toString('hex'));
show('hash shake', () => crypto.hash('shake128', 'abc'));
show('hash bad encoding', () => crypto.hash('sha1', 'abc', 'bogus'));
show('hash encoding number', () => crypto.hash('sha1', 'abc', 5));
show('hash unknown', () => crypto.hash('nope', 'abc'));
show('hash ArrayBuffer', () => crypto.hash('sha1', new ArrayBuffer(1)));

// 64 MiB whole and in 64 KiB pieces.
const big = Buffer.alloc(64 * 1024 * 1024);
for (let i = 0; i < big.length; i += 4096) big[i] = i & 0xff;
show('64 MiB whole', () => crypto.createHash('sha256').update(big).digest('hex'));
const pieces = crypto.createHash('sha256');
for (let i = 0; i < big.length; i += 65536) pieces.update(big.subarray(i, i + 65536));
show('64 MiB in pieces', () => pieces.digest('hex'));
