'use strict';
// Every function of path.posix and path.win32 on edge cases: roots (drives,
// UNC shares, \\?\ and \\.\ namespaces, reserved device names), dots,
// repeated and trailing separators, suffixes, and argument errors. Compared
// with what Node 20 prints (path_cases.out). resolve() asks process.cwd(),
// which is replaced here, as Node lets a script do, so that the output does
// not depend on where the script runs.
const path = require('path');

process.cwd = () => '/srv/app';

function show(label, fn) {
  let text;
  try {
    text = String(JSON.stringify(fn()));
  } catch (err) {
    text = `throws ${err.name} ${err.code} ${err.message}`;
  }
  console.log(label, text);
}

const inputs = ['', '.', '..', '...', '/', '//', '///', '\\', '\\\\', 'a', 'a/', 'a//b', '/a//b', '//a', '///a',
  '//a//b//', 'a/b/../../..', './a/./b/.', '/..', '/../a', 'a\\b/c', 'file.', '.file', '..file', 'a.b.c', '/x/.profile',
  'C:', 'C:\\', 'C:/', 'c:a', 'C:..\\x', 'C:\\..\\..\\x', 'C:\\a\\b\\', 'CC:\\x', '1:\\x', '\\\\server\\share',
  '\\\\server\\share\\', '\\\\server\\share\\dir\\file.txt', '//server/share/dir/../x', '\\\\server', '\\\\server\\',
  '\\\\?\\C:\\a\\..\\b', '\\\\?\\UNC\\s\\h\\a', '\\\\.\\pipe\\x', '//./pipe/../x', '\\\\.\\', '//?/', '\\\\?\\foo\\',
  'AUX', 'AUXa', 'aux:x', 'NUL:', 'COM10', 'COM1', 'LPT9x', 'CON:..\\..\\secret', 'a:b', 'x/AUX:', 'a/b:', 'é/ü.txt',
  '/a/.b/../c', '/a/..b/c', '/x/y/..', '/x/y/.', 'a/...', '.b/c', '..b', '/srv/app/node_modules/.bin/x'];
const flavours = { posix: path.posix, win32: path.win32 };
for (const [name, flavour] of Object.entries(flavours)) {
  for (const input of inputs) {
    const q = JSON.stringify(input);
    show(`${name}.normalize(${q})`, () => flavour.normalize(input));
    show(`${name}.isAbsolute(${q})`, () => flavour.isAbsolute(input));
    show(`${name}.dirname(${q})`, () => flavour.dirname(input));
    show(`${name}.basename(${q})`, () => flavour.basename(input));
    show(`${name}.extname(${q})`, () => flavour.extname(input));
    show(`${name}.parse(${q})`, () => flavour.parse(input));
    show(`${name}.toNamespacedPath(${q})`, () => flavour.toNamespacedPath(input));
    show(`${name}.resolve(${q})`, () => flavour.resolve(input));
    show(`${name}.resolve('/base', ${q})`, () => flavour.resolve('/base', input));
    show(`${name}.join('x', ${q})`, () => flavour.join('x', input));
    show(`${name}.join(${q}, 'y')`, () => flavour.join(input, 'y'));
  }
  const pairs = [['/a/b/c', '/a/d'], ['/a', '/a/b/c'], ['/a/b', '/'], ['/', '/a'], ['a', 'a'], ['C:\\a\\b', 'C:\\a\\c'],
    ['C:\\a', 'c:\\A\\b'], ['C:\\a', 'D:\\b'], ['\\\\s\\h\\a', '\\\\s\\h\\b'], ['\\\\s\\h\\a', '\\\\t\\h\\a'], ['/x', '/y'],
    ['/var/lib', '/var/apache'], ['/foo/bar/baz-quux', '/foo/bar/baz'], ['', '/']];
  for (const [from, to] of pairs) show(`${name}.relative(${JSON.stringify(from)}, ${JSON.stringify(to)})`, () => flavour.relative(from, to));
  const suffixes = [['a.js', '.js'], ['x', 'x'], ['/', 'a'], ['//', 'a'], ['/', '/'], ['a/', '/'], ['b/a', 'a/b'], ['/a/b', 'a/b'],
    ['/aa/', 'a'], ['a/b', 'b'], ['C:\\x.txt', '.txt'], ['C:x', 'x'], ['file.js.old', '.js.old'], ['a\\b.c', '.c']];
  for (const [p, s] of suffixes) show(`${name}.basename(${JSON.stringify(p)}, ${JSON.stringify(s)})`, () => flavour.basename(p, s));
  const objects = [{ root: '/', dir: '/', base: 'a' }, { dir: 'x', name: 'n', ext: 'e' }, { dir: 'x', name: 'n', ext: '.e' },
    { root: 'C:\\', name: 'f', ext: '.txt' }, { base: 'b', name: 'ignored' }, {}, { dir: 'd', base: '' }];
  for (const object of objects) show(`${name}.format(${JSON.stringify(object)})`, () => flavour.format(object));
  for (const bad of [1, null, undefined, {}, true]) {
    show(`${name}.join(${String(bad)})`, () => flavour.join('a', bad));
    show(`${name}.resolve(${String(bad)})`, () => flavour.resolve('a', bad));
    show(`${name}.relative(${String(bad)})`, () => flavour.relative(bad, 'a'));
    show(`${name}.basename('a', ${String(bad)})`, () => flavour.basename('a', bad));
    show(`${name}.format(${String(bad)})`, () => flavour.format(bad));
    show(`${name}.toNamespacedPath(${String(bad)})`, () => flavour.toNamespacedPath(bad));
  }
}

console.log(Object.keys(path).join(' '));
console.log(Object.keys(path.win32).join(' '));
console.log(path === path.posix, path.posix.win32 === path.win32, path.win32.posix === path.posix,
            path.win32.win32 === path.win32, path._makeLong === path.toNamespacedPath, path.sep, path.win32.sep,
            path.delimiter, path.win32.delimiter);
console.log(require('path/posix') === path.posix, require('node:path/win32') === path.win32,
            require('node:path') === path, require('path/win32').sep);
