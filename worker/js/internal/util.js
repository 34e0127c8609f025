'use strict';
// Small helpers of the runtime that Node keeps in its internal/util (and
// that scripts reach there under --expose-internals): the symbol
// util.inspect calls, the one-time warning of an experimental feature, and a
// sleep that blocks the worker's thread.

const { validateUint32 } = internalRequire('internal/validators');

// What util.inspect calls on an object that has it (worker/js/internal/util/inspect/format.js).
const customInspectSymbol = Symbol.for('nodejs.util.inspect.custom');

// Features that have warned already: each warns once per worker.
const experimentalWarned = new Set();

function emitExperimentalWarning(feature) {
  if (experimentalWarned.has(feature)) return;
  experimentalWarned.add(feature);
  globalThis.process.emitWarning(`${feature} is an experimental feature and might change at any time`,
                                 'ExperimentalWarning');
}

// Blocks the worker's thread for `msec` milliseconds: no timer, immediate or
// message runs meanwhile.
function sleep(msec) {
  validateUint32(msec, 'msec');
  binding.internalBinding('util').sleep(msec);
}

module.exports = { customInspectSymbol, emitExperimentalWarning, sleep };
