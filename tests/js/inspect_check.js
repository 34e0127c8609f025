'use strict';
// Checks worker/js/internal/util/inspect/format.js and worker/js/internal/console/global.js against Node 20.
//
//   node tests/js/inspect_check.js [-v]
//
// 1. Runs the conformance cases that need nothing but console (all of
//    inspect-*, and other synchronous ones) in a vm context whose console is
//    ours, and compares stdout and the exit code with the recorded .out and
//    .code files. Each case runs twice: with the modules loaded in this
//    context through `new Function` (so every value crosses contexts), and
//    with the modules compiled inside the case's context, as the worker does.
// 2. Compares our inspect()/format() with Node's util.inspect()/util.format()
//    over a table of values, and our console with Node's Console.
// Prints each mismatch and exits non-zero if there is any.

const fs = require('node:fs');
const path = require('node:path');
const util = require('node:util');
const vm = require('node:vm');
const { Console } = require('node:console');
const { Writable } = require('node:stream');

const kRoot = path.resolve(__dirname, '..', '..');
const kJsDir = path.join(kRoot, 'worker', 'js');
const kCasesDir = path.resolve(kRoot, '..', 'shared', 'conformance', 'cases');
const verbose = process.argv.includes('-v');
const kRandomValues = 2000;

const kParams = ['exports', 'binding', 'internalRequire'];

// Loads the builtins the way the worker does: each file is the body of a
// function (exports, binding, internalRequire). `compile(source)` returns
// that function.
function loadBuiltins(compile) {
  const cache = new Map();
  function internalRequire(name) {
    if (cache.has(name)) return cache.get(name);
    const exports = {};
    cache.set(name, exports);
    const source = fs.readFileSync(path.join(kJsDir, `${name}.js`), 'utf8');
    compile(source)(exports, {}, internalRequire);
    return exports;
  }
  return internalRequire;
}

// eslint-disable-next-line no-new-func
const mainRequire = loadBuiltins((source) => new Function(...kParams, source));
const ours = mainRequire('inspect');
const ourConsoleModule = mainRequire('console');

let failures = 0;
let passes = 0;

function fail(name, expected, actual) {
  failures++;
  console.log(`FAIL ${name}`);
  console.log(`  expected: ${JSON.stringify(expected)}`);
  console.log(`  actual:   ${JSON.stringify(actual)}`);
}

function check(name, expected, actual) {
  if (expected === actual) {
    passes++;
    if (verbose) console.log(`ok   ${name}`);
  } else {
    fail(name, expected, actual);
  }
}

// ---------------------------------------------------------------------------
// 1. Conformance cases.

// Cases outside inspect-* run only when synchronous console output is all
// they need.
const kNeedsRuntime = new RegExp([
  'setTimeout', 'setImmediate', 'setInterval', 'queueMicrotask', 'nextTick',
  'Promise', '\\basync\\b', '\\bawait\\b', 'parentPort', 'structuredClone',
  'process\\.(?!stdout\\.write|stderr\\.write|exitCode)', "require\\(['\"]\\.",
  '__dirname', 'module\\.exports',
].join('|'));

function caseNames() {
  return fs.readdirSync(kCasesDir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => f.slice(0, -3))
    .filter((name) => {
      if (name.startsWith('inspect-')) return true;
      const source = fs.readFileSync(path.join(kCasesDir, `${name}.js`), 'utf8');
      const code = source.replace(/^\s*\/\/.*$/gm, '');
      return !kNeedsRuntime.test(code);
    })
    .sort();
}

function runCase(name, sameContext) {
  const file = path.join(kCasesDir, `${name}.js`);
  const source = fs.readFileSync(file, 'utf8');
  let stdout = '';
  const writeText = (stream, text) => {
    if (stream === 'stdout') stdout += text;
  };
  const workerThreads = {
    parentPort: null,
    workerData: { case: name },
    isMainThread: false,
    threadId: 1,
  };
  const process = {
    exitCode: undefined,
    stdout: { write(chunk) { stdout += String(chunk); return true; } },
    stderr: { write() { return true; } },
  };
  const sandbox = {
    process,
    require(id) {
      if (id === 'worker_threads' || id === 'node:worker_threads') return workerThreads;
      throw new Error(`inspect_check: require('${id}') is not stubbed`);
    },
    __filename: file,
  };
  const context = vm.createContext(sandbox);
  const createConsole = sameContext ?
    loadBuiltins((src) => vm.compileFunction(src, kParams, { parsingContext: context }))(
      'console').createConsole :
    ourConsoleModule.createConsole;
  sandbox.console = createConsole(writeText);

  let code = 0;
  try {
    vm.runInContext(source, context, { filename: file });
    if (process.exitCode !== undefined) code = Number(process.exitCode);
  } catch (err) {
    stdout += `<<uncaught: ${err && err.stack}>>\n`;
    code = 1;
  }
  const label = `case ${name} (${sameContext ? 'same context' : 'cross context'})`;
  const expectedOut = fs.readFileSync(path.join(kCasesDir, `${name}.out`), 'utf8');
  const expectedCode = Number(fs.readFileSync(path.join(kCasesDir, `${name}.code`), 'utf8'));
  if (expectedOut === stdout && expectedCode === code) {
    passes++;
    if (verbose) console.log(`ok   ${label}`);
    return;
  }
  failures++;
  console.log(`FAIL ${label}`);
  if (expectedCode !== code) console.log(`  exit code: expected ${expectedCode}, got ${code}`);
  const want = expectedOut.split('\n');
  const got = stdout.split('\n');
  for (let i = 0; i < Math.max(want.length, got.length); i++) {
    if (want[i] !== got[i]) {
      console.log(`  line ${i + 1}: expected ${JSON.stringify(want[i])}`);
      console.log(`  line ${i + 1}: actual   ${JSON.stringify(got[i])}`);
    }
  }
}

const cases = caseNames();
for (const name of cases) {
  runCase(name, false);
  runCase(name, true);
}

