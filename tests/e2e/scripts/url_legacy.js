'use strict';
// The url module besides the WHATWG classes: legacy parse/format/resolve,
// file URLs and paths, domains, urlToHttpOptions. Compared with what Node 20
// prints (url_legacy.out).
const url = require('url');

function show(label, fn) {
  try {
    console.log(label, JSON.stringify(fn()));
  } catch (err) {
    console.log(label, 'throws', err.name, err.code, err.message);
  }
}

console.log(Object.keys(url).join(' '), url.URL === URL, url.URLSearchParams === URLSearchParams);

const inputs = ['http://user:pw@Host.test:8080/p/a/t/h?query=string#hash', 'HTTP://X.COM', 'http://x.com:/a',
  'http://[::1]:80/a', 'http://[::1', 'http://x.com:abc/a', 'http://user@/x', 'http://@x/', 'http://a@b@c/d', 'http://a@b?@c', '//x/y',
  '/x/y?z', 'x/y', 'mailto:a@b.c', 'javascript:alert(1)', 'file:///etc/passwd', 'file://x/y', 'http:x', 'http:/x',
  'http://x\\y\\z?a\\b', '  http://x/  ', 'http://x/a b<c>d"e\'f`g{h}i|j^k', 'http://x/?a b#c d', 'HTTP:x',
  'xmpp:u@h.com/r', 'http://éxample.com/é?é#é', 'a?b#c?d', '?q', '#h', '', 'git+ssh://git@github.com:npm/npm',
  'http://[fe80::1%eth0]/', 'http://a.com\ttab/', 'http://xn--a/', 'http://a_b.com/', 'http://x;y/', 'http://x<y/',
  'javascript://x/y', 'http://%E2%98%83.com/', 'www.example.com/a?b', '//', '///x', 'http://', 'http:///x',
  `http://${'a'.repeat(256)}/x`, 'http://1.2.3/', 'http://ß.com/', 'http://ex%41mple/', 'http://a b/'];
for (const input of inputs) show(`parse ${JSON.stringify(input)}:`, () => url.parse(input));
show('parse query:', () => ({ ...url.parse('/p?a=1&a=2&b=%zz&c', true).query }));
show('parse no query:', () => url.parse('http://h/', true).query);
show('slashesDenoteHost:', () => [url.parse('//a@b/c', false, true), url.parse('//x', false, true).host]);
show('parse(1):', () => url.parse(1));
const parsed = url.parse('http://h/');
console.log(parsed instanceof url.Url, parsed.constructor.name, Object.keys(parsed).join(' '));

const objects = [
  { protocol: 'https', hostname: 'h.test', pathname: '/a b', query: { q: 'x y', r: [1, 2] } },
  { protocol: 'http:', host: 'h:1', auth: 'a b:c@d$é', pathname: 'no-slash', hash: 'frag', search: 'x=#' },
  { protocol: 'mailto', pathname: 'me@h.test' },
  { protocol: 'file', pathname: '/etc/x' },
  { hostname: '::1', port: 8080, pathname: '/p?#' },
  { slashes: true, host: 'h', pathname: 'p' },
  { protocol: 'ftp:', search: '?s', query: { ignored: 1 } },
];
for (const object of objects) show(`format ${JSON.stringify(object)}:`, () => url.format(object));
show('format string:', () => url.format('HTTP://X.COM/a b'));
show('format(5):', () => url.format(5));
show('format URL, options bad:', () => url.format(new URL('http://h/'), 5));
const whatwg = new URL('http://user:pw@xn--espaol-zwa.com:81/a?b=1#c');
show('format URL:', () => [url.format(whatwg), url.format(whatwg, { unicode: true }),
  url.format(whatwg, { auth: false, search: false, fragment: false }), url.format(new URL('http://h/?#'), { fragment: 0 })]);

const resolves = [['http://h.test/a/b', '../c'], ['/one/two', 'three'], ['http://a.test/', 'http://b.test/'],
  ['http://h/a/b/c', '../../../../x'], ['http://h/a/', './'], ['http://h/a?q', '?r'], ['http://h/a#f', ''],
  ['http://h/a', '//other/b'], ['mailto:a@b', 'c@d'], ['http://h/a/b', 'https:x'], ['http://u@h/a', '/b'],
  ['a/b', '../../c'], ['http://h/a', 'mailto:x@y'], ['file:///a/b', 'file:c'], ['http://h', '.'], ['', 'x']];
for (const [from, to] of resolves) show(`resolve ${from} ${to}:`, () => url.resolve(from, to));
show('resolveObject:', () => url.resolveObject('http://h/a/b', '../c?d#e'));
show('resolveObject empty source:', () => url.resolveObject('', 'x'));

show('fileURLToPath:', () => [url.fileURLToPath('file:///tmp/a%20b/%C3%A9.txt'), url.fileURLToPath(new URL('file://localhost/x'))]);
show('fileURLToPath windows:', () => [url.fileURLToPath('file:///C:/a%20b', { windows: true }), url.fileURLToPath('file://server/share/f', { windows: true })]);
show('fileURLToPath host:', () => url.fileURLToPath('file://h/x'));
show('fileURLToPath %2F:', () => url.fileURLToPath('file:///a%2Fb'));
show('fileURLToPath windows relative:', () => url.fileURLToPath('file:///a', { windows: true }));
show('fileURLToPath http:', () => url.fileURLToPath('http://h/'));
show('fileURLToPath(1):', () => url.fileURLToPath(1));
show('pathToFileURL:', () => [url.pathToFileURL('/tmp/a b/é#?%.txt').href, url.pathToFileURL('/a/b/').href,
  url.pathToFileURL('/a/\\^[]|~`{}"<>\t\n').href]);
show('pathToFileURL relative:', () => url.pathToFileURL('rel/x').href === `file://${process.cwd()}/rel/x`);
show('pathToFileURL windows:', () => [url.pathToFileURL('C:\\a b\\c', { windows: true }).href,
  url.pathToFileURL('\\\\server\\share\\f x', { windows: true }).href,
  url.pathToFileURL('\\\\?\\C:\\p\\f', { windows: true }).href, url.pathToFileURL('C:\\dir\\', { windows: true }).href]);
show('pathToFileURL UNC without share:', () => url.pathToFileURL('\\\\host', { windows: true }));
show('pathToFileURL(1):', () => url.pathToFileURL(1));

show('urlToHttpOptions:', () => url.urlToHttpOptions(new URL('http://a%20b:c%40@[::1]:8080/p?q#h')));
show('urlToHttpOptions no port:', () => url.urlToHttpOptions(new URL('https://h/')));
const domains = ['español.com', 'xn--espaol-zwa.com', 'xn--iñvalid.com', 'EXAMPLE.com', 'xn--a', 'a..b', '-x',
  'ex ample', '1.2.3', '%41.com', '中文.中文', '', 'a/b', '[::1]', 'a:80', 'faß.de', 'a\u200db.com', 'a@b'];
for (const domain of domains) show(`domain ${JSON.stringify(domain)}:`, () => [url.domainToASCII(domain), url.domainToUnicode(domain)]);
show('domainToASCII():', () => url.domainToASCII());
