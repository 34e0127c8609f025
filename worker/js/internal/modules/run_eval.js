'use strict';

// The entry of a worker started as Node's `-e CODE`, `-p CODE` or `-` (a
// script read from stdin). The code is a script in the global scope, not a
// module: its top-level `var`s become globals and its completion value is
// what -p prints. As under Node, `require`, `module`, `exports`,
// `__filename` ('[eval]' or '[stdin]') and `__dirname` ('.') are globals, and
// so is each builtin module by its name (`fs`, `vm`, ...), loaded on first read.

const { Module, makeRequire } = internalRequire('modules');
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

function runEval(source, sourceKind) {
  const name = sourceKind === kSourceStdin ? '[stdin]' : '[eval]';
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
  const result = internalRequire('node/vm').runInThisContext(source, { filename: name });
  module.loaded = true;
  if (sourceKind === kSourcePrint) globalThis.console.log(result);
}

exports.runEval = runEval;