// ---------------------------------------------------------------------------
// 2. inspect() and format() against Node.

// Each entry builds its value afresh for each side, so that values that
// change when inspected (iterators) or that carry identity compare fairly.
// Values whose output depends on identity only (errors: their stacks) are
// built once and shared.
const inspectTable = [];
function inspectCase(name, make, options) {
  inspectTable.push({ name, make, options });
}

// Primitives.
inspectCase('undefined', () => undefined);
inspectCase('null', () => null);
inspectCase('true', () => true);
inspectCase('false', () => false);
inspectCase('0', () => 0);
inspectCase('-0', () => -0);
inspectCase('42', () => 42);
inspectCase('-1.5', () => -1.5);
inspectCase('NaN', () => NaN);
inspectCase('Infinity', () => Infinity);
inspectCase('-Infinity', () => -Infinity);
inspectCase('1e21', () => 1e21);
inspectCase('1e-7', () => 1e-7);
inspectCase('MAX_SAFE', () => Number.MAX_SAFE_INTEGER);
inspectCase('bigint', () => 1n);
inspectCase('negative bigint', () => -12345678901234567890n);
inspectCase('numericSeparator number', () => 1234567.891234, { numericSeparator: true });
inspectCase('numericSeparator int', () => -1234567, { numericSeparator: true });
inspectCase('numericSeparator bigint', () => 12345678901n, { numericSeparator: true });
inspectCase('symbol', () => Symbol('a'));
inspectCase('symbol no description', () => Symbol());
inspectCase('well-known symbol', () => Symbol.iterator);
inspectCase('empty string', () => '');
inspectCase('string', () => 'hello');
inspectCase('string with single quote', () => "it's");
inspectCase('string with both quotes', () => 'it\'s "x"');
inspectCase('string with all quotes', () => 'it\'s "x" `y`');
inspectCase('string with quotes and ${', () => 'it\'s "x" ${y}');
inspectCase('string with control chars', () => 'a\nb\tc\u0000d\u001b\u007f\u0085');
inspectCase('string with backslash', () => 'C:\\path\\file');
inspectCase('lone surrogates', () => 'a\ud800b\udc00c\ud83d\ude00');
inspectCase('unicode', () => 'héllo wörld ✓ 日本');
inspectCase('long string', () => 'x'.repeat(120));
inspectCase('long string with newlines', () => 'line one is here\nline two is here\n'.repeat(4));
inspectCase('long escaped string', () => "'".repeat(50) + '"' + '`'.repeat(60) + '\n');
inspectCase('maxStringLength', () => 'abcdefghij', { maxStringLength: 4 });
inspectCase('string in object', () => ({ s: "it's", t: 'a\nb' }));

// Plain objects and arrays.
inspectCase('empty object', () => ({}));
inspectCase('empty array', () => []);
inspectCase('object', () => ({ a: 1, b: 'two', c: [3] }));
inspectCase('nested objects at depth 2', () => ({ a: { b: { c: { d: 1 } } } }));
inspectCase('nested arrays', () => [[1, [2, [3, [4]]]]]);
inspectCase('depth 0', () => ({ a: { b: 1 }, c: [1] }), { depth: 0 });
inspectCase('depth Infinity', () => ({ a: { b: { c: { d: { e: {} } } } } }), { depth: Infinity });
inspectCase('depth null', () => [[[[[[1]]]]]], { depth: null });
inspectCase('quoted keys', () => ({ 'a-b': 1, 'c d': 2, $e: 3, _f: 4, '1x': 5, '': 6, "q'": 7 }));
inspectCase('numeric keys', () => ({ 10: 'a', 2: 'b', x: 'c' }));
inspectCase('__proto__ key', () => JSON.parse('{"__proto__": 1, "a": 2}'));
inspectCase('symbol keys', () => ({ [Symbol('a')]: 1, [Symbol.for('b c')]: 2, x: 3 }));
inspectCase('symbol key with newline', () => ({ [Symbol('a\nb')]: 1 }));
inspectCase('non-enumerable symbol key', () =>
  Object.defineProperty({ a: 1 }, Symbol('hidden'), { value: 2, enumerable: false }));
inspectCase('getter', () => ({ get a() { return 1; } }));
inspectCase('getter setter', () => ({ get a() { return 1; }, set a(v) {} }));
inspectCase('setter', () => ({ set a(v) {} }));
inspectCase('getters option', () => ({ get a() { return { b: 1 }; }, get n() { return null; },
  get p() { return 'x'; }, get t() { throw new Error('no'); } }), { getters: true });
inspectCase('getters get only', () => ({ get a() { return 1; }, get b() { return 2; }, set b(v) {} }),
  { getters: 'get' });
inspectCase('undefined value', () => ({ u: undefined }));
inspectCase('array of mixed', () => [1, 'a', null, undefined, true, 1n, Symbol('s')]);
inspectCase('array with extra key', () => Object.assign([1, 2], { extra: true }));
inspectCase('array with symbol key', () => Object.assign([1], { [Symbol('s')]: 2 }));
inspectCase('sparse array', () => [, 'a', , , 'b']);
inspectCase('sparse array tail', () => { const a = [1]; a.length = 5; return a; });
inspectCase('sparse single hole', () => [1, , 3]);
inspectCase('sparse long', () => { const a = []; a[150] = 1; a[3] = 2; return a; });
inspectCase('sparse with extra key', () => { const a = [1, , 3]; a.k = 'v'; return a; });
inspectCase('array length 6', () => [1, 2, 3, 4, 5, 6]);
inspectCase('array length 7', () => [1, 2, 3, 4, 5, 6, 7]);
inspectCase('array 26 numbers', () => Array.from({ length: 26 }, (_, i) => i));
inspectCase('array 100 numbers', () => Array.from({ length: 100 }, (_, i) => i * 1000));
inspectCase('array 101 numbers', () => Array.from({ length: 101 }, (_, i) => i));
inspectCase('array 250 zeros', () => new Array(250).fill(0));
inspectCase('array of negative and floats', () => [-1, 2.5, -33.25, 4, 5e-7, 600, -7, 8, 9]);
inspectCase('array of bigints', () => [1n, 22n, 333n, 4444n, 5n, 6n, 7n, 8n]);
inspectCase('array of short strings', () => ['a', 'bb', 'ccc', 'dddd', 'e', 'ff', 'ggg', 'hhhh',
  'i', 'jj', 'kkk', 'llll', 'm', 'nn', 'ooo', 'pppp']);
