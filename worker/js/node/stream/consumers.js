'use strict';
// stream/consumers: the whole of a stream (any async iterable of chunks:
// Buffers, typed arrays, ArrayBuffers or strings) as one value.

const { Buffer } = internalRequire('internal/buffer/buffer');

// A chunk's bytes; a string is UTF-8.
function bytesOf(chunk) {
  if (typeof chunk === 'string') return Buffer.from(chunk);
  if (chunk instanceof Uint8Array) return chunk;
  if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (chunk instanceof ArrayBuffer || chunk instanceof SharedArrayBuffer) return new Uint8Array(chunk);
  return Buffer.from(String(chunk));
}

async function buffer(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(bytesOf(chunk));
  return Buffer.concat(chunks);
}

async function arrayBuffer(stream) {
  const bytes = await buffer(stream);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
}

async function blob(stream) {
  const { Blob } = internalRequire('internal/buffer/blob');
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return new Blob(chunks);
}

// Strings are taken as they are; bytes are decoded as UTF-8 across chunk
// boundaries.
async function text(stream) {
  const { TextDecoder } = internalRequire('internal/encoding');
  const decoder = new TextDecoder();
  let result = '';
  for await (const chunk of stream) {
    result += typeof chunk === 'string' ? chunk : decoder.decode(bytesOf(chunk), { stream: true });
  }
  return result + decoder.decode();
}

async function json(stream) {
  return JSON.parse(await text(stream));
}

module.exports = { arrayBuffer, blob, buffer, text, json };
