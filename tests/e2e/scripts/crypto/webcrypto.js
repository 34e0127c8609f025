// Web Crypto (globalThis.crypto, Crypto, SubtleCrypto, CryptoKey), the
// module's surface (exports, constants, lists of algorithms) and what a
// worker does not offer.
const show = (label, fn) => {
  try {
    console.log(label, fn());
  } catch (e) {
    console.log(label, 'throws', e.name, e.code, e.message);
  }
};
const nodeCrypto = require('node:crypto');

show('same object', () => globalThis.crypto === nodeCrypto.webcrypto && crypto.subtle === nodeCrypto.subtle);
show('classes', () => `${crypto instanceof Crypto} ${crypto.subtle instanceof SubtleCrypto} ${Object.prototype.toString.call(crypto)} ${Object.prototype.toString.call(crypto.subtle)}`);
show('Crypto members', () => JSON.stringify(Object.getOwnPropertyNames(Crypto.prototype)));
show('SubtleCrypto members', () => JSON.stringify(Object.getOwnPropertyNames(SubtleCrypto.prototype)));
show('CryptoKey members', () => JSON.stringify(Object.getOwnPropertyNames(CryptoKey.prototype)));
show('enumerable', () => Object.keys(Crypto.prototype).join(','));
show('new Crypto', () => new Crypto());
show('new SubtleCrypto', () => new SubtleCrypto());
show('new CryptoKey', () => new CryptoKey());
show('CryptoKey.prototype.type', () => CryptoKey.prototype.type);

for (const T of [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, BigInt64Array, BigUint64Array, Float32Array, Float64Array, DataView]) {
  show(`getRandomValues ${T.name}`, () => {
    const a = new T(new ArrayBuffer(16));
    return crypto.getRandomValues(a) === a;
  });
}
show('getRandomValues 65536', () => crypto.getRandomValues(new Uint8Array(65536)).length);
show('getRandomValues 65537', () => crypto.getRandomValues(new Uint8Array(65537)));
show('getRandomValues none', () => crypto.getRandomValues());
show('getRandomValues plain array', () => crypto.getRandomValues([1, 2]));
show('getRandomValues bad this', () => crypto.getRandomValues.call({}, new Uint8Array(1)));
show('module getRandomValues unbound', () => {
  const { getRandomValues } = nodeCrypto;
  return getRandomValues(new Uint8Array(4)).length;
});
show('randomUUID', () => /^[0-9a-f-]{36}$/.test(crypto.randomUUID()));
show('randomUUID bad this', () => crypto.randomUUID.call(null));

show('exports', () => Object.keys(nodeCrypto).join(' '));
show('constants', () => JSON.stringify({ ...nodeCrypto.constants, OPENSSL_VERSION_NUMBER: typeof nodeCrypto.constants.OPENSSL_VERSION_NUMBER }));
show('constants frozen', () => Object.isFrozen(nodeCrypto.constants));
show('getHashes copies', () => nodeCrypto.getHashes() !== nodeCrypto.getHashes());
show('getCiphers', () => JSON.stringify(nodeCrypto.getCiphers()));
show('getCurves', () => JSON.stringify(nodeCrypto.getCurves()));
show('getFips', () => nodeCrypto.getFips());
show('setFips(false)', () => nodeCrypto.setFips(false));
show('secureHeapUsed', () => JSON.stringify(nodeCrypto.secureHeapUsed()));

(async () => {
  const data = new TextEncoder().encode('abc');
  for (const alg of ['SHA-1', 'SHA-256', 'sha-384', { name: 'SHA-512' }]) {
    const d = await crypto.subtle.digest(alg, data);
    console.log('digest', JSON.stringify(alg), d.constructor.name, Buffer.from(d).toString('hex'));
  }
  const check = async (label, fn) => {
    try {
      const d = await fn();
      console.log(label, Buffer.from(d).toString('hex'));
    } catch (e) {
      console.log(label, 'rejects', e.name, e.code, e.message);
    }
  };
  await check('digest ArrayBuffer', () => crypto.subtle.digest('SHA-256', data.buffer));
  await check('digest DataView', () => crypto.subtle.digest('SHA-1', new DataView(data.buffer)));
  await check('digest big', () => crypto.subtle.digest('SHA-256', new Uint8Array(10 * 1024 * 1024)));
  await check('digest string', () => crypto.subtle.digest('SHA-256', 'abc'));
  await check('digest MD5', () => crypto.subtle.digest('MD5', data));
  await check('digest no name', () => crypto.subtle.digest({}, data));
  await check('digest one argument', () => crypto.subtle.digest('SHA-1'));
  await check('digest bad this', () => crypto.subtle.digest.call({}, 'SHA-1', data));
  await check('encrypt no arguments', () => crypto.subtle.encrypt());
})();