inspectCase('array of mixed lengths', () => ['a', 'b', 'a much longer string than the rest',
  'c', 'd', 'e', 'f']);
inspectCase('array of words', () => 'the quick brown fox jumps over the lazy dog again and again'
  .split(' '));
inspectCase('array of objects', () => Array.from({ length: 8 }, (_, i) => ({ i })));
inspectCase('maxArrayLength 3', () => [1, 2, 3, 4, 5], { maxArrayLength: 3 });
inspectCase('maxArrayLength 0', () => [1, 2], { maxArrayLength: 0 });
inspectCase('maxArrayLength null', () => new Array(120).fill(1), { maxArrayLength: null });
inspectCase('array 7 mixed types', () => [1, 'two', 3, 'four', 5, 'six', 7]);
inspectCase('array 7 with holes', () => [1, , 3, , 5, , 7, , 9]);

// Line breaking near the limit.
function objectOfWidth(width) {
  // `{ key: 'xxx' }` is 11 characters plus the string.
  return { key: 'x'.repeat(width - 11) };
}
for (const width of [70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82]) {
  inspectCase(`object of width ${width}`, () => objectOfWidth(width));
  inspectCase(`nested object of width ${width}`, () => ({ outer: objectOfWidth(width - 9) }));
  inspectCase(`array of strings of width ${width}`, () =>
    ['a'.repeat(width - 20), 'b', 'c', 'd']);
}
inspectCase('many short props', () => Object.fromEntries(
  Array.from({ length: 20 }, (_, i) => [`k${i}`, i])));
inspectCase('props that just fit', () => ({ aaaa: 1111, bbbb: 2222, cccc: 3333, dddd: 4444,
  eeee: 5555, ffff: 6666, gggg: 77 }));
inspectCase('four levels of nesting in compact', () => ({ a: { b: { c: {} } }, d: 1 }));
inspectCase('deep then shallow', () => ({ a: [{ b: { c: 1 } }], d: [1, 2], e: 'x' }));
inspectCase('compact false', () => ({ a: 1, b: [1, 2], c: { d: 'e' } }), { compact: false });
inspectCase('compact true', () => ({ a: 1, b: [1, 2], c: { d: 'e'.repeat(80) } }), { compact: true });
inspectCase('compact 1', () => ({ a: { b: 1 }, c: [1, 2, 3, 4, 5, 6, 7, 8] }), { compact: 1 });
inspectCase('breakLength 40', () => ({ alpha: 'aaaaaaaa', beta: 'bbbbbbbb', gamma: 'cccccccc' }),
  { breakLength: 40 });
inspectCase('breakLength Infinity', () => ({ alpha: 'a'.repeat(50), beta: 'b'.repeat(50) }),
  { breakLength: Infinity });
inspectCase('sorted', () => ({ c: 1, a: 2, b: { z: 1, y: 2 } }), { sorted: true });
inspectCase('sorted array extras', () => Object.assign([3, 1, 2], { z: 1, a: 2 }), { sorted: true });
inspectCase('long string property', () => ({ text: 'word '.repeat(30) }));
inspectCase('multi-line string property', () => ({ text: 'first line\nsecond line\nthird line and more' }));

// Map, Set and friends.
inspectCase('Map', () => new Map([['a', 1], ['b', { c: [1, 2] }]]));
inspectCase('Map with object key', () => new Map([[{ k: 1 }, 'v'], [[1], new Set([1])]]));
inspectCase('empty Map', () => new Map());
inspectCase('Set', () => new Set([1, 'two', [3]]));
inspectCase('empty Set', () => new Set());
inspectCase('Map in object in array', () => [{ m: new Map([['k', { deep: { deeper: 1 } }]]) }]);
inspectCase('Set with extra prop', () => Object.assign(new Set([1]), { x: 2 }));
inspectCase('Map subclass', () => { class MyMap extends Map {} return new MyMap([[1, 2]]); });
inspectCase('null-prototype Map', () => Object.setPrototypeOf(new Map([[1, 2]]), null));
inspectCase('null-prototype Set', () => Object.setPrototypeOf(new Set([1]), null));
inspectCase('big Set', () => new Set(Array.from({ length: 120 }, (_, i) => i)));
inspectCase('big Map', () => new Map(Array.from({ length: 30 }, (_, i) => [i, `v${i}`])));
inspectCase('Map maxArrayLength', () => new Map([[1, 2], [3, 4], [5, 6]]), { maxArrayLength: 1 });
inspectCase('WeakMap', () => new WeakMap());
inspectCase('WeakSet', () => new WeakSet());
inspectCase('WeakMap in object', () => ({ w: new WeakMap(), s: new WeakSet() }));

// Dates, regexps, boxed primitives.
inspectCase('Date', () => new Date(0));
inspectCase('Date in array', () => [new Date(Date.UTC(2020, 1, 29, 12, 30, 45, 123))]);
inspectCase('invalid Date', () => new Date(NaN));
inspectCase('Date with prop', () => Object.assign(new Date(0), { x: 1 }));
inspectCase('Date subclass', () => { class D extends Date {} return new D(0); });
inspectCase('RegExp', () => /ab+c/gi);
inspectCase('RegExp with slash', () => new RegExp('a/b', 'u'));
inspectCase('RegExp with prop', () => Object.assign(/x/, { y: 1 }));
inspectCase('RegExp subclass', () => { class R extends RegExp {} return new R('x', 'g'); });
inspectCase('boxed Number', () => new Number(3));
inspectCase('boxed -0', () => new Number(-0));
inspectCase('boxed String', () => new String('boxed'));
inspectCase('boxed String with prop', () => Object.assign(new String('ab'), { x: 1 }));
inspectCase('boxed Boolean', () => new Boolean(false));
inspectCase('boxed BigInt', () => Object(5n));
inspectCase('boxed Symbol', () => Object(Symbol('s')));
inspectCase('boxed in array', () => [new String('a'), new Number(1), new Boolean(true)]);

