'use strict';
// import() in code that node:vm compiled: vm.Script, vm.compileFunction and
// vm.SourceTextModule take an importModuleDynamically callback, whose id the
// compiled code carries (worker/loader/vm_import.h); the import() of such code comes
// to importForVmCode() with that id and the context it runs in.
//
// A callback is kept per context, for as long as the context lives: code of a
// script keeps running after the Script object is gone (functions it made, a
// timer it set), and its import() must still reach the callback. So a
// callback given to code of the worker's own context lives as long as the
// worker.

const { codes } = internalRequire('internal/errors');
const processModule = internalRequire('internal/process/object');

// The id of code compiled without a callback, and of code given one when
// --experimental-vm-modules is not set (Node calls no callback then).
const kNoCallback = 0;
const kNeedsFlag = -1;

let lastId = 0;
// The contextified object of a context (globalThis for the worker's own) ->
// Map(id -> { callback, referrer }).
const byContext = new WeakMap();

function modulesEnabled() {
  return processModule.hasExecOption('--experimental-vm-modules');
}

// The id that code compiled with `importModuleDynamically` (a function)
// carries; register() it with the context the code runs in.
function newImportId() {
  return modulesEnabled() ? ++lastId : kNeedsFlag;
}

// `callback(specifier, referrer, attributes)` answers import() of code with
// `id` running in `contextObject`'s context. `callback` returns a promise of
// a namespace (internal/vm/module.js wraps what the author gave).
function register(contextObject, id, callback, referrer) {
  if (id <= 0) return;
  let callbacks = byContext.get(contextObject);
  if (callbacks === undefined) {
    callbacks = new Map();
    byContext.set(contextObject, callbacks);
  }
  callbacks.set(id, { callback, referrer });
}

// The hook worker/loader/vm_import.cc calls. What it throws rejects the import().
function importForVmCode(id, contextObject, specifier, attributes) {
  if (id === kNeedsFlag) throw new codes.ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING_FLAG();
  const callbacks = id === kNoCallback ? undefined : byContext.get(contextObject);
  const entry = callbacks === undefined ? undefined : callbacks.get(id);
  if (entry === undefined) throw new codes.ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING();
  return entry.callback(specifier, entry.referrer, attributes);
}

module.exports = {
  kNoCallback,
  modulesEnabled,
  newImportId,
  register,
  importForVmCode,
};
