'use strict';
// vm: compiling and running code in the worker's context or in new ones.
// A context made from an object ("contextifying" it) is a new V8 context
// whose global reads and writes go through to that object, which stays the
// same object (worker/api/vm/vm_context.cc). Scripts are compiled once, unbound,
// and may run in any context; the native half is worker/api/vm/vm_binding.cc.

const vmBinding = binding.internalBinding('vm');
const processModule = internalRequire('internal/process/object');
const { codes } = internalRequire('internal/errors');
const {
  validateArray,
  validateBoolean,
  validateFunction,
  validateInt32,
  validateObject,
  validateOneOf,
  validateString,
  validateUint32,
} = internalRequire('internal/validators');

const {
  ERR_INVALID_ARG_TYPE,
  ERR_NOT_AVAILABLE_IN_WORKER,
  ERR_SCRIPT_EXECUTION_TIMEOUT,
} = codes;

const kDontContextify = Symbol('vm_context_no_contextify');
const kUseMainContextDefaultLoader = Symbol('vm_dynamic_import_main_context_default');
const constants = Object.freeze({
  __proto__: null,
  USE_MAIN_CONTEXT_DEFAULT_LOADER: kUseMainContextDefaultLoader,
  DONT_CONTEXTIFY: kDontContextify,
});

// import() in code compiled here (worker/loader/vm_import.h) goes to the callback
// its author gave as importModuleDynamically, kept by internal/vm/importer.
const importer = () => internalRequire('internal/vm/importer');
vmBinding.setImportHook((id, contextObject, specifier, attributes) =>
  importer().importForVmCode(id, contextObject, specifier, attributes));
const kNoImportCallback = 0;

let mainLoaderWarned = false;

// The id compiled code carries for `importModuleDynamically` (undefined: it
// goes to the worker's own loader), after checking the option.
function importIdFor(importModuleDynamically) {
  if (importModuleDynamically === undefined) return kNoImportCallback;
  if (importModuleDynamically === kUseMainContextDefaultLoader) {
    if (!mainLoaderWarned) {
      mainLoaderWarned = true;
      processModule.process.emitWarning(
        'vm.USE_MAIN_CONTEXT_DEFAULT_LOADER is an experimental feature and might change at any time',
        'ExperimentalWarning');
    }
    return undefined;
  }
  validateFunction(importModuleDynamically, 'options.importModuleDynamically');
  return importer().newImportId();
}

// What import() of code with `importId` running in `contextObject`'s context
// calls: `importModuleDynamically(specifier, referrer, attributes)`.
function registerImportCallback(contextObject, importId, importModuleDynamically, referrer) {
  if (importId === undefined || importId <= 0) return;
  const callback = internalRequire('internal/vm/module').namespaceCallback(importModuleDynamically);
  importer().register(contextObject, importId, callback, referrer);
}

const toBuffer = (arrayBuffer) => internalRequire('node/buffer').Buffer.from(arrayBuffer);

function validateCachedData(value, name) {
  if (value !== undefined && !ArrayBuffer.isView(value)) {
    throw new ERR_INVALID_ARG_TYPE(name, ['Buffer', 'TypedArray', 'DataView'], value);
  }
}

// A value that may be contextified: any object or function.
function validateContextObject(value) {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) {
    throw new ERR_INVALID_ARG_TYPE('object', 'object', value);
  }
}

function validateContext(contextifiedObject) {
  validateContextObject(contextifiedObject);
  if (!vmBinding.isContext(contextifiedObject)) {
    throw new ERR_INVALID_ARG_TYPE('contextifiedObject', 'vm.Context', contextifiedObject);
  }
}

// { timeout (-1: none), displayErrors } of runIn*Context(options).
function runOptions(options) {
  if (options === undefined) return { timeout: -1, displayErrors: true };
  validateObject(options, 'options');
  const { timeout, displayErrors = true, breakOnSigint = false } = options;
  if (timeout !== undefined) validateUint32(timeout, 'options.timeout', true);
  validateBoolean(displayErrors, 'options.displayErrors');
  // A worker gets no SIGINT of its own: there is nothing to break on.
  validateBoolean(breakOnSigint, 'options.breakOnSigint');
  return { timeout: timeout === undefined ? -1 : timeout, displayErrors };
}