// Functions and classes.
inspectCase('named function', () => function namedFn() {});
inspectCase('anonymous function', () => [function () {}][0]);
inspectCase('arrow', () => { const arrow = () => {}; return arrow; });
inspectCase('async function', () => async function af() {});
inspectCase('async arrow', () => { const aa = async () => {}; return aa; });
inspectCase('generator', () => function* gen() {});
inspectCase('async generator', () => async function* agen() {});
inspectCase('method', () => ({ m() {} }).m);
inspectCase('builtin function', () => Math.max);
inspectCase('bound function', () => function f() {}.bind(null));
inspectCase('function with props', () => Object.assign(function withProps() {}, { a: 1 }));
inspectCase('class', () => class Foo {});
inspectCase('anonymous class', () => [class {}][0]);
inspectCase('class extends', () => { class A {} return class B extends A {}; });
inspectCase('class extends null', () => class N extends null {});
inspectCase('class with static', () => class S { static x = 1; });
inspectCase('function with null proto', () => Object.setPrototypeOf(function np() {}, null));
inspectCase('functions in object', () => ({ fn() {}, arrow: () => {}, klass: class K {} }));

// Class instances and prototypes.
inspectCase('class instance', () => { class Foo { constructor() { this.x = 1; } } return new Foo(); });
inspectCase('empty class instance', () => { class Empty {} return new Empty(); });
inspectCase('subclass instance', () => { class A {} class B extends A { constructor() { super(); this.y = 2; } } return new B(); });
inspectCase('null prototype', () => Object.assign(Object.create(null), { k: 'v' }));
inspectCase('empty null prototype', () => Object.create(null));
inspectCase('object with toStringTag', () => ({ [Symbol.toStringTag]: 'Custom', a: 1 }));
inspectCase('class with toStringTag', () => {
  class T { get [Symbol.toStringTag]() { return 'Tagged'; } }
  return new T();
});
inspectCase('empty object with inherited tag', () => Object.create({ [Symbol.toStringTag]: 'Inh' }));
inspectCase('null-proto with tag', () => Object.create(null, { [Symbol.toStringTag]: { value: 'NT' } }));
inspectCase('object without constructor', () => Object.create(Object.create(null)));
inspectCase('anonymous class instance', () => new ([class {}][0])());
inspectCase('arguments', () => (function () { return arguments; })(1, 'a'));
inspectCase('Math', () => Math);
inspectCase('JSON', () => JSON);
inspectCase('generator object', () => (function* g() {})());
inspectCase('global-ish object', () => ({ Object, Array }));
inspectCase('class prototype', () => { class P { m() {} } return P.prototype; });
inspectCase('Object.prototype', () => Object.prototype);
inspectCase('Array.prototype', () => Array.prototype);

// Errors.
const sharedErrors = {
  plain: new Error('boom'),
  type: new TypeError('bad type'),
  withCode: Object.assign(new Error('with code'), { code: 'E_X', errno: 3 }),
  noStack: (() => { const e = new Error('no stack'); e.stack = ''; return e; })(),
  noMessage: new RangeError(),
  custom: (() => { class MyError extends Error {} return new MyError('mine'); })(),
  named: (() => { class NamedError extends Error { constructor(m) { super(m); this.name = 'NamedError'; } } return new NamedError('n'); })(),
  renamed: (() => { const e = new Error('renamed'); e.name = 'Other'; return e; })(),
  cause: new Error('outer', { cause: new Error('inner') }),
  primitiveCause: new Error('outer', { cause: 'just a string' }),
  aggregate: new AggregateError([new Error('a'), new Error('b')], 'many'),
  multiline: new Error('line one\nline two'),
  stackOnly: (() => { const e = new Error('x'); e.stack = 'Error: x'; return e; })(),
  nullProto: Object.setPrototypeOf(new Error('np'), null),
  withExtraNested: Object.assign(new Error('nested'), { info: { a: [1, 2, { b: 3 }] } }),
};
for (const [key, error] of Object.entries(sharedErrors)) {
  inspectCase(`error ${key}`, () => error);
  inspectCase(`error ${key} in object`, () => ({ err: error }));
}
inspectCase('error in array', () => [sharedErrors.plain]);
inspectCase('error showHidden', () => sharedErrors.withCode, { showHidden: true });

// Circular references.
inspectCase('self reference', () => { const o = { a: 1 }; o.self = o; return o; });
inspectCase('array self reference', () => { const a = [1]; a.push(a); return a; });
inspectCase('two cycles', () => {
  const a = { name: 'a' };
  const b = { name: 'b', a };
  a.b = b;
  const c = { name: 'c' };
  c.c = c;
  a.c = c;
  return a;
});
inspectCase('map cycle', () => { const m = new Map(); m.set('m', m); return m; });
inspectCase('shared but not circular', () => { const s = { s: 1 }; return { x: s, y: s }; });

// Binary data.
inspectCase('Uint8Array', () => new Uint8Array([1, 2, 3]));
inspectCase('empty Uint8Array', () => new Uint8Array(0));
inspectCase('Float64Array', () => new Float64Array([1.5, -0, NaN]));
inspectCase('BigInt64Array', () => new BigInt64Array([1n, -2n]));
inspectCase('long Int16Array', () => Int16Array.from({ length: 130 }, (_, i) => i - 60));
inspectCase('typed array with prop', () => Object.assign(new Uint8Array(2), { p: 1 }));
inspectCase('typed array showHidden', () => new Uint8Array([1, 2]), { showHidden: true });
inspectCase('ArrayBuffer', () => new Uint8Array([1, 2, 255]).buffer);
inspectCase('empty ArrayBuffer', () => new ArrayBuffer(0));
inspectCase('long ArrayBuffer', () => new ArrayBuffer(120));
inspectCase('SharedArrayBuffer', () => new SharedArrayBuffer(4));
inspectCase('DataView', () => new DataView(new ArrayBuffer(4), 1, 2));
inspectCase('typed array in object', () => ({ bytes: new Uint8Array([10, 20]) }));
inspectCase('null-prototype typed array', () => Object.setPrototypeOf(new Uint8Array([1, 2]), null));

