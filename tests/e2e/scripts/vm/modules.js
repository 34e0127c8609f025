'use strict';
// vm.SourceTextModule and vm.SyntheticModule (run with
// --experimental-vm-modules): construction and its argument checks, linking,
// evaluation, errors, cached data, import.meta, import() from modules and
// scripts, time limits and contexts with their own microtask queue. Every
// line printed is what Node 20 prints (modules.out).
const vm = require('vm');
const util = require('util');
const { Module, SourceTextModule, SyntheticModule } = vm;

const show = (label, fn) => {
  try {
    console.log(label, '=>', util.inspect(fn()));
  } catch (err) {
    console.log(label, 'threw', err.name, err.code, JSON.stringify(err.message));
  }
};
const rejection = (label) => (err) => console.log(label, 'rejected', err.name, err.code, JSON.stringify(err.message));

async function construction() {
  console.log('exports:', Object.keys(vm).filter((key) => /Module/.test(key)).join());
  console.log('lengths:', Module.length, SourceTextModule.length, SyntheticModule.length);
  show('new Module', () => new Module());
  show('no source', () => new SourceTextModule());
  show('options null', () => new SourceTextModule('', null));
  show('identifier 1', () => new SourceTextModule('', { identifier: 1 }));
  show('context {}', () => new SourceTextModule('', { context: {} }));
  show('context 1', () => new SourceTextModule('', { context: 1 }));
  show('lineOffset', () => new SourceTextModule('', { lineOffset: 'x' }));
  show('cachedData', () => new SourceTextModule('', { cachedData: 'x' }));
  show('initializeImportMeta', () => new SourceTextModule('', { initializeImportMeta: {} }));
  show('importModuleDynamically', () => new SourceTextModule('', { importModuleDynamically: 'x' }));
  show('syntax error', () => new SourceTextModule('export {', { identifier: 'file:///x.mjs' }));
  show('export names', () => new SyntheticModule('x', () => {}));
  show('duplicate names', () => new SyntheticModule(['a', 'a'], () => {}));
  show('no callback', () => new SyntheticModule(['a'], 1));
  show('identifiers', () => [new SourceTextModule('').identifier, new SyntheticModule([], () => {}).identifier]);
  const context = vm.createContext();
  show('identifiers in a context', () => [new SourceTextModule('', { context }).identifier,
    new SourceTextModule('', { context }).identifier, new SourceTextModule('', { identifier: 'mine' }).identifier]);
  show('not a module', () => Reflect.get(SourceTextModule.prototype, 'status'));
  show('not a module either', () => SourceTextModule.prototype.dependencySpecifiers);
}

async function linking() {
  const m = new SourceTextModule(
    'import a from "foo" with { type: "json" }; import b from "bar"; import c from "foo"; export { a, b, c };',
    { identifier: 'm' });
  show('dependencySpecifiers', () => [m.dependencySpecifiers, m.dependencySpecifiers === m.dependencySpecifiers]);
  show('unlinked', () => [m.status, m.context]);
  show('namespace too early', () => m.namespace);
  show('error too early', () => m.error);
  show('inspect', () => m);
  await m.evaluate().catch(rejection('evaluate unlinked'));
  await m.link(1).catch(rejection('linker 1'));
  let n = 0;
  await m.link((specifier, referrer, extra) => {
    console.log('linker', specifier, referrer === m, util.inspect(extra), m.status);
    return new SyntheticModule(['default'], function () { this.setExport('default', ++n); });
  });
  show('linked', () => [m.status, m.namespace]);
  await m.link(() => {}).catch(rejection('link again'));
  await m.evaluate();
  show('evaluated', () => [m.status, m.namespace]);

  const other = vm.createContext();
  const m2 = new SourceTextModule('import "x"');
  await m2.link(() => new SourceTextModule('', { context: other })).catch(rejection('other context'));
  show('after', () => [m2.status, m2.error.code]);
  const m3 = new SourceTextModule('import "x"');
  await m3.link(() => ({})).catch(rejection('not a module'));
  const m4 = new SourceTextModule('import { nope } from "x"');
  await m4.link(() => new SourceTextModule('export const yes = 1')).catch(rejection('missing export'));
  show('after', () => m4.status);
  const m5 = new SourceTextModule('import "x"');
  const linking = m5.link(async () => {
    await null;
    return new SourceTextModule('');
  });
  show('while linking', () => m5.status);
  await m5.link(() => {}).catch(rejection('link while linking'));
  await linking;
  show('after', () => m5.status);

  // A graph with a cycle, and a module that two others import.
  const sources = {
    root: 'import * as a from "./a.mjs"; import * as b from "./b.mjs"; export const all = [a.fromA, a.fromB, b.fromA];',
    './a.mjs': 'export * from "./b.mjs"; export let fromA = "A";',
    './b.mjs': 'export * from "./a.mjs"; export let fromB = "B";',
  };
  const made = new Map();
  const linker = (specifier) => {
    if (!made.has(specifier)) made.set(specifier, new SourceTextModule(sources[specifier], { identifier: specifier }));
    return made.get(specifier);
  };
  const root = new SourceTextModule(sources.root, { identifier: 'root' });
  await root.link(linker);
  await root.evaluate();
  show('cycle', () => [root.namespace.all, [...made.keys()], made.get('./a.mjs').status]);
}

