'use strict';
// Which names are Node's builtin modules, and what a worker makes of those
// that have no module of their own (worker/js/node/NAME.js): an alias of
// another, or a stub whose functions say the API is not available in a
// worker (internal/modules/unavailable.js).

// Node 20's require('module').builtinModules.
const kNames = Object.freeze([
  '_http_agent', '_http_client', '_http_common', '_http_incoming', '_http_outgoing', '_http_server',
  '_stream_duplex', '_stream_passthrough', '_stream_readable', '_stream_transform', '_stream_wrap',
  '_stream_writable', '_tls_common', '_tls_wrap', 'assert', 'assert/strict', 'async_hooks', 'buffer',
  'child_process', 'cluster', 'console', 'constants', 'crypto', 'dgram', 'diagnostics_channel', 'dns',
  'dns/promises', 'domain', 'events', 'fs', 'fs/promises', 'http', 'http2', 'https', 'inspector',
  'inspector/promises', 'module', 'net', 'os', 'path', 'path/posix', 'path/win32', 'perf_hooks', 'process',
  'punycode', 'querystring', 'readline', 'readline/promises', 'repl', 'stream', 'stream/consumers',
  'stream/promises', 'stream/web', 'string_decoder', 'sys', 'timers', 'timers/promises', 'tls', 'trace_events',
  'tty', 'url', 'util', 'util/types', 'v8', 'vm', 'wasi', 'worker_threads', 'zlib',
]);
// Builtins that exist only with the node: prefix.
const kSchemeOnly = ['sea', 'test', 'test/reporters'];

const withoutScheme = new Set(kNames);
const withScheme = new Set([...kNames, ...kSchemeOnly]);

// Other builtins that some names stand for.
const kAliases = {
  sys: (load) => load('util'),
};

// Under --expose-internals (Node's option; modules.js knows it before the
// entry runs) the runtime's own internal/* modules are builtins too, by the
// names they have in worker/js, as Node's are under its option. Without it
// 'internal/errors' is an ordinary request, which finds nothing.
function isInternal(id) {
  return id.startsWith('internal/') && internalRequire('internal/modules/cjs/loader').internalsExposed() && binding.hasBuiltin(id);
}

// 'fs', 'node:fs' and 'node:test' are builtins; 'test' is not.
function isBuiltin(request) {
  if (typeof request !== 'string') return false;
  const id = request.startsWith('node:') ? request.slice(5) : request;
  if (isInternal(id)) return true;
  return request.startsWith('node:') ? withScheme.has(id) : withoutScheme.has(request);
}

// Builtin `id` (without 'node:') that has no module of its own;
// `loadBuiltin` loads any other builtin (and caches it).
function loadOther(id, loadBuiltin) {
  if (isInternal(id)) return internalRequire(id);
  if (kAliases[id] !== undefined) return kAliases[id](loadBuiltin);
  // As in a Node worker, whose process owns no tracing agent.
  if (id === 'trace_events') throw new (internalRequire('internal/errors').codes.ERR_TRACE_EVENTS_UNAVAILABLE)();
  return internalRequire('internal/modules/unavailable').create(id, loadBuiltin);
}

exports.names = kNames;
exports.isBuiltin = isBuiltin;
exports.loadOther = loadOther;