// Promises (pending only without the engine's help).
inspectCase('pending promise', () => new Promise(() => {}));
inspectCase('promise in object', () => ({ p: new Promise(() => {}) }));
inspectCase('promise with prop', () => Object.assign(new Promise(() => {}), { x: 1 }));

// Values from another context.
const otherContext = vm.createContext({});
const fromOtherContext = (code) => () => vm.runInContext(code, otherContext);
inspectCase('other context object', fromOtherContext('({ a: [1, { b: 2 }], m: new Map([[1, 2]]) })'));
inspectCase('other context error', (() => {
  const error = vm.runInContext('new TypeError("elsewhere")', otherContext);
  return () => ({ error });
})());
inspectCase('other context class', fromOtherContext(
  '(() => { class Far { constructor() { this.x = 1; } } return new Far(); })()'));
inspectCase('other context functions', fromOtherContext(
  '[async function af() {}, function* g() {}, class C {}, () => {}]'));
inspectCase('other context builtins', fromOtherContext(
  '[new Date(0), /x/g, new Set([1]), new Uint8Array(2), new Number(1), Object.create(null)]'));
inspectCase('other context promise', fromOtherContext('new Promise(() => {})'));

// Proxies without the engine's help: seen through their traps.
const revokedProxy = () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
};
inspectCase('proxy of object', () => new Proxy({ a: 1 }, {}));
inspectCase('proxy of array', () => new Proxy([1, 2], {}));
inspectCase('revoked proxy', revokedProxy);
inspectCase('revoked proxy in object', () => ({ p: revokedProxy() }));

// Custom inspection.
inspectCase('custom inspect string', () => ({ [util.inspect.custom]() { return 'CUSTOM'; } }));
inspectCase('custom inspect object', () => ({ [util.inspect.custom]() { return { replaced: true }; } }));
inspectCase('custom inspect multi-line nested', () => ({ inner: { [util.inspect.custom]() { return 'a\nb'; } } }));
inspectCase('custom inspect returns this', () => ({ x: 1, [util.inspect.custom]() { return this; } }));
inspectCase('custom inspect uses depth and options', () => ({
  inner: { [util.inspect.custom](depth, options, insp) {
    return `depth=${depth} compact=${options.compact} ${insp({ a: [1] }, options)}`;
  } },
}));
inspectCase('customInspect false', () => ({ [util.inspect.custom]() { return 'no'; }, y: 2 }),
  { customInspect: false });

// showHidden.
inspectCase('showHidden array', () => [1, 2], { showHidden: true });
inspectCase('showHidden object', () => Object.defineProperty({ a: 1 }, 'h', { value: 2 }), { showHidden: true });
inspectCase('showHidden function', () => function shf() {}, { showHidden: true });
inspectCase('showHidden class instance with proto props', () => {
  class Base { get g() { return 1; } }
  Base.prototype.data = 5;
  return new Base();
}, { showHidden: true });

// Mixed nesting.
inspectCase('kitchen sink', () => ({
  num: 1,
  str: 'two',
  arr: [1, [2, [3]]],
  map: new Map([['k', new Set([1, 2])]]),
  date: new Date(86400000),
  re: /x/y,
  fn() {},
  nested: { deeper: { deepest: { gone: 1 } } },
  [Symbol('sym')]: null,
}));
inspectCase('array of arrays grouped', () => Array.from({ length: 10 }, (_, i) => [i, i * 2]));
inspectCase('object of arrays', () => ({ a: [1, 2, 3], b: ['x', 'y'], c: [] }));
inspectCase('colors', () => ({ a: 1, b: 'x', c: [null, undefined, true], d: Symbol('s'),
  e: new Date(0), f: /r/, g: 1n }), { colors: true });
inspectCase('colors grouped array', () => Array.from({ length: 30 }, (_, i) => i), { colors: true });

