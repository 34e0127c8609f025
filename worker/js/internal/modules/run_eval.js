'use strict';

// The entry of a worker started as Node's `-e CODE`, `-p CODE` or `-` (a
// script read from stdin). The code is a script in the global scope, not a
// module: its top-level `var`s become globals and its completion value is
// what -p prints. As under Node, `require`, `module`, `exports`,
// `__filename` ('[eval]' or '[stdin]') and `__dirname` ('.') are globals, and
// so is each builtin module by its name (`fs`, `vm`, ...), loaded on first read.

const { Module, makeRequire } = internalRequire('internal/modules/cjs/loader');
const path = internalRequire('internal/path/posix');

// Start.source_kind (proto/isohost.proto).
const kSourcePrint = 2;
const kSourceStdin = 3;

function defineGlobal(name, value) {
  Object.defineProperty(globalThis, name, { __proto__: null, value, writable: true, enumerable: true, configurable: true });
}

// `fs` and the like as globals that become the module when first read; an
// assignment replaces them. Names the global object already has stay as they are.
function defineBuiltinGlobals(require) {
  for (const name of internalRequire('internal/modules/builtins').names) {
    if (name.includes('/') || name.startsWith('_') || Object.prototype.hasOwnProperty.call(globalThis, name)) continue;
    Object.defineProperty(globalThis, name, {
      __proto__: null,
      get() {
        const value = require(name);
        Object.defineProperty(globalThis, name, { __proto__: null, value, writable: true, enumerable: false, configurable: true });
        return value;
      },
      set(value) {
        Object.defineProperty(globalThis, name, { __proto__: null, value, writable: true, enumerable: true, configurable: true });
      },
      enumerable: false,
      configurable: true,
    });
  }
}

// Eval input that is an ES module (--input-type=module, or ES syntax that
// the script form cannot compile): run as one, at file:///CWD/[eval1].
function runAsModule(source, sourceKind) {
  if (sourceKind === kSourcePrint) throw new (internalRequire('internal/errors').codes.ERR_EVAL_ESM_CANNOT_PRINT)();
  const loader = internalRequire('internal/modules/esm/loader');
  const name = sourceKind === kSourceStdin ? '[stdin]' : '[eval1]';
  return loader.runSourceEntry(source, loader.pathToFileUrl(path.join(binding.cwd(), name)));
}

// Runs Node's -e/-p/stdin input. Returns the promise of the module's
// namespace when it ran as an ES module, else undefined.
function runEval(source, sourceKind, inputType) {
  if (inputType === 'module') return runAsModule(source, sourceKind);
  const name = sourceKind === kSourceStdin ? '[stdin]' : '[eval]';
  // Compiled as vm.Script compiles, but import() in it goes to the worker's
  // own loader, as in Node.
  const vm = binding.internalBinding('vm');
  let script;
  try {
    script = vm.compileScript(source, name, 0, 0, undefined, false, {}, undefined);
  } catch (err) {
    if (inputType === undefined && internalRequire('internal/modules/cjs/loader').isModuleSyntaxError(err, source, name)) {
      return runAsModule(source, sourceKind);
    }
    throw err;
  }
  const cwd = binding.cwd();
  const module = new Module(name, null);
  module.filename = path.join(cwd, name);
  module.paths = Module._nodeModulePaths(cwd);
  const require = makeRequire(module);
  defineGlobal('__filename', name);
  defineGlobal('module', module);
  defineGlobal('exports', module.exports);
  defineGlobal('__dirname', '.');
  defineGlobal('require', require);
  defineBuiltinGlobals(require);
  const result = vm.runScript(script, undefined, -1, true);
  module.loaded = true;
  if (sourceKind === kSourcePrint) globalThis.console.log(result);
  return undefined;
}

exports.runEval = runEval;
