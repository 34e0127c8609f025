'use strict';
// vm.Module, vm.SourceTextModule and vm.SyntheticModule (node:vm under
// --experimental-vm-modules): ES modules that their author compiles in a
// context of their choosing, links with a linker function of theirs and
// evaluates, on V8's module API (native module 'vm_module',
// worker/loader/vm_module.cc). Loaded by node:vm when the flag is set.

const native = binding.internalBinding('vm_module');
const { isContext } = binding.internalBinding('vm');
const { isModuleNamespaceObject } = binding.internalBinding('util');
const { codes } = internalRequire('internal/errors');
const {
  validateBoolean,
  validateFunction,
  validateInt32,
  validateObject,
  validateString,
  validateUint32,
} = internalRequire('internal/validators');
const importer = internalRequire('internal/vm/importer');
const processModule = internalRequire('internal/process/object');

const {
  ERR_INVALID_ARG_TYPE,
  ERR_INVALID_ARG_VALUE,
  ERR_SCRIPT_EXECUTION_TIMEOUT,
  ERR_VM_MODULE_ALREADY_LINKED,
  ERR_VM_MODULE_CACHED_DATA_REJECTED,
  ERR_VM_MODULE_CANNOT_CREATE_CACHED_DATA,
  ERR_VM_MODULE_DIFFERENT_CONTEXT,
  ERR_VM_MODULE_LINK_FAILURE,
  ERR_VM_MODULE_NOT_MODULE,
  ERR_VM_MODULE_STATUS,
} = codes;

// v8::Module::Status, by number, as Node names them.
const kStatusNames = ['unlinked', 'linking', 'linked', 'evaluating', 'evaluated', 'errored'];
const kLinked = 2;
const kEvaluated = 4;
const kErrored = 5;

const customInspectSymbol = Symbol.for('nodejs.util.inspect.custom');

// What each module is, apart from its JS object (so that nothing of it shows
// on the object): module -> {
//   handle,             the native module
//   context,            the contextified object given, or undefined
//   identifier,
//   linking, error,     while link() runs, and what made it fail (SourceTextModule)
//   linked,             the modules it is linked to, kept alive with it
//   requests,           [[specifier, attributes]] (SourceTextModule)
//   evaluateCallback,   (SyntheticModule)
//   initializeImportMeta,
// }
const states = new WeakMap();
const moduleOfHandle = new WeakMap();

// The state of `module`, the `this` of a method of class `className`.
function stateOf(module, className = 'Module') {
  const state = module !== null && (typeof module === 'object' || typeof module === 'function')
    ? states.get(module) : undefined;
  if (state === undefined) throw new ERR_INVALID_ARG_TYPE('this', className, module);
  return state;
}

const isModule = (value) => value !== null && typeof value === 'object' && states.has(value);

let warned = false;
let moduleCount = 0;
const moduleCountOfContext = new WeakMap();

// 'vm:module(N)', N counting the modules of the worker's context or of the
// given one.
function defaultIdentifier(context) {
  if (context === undefined) return `vm:module(${moduleCount++})`;
  const count = moduleCountOfContext.get(context) || 0;
  moduleCountOfContext.set(context, count + 1);
  return `vm:module(${count})`;
}

function validateContext(context) {
  if (context === undefined) return;
  validateObject(context, 'context');
  if (!isContext(context)) throw new ERR_INVALID_ARG_TYPE('options.context', 'vm.Context', context);
}

function statusOf(state) {
  if (state.error !== undefined) return 'errored';
  if (state.linking) return 'linking';
  return kStatusNames[native.status(state.handle)];
}

// Links `module` and, first, every module its linker returns that is not
// linked yet; then the native links. The linker of a SourceTextModule is
// called once per request, in source order, synchronously.
async function linkRequests(module, linker) {
  const state = stateOf(module);
  if (state.requests === undefined) return;  // a SyntheticModule: nothing to link
  state.linking = true;
  const pending = [];
  for (const [specifier, attributes] of state.requests) {
    const result = linker(specifier, module, { attributes, assert: attributes });
    pending.push(Promise.resolve(result).then(async (target) => {
      if (!isModule(target)) throw new ERR_VM_MODULE_NOT_MODULE();
      if (target.context !== module.context) throw new ERR_VM_MODULE_DIFFERENT_CONTEXT();
      if (target.status === 'errored') {
        throw new ERR_VM_MODULE_LINK_FAILURE(`request for '${specifier}' resolved to an errored module`);
      }
      if (target.status === 'unlinked') await linkRequests(target, linker);
      return target;
    }));
  }
  try {
    const targets = await Promise.all(pending);
    native.link(state.handle, targets.map((target) => states.get(target).handle));
    state.linked = targets;
  } catch (err) {
    state.error = err;
    throw err;
  } finally {
    state.linking = false;
  }
}