async function evaluation() {
  globalThis.count = 0;
  const once = new SourceTextModule('count += 1;');
  await once.link(() => {});
  console.log('evaluate resolves to', await once.evaluate(), await once.evaluate(), globalThis.count);
  delete globalThis.count;

  const thrower = new SourceTextModule('\n\nnull.x', { identifier: 'file:///boom.mjs', lineOffset: 10 });
  await thrower.link(() => {});
  const first = thrower.evaluate();
  show('status', () => thrower.status);
  await first.catch((err) => console.log('thrown', err.message, err.stack.split('\n')[1].trim()));
  await thrower.evaluate().catch((err) => console.log('again', err === thrower.error));
  show('errored', () => [thrower.status, thrower.error.name]);
  await thrower.link(() => {}).catch(rejection('link errored'));

  const tla = new SourceTextModule('await new Promise((r) => setTimeout(r, 5)); export const v = 2; export let u;');
  await tla.link(() => {});
  const pending = tla.evaluate();
  show('top-level await', () => [tla.status, tla.namespace]);
  await pending;
  show('then', () => [tla.status, tla.namespace]);

  const context = vm.createContext({ seen: [] });
  const inContext = new SourceTextModule('seen.push(typeof require, typeof globalThis.seen); export default 1;', { context });
  await inContext.link(() => {});
  await inContext.evaluate();
  show('in a context', () => [context.seen, inContext.context === context]);

  const syn = new SyntheticModule(['a', 'b'], function () {
    console.log('synthetic evaluates, this can set exports:', typeof this.setExport);
    this.setExport('a', 1);
  });
  show('setExport unlinked', () => syn.setExport('a', 0));
  await syn.link(() => { throw new Error('never called'); });
  show('synthetic linked', () => [syn.status, syn.namespace, syn.dependencySpecifiers]);
  show('setExport c', () => syn.setExport('c', 1));
  show('setExport 1', () => syn.setExport(1, 1));
  await syn.evaluate();
  syn.setExport('b', 'later');
  show('synthetic evaluated', () => [syn.status, syn.namespace]);
  await syn.evaluate(null).catch(rejection('options null'));
  await syn.evaluate({ timeout: 0 }).catch(rejection('timeout 0'));
  await syn.evaluate({ breakOnSigint: 1 }).catch(rejection('breakOnSigint'));
  const failing = new SyntheticModule([], () => { throw new RangeError('synthetic failed'); });
  await failing.link(() => {});
  await failing.evaluate().catch(rejection('synthetic'));
  show('failed', () => [failing.status, failing.error.message]);
  show('inspect', () => syn);
}

async function cachedData() {
  const m = new SourceTextModule('export const a = 1');
  const data = m.createCachedData();
  show('cached data', () => [Buffer.isBuffer(data), data.length > 0]);
  show('accepted', () => new SourceTextModule('export const a = 1', { cachedData: data }).status);
  show('rejected', () => new SourceTextModule('other', { cachedData: data }));
  await m.link(() => {});
  await m.evaluate();
  show('after evaluate', () => m.createCachedData());
}

