'use strict';
// The WHATWG URL API beyond the WPT data: Node's errors, inspect output,
// the link between a URL and its searchParams, and the shape of the classes.
// Its output is compared with what Node 20 prints (url_whatwg.out).
const util = require('util');

function show(label, fn) {
  try {
    console.log(label, fn());
  } catch (err) {
    const extra = Object.keys(err).map((key) => `${key}=${JSON.stringify(err[key])}`).join(' ');
    console.log(label, 'throws', `${err.name}: ${err.message}`, extra);
  }
}

// Errors.
show('no input:', () => new URL());
show('invalid:', () => new URL('not a url'));
show('invalid with base:', () => new URL('/x', 'not a base'));
show('bad port:', () => new URL('http://h:65536/'));
show('bad host:', () => new URL('http://a b/'));
show('href setter:', () => { const u = new URL('http://h/'); u.href = 'nope'; });
show('canParse():', () => URL.canParse());
show('parse:', () => [URL.parse('x'), URL.parse('/a?b', 'https://h/c/d').href]);
show('canParse:', () => [URL.canParse('http://h'), URL.canParse('h'), URL.canParse('h', 'file:///')]);
show('createObjectURL:', () => URL.createObjectURL({}));
show('revokeObjectURL:', () => URL.revokeObjectURL('blob:nodedata:1'));
show('revokeObjectURL():', () => URL.revokeObjectURL());
show('getter on a non-URL:', () => Reflect.get(URL.prototype, 'href', {}));
show('toString on a non-URL:', () => URL.prototype.toString.call({}));
show('params get():', () => new URLSearchParams().get());
show('params append(a):', () => new URLSearchParams().append('a'));
show('params on a non-params:', () => URLSearchParams.prototype.has.call({}, 'a'));
show('bad pair:', () => new URLSearchParams([['a', 'b', 'c']]));
show('not iterable pairs:', () => new URLSearchParams({ [Symbol.iterator]: 1 }));
show('forEach(1):', () => new URLSearchParams('a=1').forEach(1));

// Inspect.
const url = new URL('https://user:pass@sub.example.com:8080/p/a/t/h?query=string&a=1#hash');
console.log(url);
console.log(util.inspect(url, { depth: 0 }));
console.log(util.inspect({ nested: { url } }, { depth: 1 }));
console.log([new URL('file:///tmp/x')]);
console.log(new URLSearchParams('a=1&b=2&a=3'));
console.log(new URLSearchParams());
console.log(new URLSearchParams(`long=${'x'.repeat(80)}&short=1`));
console.log(util.inspect(new URLSearchParams('a=1'), { depth: -1 }));
const params = new URLSearchParams('a=1&b=2&c=3');
const entries = params.entries();
entries.next();
console.log(entries, params.keys(), params.values());
console.log(util.inspect({ a: { b: { c: params.keys() } } }, { depth: 2 }));
class MyParams extends URLSearchParams {}
class MyURL extends URL {}
console.log(new MyParams('x=1'), util.inspect(new MyURL('http://h/'), { depth: 0 }).split('\n')[0]);
console.log(Object.prototype.toString.call(url), Object.prototype.toString.call(params),
  Object.prototype.toString.call(params.keys()), String(url), JSON.stringify({ url }));

// Shape.
for (const [name, object] of [['URL', URL.prototype], ['URLSearchParams', URLSearchParams.prototype]]) {
  const keys = Reflect.ownKeys(object).map((key) => {
    const d = Object.getOwnPropertyDescriptor(object, key);
    return `${String(key)}:${d.enumerable ? 'e' : ''}${d.get ? 'g' : ''}${d.set ? 's' : ''}${'value' in d ? typeof d.value : ''}`;
  });
  console.log(name, keys.join(' '));
}
console.log('statics', Object.keys(URL).join(' '), URL.length, URLSearchParams.length);
console.log('iterator proto', Object.getPrototypeOf(Object.getPrototypeOf(params.keys())) ===
  Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())), params[Symbol.iterator] === params.entries);
console.log('own keys', Reflect.ownKeys(url).length, Reflect.ownKeys(params).length);

// searchParams and the query, both ways.
const linked = new URL('http://h/p?a=1&b=2#f');
const sp = linked.searchParams;
console.log(sp === linked.searchParams, sp.get('a'), sp.size);
sp.append('c', 'x y~');
console.log(linked.href);
sp.delete('a');
sp.set('b', 'é');
console.log(linked.search, linked.href);
linked.search = '?z=9';
console.log([...sp], sp.toString());
linked.href = 'http://other/?q=1';
console.log([...sp]);
linked.hash = '';
sp.delete('q');
console.log(JSON.stringify(linked.href), JSON.stringify(linked.search));
linked.search = '';
console.log([...sp].length, linked.href);

// URLSearchParams construction and methods.
console.log(new URLSearchParams('?a=b').toString(), new URLSearchParams('??a=b').toString());
console.log(new URLSearchParams({ b: '2', a: ['x', 'y'], c: undefined }).toString());
console.log(new URLSearchParams(new Map([['m', '1'], ['n', '2']])).toString());
console.log(new URLSearchParams(new URLSearchParams('copy=1')).toString());
console.log(new URLSearchParams('a=%zz&b=%E2%82%AC&c=%FF%FE&d=+&e').toString(), [...new URLSearchParams('a=%zz&c=%FF')]);
console.log(new URLSearchParams({ '\ud800': '\udc00x' }).toString());
const multi = new URLSearchParams('a=1&a=2&b=1');
console.log(multi.has('a', '2'), multi.has('a', '3'), multi.getAll('a'));
multi.delete('a', '1');
console.log(multi.toString());
const order = new URLSearchParams('z=1&a=2&é=3&A=4&a=1');
order.sort();
console.log(order.toString());
const live = new URLSearchParams('a=1&b=2&c=3');
const seen = [];
live.forEach((value, name, self) => {
  seen.push(name + value);
  if (name === 'a') self.delete('b');
});
console.log(seen.join(' '));

// Setters and components.
const s = new URL('http://h.test:8080/a/b?c#d');
s.protocol = 'https';
s.username = 'us er';
s.password = 'p@ss';
s.hostname = 'EXAMPLE.org';
s.port = '443';
s.pathname = '/x y/../z';
console.log(s.href, s.origin, s.port === '');
s.port = '';
s.host = 'h2:99';
console.log(s.host, s.href);
s.protocol = 'foo';
console.log(s.protocol);
const f = new URL('file:///C:/dir/file');
f.pathname = '../../x';
console.log(f.href, new URL('file://localhost/etc').href, new URL('..', 'file:///C:/').href);
console.log(new URL('http://[::FFFF:192.168.0.1]:80/').host, new URL('http://0x7f.1/').host, new URL('http://1.2.3.4.5.x/').host);
console.log(new URL('HTTP://EXAMPLE.COM/%7e?%7e#%7e').href, new URL('http://ÉXAMPLE.com/☃?☃#☃').href);
console.log(new URL('blob:https://h.test/uuid').origin, new URL('data:text/plain,hi').origin);
console.log(util.format('%s %s %o', new URL('http://h/a'), new URLSearchParams('a=1&b=2'), new URLSearchParams('c=3')));
