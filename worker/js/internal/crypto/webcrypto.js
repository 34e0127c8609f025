'use strict';
// Web Crypto: the `crypto` global (a Crypto), its `subtle` (a
// SubtleCrypto) and the CryptoKey class. getRandomValues, randomUUID and
// subtle.digest are real; the other SubtleCrypto methods reject with
// ERR_NOT_AVAILABLE_IN_WORKER naming the method. None of the three classes
// can be constructed by a script, as in Node.

const { native, digestId } = internalRequire('internal/crypto/util');
const { randomUUID } = internalRequire('internal/crypto/random');
const { codes } = internalRequire('internal/errors');
const DOMException = internalRequire('internal/dom_exception');

const { ERR_ILLEGAL_CONSTRUCTOR, ERR_INVALID_THIS, ERR_NOT_AVAILABLE_IN_WORKER } = codes;
const ArrayBufferIsView = ArrayBuffer.isView;
const ObjectDefineProperty = Object.defineProperty;
const TypedArrayPrototypeGetToStringTag = Function.prototype.call.bind(
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), Symbol.toStringTag).get);
const { isAnyArrayBuffer } = internalRequire('internal/buffer/buffer');

// Errors that WebIDL's argument checks make: a code, and a message that
// says which call failed.
function webidlError(code, message) {
  const err = new TypeError(message);
  err.code = code;
  return err;
}

function missingArgs(method, owner, required, present) {
  return webidlError('ERR_MISSING_ARGS', `Failed to execute '${method}' on '${owner}': ` +
    `${required} argument${required > 1 ? 's' : ''} required, but only ${present} present.`);
}

// --- Crypto ----------------------------------------------------------------------

const kIntegerArrays = new Set(['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array',
  'Int32Array', 'Uint32Array', 'BigInt64Array', 'BigUint64Array']);
const kMaxRandomValues = 65536;

let cryptoInstance;
let subtleInstance;

class Crypto {
  constructor() {
    throw new ERR_ILLEGAL_CONSTRUCTOR();
  }

  get subtle() {
    if (this !== cryptoInstance) throw new ERR_INVALID_THIS('Crypto');
    return subtleInstance;
  }

  getRandomValues(array) {
    if (this !== cryptoInstance) throw new ERR_INVALID_THIS('Crypto');
    if (arguments.length < 1) throw missingArgs('getRandomValues', 'Crypto', 1, 0);
    if (!ArrayBufferIsView(array) || !kIntegerArrays.has(TypedArrayPrototypeGetToStringTag(array))) {
      throw new DOMException('The data argument must be an integer-type TypedArray', 'TypeMismatchError');
    }
    if (array.byteLength > kMaxRandomValues) {
      throw new DOMException('The requested length exceeds 65,536 bytes', 'QuotaExceededError');
    }
    native.randomFillSync(array, 0, array.byteLength);
    return array;
  }

  randomUUID() {
    if (this !== cryptoInstance) throw new ERR_INVALID_THIS('Crypto');
    return randomUUID();
  }
}

// --- SubtleCrypto ----------------------------------------------------------------

const kDigests = { 'sha-1': 'sha1', 'sha-256': 'sha256', 'sha-384': 'sha384', 'sha-512': 'sha512' };

function digestNameOf(algorithm) {
  let name = algorithm;
  if (algorithm !== null && typeof algorithm === 'object') {
    name = algorithm.name;
    if (name === undefined) {
      throw webidlError('ERR_MISSING_OPTION', 'Failed to normalize algorithm: passed algorithm can not be ' +
        "converted to 'Algorithm' because 'name' is required in 'Algorithm'.");
    }
  }
  const digest = kDigests[`${name}`.toLowerCase()];
  if (digest === undefined) throw new DOMException('Unrecognized algorithm name', 'NotSupportedError');
  return digest;
}

class SubtleCrypto {
  constructor() {
    throw new ERR_ILLEGAL_CONSTRUCTOR();
  }
}

async function digest(algorithm, data) {
  if (this !== subtleInstance) throw new ERR_INVALID_THIS('SubtleCrypto');
  if (arguments.length < 2) throw missingArgs('digest', 'SubtleCrypto', 2, arguments.length);
  let view;
  if (ArrayBufferIsView(data)) {
    view = data;
  } else if (isAnyArrayBuffer(data)) {
    view = new Uint8Array(data);
  } else {
    throw webidlError('ERR_INVALID_ARG_TYPE', "Failed to execute 'digest' on 'SubtleCrypto': 2nd argument is " +
      'not instance of ArrayBuffer, Buffer, TypedArray, or DataView.');
  }
  const id = digestId(digestNameOf(algorithm));
  return new Promise((resolve, reject) => {
    native.digestJob(id, view, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

// The methods in Node's order, with the number of arguments each needs.
// All but digest are not offered: each checks `this` and its argument
// count as Node does, then rejects naming itself.
const kSubtleMethods = [['encrypt', 3], ['decrypt', 3], ['sign', 3], ['verify', 4], ['digest', 2],
  ['generateKey', 3], ['deriveKey', 5], ['deriveBits', 3], ['importKey', 5], ['exportKey', 2], ['wrapKey', 4],
  ['unwrapKey', 7]];
for (const [name, required] of kSubtleMethods) {
  const method = name === 'digest' ? digest : {
    async [name](...args) {
      if (this !== subtleInstance) throw new ERR_INVALID_THIS('SubtleCrypto');
      if (args.length < required) throw missingArgs(name, 'SubtleCrypto', required, args.length);
      throw new ERR_NOT_AVAILABLE_IN_WORKER(`crypto.subtle.${name}`);
    },
  }[name];
  ObjectDefineProperty(SubtleCrypto.prototype, name, {
    value: method, writable: true, enumerable: true, configurable: true,
  });
}

// --- CryptoKey -------------------------------------------------------------------

class CryptoKey {
  constructor() {
    throw new ERR_ILLEGAL_CONSTRUCTOR();
  }
}
for (const name of ['type', 'extractable', 'algorithm', 'usages']) {
  ObjectDefineProperty(CryptoKey.prototype, name, {
    get: { [name]() { throw new ERR_INVALID_THIS('CryptoKey'); } }[name],
    enumerable: true,
    configurable: true,
  });
}

// WebIDL members are enumerable, and each class names itself in toString().
for (const Class of [Crypto, SubtleCrypto, CryptoKey]) {
  const { prototype } = Class;
  for (const key of Object.getOwnPropertyNames(prototype)) {
    if (key !== 'constructor') ObjectDefineProperty(prototype, key, { enumerable: true });
  }
  ObjectDefineProperty(prototype, Symbol.toStringTag, {
    value: Class.name, writable: false, enumerable: false, configurable: true,
  });
}

cryptoInstance = Object.create(Crypto.prototype);
subtleInstance = Object.create(SubtleCrypto.prototype);

module.exports = { Crypto, SubtleCrypto, CryptoKey, crypto: cryptoInstance };