async function importMeta() {
  const m = new SourceTextModule('export default import.meta; export const again = import.meta;', {
    initializeImportMeta: (meta, module) => {
      console.log('initializeImportMeta', module === m, Object.getPrototypeOf(meta), Object.keys(meta));
      meta.prop = 42;
    },
  });
  await m.link(() => {});
  await m.evaluate();
  show('import.meta', () => [m.namespace.default, m.namespace.default === m.namespace.again]);
  const plain = new SourceTextModule('export default import.meta');
  await plain.link(() => {});
  await plain.evaluate();
  show('without a callback', () => plain.namespace.default);
}

async function dynamicImport() {
  const context = vm.createContext();
  const target = new SourceTextModule('export const a = 1;', { context });
  await target.link(() => {});
  const script = new vm.Script('import("target")', {
    importModuleDynamically(specifier, referrer, attributes) {
      console.log('script callback', specifier, referrer === script, util.inspect(attributes));
      return target;
    },
  });
  const promise = script.runInContext(context);
  console.log('promise of the context:', Object.getPrototypeOf(promise) === vm.runInContext('Promise.prototype', context));
  show('namespace', async () => 0);
  console.log('imported', util.inspect(await promise), target.status);

  const fn = vm.compileFunction('return import("x", { with: { type: "json" } })', [], {
    importModuleDynamically(specifier, referrer, attributes) {
      console.log('function callback', specifier, referrer === fn, util.inspect(attributes));
      return { not: 'a module' };
    },
  });
  await fn().catch(rejection('not a module'));
  const failing = new vm.Script('import("x")', { importModuleDynamically() { throw new Error('callback threw'); } });
  await failing.runInThisContext().catch(rejection('callback threw'));
  const namespace = new vm.Script('import("x")', { importModuleDynamically: () => import('path') });
  console.log('a namespace as it is:', typeof (await namespace.runInThisContext()).join);

  const importer = new SourceTextModule('export const p = import("dep");', {
    importModuleDynamically: async (specifier, referrer) => {
      console.log('module callback', specifier, referrer === importer);
      const dep = new SyntheticModule(['x'], function () { this.setExport('x', 'from dep'); });
      await dep.link(() => {});
      await dep.evaluate();
      return dep;
    },
  });
  await importer.link(() => {});
  await importer.evaluate();
  console.log('from a module:', (await importer.namespace.p).x);
  const none = new SourceTextModule('export const p = import("dep");');
  await none.link(() => {});
  await none.evaluate();
  await none.namespace.p.catch(rejection('no callback'));
  await new vm.Script('import("fs")').runInThisContext().catch(rejection('script without one'));
  await new vm.Script('eval("import(\'fs\')")').runInThisContext().catch(rejection('eval inherits it'));
  const main = new vm.Script('import("path")', { importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
  console.log('main loader:', typeof (await main.runInThisContext()).join);
}

async function timeAndMicrotasks() {
  const spin = 'Promise.resolve().then(() => { while (true); });';
  const context = vm.createContext({}, { microtaskMode: 'afterEvaluate' });
  const m = new SourceTextModule(`${spin} export {};`, { context });
  await m.link(() => {});
  await m.evaluate({ timeout: 20 }).catch(rejection('a module whose microtask spins'));
  show('a script whose microtask spins', () => vm.runInNewContext(spin, {}, { timeout: 20, microtaskMode: 'afterEvaluate' }));
  const own = vm.createContext({ log: [] }, { microtaskMode: 'afterEvaluate' });
  vm.runInContext('Promise.resolve().then(() => log.push("microtask")); log.push("script")', own);
  console.log('after the run:', own.log.join());
  const m2 = new SourceTextModule('while (true);', {});
  await m2.link(() => {});
  await m2.evaluate({ timeout: 20 }).catch(rejection('a spinning module'));
}

(async () => {
  await construction();
  await linking();
  await evaluation();
  await cachedData();
  await importMeta();
  await dynamicImport();
  await timeAndMicrotasks();
  console.log('done');
})();
