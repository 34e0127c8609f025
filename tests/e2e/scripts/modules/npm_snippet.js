// Real npm packages (pure CommonJS), installed at test time beside this
// file's copy: run under Node and under Isohost, they must print the same.
const ms = require('ms');
console.log('ms:', ms('2 days'), ms(60000), ms(ms('1h'), { long: true }));
const _ = require('lodash');
console.log('lodash:', JSON.stringify(_.chunk([1, 2, 3, 4, 5], 2)), _.camelCase('Foo Bar-baz'), JSON.stringify(_.merge({ a: { b: 1 } }, { a: { c: 2 } })), _.template('hi <%= name %>')({ name: 'x' }));
const fp = require('lodash/fp');
console.log('lodash/fp:', fp.map((x) => x * 2)([1, 2]).join(','));
const semver = require('semver');
console.log('semver:', semver.satisfies('1.2.3', '^1.0.0'), semver.inc('1.2.3', 'minor'), semver.maxSatisfying(['1.0.0', '1.5.0', '2.0.0'], '~1'), semver.valid('x'));
const minimist = require('minimist');
console.log('minimist:', JSON.stringify(minimist(['-a', '1', '--no-b', 'c', '--d=e'])));
const escapeHtml = require('escape-html');
console.log('escape-html:', escapeHtml('<a href="x">&\'</a>'));
const qs = require('qs');
console.log('qs:', JSON.stringify(qs.parse('a[b][c]=1&d[]=2&d[]=3')), qs.stringify({ a: { b: [1, 2] } }, { encodeValuesOnly: true }));
console.log('resolved:', ['qs', 'side-channel', 'get-intrinsic', 'semver/functions/inc', 'lodash/fp'].map((n) => require('path').relative(__dirname, require.resolve(n))).join(' '));