// format().
const formatTable = [];
function formatCase(name, make) {
  formatTable.push({ name, make });
}
formatCase('no args', () => []);
formatCase('single string', () => ['plain']);
formatCase('single %% string', () => ['100%% sure']);
formatCase('%s string', () => ['%s!', 'hi']);
formatCase('%s number', () => ['%s', 42]);
formatCase('%s -0', () => ['%s', -0]);
formatCase('%s bigint', () => ['%s', 5n]);
formatCase('%s symbol', () => ['%s', Symbol('x')]);
formatCase('%s null undefined', () => ['%s %s', null, undefined]);
formatCase('%s object', () => ['%s', { a: { b: 1 } }]);
formatCase('%s array', () => ['%s', [1, [2, [3]]]]);
formatCase('%s class instance', () => { class C { constructor() { this.v = 1; } } return ['%s', new C()]; });
formatCase('%s own toString', () => ['%s', { toString() { return 'custom!'; } }]);
formatCase('%s class toString', () => { class T { toString() { return 'T!'; } } return ['%s', new T()]; });
formatCase('%s toPrimitive', () => ['%s', { [Symbol.toPrimitive]() { return 'prim'; } }]);
formatCase('%s error', () => ['%s', sharedErrors.plain]);
formatCase('%s date', () => ['%s', new Date(0)]);
formatCase('%s null proto', () => ['%s', Object.create(null)]);
formatCase('%s function', () => ['%s', function f() { return 1; }]);
formatCase('%d', () => ['%d', 42.5]);
formatCase('%d string', () => ['%d', '17']);
formatCase('%d bigint', () => ['%d', 1n]);
formatCase('%d object', () => ['%d', {}]);
formatCase('%d symbol', () => ['%d', Symbol('s')]);
formatCase('%d -0', () => ['%d', -0]);
formatCase('%i', () => ['%i %i', 42.9, -3.7]);
formatCase('%i bigint', () => ['%i', 7n]);
formatCase('%i string', () => ['%i', '12abc']);
formatCase('%f', () => ['%f', '3.5']);
formatCase('%f symbol', () => ['%f', Symbol('s')]);
formatCase('%j', () => ['%j', { a: 1, b: [2, 'x'] }]);
formatCase('%j circular', () => { const o = {}; o.o = o; return ['%j', o]; });
formatCase('%j undefined', () => ['%j', undefined]);
formatCase('%o', () => ['%o', { a: 1 }]);
formatCase('%o array', () => ['%o', [1, { b: 2 }]]);
formatCase('%o function', () => ['%o', function foo() {}]);
formatCase('%o nested', () => ['%o', { a: { b: { c: { d: { e: { f: 1 } } } } } }]);
formatCase('%O', () => ['%O', { a: { b: { c: { d: 1 } } } }]);
formatCase('%c', () => ['%c styled', 'color: red']);
formatCase('%%', () => ['%% %s', 'x']);
formatCase('unknown specifier', () => ['%x %s', 'a']);
formatCase('trailing %', () => ['100%', 1]);
formatCase('extra args', () => ['%s|%s', 'x', 'y', 'extra', 5, { o: 1 }]);
formatCase('missing args', () => ['%s %s %d', 'only']);
formatCase('non-string first', () => [5, '%s', 'not a format']);
formatCase('object first', () => [{ a: 1 }, 'str', [1]]);
formatCase('strings only', () => ['a', 'b c', 'd']);
formatCase('string then object', () => ['obj:', { a: 'quoted' }]);
formatCase('empty format string', () => ['', 1]);
formatCase('%s revoked proxy', () => ['%s', revokedProxy()]);
formatCase('%s with long object', () => ['%s', { a: 'x'.repeat(80), b: [1, 2, 3] }]);

function compareInspect() {
  for (const { name, make, options } of inspectTable) {
    const args = options === undefined ? [] : [options];
    let expected;
    let actual;
    try {
      expected = util.inspect(make(), ...args);
    } catch (err) {
      expected = `<throws ${err && err.message}>`;
    }
    try {
      actual = ours.inspect(make(), ...args);
    } catch (err) {
      actual = `<throws ${err && err.stack}>`;
    }
    check(`inspect ${name}`, expected, actual);
  }
  for (const { name, make } of formatTable) {
    check(`format ${name}`, util.format(...make()), ours.format(...make()));
  }
  // formatWithOptions passes options to inspect().
  check('formatWithOptions depth', util.formatWithOptions({ depth: 0 }, 'x', { a: { b: 1 } }),
    ours.formatWithOptions({ depth: 0 }, 'x', { a: { b: 1 } }));
  check('formatWithOptions %o', util.formatWithOptions({ compact: false }, '%o', [1]),
    ours.formatWithOptions({ compact: false }, '%o', [1]));
  let threw = false;
  try {
    ours.formatWithOptions(null, 'x');
  } catch (err) {
    threw = err.code === 'ERR_INVALID_ARG_TYPE';
  }
  check('formatWithOptions rejects null', true, threw);
  check('inspect.custom', util.inspect.custom, ours.inspect.custom);
  check('legacy showHidden argument', util.inspect([1], true), ours.inspect([1], true));
  check('legacy depth argument', util.inspect({ a: { b: { c: {} } } }, false, 0),
    ours.inspect({ a: { b: { c: {} } } }, false, 0));
  // Promises with the engine's state.
  ours.setPromiseStateGetter((p) => (p === resolved ?
    { state: 'fulfilled', value: { v: 1 } } :
    { state: 'rejected', value: 'why' }));
  const resolved = Promise.resolve({ v: 1 });
  const rejected = Promise.reject('why');
  rejected.catch(() => {});
  check('fulfilled promise with getter', util.inspect(resolved), ours.inspect(resolved));
  check('rejected promise with getter', util.inspect(rejected), ours.inspect(rejected));
  ours.setPromiseStateGetter(undefined);

  // The other hooks, played by registries of what Node's binding would say.
  const previews = new WeakMap();
  const proxies = new WeakMap();
  ours.setNativeHooks({
    previewEntries: (value, isIterator) => {
      const entries = previews.get(value);
      return isIterator ? entries : entries[0];
    },
    proxyDetails: (value, full) => {
      const details = proxies.get(value);
      if (details === undefined) return undefined;
      return full ? details : details[0];
    },
  });
  const preview = (value, entries, isKeyValue) => {
    previews.set(value, [entries, isKeyValue]);
    return value;
  };
  const proxy = (target, handler) => {
    const p = new Proxy(target, handler);
    proxies.set(p, [target, handler]);
    return p;
  };
  const map = new Map([['a', 1], [{ b: 2 }, [3]]]);
  const set = new Set([1, 'two']);
  const weakKey = { k: 1 };
  const hooked = {
    'map keys iterator': preview(map.keys(), ['a', { b: 2 }], false),
    'map entries iterator': preview(map.entries(), ['a', 1, { b: 2 }, [3]], true),
    'set values iterator': preview(set.values(), [1, 'two'], false),
    'set entries iterator': preview(set.entries(), [1, 1, 'two', 'two'], true),
    'iterator in object': { it: preview(new Map([[1, 2]]).values(), [2], false) },
    'proxy': proxy({ a: 1 }, { get: () => 5 }),
    'proxy of array': proxy([1, 2], {}),
    'proxy of function': proxy(function pf() {}, {}),
  };
  const weakMap = preview(new WeakMap([[weakKey, 'v']]), [weakKey, 'v'], false);
  const weakSet = preview(new WeakSet([weakKey]), [weakKey], false);
  for (const [name, value] of Object.entries(hooked)) {
    check(`hooked ${name}`, util.inspect(value), ours.inspect(value));
    check(`hooked ${name} showProxy`, util.inspect(value, { showProxy: true }),
      ours.inspect(value, { showProxy: true }));
  }
  check('hooked WeakMap showHidden', util.inspect(weakMap, { showHidden: true }),
    ours.inspect(weakMap, { showHidden: true }));
  check('hooked WeakSet showHidden', util.inspect(weakSet, { showHidden: true }),
    ours.inspect(weakSet, { showHidden: true }));
  check('hooked %o proxy', util.format('%o', hooked.proxy), ours.format('%o', hooked.proxy));
  ours.setNativeHooks({ previewEntries: undefined, proxyDetails: undefined });
  check('unhooked map iterator', '[Map Iterator] { <items unknown> }', ours.inspect(map.keys()));
}

