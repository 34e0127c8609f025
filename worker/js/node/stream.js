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

// Classes that wait for streams to be Transforms (crypto's Hash) become them.
internalRequire('internal/streams/lazy_transform').streamsLoaded(Stream.Transform);

module.exports = Stream;
