'use strict';
// querystring and punycode, compared with what Node 20 prints
// (url_querystring.out).
const qs = require('querystring');
const punycode = require('punycode');

function show(label, fn) {
  try {
    console.log(label, JSON.stringify(fn()));
  } catch (err) {
    console.log(label, 'throws', err.name, err.code, err.message);
  }
}

console.log(Object.keys(qs).join(' '), qs.decode === qs.parse, qs.encode === qs.stringify);
const inputs = ['a+b=c+d', 'a=%zz+b', '%E4%BD%A0=%E5%A5%BD', '=&=x&a', '&&a=1&&', 'a==b', 'a=b=c', 'a[]=1&a[]=2',
  'a=1&a=2&a=3', '__proto__=1&constructor=2', 'a=%F0%9F%98%80%FF', 'a=%', 'a=%2', '+', '%2B=%2b', 'é=ü&%C3=%A9'];
for (const input of inputs) show(`parse ${JSON.stringify(input)}:`, () => qs.parse(input));
show('null prototype:', () => Object.getPrototypeOf(qs.parse('a=1')) === null);
show('custom decode:', () => qs.parse('a+b=c%20d&e', null, null, { decodeURIComponent: (s) => `<${s}>` }));
show('throwing decode:', () => qs.parse('a=%41', null, null, { decodeURIComponent: () => { throw new Error(); } }));
for (const maxKeys of [2, 0, -1, Infinity, NaN, '1']) {
  show(`maxKeys ${maxKeys}:`, () => qs.parse('a=1&b=2&c=3', null, null, { maxKeys }));
}
show('multi-char separators:', () => [qs.parse('a::1;;b::2', ';;', '::'), qs.parse('a=1&&&b=2', '&&'), qs.parse('a==1', null, '==')]);
show('empty separators:', () => [qs.parse('a=1&b=2', '', ''), qs.parse('a', []), qs.parse('a', null, [])]);
show('not a string:', () => [qs.parse(5), qs.parse(''), qs.parse()]);

show('stringify:', () => qs.stringify({ a: 1, b: [1, 2], c: [], d: null, e: undefined, f: NaN, g: Infinity, h: 1e21,
  i: 10n, j: true, k: {}, l: '', 'm n': 'o p', 'é': '\u{1F600}', z: -0 }));
show('stringify custom:', () => qs.stringify({ a: 'x y', b: [1, 'z'], c: true }, ';', ':', { encodeURIComponent: (s) => `<${s}>` }));
show('stringify others:', () => [qs.stringify('abc'), qs.stringify(null), qs.stringify([1, 2]), qs.stringify({ a: 1 }, null, null)]);
show('stringify lone surrogate:', () => qs.stringify({ a: '\ud800' }));
show('escape:', () => [qs.escape("aé\u{1F600}!'()*-._~ &=/"), qs.escape(5), qs.escape({ toString() { return 'x y'; } }),
  qs.escape([1, 2]), qs.escape('\ud801test')]);
show('escape lone surrogate:', () => qs.escape('\udc00'));
show('unescape:', () => [qs.unescape('%zz%E4%BD%A0é+'), qs.unescape('a+b', true), qs.unescape('%E4%BD'), qs.unescape('%41%')]);

show('punycode keys:', () => [Object.keys(punycode), punycode.version, Object.keys(punycode.ucs2)]);
for (const input of ['bcher-kva', 'ls8h', 'maana-pta', 'tda', 'xn--', 'a-', '-', 'ab!', 'zzzzzzzzzzzzzzz', 'mañana-', '99999999', '']) {
  show(`decode ${JSON.stringify(input)}:`, () => punycode.decode(input));
}
for (const input of ['bücher', 'mañana', '\u{1F600}', '\ud800x', 'abc', '', 'ü-x', '他们为什么不说中文']) {
  show(`encode ${JSON.stringify(input)}:`, () => punycode.encode(input));
}
show('toASCII:', () => [punycode.toASCII('mañana.com'), punycode.toASCII('user@mañana.com'), punycode.toASCII('a\u3002b\uff0ec'),
  punycode.toASCII('a@b@ç')]);
show('toUnicode:', () => [punycode.toUnicode('xn--maana-pta.com'), punycode.toUnicode('XN--MAANA-PTA.com'),
  punycode.toUnicode('a@xn--maana-pta.com')]);
show('ucs2:', () => [punycode.ucs2.decode('\ud800\udc00\ud800x'), punycode.ucs2.encode([0x1F600, 97])]);
show('ucs2 bad code point:', () => punycode.ucs2.encode([0x110000]));
