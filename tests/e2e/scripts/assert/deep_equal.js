// Deep equality, loose and strict, over the kinds of values it distinguishes.
const assert = require('assert');
const cases = [];
function c(label, a, b) { cases.push([label, a, b]); }
c('NaN', NaN, NaN); c('0/-0', 0, -0); c('null/undef', null, undefined);
c('arr holes', [1,,3], [1,undefined,3]);
c('arr extra prop', Object.assign([1],{x:1}), [1]);
c('obj null proto', Object.create(null), {});
const circA = {x:1}; circA.self = circA; const circB = {x:1}; circB.self = circB;
c('circular', circA, circB);
const ca2 = [1]; ca2.push(ca2); const cb2 = [1]; cb2.push(cb2); c('circ arr', ca2, cb2);
c('map obj keys', new Map([[{a:1}, 1]]), new Map([[{a:1}, 1]]));
c('map loose prim', new Map([[1, 'x']]), new Map([['1', 'x']]));
c('set obj', new Set([{a:1},{b:2}]), new Set([{b:2},{a:1}]));
c('set loose', new Set([1]), new Set(['1']));
c('set null undef', new Set([null]), new Set([undefined]));
c('f64 -0', new Float64Array([0]), new Float64Array([-0]));
c('f64 NaN', new Float64Array([NaN]), new Float64Array([NaN]));
c('ab', new ArrayBuffer(2), new ArrayBuffer(2));
c('ab diff', new ArrayBuffer(2), new ArrayBuffer(3));
c('dataview', new DataView(new ArrayBuffer(2)), new DataView(new ArrayBuffer(2)));
c('regexp lastIndex', Object.assign(/a/g, {lastIndex: 1}), /a/g);
c('boxed str', new String('a'), new String('a'));
c('boxed vs prim', new String('a'), 'a');
c('error name', new TypeError('a'), new Error('a'));
c('error extra', Object.assign(new Error('a'), {code: 1}), new Error('a'));
c('sym keys diff', {[Symbol.for('k')]: 1}, {[Symbol.for('k')]: 2});
c('date props', Object.assign(new Date(0), {x:1}), new Date(0));
c('args vs arr', (function(){return arguments})(1), [1]);
c('obj vs arr loose', {0: 1, length: 1}, [1]);
c('num vs str', 1, '1');
c('fn', function(){}, function(){});
c('class inst', new (class A {})(), new (class A {})());
c('nested date loose', {d: new Date(0)}, {d: new Date(0)});
c('sparse', [,1], [undefined,1]);
c('big', 1n, 1n);
c('bigint loose', 1n, 1);
c('str vs Number', {a: '1'}, {a: 1});
c('getter', {get a(){return 1}}, {a:1});
c('nonenum', Object.defineProperty({}, 'a', {value: 1}), {});
c('symbol values', Symbol.for('a'), Symbol.for('a'));
c('buf', Buffer.from('ab'), Buffer.from('ab'));
c('buf vs u8 strict', Buffer.from('ab'), new Uint8Array([97,98]));
for (const [label, a, b] of cases) {
  let loose, strict;
  try { assert.deepEqual(a, b); loose = true; } catch (e) { loose = e.code === 'ERR_ASSERTION' ? false : e.message; }
  try { assert.deepStrictEqual(a, b); strict = true; } catch (e) { strict = e.code === 'ERR_ASSERTION' ? false : e.message; }
  console.log(label, loose, strict);
}