const linkFailure = (specifier) => new ERR_VM_MODULE_LINK_FAILURE(`request for '${specifier}' is not in cache`);

class Module {
  constructor(options) {
    if (new.target === Module) throw new TypeError('Module is not a constructor');
    if (!warned) {
      warned = true;
      processModule.process.emitWarning('VM Modules is an experimental feature and might change at any time',
        'ExperimentalWarning');
    }
    const { context, make } = options;
    validateContext(context);
    let { identifier } = options;
    if (identifier !== undefined) validateString(identifier, 'options.identifier');
    else identifier = defaultIdentifier(context);
    const state = { context, identifier, linking: false, error: undefined, linked: undefined, ...make(identifier) };
    states.set(this, state);
    moduleOfHandle.set(state.handle, this);
  }

  get identifier() {
    return stateOf(this).identifier;
  }

  get context() {
    return stateOf(this).context;
  }

  get namespace() {
    const { handle } = stateOf(this);
    if (native.status(handle) < kLinked) throw new ERR_VM_MODULE_STATUS('must not be unlinked or linking');
    return native.namespace(handle);
  }

  get status() {
    return statusOf(stateOf(this));
  }

  get error() {
    const state = stateOf(this);
    if (state.error !== undefined) return state.error;
    if (native.status(state.handle) !== kErrored) throw new ERR_VM_MODULE_STATUS('must be errored');
    return native.exception(state.handle);
  }

  async link(linker) {
    const state = stateOf(this);
    validateFunction(linker, 'linker');
    const status = statusOf(state);
    if (status === 'linked') throw new ERR_VM_MODULE_ALREADY_LINKED();
    if (status !== 'unlinked') throw new ERR_VM_MODULE_STATUS('must be unlinked');
    await linkRequests(this, linker);
    native.instantiate(state.handle, linkFailure);
  }

  async evaluate(options = {}) {
    const { handle } = stateOf(this);
    validateObject(options, 'options');
    let { timeout } = options;
    if (timeout === undefined) timeout = -1;
    else validateUint32(timeout, 'options.timeout', true);
    // A worker gets no SIGINT of its own: there is nothing to break on.
    const { breakOnSigint = false } = options;
    validateBoolean(breakOnSigint, 'options.breakOnSigint');
    const status = native.status(handle);
    if (status !== kLinked && status !== kEvaluated && status !== kErrored) {
      throw new ERR_VM_MODULE_STATUS('must be one of linked, evaluated, or errored');
    }
    const evaluation = native.evaluate(handle, timeout);
    if (evaluation === native.timedOut) throw new ERR_SCRIPT_EXECUTION_TIMEOUT(timeout);
    await evaluation;
  }

  [customInspectSymbol](depth, options, inspect) {
    const state = stateOf(this);
    if (typeof depth === 'number' && depth < 0) return this;
    const constructor = typeof this.constructor === 'function' ? this.constructor : Module;
    const shown = {
      __proto__: Object.getPrototypeOf(this),
      status: statusOf(state),
      identifier: state.identifier,
      context: state.context,
    };
    Object.defineProperty(shown, Symbol.toStringTag, { __proto__: null, value: constructor.name, configurable: true });
    return (inspect || internalRequire('node/util').inspect)(shown, { ...options, customInspect: false });
  }
}