function run(handle, contextifiedObject, { timeout, displayErrors }) {
  const result = vmBinding.runScript(handle, contextifiedObject, timeout, displayErrors);
  if (result === vmBinding.timedOut) throw new ERR_SCRIPT_EXECUTION_TIMEOUT(timeout);
  return result;
}

class Script {
  #handle;
  #importId;
  #importModuleDynamically;

  constructor(code, options = {}) {
    code = `${code}`;
    if (typeof options === 'string') options = { filename: options };
    else validateObject(options, 'options');
    const {
      filename = 'evalmachine.<anonymous>',
      lineOffset = 0,
      columnOffset = 0,
      cachedData,
      produceCachedData = false,
      importModuleDynamically,
    } = options;
    validateString(filename, 'options.filename');
    validateInt32(lineOffset, 'options.lineOffset');
    validateInt32(columnOffset, 'options.columnOffset');
    validateCachedData(cachedData, 'options.cachedData');
    validateBoolean(produceCachedData, 'options.produceCachedData');
    this.#importId = importIdFor(importModuleDynamically);
    this.#importModuleDynamically = importModuleDynamically;
    const out = {};
    this.#handle = vmBinding.compileScript(code, filename, lineOffset, columnOffset, cachedData,
      produceCachedData, out, this.#importId);
    if (cachedData !== undefined) this.cachedDataRejected = out.cachedDataRejected;
    if (produceCachedData) {
      if (out.cachedData !== undefined) this.cachedData = toBuffer(out.cachedData);
      this.cachedDataProduced = out.cachedData !== undefined;
    }
    this.sourceMapURL = out.sourceMapURL;
  }

