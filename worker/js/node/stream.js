'use strict';
// stream: Node's streams, from the readable-stream package (Node's own
// implementation published on npm), embedded at build time under
// internal/deps/readable_stream and wired to the worker's buffer, events,
// process and errors (internal/deps/require.js). Node 20 has a few names
// that the package does not.

const Stream = internalRequire('internal/deps/readable_stream/stream');

if (Stream.duplexPair === undefined) Stream.duplexPair = internalRequire('internal/streams/duplex_pair');
if (Stream.isWritable === undefined) {
  Stream.isWritable = internalRequire('internal/deps/readable_stream/internal/streams/utils').isWritable;
}

// Node 20's streams take any TypedArray or DataView as a chunk (as a Buffer
// over the same bytes); readable-stream asks these two, at each write() and
// push(), whether a chunk is binary and how to make it a Buffer.
const { Buffer } = internalRequire('node/buffer');
Stream._isArrayBufferView = ArrayBuffer.isView;
Stream._isUint8Array = ArrayBuffer.isView;
Stream._uint8ArrayToBuffer = (chunk) => Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

// Node 20 calls write() and end() callbacks with null on success, where the
// package passes nothing.
function withNullOnSuccess(callback) {
  return (err) => callback(err === undefined ? null : err);
}

// An object-mode chunk reaches _write() with the encoding it was written
// with in Node 20, a falsy one included, and null when a callback came in its
// place; the package gives it the default encoding instead of a falsy one. It
// reads the default from the state, which holds Node's while the call lasts.
function callAsNode(stream, method, args, encoding) {
  const state = stream._writableState;
  if (state === undefined || state === null || !state.objectMode) return Reflect.apply(method, stream, args);
  const defaultEncoding = state.defaultEncoding;
  state.defaultEncoding = typeof encoding === 'function' ? null : encoding;
  try {
    return Reflect.apply(method, stream, args);
  } finally {
    state.defaultEncoding = defaultEncoding;
  }
}

for (const cls of [Stream.Writable, Stream.Duplex]) {
  const { write, end } = cls.prototype;
  cls.prototype.write = function(chunk, encoding, callback) {
    if (typeof encoding === 'function') return callAsNode(this, write, [chunk, withNullOnSuccess(encoding)], encoding);
    if (typeof callback === 'function') {
      return callAsNode(this, write, [chunk, encoding, withNullOnSuccess(callback)], encoding);
    }
    return callAsNode(this, write, [chunk, encoding, callback], encoding);
  };
  cls.prototype.end = function(chunk, encoding, callback) {
    if (typeof chunk === 'function') return end.call(this, withNullOnSuccess(chunk));
    if (typeof encoding === 'function') return callAsNode(this, end, [chunk, withNullOnSuccess(encoding)], encoding);
    if (typeof callback === 'function') {
      return callAsNode(this, end, [chunk, encoding, withNullOnSuccess(callback)], encoding);
    }
    return callAsNode(this, end, [chunk, encoding, callback], encoding);
  };
}

// The web stream adapters, which the package leaves to its host.
const webAdapters = () => internalRequire('internal/webstreams/adapters');
Stream.Readable.fromWeb = (readableStream, options) =>
  webAdapters().newStreamReadableFromReadableStream(readableStream, options);
Stream.Readable.toWeb = (streamReadable, options) =>
  webAdapters().newReadableStreamFromStreamReadable(streamReadable, options);
Stream.Writable.fromWeb = (writableStream, options) =>
  webAdapters().newStreamWritableFromWritableStream(writableStream, options);
Stream.Writable.toWeb = (streamWritable) => webAdapters().newWritableStreamFromStreamWritable(streamWritable);
Stream.Duplex.fromWeb = (pair, options) => webAdapters().newStreamDuplexFromReadableWritablePair(pair, options);
Stream.Duplex.toWeb = (duplex) => webAdapters().newReadableWritablePairFromDuplex(duplex);

// Classes that wait for streams (crypto's Hash, process.stdout) become them.
internalRequire('internal/streams/lazy_stream').streamsLoaded(Stream);

module.exports = Stream;
