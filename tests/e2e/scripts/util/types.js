// util.types against values a script can disguise: a faked toStringTag, a
// proxy, an object that inherits Error.prototype, boxed primitives.
const types = require('node:util/types');
const util = require('node:util');
const fakeDate = { __proto__: Date.prototype, [Symbol.toStringTag]: 'Date' };
const fakeError = Object.create(Error.prototype);
const values = {
  'date': new Date(0),
  'fake date': fakeDate,
  'error': new TypeError('x'),
  'fake error': fakeError,
  'proxy': new Proxy([], {}),
  'promise': Promise.resolve(1),
  'thenable': { then() {} },
  'boxed string': Object('s'),
  'boxed symbol': Object(Symbol('s')),
  'boxed bigint': Object(1n),
  'arguments': (function () { return arguments; })(1),
  'generator object': (function* () {})(),
  'async function': async () => {},
  'async generator function': async function* () {},
  'map iterator': new Map([[1, 2]]).entries(),
  'set iterator': new Set([1]).values(),
  'weak map': new WeakMap(),
  'uint8 clamped': new Uint8ClampedArray(2),
  'bigint64': new BigInt64Array(1),
  'data view': new DataView(new ArrayBuffer(2)),
  'shared buffer': new SharedArrayBuffer(2),
  'buffer': Buffer.from('ab'),
};
const checks = Object.keys(types).sort();
for (const [label, value] of Object.entries(values)) {
  console.log(`${label}: ${checks.filter((check) => types[check](value)).join(' ') || '(none)'}`);
}
console.log('same object:', util.types === types, 'checks:', checks.length);
console.log('no argument:', types.isPromise(), types.isProxy());