  runInThisContext(options) {
    const settings = runOptions(options);
    registerImportCallback(globalThis, this.#importId, this.#importModuleDynamically, this);
    return run(this.#handle, undefined, settings);
  }

  runInContext(contextifiedObject, options) {
    validateContext(contextifiedObject);
    const settings = runOptions(options);
    registerImportCallback(contextifiedObject, this.#importId, this.#importModuleDynamically, this);
    return run(this.#handle, contextifiedObject, settings);
  }

  runInNewContext(contextObject, options) {
    const context = createContext(contextObject, newContextOptions(options));
    return this.runInContext(context, options);
  }

  createCachedData() {
    return toBuffer(vmBinding.createCachedData(this.#handle));
  }
}

function createScript(code, options) {
  return new Script(code, options);
}

let contextCount = 0;

function createContext(contextObject = {}, options = {}) {
  if (contextObject !== kDontContextify) {
    validateContextObject(contextObject);
    if (vmBinding.isContext(contextObject)) return contextObject;
  }
  validateObject(options, 'options');
  const {
    name = `VM Context ${++contextCount}`,
    origin,
    codeGeneration,
    microtaskMode,
  } = options;
  // The name and origin are for an inspector, which a worker has not.
  validateString(name, 'options.name');
  if (origin !== undefined) validateString(origin, 'options.origin');
  let strings = true;
  let wasm = true;
  if (codeGeneration !== undefined) {
    validateObject(codeGeneration, 'options.codeGeneration');
    ({ strings = true, wasm = true } = codeGeneration);
    validateBoolean(strings, 'options.codeGeneration.strings');
    validateBoolean(wasm, 'options.codeGeneration.wasm');
  }
  validateOneOf(microtaskMode, 'options.microtaskMode', ['afterEvaluate', undefined]);
  return vmBinding.makeContext(contextObject === kDontContextify ? undefined : contextObject, strings, wasm,
    microtaskMode === 'afterEvaluate');
}

// The context options that runInNewContext() takes, by their names there.
function newContextOptions(options) {
  if (options === undefined || typeof options === 'string') return {};
  validateObject(options, 'options');
  const { contextName: name, contextOrigin: origin, contextCodeGeneration, microtaskMode } = options;
  if (name !== undefined) validateString(name, 'options.contextName');
  if (origin !== undefined) validateString(origin, 'options.contextOrigin');
  let codeGeneration;
  if (contextCodeGeneration !== undefined) {
    validateObject(contextCodeGeneration, 'options.contextCodeGeneration');
    const { strings = true, wasm = true } = contextCodeGeneration;
    validateBoolean(strings, 'options.contextCodeGeneration.strings');
    validateBoolean(wasm, 'options.contextCodeGeneration.wasm');
    codeGeneration = { strings, wasm };
  }
  const result = { codeGeneration, microtaskMode, origin };
  if (name !== undefined) result.name = name;
  return result;
}

function isContext(object) {
  validateContextObject(object);
  return vmBinding.isContext(object);
}

function runInContext(code, contextifiedObject, options) {
  validateContext(contextifiedObject);
  if (typeof options === 'string') options = { filename: options };
  return createScript(code, options).runInContext(contextifiedObject, options);
}

function runInNewContext(code, contextObject, options) {
  if (typeof options === 'string') options = { filename: options };
  const context = createContext(contextObject, newContextOptions(options));
  return createScript(code, options).runInContext(context, options);
}

function runInThisContext(code, options) {
  if (typeof options === 'string') options = { filename: options };
  return createScript(code, options).runInThisContext(options);
}

function compileFunction(code, params = [], options = {}) {
  validateString(code, 'code');
  validateArray(params, 'params');
  for (let i = 0; i < params.length; i++) {
    if (typeof params[i] !== 'string') throw new ERR_INVALID_ARG_TYPE(`params[${i}]`, 'string', params[i]);
  }
  validateObject(options, 'options');
  const {
    filename = '',
    columnOffset = 0,
    lineOffset = 0,
    cachedData,
    produceCachedData = false,
    parsingContext,
    contextExtensions = [],
    importModuleDynamically,
  } = options;
  validateString(filename, 'options.filename');
  validateInt32(columnOffset, 'options.columnOffset');
  validateInt32(lineOffset, 'options.lineOffset');
  validateCachedData(cachedData, 'options.cachedData');
  validateBoolean(produceCachedData, 'options.produceCachedData');
  if (parsingContext !== undefined &&
      (parsingContext === null || typeof parsingContext !== 'object' || !vmBinding.isContext(parsingContext))) {
    throw new ERR_INVALID_ARG_TYPE('options.parsingContext', 'Context', parsingContext);
  }
  validateArray(contextExtensions, 'options.contextExtensions');
  for (let i = 0; i < contextExtensions.length; i++) {
    validateObject(contextExtensions[i], `options.contextExtensions[${i}]`, { nullable: true });
  }
  const importId = importIdFor(importModuleDynamically);
  const out = {};
  const fn = vmBinding.compileFunction(code, filename, lineOffset, columnOffset, cachedData, produceCachedData,
    parsingContext, contextExtensions, params, out, importId);
  registerImportCallback(parsingContext === undefined ? globalThis : parsingContext, importId,
    importModuleDynamically, fn);
  if (cachedData !== undefined) fn.cachedDataRejected = out.cachedDataRejected;
  if (produceCachedData) {
    if (out.cachedData !== undefined) fn.cachedData = toBuffer(out.cachedData);
    fn.cachedDataProduced = out.cachedData !== undefined;
  }
  return fn;
}

function measureMemory() {
  throw new ERR_NOT_AVAILABLE_IN_WORKER('vm.measureMemory');
}

module.exports = {
  Script,
  createContext,
  createScript,
  runInContext,
  runInNewContext,
  runInThisContext,
  isContext,
  compileFunction,
  measureMemory,
  constants,
};

// vm.Module and its kinds, under --experimental-vm-modules only (as in Node).
if (processModule.hasExecOption('--experimental-vm-modules')) {
  const { Module, SourceTextModule, SyntheticModule } = internalRequire('internal/vm/module');
  Object.assign(module.exports, { Module, SourceTextModule, SyntheticModule });
}
