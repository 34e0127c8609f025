'use strict';
// require('process'): the worker's process object, which the bootstrap makes
// (internal/process/object.js) and puts on globalThis.

module.exports = internalRequire('internal/process/object').process;
