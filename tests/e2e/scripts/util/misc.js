// util's smaller helpers: inherits, deprecate, system error names,
// styleText, toUSVString, debuglog, _extend and the deprecated is* checks.
const util = require('node:util');
process.on('warning', (w) => console.log('warning:', w.name, w.code, w.message));
const show = (label, fn) => {
  try { console.log(label, fn()); } catch (e) { console.log(label, e.name, e.code, e.message); }
};
function Base() {}
function Child() {}
util.inherits(Child, Base);
console.log('inherits:', Object.getPrototypeOf(Child.prototype) === Base.prototype, Child.super_ === Base,
  Object.getOwnPropertyDescriptor(Child, 'super_').enumerable);
show('inherits(undefined, Base):', () => util.inherits(undefined, Base));
show('inherits(Child, null):', () => util.inherits(Child, null));
show('inherits(Child, {}):', () => util.inherits(Child, {}));
const first = util.deprecate(() => 'first', 'first is old');
const coded = util.deprecate(function coded(a) { return a; }, 'coded is old', 'DEP_UTIL_E2E');
const sameCode = util.deprecate(() => 'same', 'same code again', 'DEP_UTIL_E2E');
console.log('deprecated:', first(), first(), coded(7), sameCode(), coded.name);
class Old { constructor(v) { this.v = v; } }
const OldDeprecated = util.deprecate(Old, 'Old is old', 'DEP_UTIL_CLASS');
console.log('deprecated class:', new OldDeprecated(3).v, new OldDeprecated(4) instanceof Old);
show('deprecate(fn, msg, 5):', () => util.deprecate(() => {}, 'm', 5));
show('getSystemErrorName(-2):', () => util.getSystemErrorName(-2));
show('getSystemErrorName(-13):', () => util.getSystemErrorName(-13));
show('getSystemErrorName(-99999):', () => util.getSystemErrorName(-99999));
show('getSystemErrorName(2):', () => util.getSystemErrorName(2));
show('getSystemErrorName("x"):', () => util.getSystemErrorName('x'));
const map = util.getSystemErrorMap();
console.log('error map:', map instanceof Map, map.get(-2), map.get(-98), map.size > 70);
console.log('styleText:', JSON.stringify(util.styleText(['bold', 'red'], 'x')), JSON.stringify(util.styleText(['underline'], 'y')));
show('styleText(nope):', () => util.styleText('nope', 'x').slice(0, 0));
show('styleText(red, 1):', () => util.styleText('red', 1));
console.log('toUSVString:', JSON.stringify(util.toUSVString('\udc00a\ud800\udc00b\ud800')));
console.log('strip:', JSON.stringify(util.stripVTControlCharacters('\u001b[1;31mbold\u001b[0m \u001b]8;;http://x\u0007link\u001b]8;;\u0007')));
const log = util.debuglog('isohost_util_e2e');
log('not printed');
console.log('debuglog:', log.enabled, util.debug === util.debuglog, typeof util.debuglog('x', () => {}));
console.log('_extend:', util._extend({ a: 1 }, { b: 2 }), util._extend({ a: 1 }, null));
const sample = [null, undefined, 0, '', Symbol.iterator, [], {}, () => {}, /x/, new Date(0), new Error('e'), Buffer.alloc(0)];
for (const check of ['isArray', 'isBoolean', 'isNull', 'isNullOrUndefined', 'isNumber', 'isString', 'isSymbol', 'isUndefined',
  'isRegExp', 'isObject', 'isDate', 'isError', 'isFunction', 'isPrimitive', 'isBuffer']) {
  console.log(check, sample.map((value) => (util[check](value) ? 1 : 0)).join(''));
}
console.log('format:', util.format('%s:%d:%i:%j:%o:%c|', 'a', 1.5, '7.9', { x: [1] }, [2], 'css'), util.formatWithOptions({ colors: true }, '%O', 1));
console.log('inspect:', util.inspect(Promise.resolve(2)), util.inspect(new Proxy({ a: 1 }, {}), { showProxy: true }),
  util.inspect.custom === Symbol.for('nodejs.util.inspect.custom'), typeof util.inspect.defaultOptions);
console.log('encoding:', util.TextEncoder === TextEncoder, util.TextDecoder === TextDecoder);
