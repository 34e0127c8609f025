'use strict';
// crypto: hashes, HMAC, key derivation (pbkdf2, scrypt, hkdf) and
// randomness on OpenSSL, Web Crypto's `webcrypto`, and the names of what
// OpenSSL offers. Ciphers, key objects, signatures and key agreement are
// not offered in a worker: those functions and classes throw
// ERR_NOT_AVAILABLE_IN_WORKER naming the API, so code that only mentions
// them still loads.

const util = internalRequire('internal/crypto/util');
const { Hash, Hmac, hash } = internalRequire('internal/crypto/hash');
const random = internalRequire('internal/crypto/random');
const kdf = internalRequire('internal/crypto/kdf');
const { codes } = internalRequire('internal/errors');
const { validateBoolean } = internalRequire('internal/validators');
const { native, notAvailable } = util;

const { ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH, ERR_INVALID_ARG_TYPE, ERR_NOT_AVAILABLE_IN_WORKER } = codes;
const ArrayBufferIsView = ArrayBuffer.isView;
const { isAnyArrayBuffer } = internalRequire('internal/buffer/buffer');

function createHash(algorithm, options) {
  return new Hash(algorithm, options);
}

function createHmac(hmac, key, options) {
  return new Hmac(hmac, key, options);
}

function timingSafeEqual(buf1, buf2) {
  const views = [buf1, buf2].map((value, i) => {
    if (ArrayBufferIsView(value)) return value;
    if (isAnyArrayBuffer(value)) return new Uint8Array(value);
    // Node's message here names no received value.
    throw new ERR_INVALID_ARG_TYPE(
      `The "buf${i + 1}" argument must be an instance of ArrayBuffer, Buffer, TypedArray, or DataView.`);
  });
  if (views[0].byteLength !== views[1].byteLength) throw new ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH();
  return native.timingSafeEqual(views[0], views[1]);
}

// The lists are asked of OpenSSL once; each call gets its own copy.
function cachedList(read) {
  let list;
  return () => {
    if (list === undefined) list = read();
    return list.slice();
  };
}

// Node's default TLS cipher list, which crypto.constants repeats.
const kDefaultCipherList = 'TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256:TLS_AES_128_GCM_SHA256:' +
  'ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES256-GCM-SHA384:' +
  'ECDHE-ECDSA-AES256-GCM-SHA384:DHE-RSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-SHA256:DHE-RSA-AES128-SHA256:' +
  'ECDHE-RSA-AES256-SHA384:DHE-RSA-AES256-SHA384:ECDHE-RSA-AES256-SHA256:DHE-RSA-AES256-SHA256:HIGH:' +
  '!aNULL:!eNULL:!EXPORT:!DES:!RC4:!MD5:!PSK:!SRP:!CAMELLIA';

function makeConstants() {
  const constants = native.constants;
  const entries = Object.entries(constants);
  const result = Object.create(null);
  // defaultCoreCipherList sits before the TLS versions, as in Node.
  for (const [name, value] of entries) {
    if (name === 'TLS1_VERSION') result.defaultCoreCipherList = kDefaultCipherList;
    result[name] = value;
  }
  result.defaultCipherList = kDefaultCipherList;
  return result;
}

const unavailable = (name) => notAvailable(`crypto.${name}`);

