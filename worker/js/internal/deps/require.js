'use strict';
// The `require` of a bundled package's file (cmake/embed_files_script.cmake
// puts one in front of each): a relative path is another builtin of the same
// package; the modules the package depends on are the worker's own, so that
// a stream's EventEmitter, Buffer and process are the ones user code sees.

const path = internalRequire('internal/path/posix');

// The worker's module for each dependency the packages name.
const kModules = {
  __proto__: null,
  'buffer': () => internalRequire('node/buffer'),
  'events': () => internalRequire('node/events'),
  'process/': () => process,
  'string_decoder/': () => internalRequire('node/string_decoder'),
  // globalThis has AbortController; these stand for the polyfill's exports.
  'abort-controller': () => ({ AbortController, AbortSignal }),
};

// Files of a package that the worker replaces with its own.
const kReplaced = {
  __proto__: null,
  'internal/deps/readable_stream/ours/errors': 'internal/deps/readable_stream_errors',
  // Wraps the package's own (what Node 20's stream constructors add).
  'internal/deps/readable_stream/internal/streams/legacy': 'internal/deps/readable_stream_legacy',
  // stream/promises.js names the package's own stream.js by its path in the repository.
  'internal/deps/lib/stream': 'internal/deps/readable_stream/stream',
};

function requireFor(name) {
  const dir = path.dirname(name);
  return function require(request) {
    const dependency = kModules[request];
    if (dependency !== undefined) return dependency();
    if (request[0] !== '.') throw new Error(`Cannot find module '${request}' from ${name}`);
    let id = path.join(dir, request);
    if (id.endsWith('.js')) id = id.slice(0, -3);
    return internalRequire(kReplaced[id] ?? id);
  };
}

module.exports = requireFor;
