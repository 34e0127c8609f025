'use strict';
// Contexts made from objects: globals read and written through the sandbox,
// `this`, builtins of each context, instanceof across contexts. Every line
// printed is what Node 20 prints (contexts.out).
const vm = require('vm');
const util = require('util');

const sandbox = { a: 1, list: [1, 2] };
const context = vm.createContext(sandbox);
console.log('same object:', context === sandbox, vm.isContext(sandbox), vm.isContext({}));

vm.runInContext('var v = 2; b = 3; function f() { return a + v; } let hidden = 4; this.t = 5;', sandbox);
console.log('written:', Object.keys(sandbox).join(), typeof sandbox.f, sandbox.f(), 'hidden' in sandbox);
sandbox.later = 'seen';
console.log('read:', vm.runInContext('later + ":" + a + ":" + typeof hidden', sandbox));
vm.runInContext('delete b; a = 10', sandbox);
console.log('after delete:', 'b' in sandbox, sandbox.a);
vm.runInContext('globalThis.g = 1; Object.defineProperty(this, "d", { value: 7, enumerable: true })', sandbox);
console.log('defined:', sandbox.g, sandbox.d, Object.getOwnPropertyDescriptor(sandbox, 'd').writable);
console.log('keys inside:', vm.runInContext('Object.keys(globalThis).sort().join()', sandbox));
sandbox[0] = 'zero';
vm.runInContext('this[1] = this[0] + "!"', sandbox);
console.log('elements:', sandbox[1]);

const global = vm.runInContext('this', sandbox);
console.log('this:', global === sandbox, global.a, vm.runInContext('this === globalThis', sandbox));
sandbox.self = sandbox;
console.log('self is the global inside:', vm.runInContext('self === this', sandbox));
delete sandbox.self;

console.log('own builtins:', vm.runInContext('Array', sandbox) === Array, typeof vm.runInContext('Array', sandbox));
console.log('no console or require:', vm.runInContext('typeof console + " " + typeof require + " " + typeof process', sandbox));
const array = vm.runInNewContext('[1, 2, 3]');
console.log('array:', array instanceof Array, Array.isArray(array), JSON.stringify(array));
const made = vm.runInNewContext('({ m: new Map([[1, 2]]), d: new Date(0), r: /x/g, e: new TypeError("t") })');
console.log('instances:', made.m instanceof Map, util.types.isMap(made.m), made.d.getTime(), String(made.r),
  made.e instanceof TypeError, util.types.isNativeError(made.e), made.e.message);
console.log('outer objects inside:', vm.runInNewContext('o instanceof Object', { o: {} }),
  vm.runInNewContext('o instanceof C', { o: [], C: Array }));

console.log('undefined stays:', vm.runInNewContext('undefined = 1; typeof undefined'));
console.log('getter on sandbox:', vm.runInNewContext('now', { get now() { return 'got'; } }));
console.log('frozen sandbox (sloppy):', vm.runInNewContext('k = 2; k', Object.freeze({ k: 1 })));
try {
  vm.runInNewContext('"use strict"; undeclared = 1');
} catch (e) {
  console.log('strict undeclared:', e.name, e.message, e instanceof ReferenceError);
}
console.log('strict declared:', vm.runInNewContext('"use strict"; declared = 2; declared', { declared: 1 }));

const lexical = vm.createContext({});
vm.runInContext('let l1 = 1; const c1 = 2; class K {}', lexical);
console.log('lexical:', Object.keys(lexical).length, vm.runInContext('l1 + c1 + typeof K', lexical));

globalThis.visible = 'global';
const local = 'local';
console.log('this context:', vm.runInThisContext('visible + " " + typeof local'), local);
delete globalThis.visible;

const counter = new vm.Script('count = (typeof count === "number" ? count : 0) + 1');
const c1 = vm.createContext({});
const c2 = vm.createContext({ count: 10 });
counter.runInContext(c1);
counter.runInContext(c1);
counter.runInContext(c2);
console.log('one script, many contexts:', c1.count, c2.count, counter.runInNewContext({ count: 100 }));

const add = vm.compileFunction('return a + b + c', ['a', 'b'], { contextExtensions: [{ c: 3 }] });
console.log('compileFunction:', add(1, 2), add.length);
const inContext = vm.compileFunction('return typeof d + ":" + d', [], { parsingContext: vm.createContext({ d: 'dd' }) });
console.log('parsingContext:', inContext());

console.log('eval inside:', vm.runInNewContext('eval("1 + 2") + new Function("return 4")()'));
try {
  vm.runInNewContext('eval("1")', {}, { contextCodeGeneration: { strings: false } });
} catch (e) {
  console.log('no eval:', e.name, e.message);
}
const plain = vm.createContext(vm.constants.DONT_CONTEXTIFY);
vm.runInContext('var pv = 1', plain);
console.log('not contextified:', vm.isContext(plain), vm.runInContext('globalThis', plain) === plain, plain.pv);

const proxied = new Proxy({ p: 1 }, { get: (target, key) => (key === 'p' ? 41 : Reflect.get(target, key)) });
vm.createContext(proxied);
console.log('proxy sandbox:', vm.runInContext('p + 1', proxied));

const cached = new vm.Script('1 + 1', { produceCachedData: true });
const fromCache = new vm.Script('1 + 1', { cachedData: cached.cachedData });
console.log('cached data:', cached.cachedDataProduced, Buffer.isBuffer(cached.cachedData), fromCache.cachedDataRejected,
  fromCache.runInThisContext(), Buffer.isBuffer(fromCache.createCachedData()),
  new vm.Script('1', { cachedData: Buffer.from('junk') }).cachedDataRejected);
console.log('source map:', new vm.Script('1\n//# sourceMappingURL=x.map').sourceMapURL);
console.log('inspect:', util.inspect(vm.createContext({ a: 1 })));
vm.runInNewContext('Promise.resolve(5)').then((v) => console.log('promise of a context:', v));