// The result of fn(), or what it threw, e.g. when %f meets a null-prototype object.
function attempt(fn) {
  try {
    return fn();
  } catch (err) {
    return `<throws ${err && err.name}: ${err && err.message}>`;
  }
}

// Random values, the same each run, against Node, with random options.
function compareRandom(count) {
  let seed = 20240601;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = (list) => list[Math.floor(random() * list.length)];
  const words = ['a', 'bb', 'key', 'some-key', 'x y', 'longer_identifier_name', '0', '12',
    "it's", 'q"uote', '$d', ''];
  const primitives = [
    () => Math.floor(random() * 1000), () => -random() * 100,
    () => pick(words).repeat(1 + Math.floor(random() * 6)), () => null, () => undefined,
    () => true, () => BigInt(Math.floor(random() * 1e6)), () => Symbol(pick(words)),
    () => -0, () => NaN, () => `line\nbreak ${'z'.repeat(Math.floor(random() * 40))}`,
  ];
  function make(depth) {
    if (depth <= 0 || random() < 0.3) return pick(primitives)();
    const kind = random();
    const n = Math.floor(random() * (random() < 0.2 ? 30 : 6));
    if (kind < 0.3) {
      const o = {};
      for (let i = 0; i < n; i++) o[pick(words) + (random() < 0.5 ? i : '')] = make(depth - 1);
      return o;
    }
    if (kind < 0.55) {
      const a = [];
      for (let i = 0; i < n; i++) a.push(make(depth - 1));
      if (random() < 0.1) a.length += 3;
      return a;
    }
    if (kind < 0.65) {
      const m = new Map();
      for (let i = 0; i < n; i++) m.set(make(depth - 2), make(depth - 1));
      return m;
    }
    if (kind < 0.72) {
      const s = new Set();
      for (let i = 0; i < n; i++) s.add(make(depth - 1));
      return s;
    }
    if (kind < 0.78) {
      class Foo {
        constructor() {
          for (let i = 0; i < n; i++) this[`p${i}`] = make(depth - 1);
        }
      }
      return new Foo();
    }
    if (kind < 0.82) {
      return Array.from({ length: n * 5 },
        () => Math.floor(random() * (random() < 0.5 ? 10 : 100000)));
    }
    if (kind < 0.85) return new Uint8Array(n * 4).map(() => random() * 255);
    if (kind < 0.88) return Object.assign(Object.create(null), { x: make(depth - 1) });
    if (kind < 0.91) return Array.from({ length: n * 3 }, () => pick(words));
    if (kind < 0.94) {
      const o = { a: make(depth - 1) };
      o.self = o;
      return o;
    }
    return pick([function named() {}, () => {}, class K {}, new Date(Math.floor(random() * 1e12)),
      /re/g]);
  }
  let mismatches = 0;
  for (let i = 0; i < count; i++) {
    const value = make(1 + Math.floor(random() * 5));
    const options = random() < 0.5 ? undefined : {
      depth: pick([0, 1, 2, 3, 5, null]),
      breakLength: pick([40, 60, 76, 80, 120, Infinity]),
      compact: pick([false, true, 1, 2, 3, 5]),
      sorted: random() < 0.1,
      maxArrayLength: pick([100, 5, 0]),
    };
    const expected = util.inspect(value, options);
    const actual = ours.inspect(value, options);
    const spec = pick(['%s %d', '%o', '%O %i', 'a%s%%', '%f %c']);
    const expectedFormat = attempt(() => util.format(spec, value, value));
    const actualFormat = attempt(() => ours.format(spec, value, value));
    if (expected !== actual) {
      mismatches++;
      fail(`random value ${i} ${JSON.stringify(options)}`, expected, actual);
    } else if (expectedFormat !== actualFormat) {
      mismatches++;
      fail(`random format ${i} ${spec}`, expectedFormat, actualFormat);
    }
  }
  if (mismatches === 0) passes++;
}

// ---------------------------------------------------------------------------
// 3. console against Node's Console.

function captureStream() {
  const stream = new Writable({
    write(chunk, encoding, callback) {
      stream.text += chunk.toString();
      callback();
    },
  });
  stream.text = '';
  return stream;
}