class SourceTextModule extends Module {
  constructor(sourceText, options = {}) {
    validateString(sourceText, 'sourceText');
    validateObject(options, 'options');
    const {
      lineOffset = 0,
      columnOffset = 0,
      initializeImportMeta,
      importModuleDynamically,
      context,
      identifier,
      cachedData,
    } = options;
    validateInt32(lineOffset, 'options.lineOffset');
    validateInt32(columnOffset, 'options.columnOffset');
    if (initializeImportMeta !== undefined) validateFunction(initializeImportMeta, 'options.initializeImportMeta');
    if (importModuleDynamically !== undefined) {
      validateFunction(importModuleDynamically, 'options.importModuleDynamically');
    }
    if (cachedData !== undefined && !ArrayBuffer.isView(cachedData)) {
      throw new ERR_INVALID_ARG_TYPE('options.cachedData', ['Buffer', 'TypedArray', 'DataView'], cachedData);
    }
    const importId = importModuleDynamically === undefined ? importer.kNoCallback : importer.newImportId();
    super({
      context,
      identifier,
      make(name) {
        const out = {};
        const handle = native.compileSourceText(sourceText, name, lineOffset, columnOffset, cachedData, context,
          importId, out);
        if (out.cachedDataRejected === true) throw new ERR_VM_MODULE_CACHED_DATA_REJECTED();
        return { handle, requests: native.requests(handle), initializeImportMeta };
      },
    });
    importer.register(context === undefined ? globalThis : context, importId,
      namespaceCallback(importModuleDynamically), this);
  }

  get status() {
    return statusOf(stateOf(this, 'SourceTextModule'));
  }

  get error() {
    stateOf(this, 'SourceTextModule');
    return super.error;
  }

  get dependencySpecifiers() {
    const state = stateOf(this, 'SourceTextModule');
    if (state.dependencySpecifiers === undefined) {
      state.dependencySpecifiers = state.requests.map(([specifier]) => specifier);
    }
    return state.dependencySpecifiers;
  }

  createCachedData() {
    const state = stateOf(this, 'SourceTextModule');
    const status = statusOf(state);
    if (status === 'evaluating' || status === 'evaluated' || status === 'errored') {
      throw new ERR_VM_MODULE_CANNOT_CREATE_CACHED_DATA();
    }
    return internalRequire('node/buffer').Buffer.from(native.createCachedData(state.handle));
  }
}

class SyntheticModule extends Module {
  constructor(exportNames, evaluateCallback, options = {}) {
    if (!Array.isArray(exportNames) || exportNames.some((name) => typeof name !== 'string')) {
      throw new ERR_INVALID_ARG_TYPE('exportNames', 'Array of unique strings', exportNames);
    }
    exportNames.forEach((name, i) => {
      if (exportNames.indexOf(name, i + 1) !== -1) {
        throw new ERR_INVALID_ARG_VALUE(`exportNames.${name}`, name, 'is duplicated');
      }
    });
    validateFunction(evaluateCallback, 'evaluateCallback');
    validateObject(options, 'options');
    const { context, identifier } = options;
    super({
      context,
      identifier,
      make: (name) => ({ handle: native.createSynthetic(exportNames, name, context), evaluateCallback }),
    });
  }

  setExport(name, value) {
    const { handle } = stateOf(this, 'SyntheticModule');
    validateString(name, 'name');
    if (native.status(handle) < kLinked) throw new ERR_VM_MODULE_STATUS('must be linked');
    native.setExport(handle, name, value);
  }
}

// What import() resolves to, from what an importModuleDynamically callback
// returned: a namespace as it is, a module's namespace (its error if it
// failed).
function namespaceCallback(importModuleDynamically) {
  if (importModuleDynamically === undefined) return undefined;
  return async (specifier, referrer, attributes) => {
    const result = await importModuleDynamically(specifier, referrer, attributes);
    if (isModuleNamespaceObject(result)) return result;
    if (!isModule(result)) throw new ERR_VM_MODULE_NOT_MODULE();
    if (result.status === 'errored') throw result.error;
    return result.namespace;
  };
}

native.setHooks(
  // import.meta of a SourceTextModule, the first time its code reads it.
  (meta, handle) => {
    const module = moduleOfHandle.get(handle);
    const state = module === undefined ? undefined : states.get(module);
    if (state !== undefined && state.initializeImportMeta !== undefined) state.initializeImportMeta(meta, module);
  },
  // A SyntheticModule evaluates: its callback sets its exports.
  (handle) => {
    const module = moduleOfHandle.get(handle);
    const state = states.get(module);
    // What it returns (a promise, for an async callback) is not waited for.
    Reflect.apply(state.evaluateCallback, module, []);
  });

module.exports = {
  Module,
  SourceTextModule,
  SyntheticModule,
  namespaceCallback,
};