module.exports = {
  checkPrime: unavailable('checkPrime'),
  checkPrimeSync: unavailable('checkPrimeSync'),
  createCipheriv: unavailable('createCipheriv'),
  createDecipheriv: unavailable('createDecipheriv'),
  createDiffieHellman: unavailable('createDiffieHellman'),
  createDiffieHellmanGroup: unavailable('createDiffieHellmanGroup'),
  createECDH: unavailable('createECDH'),
  createHash,
  createHmac,
  createPrivateKey: unavailable('createPrivateKey'),
  createPublicKey: unavailable('createPublicKey'),
  createSecretKey: unavailable('createSecretKey'),
  createSign: unavailable('createSign'),
  createVerify: unavailable('createVerify'),
  diffieHellman: unavailable('diffieHellman'),
  generatePrime: unavailable('generatePrime'),
  generatePrimeSync: unavailable('generatePrimeSync'),
  getCiphers: cachedList(() => native.getCiphers()),
  getCipherInfo: unavailable('getCipherInfo'),
  getCurves: cachedList(() => native.getCurves()),
  getDiffieHellman: unavailable('getDiffieHellman'),
  getHashes: cachedList(() => native.getHashes()),
  hkdf: kdf.hkdf,
  hkdfSync: kdf.hkdfSync,
  pbkdf2: kdf.pbkdf2,
  pbkdf2Sync: kdf.pbkdf2Sync,
  generateKeyPair: unavailable('generateKeyPair'),
  generateKeyPairSync: unavailable('generateKeyPairSync'),
  generateKey: unavailable('generateKey'),
  generateKeySync: unavailable('generateKeySync'),
  privateDecrypt: unavailable('privateDecrypt'),
  privateEncrypt: unavailable('privateEncrypt'),
  publicDecrypt: unavailable('publicDecrypt'),
  publicEncrypt: unavailable('publicEncrypt'),
  randomBytes: random.randomBytes,
  randomFill: random.randomFill,
  randomFillSync: random.randomFillSync,
  randomInt: random.randomInt,
  randomUUID: random.randomUUID,
  scrypt: kdf.scrypt,
  scryptSync: kdf.scryptSync,
  sign: unavailable('sign'),
  setEngine: unavailable('setEngine'),
  timingSafeEqual,
  getFips: () => 0,
  setFips(enabled) {
    validateBoolean(enabled, 'fips');
    if (enabled) throw new ERR_NOT_AVAILABLE_IN_WORKER('crypto.setFips(true)');
  },
  verify: unavailable('verify'),
  hash,
  Certificate: unavailable('Certificate'),
  Cipher: unavailable('Cipher'),
  Cipheriv: unavailable('Cipheriv'),
  Decipher: unavailable('Decipher'),
  Decipheriv: unavailable('Decipheriv'),
  DiffieHellman: unavailable('DiffieHellman'),
  DiffieHellmanGroup: unavailable('DiffieHellmanGroup'),
  ECDH: unavailable('ECDH'),
  Hash,
  Hmac,
  KeyObject: unavailable('KeyObject'),
  Sign: unavailable('Sign'),
  Verify: unavailable('Verify'),
  X509Certificate: unavailable('X509Certificate'),
  secureHeapUsed: () => ({ total: 0, used: 0, utilization: 0, min: 0 }),
};

// randomBytes under an old name: a pending deprecation (DEP0115), which warns
// once for the three names together.
function oldRandomBytes(name) {
  if (!internalRequire('internal/process/object').pendingDeprecation()) return random.randomBytes;
  return internalRequire('node/util').deprecate(random.randomBytes, `crypto.${name} is deprecated.`, 'DEP0115');
}

// Web Crypto is built on first use.
const webcrypto = () => internalRequire('internal/crypto/webcrypto').crypto;
Object.defineProperties(module.exports, {
  constants: { value: makeConstants(), writable: false, enumerable: true, configurable: false },
  webcrypto: { get: webcrypto, enumerable: true, configurable: false },
  subtle: { get: () => webcrypto().subtle, enumerable: true, configurable: false },
  getRandomValues: { get: () => getRandomValues, enumerable: true, configurable: false },
  // Deprecated names that Node keeps, out of sight.
  createCipher: { value: unavailable('createCipher'), writable: true, enumerable: false, configurable: true },
  createDecipher: { value: unavailable('createDecipher'), writable: true, enumerable: false, configurable: true },
  prng: { value: oldRandomBytes('prng'), writable: true, enumerable: false, configurable: true },
  pseudoRandomBytes: { value: oldRandomBytes('pseudoRandomBytes'), writable: true, enumerable: false, configurable: true },
  rng: { value: oldRandomBytes('rng'), writable: true, enumerable: false, configurable: true },
});

// crypto.getRandomValues works unbound, unlike webcrypto's own.
function getRandomValues(array) {
  return webcrypto().getRandomValues(array);
}
