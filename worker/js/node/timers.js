'use strict';
// require('timers'): the same functions as the globals, and the promise
// API under `promises`, loaded on first read.

const timers = internalRequire('internal/timers/globals');

exports.setTimeout = timers.setTimeout;
exports.clearTimeout = timers.clearTimeout;
exports.setImmediate = timers.setImmediate;
exports.clearImmediate = timers.clearImmediate;
exports.setInterval = timers.setInterval;
exports.clearInterval = timers.clearInterval;
Object.defineProperty(exports, 'promises', {
  __proto__: null,
  configurable: true,
  enumerable: true,
  get: () => internalRequire('node/timers/promises'),
});