const consoleScripts = {
  'log and friends': (c) => {
    c.log('a', 1, { b: 2 });
    c.info('%s=%d', 'x', 5);
    c.debug([1, 2, 3]);
    c.warn('warned', null);
    c.error(new Map([[1, 2]]));
    c.dirxml('dirxml', { x: 1 });
    c.log();
  },
  dir: (c) => {
    c.dir({ a: { b: { c: { d: 1 } } } });
    c.dir({ a: { b: { c: { d: 1 } } } }, { depth: 0 });
    c.dir('string');
    c.dir({ [util.inspect.custom]() { return 'custom'; }, real: 1 });
  },
  count: (c) => {
    c.count();
    c.count();
    c.count('x');
    c.count('default');
    c.countReset();
    c.count();
    c.count(undefined);
  },
  assert: (c) => {
    c.assert(true, 'not shown');
    c.assert(false);
    c.assert(false, 'bad %s', 'thing');
    c.assert(0, { a: 1 });
    c.assert('', 'x', 2);
  },
  group: (c) => {
    c.group('Level 1');
    c.log('inside\nmulti-line');
    c.group();
    c.info({ x: { y: { z: {} } } });
    c.warn('warn inside');
    c.table([{ a: 1 }]);
    c.groupCollapsed('collapsed');
    c.log(['a long array entry that needs', 'to break the line', 'when it is printed', 'here']);
    c.groupEnd();
    c.groupEnd();
    c.groupEnd();
    c.groupEnd();
    c.log('end');
  },
  table: (c) => {
    c.table([{ a: 1, b: 'x' }, { a: 2, c: [1, 2, 3, 4] }]);
    c.table([1, 'a', { x: 1 }]);
    c.table(new Map([['k', { v: 1 }], ['k2', 2]]));
    c.table(new Set(['s', 2]));
    c.table({ r1: { c1: 1, c2: 2 }, r2: { c2: 3, c3: { deep: { x: 1 } } } });
    c.table([{ a: 1, b: 2 }, { a: 3, b: 4 }], ['a']);
    c.table([[1, 2], [3, 4, 5]]);
    c.table('not tabular');
    c.table(5);
    c.table([]);
    c.table({ big: { a: 1, b: 2, c: 3 } });
    c.table([{ name: '日本語', v: 'é' }]);
    c.table([new Uint8Array([1, 2]), null]);
  },
};

function compareConsole() {
  const createConsole = ourConsoleModule.createConsole;
  for (const [name, script] of Object.entries(consoleScripts)) {
    const stdout = captureStream();
    const stderr = captureStream();
    script(new Console({ stdout, stderr }));
    let ourStdout = '';
    let ourStderr = '';
    const c = createConsole((stream, text) => {
      if (stream === 'stdout') ourStdout += text;
      else ourStderr += text;
    });
    script(c);
    check(`console ${name} stdout`, stdout.text, ourStdout);
    check(`console ${name} stderr`, stderr.text, ourStderr);
  }

  // Levels and streams.
  const seen = [];
  const c = createConsole((stream, text, level) => seen.push(`${stream}:${level}:${text}`));
  c.log('l');
  c.info('i');
  c.debug('d');
  c.warn('w');
  c.error('e');
  c.dir('x');
  c.assert(false, 'a');
  check('console levels', JSON.stringify([
    'stdout:info:l\n', 'stdout:info:i\n', 'stdout:debug:d\n', 'stderr:warn:w\n',
    'stderr:error:e\n', "stdout:info:'x'\n", 'stderr:warn:Assertion failed: a\n',
  ]), JSON.stringify(seen));

  // Own enumerable methods, in Node's order; detached use works.
  const nodeKeys = Object.keys(globalThis.console)
    .filter((k) => !['Console', 'context', 'createTask'].includes(k));
  check('console keys', nodeKeys.join(' '), Object.keys(c).join(' '));
  check('console tag', Object.prototype.toString.call(globalThis.console),
    Object.prototype.toString.call(c));
  check('console method names', 'log warn dir', [c.log.name, c.warn.name, c.dir.name].join(' '));
  seen.length = 0;
  const { log } = c;
  log('detached');
  check('console detached log', 'stdout:info:detached\n', seen[0]);

  // trace: "Trace: message" and the caller's frames.
  seen.length = 0;
  (function callerOfTrace() {
    c.trace('hi %s', 'there');
  })();
  const traceLines = seen[0].split('\n');
  check('console trace header', 'stderr:trace:Trace: hi there', traceLines[0]);
  check('console trace first frame', true, /^ {4}at callerOfTrace /.test(traceLines[1]));
  seen.length = 0;
  c.trace();
  check('console trace without message', 'stderr:trace:Trace', seen[0].split('\n')[0]);

  // Timers and warnings.
  seen.length = 0;
  c.time();
  c.time();
  c.timeLog(undefined, 'extra', { a: 1 });
  c.timeEnd();
  c.timeEnd();
  c.timeLog('nope');
  c.countReset('nothing');
  check('console time warnings', JSON.stringify([
    "stderr:warn:Warning: Label 'default' already exists for console.time()\n",
    "stderr:warn:Warning: No such label 'default' for console.timeEnd()\n",
    "stderr:warn:Warning: No such label 'nope' for console.timeLog()\n",
    "stderr:warn:Warning: Count for 'nothing' does not exist\n",
  ]), JSON.stringify(seen.filter((line) => line.startsWith('stderr'))));
  const timeLines = seen.filter((line) => line.startsWith('stdout'));
  check('console timeLog format', true,
    /^stdout:info:default: \d+(\.\d{1,3})?ms extra \{ a: 1 \}\n$/.test(timeLines[0]));
  check('console timeEnd format', true, /^stdout:info:default: \d+(\.\d{1,3})?ms\n$/.test(timeLines[1]));
  const warnings = [];
  const withHook = createConsole(() => {}, { emitWarning: (m) => warnings.push(m) });
  withHook.timeEnd('zz');
  check('console emitWarning option', "No such label 'zz' for console.timeEnd()", warnings[0]);

}

function compareFormatTime() {
  const cases = [[0.0012345, '0.001ms'], [1.5, '1.5ms'], [999.9999, '1000ms'], [1000, '1.000s'],
    [1500.25, '1.500s'], [61234.5, '1:01.234 (m:ss.mmm)'], [3723004, '1:02:03.004 (h:mm:ss.mmm)']];
  for (const [ms, expected] of cases) {
    check(`formatTime ${ms}`, expected, ourConsoleModule.formatTime(ms));
  }
}

compareInspect();
compareRandom(kRandomValues);
compareConsole();
compareFormatTime();

console.log(`${cases.length} conformance cases (each run twice), ` +
  `${inspectTable.length} inspect values, ${formatTable.length} format calls, ` +
  `${kRandomValues} random values`);
console.log(`${passes} passed, ${failures} failed`);
process.exitCode = failures === 0 ? 0 : 1;
