'use strict';
// Hash, Hmac and hash(): digests of data fed in pieces or at once, on
// OpenSSL's EVP (worker/api/crypto/hash_binding.cc). Each object holds a native
// handle; this side keeps its state (finished or not) and checks arguments
// as Node does.

const { native, digestId, outputEncoding, finishOutput, kOutputBuffer, bytesOf } =
  internalRequire('internal/crypto/util');
const { codes } = internalRequire('internal/errors');
const { validateString, validateUint32 } = internalRequire('internal/validators');
const { normalizeEncoding } = internalRequire('internal/buffer/encodings');

const {
  ERR_CRYPTO_HASH_FINALIZED,
  ERR_CRYPTO_HASH_UPDATE_FAILED,
  ERR_CRYPTO_INVALID_DIGEST,
  ERR_INVALID_ARG_TYPE,
  ERR_INVALID_ARG_VALUE,
} = codes;
const { Buffer } = internalRequire('internal/buffer/buffer');
const ArrayBufferIsView = ArrayBuffer.isView;
const NativeHash = native.Hash;
const NativeHmac = native.Hmac;
// The native handle and the state of a Hash or Hmac, under symbols as in Node.
const kHandle = Symbol('kHandle');
const kFinalized = Symbol('kFinalized');
// The digest that a stream's end pushed, for a later digest() call.
const kFlushed = Symbol('kFlushed');

const kDataTypes = ['string', 'Buffer', 'TypedArray', 'DataView'];
const kKeyTypes = ['ArrayBuffer', 'Buffer', 'TypedArray', 'DataView', 'string', 'KeyObject', 'CryptoKey'];

// Feeds `data` (in `encoding` if a string) to the native handle: UTF-8 and
// Latin-1 strings go as they are, other encodings through Buffer first.
function feed(handle, data, encoding) {
  let ok;
  if (typeof data === 'string') {
    const name = encoding === undefined ? 'utf8' : normalizeEncoding(encoding);
    if (name === 'latin1') {
      ok = handle.update(data, true);
    } else if (name === undefined || name === 'utf8') {
      ok = handle.update(data, false);
    } else {
      if (name === 'hex' && data.length % 2 !== 0) {
        throw new ERR_INVALID_ARG_VALUE('encoding', encoding, `is invalid for data of length ${data.length}`);
      }
      ok = handle.update(Buffer.from(data, name), false);
    }
  } else if (ArrayBufferIsView(data)) {
    ok = handle.update(data, false);
  } else {
    throw new ERR_INVALID_ARG_TYPE('data', kDataTypes, data);
  }
  if (!ok) throw new ERR_CRYPTO_HASH_UPDATE_FAILED();
}

function outputLengthOf(options) {
  const length = options !== null && typeof options === 'object' ? options.outputLength : undefined;
  if (length === undefined) return -1;
  validateUint32(length, 'options.outputLength');
  return length;
}

// --- Hash ----------------------------------------------------------------------

function Hash(algorithm, options) {
  if (!new.target) return new Hash(algorithm, options);
  const outputLength = outputLengthOf(options);
  if (algorithm instanceof NativeHash) {
    this[kHandle] = new NativeHash(algorithm, outputLength);
  } else {
    validateString(algorithm, 'algorithm');
    this[kHandle] = new NativeHash(digestId(algorithm), outputLength);
  }
  this[kFinalized] = false;
  this._options = options;
}

Hash.prototype.copy = function copy(options) {
  if (this[kFinalized]) throw new ERR_CRYPTO_HASH_FINALIZED();
  return new Hash(this[kHandle], options);
};

Hash.prototype.update = function update(data, encoding) {
  if (this[kFinalized]) throw new ERR_CRYPTO_HASH_FINALIZED();
  feed(this[kHandle], data, encoding);
  return this;
};

Hash.prototype.digest = function digest(encoding) {
  if (this[kFinalized]) throw new ERR_CRYPTO_HASH_FINALIZED();
  this[kFinalized] = true;
  return finish(this, encoding);
};

// --- Hmac ----------------------------------------------------------------------

function Hmac(hmac, key, options) {
  if (!new.target) return new Hmac(hmac, key, options);
  validateString(hmac, 'hmac');
  const encoding = options !== null && typeof options === 'object' ? options.encoding : undefined;
  const id = digestId(hmac);
  const keyBytes = bytesOf(key, 'key', encoding === undefined ? 'utf8' : encoding, kKeyTypes);
  if (id < 0) throw new ERR_CRYPTO_INVALID_DIGEST(hmac);
  this[kHandle] = new NativeHmac(id, keyBytes);
  this[kFinalized] = false;
  this._options = options;
}

Hmac.prototype.update = function update(data, encoding) {
  if (this[kFinalized]) throw new ERR_CRYPTO_HASH_FINALIZED();
  feed(this[kHandle], data, encoding);
  return this;
};

// A second digest() gives an empty result, as in Node.
Hmac.prototype.digest = function digest(encoding) {
  const output = outputEncoding(encoding || undefined);
  if (this[kFinalized]) {
    const empty = new ArrayBuffer(0);
    return output.id === kOutputBuffer ? finishOutput(empty, output) : '';
  }
  this[kFinalized] = true;
  return finish(this, encoding);
};

// --- as streams ----------------------------------------------------------------

// The digest in `encoding`; the native digest is taken once, so a digest()
// after the stream's end gives what the stream pushed.
function finish(self, encoding) {
  const output = outputEncoding(encoding || undefined);
  const flushed = self[kFlushed];
  if (flushed === undefined) return finishOutput(self[kHandle].digest(output.id), output);
  if (output.id === kOutputBuffer) return output.convert === undefined ? flushed : flushed.toString(output.convert);
  return flushed.toString(encoding);
}

function transform(chunk, encoding, callback) {
  feed(this[kHandle], chunk, encoding);
  callback();
}

function flush(callback) {
  if (this[kFlushed] === undefined) this[kFlushed] = finishOutput(this[kHandle].digest(kOutputBuffer), { id: kOutputBuffer });
  this.push(this[kFlushed]);
  callback();
}

for (const cls of [Hash, Hmac]) {
  cls.prototype._transform = transform;
  cls.prototype._flush = flush;
  internalRequire('internal/streams/lazy_stream').makeLazyStream(cls, 'Transform');
}

// --- hash() ----------------------------------------------------------------------

// One digest of one input, without an object: hash(algorithm, data,
// outputEncoding = 'hex').
function hash(algorithm, input, outputEncodingName = 'hex') {
  validateString(algorithm, 'algorithm');
  if (typeof input !== 'string' && !ArrayBufferIsView(input)) {
    throw new ERR_INVALID_ARG_TYPE('input', kDataTypes, input);
  }
  let output;
  if (outputEncodingName === 'buffer') {
    output = { id: kOutputBuffer, convert: undefined };
  } else {
    validateString(outputEncodingName, 'outputEncoding');
    const name = normalizeEncoding(outputEncodingName);
    if (name === undefined) throw new ERR_INVALID_ARG_VALUE('outputEncoding', outputEncodingName);
    output = outputEncoding(name);
  }
  const id = digestId(algorithm);
  if (id < 0) throw new Error(`Digest method ${algorithm} is not supported`);
  return finishOutput(native.digestOnce(id, input, false, output.id, -1), output);
}

module.exports = { Hash, Hmac, hash };
