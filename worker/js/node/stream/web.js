'use strict';
// stream/web: the Streams standard's classes (internal/webstreams/), with
// the encoding and compression streams built on them.

const readable = internalRequire('internal/webstreams/readable');
const writable = internalRequire('internal/webstreams/writable');
const transform = internalRequire('internal/webstreams/transform');
const strategies = internalRequire('internal/webstreams/queuing_strategies');

module.exports = {
  ReadableStream: readable.ReadableStream,
  ReadableStreamDefaultReader: readable.ReadableStreamDefaultReader,
  ReadableStreamBYOBReader: readable.ReadableStreamBYOBReader,
  ReadableStreamBYOBRequest: readable.ReadableStreamBYOBRequest,
  ReadableByteStreamController: readable.ReadableByteStreamController,
  ReadableStreamDefaultController: readable.ReadableStreamDefaultController,
  TransformStream: transform.TransformStream,
  TransformStreamDefaultController: transform.TransformStreamDefaultController,
  WritableStream: writable.WritableStream,
  WritableStreamDefaultWriter: writable.WritableStreamDefaultWriter,
  WritableStreamDefaultController: writable.WritableStreamDefaultController,
  ByteLengthQueuingStrategy: strategies.ByteLengthQueuingStrategy,
  CountQueuingStrategy: strategies.CountQueuingStrategy,
};

// The encoding and compression streams load their dependencies (the text
// codecs, zlib) when first named.
for (const [name, builtin] of [
  ['TextEncoderStream', 'internal/webstreams/encoding'],
  ['TextDecoderStream', 'internal/webstreams/encoding'],
  ['CompressionStream', 'internal/webstreams/compression'],
  ['DecompressionStream', 'internal/webstreams/compression'],
]) {
  Object.defineProperty(module.exports, name, {
    __proto__: null,
    enumerable: true,
    configurable: true,
    get() {
      const value = internalRequire(builtin)[name];
      Object.defineProperty(module.exports, name, { __proto__: null, value, writable: true, enumerable: true, configurable: true });
      return value;
    },
  });
}
