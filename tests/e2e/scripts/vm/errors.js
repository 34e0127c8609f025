'use strict';
// vm's errors: Node's codes and messages for bad arguments, the time limit,
// and the "file:line / source / caret" that heads the stack of an error
// thrown by vm code. Prints what Node 20 prints (errors.out).
const vm = require('vm');

function show(label, fn) {
  try {
    const result = fn();
    console.log(label, 'returned', typeof result);
  } catch (e) {
    console.log(label, e.name, e.code, e.message);
  }
}

// The first lines of a stack: the location, the source line, the caret and
// the error; the frames after that are the runtime's own.
function head(label, fn) {
  try {
    fn();
  } catch (e) {
    console.log(label, JSON.stringify(e.stack.split('\n').slice(0, 5)), e instanceof Error);
  }
}

show('Script options', () => new vm.Script('1', 5));
show('Script lineOffset', () => new vm.Script('1', { lineOffset: '1' }));
show('Script lineOffset int', () => new vm.Script('1', { lineOffset: 1.5 }));
show('Script filename', () => new vm.Script('1', { filename: 1 }));
show('Script cachedData', () => new vm.Script('1', { cachedData: 'x' }));
show('Script produceCachedData', () => new vm.Script('1', { produceCachedData: 1 }));
show('code is made a string', () => new vm.Script(42));
show('timeout 0', () => vm.runInThisContext('1', { timeout: 0 }));
show('timeout type', () => vm.runInThisContext('1', { timeout: '1' }));
show('displayErrors', () => vm.runInThisContext('1', { displayErrors: 1 }));
show('run options null', () => new vm.Script('1').runInThisContext(null));
show('not a context', () => new vm.Script('1').runInContext({}));
show('context null', () => vm.runInContext('1', null));
show('createContext null', () => vm.createContext(null));
show('createContext string', () => vm.createContext('x'));
show('createContext name', () => vm.createContext({}, { name: 1 }));
show('codeGeneration', () => vm.createContext({}, { codeGeneration: { strings: 1 } }));
show('microtaskMode', () => vm.createContext({}, { microtaskMode: 'x' }));
show('isContext', () => vm.isContext(1));
show('contextName', () => vm.runInNewContext('1', {}, { contextName: 1 }));
show('contextCodeGeneration', () => vm.runInNewContext('1', {}, { contextCodeGeneration: { wasm: 1 } }));
show('compileFunction code', () => vm.compileFunction(1));
show('compileFunction params', () => vm.compileFunction('', 'a'));
show('compileFunction param', () => vm.compileFunction('', [1]));
show('parsingContext', () => vm.compileFunction('', [], { parsingContext: {} }));
show('contextExtensions', () => vm.compileFunction('', [], { contextExtensions: [1] }));

const start = Date.now();
show('timeout', () => vm.runInNewContext('while (true) {}', {}, { timeout: 50 }));
console.log('prompt after the timeout:', Date.now() - start < 5000, vm.runInThisContext('1 + 1'));
show('inner timeout', () => vm.runInNewContext('vm.runInNewContext("while (true) {}", {}, { timeout: 20 })', { vm }, { timeout: 10000 }));
show('outer timeout', () => vm.runInNewContext('vm.runInNewContext("while (true) {}", {})', { vm }, { timeout: 50 }));
show('within the limit', () => vm.runInNewContext('x * 2', { x: 21 }, { timeout: 1000 }));

head('syntax', () => new vm.Script('foo(', { filename: 'syntax.js' }));
head('syntax, offsets', () => new vm.Script('\n  foo(', { filename: 'offset.js', lineOffset: 10, columnOffset: 5 }));
head('syntax, default name', () => vm.runInThisContext('foo('));
head('compileFunction syntax', () => vm.compileFunction('\nfoo(', [], { filename: 'fn.js' }));
head('thrown in a context', () => vm.runInNewContext('\n\nthrow new TypeError("boom")', {}, 'thrown.js'));
head('thrown here', () => vm.runInThisContext('\nnull.x', { filename: 'here.js' }));
try {
  vm.runInNewContext('null.x', {}, { filename: 'quiet.js', displayErrors: false });
} catch (e) {
  console.log('not displayed', JSON.stringify(e.stack.split('\n').slice(0, 2)));
}
show('thrown non-error', () => vm.runInThisContext('throw 1'));
