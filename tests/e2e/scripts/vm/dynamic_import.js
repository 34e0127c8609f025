'use strict';
// import() in vm code without --experimental-vm-modules, and contexts with a
// microtask queue of their own. Every line printed is what Node 20 prints
// (dynamic_import.out).
const vm = require('vm');
const util = require('util');

const show = (label, fn) => {
  try {
    console.log(label, '=>', util.inspect(fn()));
  } catch (err) {
    console.log(label, 'threw', err.name, err.code, JSON.stringify(err.message));
  }
};
const outcome = (label, promise) => promise.then(
  (value) => console.log(label, 'resolved', typeof value),
  (err) => console.log(label, 'rejected', err.name, err.code, JSON.stringify(err.message)));

async function dynamicImport() {
  console.log('modules without the flag:', typeof vm.SourceTextModule, 'Module' in vm, process.execArgv.length);
  show('option 1', () => new vm.Script('1', { importModuleDynamically: 1 }));
  show('option {} of compileFunction', () => vm.compileFunction('1', [], { importModuleDynamically: {} }));
  show('option of runInThisContext', () => vm.runInThisContext('1', { importModuleDynamically: Symbol('x') }));
  let called = 0;
  const callback = () => called++;
  await outcome('script without a callback', new vm.Script('import("fs")').runInThisContext());
  await outcome('function without a callback', vm.compileFunction('return import("fs")')());
  await outcome('script with a callback', new vm.Script('import("fs")', { importModuleDynamically: callback })
    .runInThisContext());
  await outcome('function with a callback', vm.compileFunction('return import("fs")', [], {
    importModuleDynamically: callback,
  })());
  await outcome('in a new context', vm.runInNewContext('import("fs")', {}));
  await outcome('eval in vm code', vm.runInThisContext('eval("import(\'fs\')")'));
  await outcome('new Function in vm code', vm.runInThisContext('new Function("return import(\'fs\')")()'));
  const context = vm.createContext();
  const promise = vm.runInContext('import("fs")', context);
  console.log('promise of the context:', promise instanceof Promise,
    Object.getPrototypeOf(promise) === vm.runInContext('Promise.prototype', context));
  await outcome('that promise', promise);
  await outcome('main loader', vm.runInContext('import("fs")', context, {
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  }));
  await outcome('eval outside vm code', eval('import("path")'));
  console.log('callbacks called:', called);
}

async function microtasks() {
  const log = [];
  const context = vm.createContext({ log }, { microtaskMode: 'afterEvaluate' });
  vm.runInContext('Promise.resolve().then(() => log.push("inner microtask")); log.push("script")', context);
  log.push('after runInContext');
  await null;
  console.log(log.join(', '));

  // Resolved from outside, a promise of the context runs its reactions in the
  // context's queue, which runs only at the end of the next run there.
  vm.runInContext('new Promise((resolve) => { globalThis.resolve = resolve; }).then(() => log.push("reaction"))',
    context);
  context.resolve();
  await new Promise((resolve) => setImmediate(resolve));
  console.log('before the next run:', log.includes('reaction'));
  vm.runInContext('', context);
  console.log('after it:', log.includes('reaction'));

  show('a microtask that spins is timed', () => vm.runInNewContext('Promise.resolve().then(() => { while (true); })',
    {}, { timeout: 20, microtaskMode: 'afterEvaluate' }));
  show('microtaskMode other', () => vm.createContext({}, { microtaskMode: 'beforeEvaluate' }));
  const plain = [];
  vm.runInNewContext('Promise.resolve().then(() => plain.push("later")); plain.push("now")', { plain });
  plain.push('after');
  await null;
  console.log('without a queue of its own:', plain.join(', '));
}

(async () => {
  await dynamicImport();
  await microtasks();
  console.log('done');
})();
