'use strict';
// What every part of `crypto` shares: the native binding, digests by name,
// Buffers made from native results, bytes of the arguments Node accepts,
// the output encodings done natively, and stubs of the APIs a worker does
// not offer.

const native = binding.internalBinding('crypto');
const { codes } = internalRequire('internal/errors');
const { normalizeEncoding } = internalRequire('internal/buffer/encodings');
const bufferImpl = internalRequire('internal/buffer/buffer');

const { ERR_INVALID_ARG_TYPE, ERR_NOT_AVAILABLE_IN_WORKER } = codes;
const { FastBuffer, Buffer } = bufferImpl;
const ArrayBufferIsView = ArrayBuffer.isView;
const isAnyArrayBuffer = bufferImpl.isAnyArrayBuffer;
const MapPrototypeGet = Function.prototype.call.bind(Map.prototype.get);
const MapPrototypeSet = Function.prototype.call.bind(Map.prototype.set);

// A Buffer over an ArrayBuffer that native code made, without a copy.
function toBuffer(arrayBuffer) {
  return new FastBuffer(arrayBuffer, 0, arrayBuffer.byteLength);
}

// The number of a digest for the native functions, or -1 if OpenSSL has
// none by that name. Asked of OpenSSL once per name.
const digestIds = new Map();
function digestId(name) {
  let id = MapPrototypeGet(digestIds, name);
  if (id === undefined) {
    id = native.digestId(name);
    MapPrototypeSet(digestIds, name, id);
  }
  return id;
}

// Output encodings done natively (worker/api/crypto/crypto_bytes.h numbers
// them the same), and what other encodings need from Buffer.
const kOutputBuffer = 0;
const kNativeOutput = { hex: 1, base64: 2, base64url: 3, latin1: 4 };

// How digest(encoding) answers: the native encoding's number, or
// kOutputBuffer with `convert` set to the Buffer encoding to apply to the
// bytes afterwards (utf8, ucs2, ascii); a name Buffer does not know, like
// 'buffer' or none at all, gives the Buffer itself.
function outputEncoding(encoding) {
  if (encoding === undefined || encoding === 'buffer') return { id: kOutputBuffer, convert: undefined };
  const exact = kNativeOutput[encoding];
  if (exact !== undefined) return { id: exact, convert: undefined };
  const name = typeof encoding === 'string' ? normalizeEncoding(encoding) : undefined;
  if (name === undefined) return { id: kOutputBuffer, convert: undefined };
  const id = kNativeOutput[name];
  return id !== undefined ? { id, convert: undefined } : { id: kOutputBuffer, convert: name };
}

// The result of a native function that encoded as `output` said.
function finishOutput(result, output) {
  if (output.id !== kOutputBuffer) return result;
  const buffer = toBuffer(result);
  return output.convert === undefined ? buffer : buffer.toString(output.convert);
}

// Bytes of an argument that may be a string (in `encoding`), an
// ArrayBuffer or any ArrayBufferView, as a view for the native side;
// anything else is ERR_INVALID_ARG_TYPE naming `types`.
const kBinaryLikeTypes = ['string', 'ArrayBuffer', 'Buffer', 'TypedArray', 'DataView'];
function bytesOf(value, name, encoding = 'utf8', types = kBinaryLikeTypes) {
  if (typeof value === 'string') return Buffer.from(value, encoding);
  if (ArrayBufferIsView(value)) return value;
  if (isAnyArrayBuffer(value)) return new Uint8Array(value);
  throw new ERR_INVALID_ARG_TYPE(name, types, value);
}

// A function that throws ERR_NOT_AVAILABLE_IN_WORKER naming `api`, usable
// with `new` and as a base class, so that code that only mentions it loads.
function notAvailable(api) {
  const name = api.slice(api.lastIndexOf('.') + 1);
  return {
    [name]: function() {
      throw new ERR_NOT_AVAILABLE_IN_WORKER(api);
    },
  }[name];
}

module.exports = {
  native,
  toBuffer,
  digestId,
  kOutputBuffer,
  outputEncoding,
  finishOutput,
  bytesOf,
  notAvailable,
};
