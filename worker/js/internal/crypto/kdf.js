'use strict';
// Key derivation: pbkdf2, scrypt and hkdf, each with a Sync form and a
// callback form whose work runs on libuv's thread pool
// (worker/api/crypto/kdf_binding.cc). Arguments are checked here, as Node
// checks them, before anything is derived.

const { native, toBuffer, digestId, bytesOf } = internalRequire('internal/crypto/util');
const { codes } = internalRequire('internal/errors');
const { validateString, validateInt32, validateUint32, validateInteger, validateFunction } =
  internalRequire('internal/validators');

const {
  ERR_CRYPTO_INVALID_DIGEST,
  ERR_CRYPTO_INVALID_KEYLEN,
  ERR_CRYPTO_INVALID_SCRYPT_PARAMS,
  ERR_CRYPTO_SCRYPT_INVALID_PARAMETER,
  ERR_OUT_OF_RANGE,
} = codes;

// What a result looks like to the script: pbkdf2 and scrypt give Buffers,
// hkdf an ArrayBuffer.
function deliver(callback, wrap) {
  return (err, bytes) => {
    if (err) callback(err);
    else callback(null, wrap(bytes));
  };
}

// --- pbkdf2 ----------------------------------------------------------------------

function pbkdf2Args(password, salt, iterations, keylen, digest) {
  validateString(digest, 'digest');
  password = bytesOf(password, 'password');
  salt = bytesOf(salt, 'salt');
  validateInt32(iterations, 'iterations', 1);
  validateInt32(keylen, 'keylen', 0);
  const id = digestId(digest);
  if (id < 0) throw new ERR_CRYPTO_INVALID_DIGEST(digest);
  return [password, salt, iterations, keylen, id];
}

function pbkdf2(password, salt, iterations, keylen, digest, callback) {
  if (typeof digest === 'function') {
    callback = digest;
    digest = undefined;
  }
  const args = pbkdf2Args(password, salt, iterations, keylen, digest);
  validateFunction(callback, 'callback');
  native.pbkdf2(...args, deliver(callback, toBuffer));
}

function pbkdf2Sync(password, salt, iterations, keylen, digest) {
  return toBuffer(native.pbkdf2(...pbkdf2Args(password, salt, iterations, keylen, digest)));
}

// --- scrypt ----------------------------------------------------------------------

const kScryptDefaults = { N: 16384, r: 8, p: 1, maxmem: 32 << 20 };

// N, r and p go by two names each (cost, blockSize, parallelization); one
// of a pair at most.
function scryptParams(options) {
  let { N, r, p, maxmem } = kScryptDefaults;
  if (options && options !== kScryptDefaults) {
    const pick = (name, alias, fallback) => {
      const has = options[name] !== undefined;
      const hasAlias = options[alias] !== undefined;
      if (has && hasAlias) throw new ERR_CRYPTO_SCRYPT_INVALID_PARAMETER();
      if (has) {
        validateUint32(options[name], name);
        return options[name];
      }
      if (hasAlias) {
        validateUint32(options[alias], alias);
        return options[alias];
      }
      return fallback;
    };
    N = pick('N', 'cost', N);
    r = pick('r', 'blockSize', r);
    p = pick('p', 'parallelization', p);
    if (options.maxmem !== undefined) {
      maxmem = options.maxmem;
      validateInteger(maxmem, 'maxmem', 0);
    }
    if (N === 0) N = kScryptDefaults.N;
    if (r === 0) r = kScryptDefaults.r;
    if (p === 0) p = kScryptDefaults.p;
    if (maxmem === 0) maxmem = kScryptDefaults.maxmem;
  }
  const problem = native.scryptCheck(N, r, p, maxmem);
  if (problem !== undefined) throw new ERR_CRYPTO_INVALID_SCRYPT_PARAMS(problem === null ? undefined : problem.message);
  return [N, r, p, maxmem];
}

function scryptArgs(password, salt, keylen, options) {
  password = bytesOf(password, 'password');
  salt = bytesOf(salt, 'salt');
  validateInt32(keylen, 'keylen', 0);
  return [password, salt, keylen, ...scryptParams(options)];
}

// With four arguments the fourth is the callback, whatever it is.
function scrypt(password, salt, keylen, options, callback = kScryptDefaults) {
  if (callback === kScryptDefaults) {
    callback = options;
    options = kScryptDefaults;
  }
  const args = scryptArgs(password, salt, keylen, options);
  validateFunction(callback, 'callback');
  native.scrypt(...args, deliver(callback, toBuffer));
}

function scryptSync(password, salt, keylen, options = kScryptDefaults) {
  return toBuffer(native.scrypt(...scryptArgs(password, salt, keylen, options)));
}

// --- hkdf ------------------------------------------------------------------------

const kHkdfMaxLength = 2 ** 32;
const kSaltTypes = ['string', 'ArrayBuffer', 'TypedArray', 'DataView', 'Buffer'];

function hkdfArgs(digest, ikm, salt, info, keylen) {
  validateString(digest, 'digest');
  ikm = bytesOf(ikm, 'ikm', 'utf8', ['string', 'SecretKeyObject', 'ArrayBuffer', 'TypedArray', 'DataView', 'Buffer']);
  salt = bytesOf(salt, 'salt', 'utf8', kSaltTypes);
  info = bytesOf(info, 'info', 'utf8', kSaltTypes);
  validateInteger(keylen, 'length', 0, kHkdfMaxLength);
  if (info.byteLength > 1024) {
    throw new ERR_OUT_OF_RANGE('info', 'must not contain more than 1024 bytes', info.byteLength);
  }
  const id = digestId(digest);
  if (id < 0) throw new ERR_CRYPTO_INVALID_DIGEST(digest);
  if (keylen > 255 * native.digestSize(id)) throw new ERR_CRYPTO_INVALID_KEYLEN();
  return [id, ikm, salt, info, keylen];
}

function hkdf(digest, ikm, salt, info, keylen, callback) {
  const args = hkdfArgs(digest, ikm, salt, info, keylen);
  validateFunction(callback, 'callback');
  native.hkdf(...args, deliver(callback, (bytes) => bytes));
}

function hkdfSync(digest, ikm, salt, info, keylen) {
  return native.hkdf(...hkdfArgs(digest, ikm, salt, info, keylen));
}

module.exports = { pbkdf2, pbkdf2Sync, scrypt, scryptSync, hkdf, hkdfSync };
