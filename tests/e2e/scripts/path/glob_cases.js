'use strict';
// path.matchesGlob on posix and win32: wildcards, classes, braces, globstar,
// extended groups, dotfiles, escapes, argument errors. Compared with what
// Node 20 prints (glob_cases.out); Node's ExperimentalWarning goes to stderr.
const path = require('path');

const cases = [
  ['foo/bar/baz', 'foo/[bcr]ar/baz'], ['foo/bar/baz', 'foo/[!bcr]ar/baz'], ['foo/bar/baz', 'foo/*/!bar/*/baz'],
  ['foo/bar5/baz', 'foo/bar[0-9]/baz'], ['foo/barx/baz', 'foo/bar[a-z]/baz'], ['foo/bar/baz', 'foo/**'],
  ['foo', 'foo/**'], ['foo/', 'foo/**'], ['foo/bar/baz', '*'], ['a/b/c/d', 'a/**/d'], ['a/d', 'a/**/d'],
  ['a/.hidden/d', 'a/**/d'], ['.x', '*'], ['.x', '.*'], ['a/.x', 'a/*'], ['a', '!b'], ['#a', '#a'], ['a/b', 'a/{b,c}'],
  ['a/c', 'a/{b,{c,d}}'], ['a3', 'a{1..3}'], ['ab', '+(a|b)'], ['a', '@(a)'], ['b', '!(a)'], ['a', '!(a)'], ['', '?(a)'],
  ['A', 'a'], ['a*b', 'a\\*b'], ['axb', 'a\\*b'], ['a/b', 'a?b'], ['abc', 'a?c'], ['-', '[a-]'], ['[', '['], ['z', '[z-a]'],
  ['a/b', './a/b'], ['foo\\bar\\baz', 'foo\\[bcr]ar\\baz'], ['foo\\bar\\baz', 'foo/**'], ['foo\\bar', 'foo/bar'],
];
for (const flavour of ['posix', 'win32']) {
  for (const [p, pattern] of cases) {
    console.log(flavour, JSON.stringify(p), JSON.stringify(pattern), path[flavour].matchesGlob(p, pattern));
  }
}
for (const [p, pattern] of [[1, 'a'], ['a', null]]) {
  try {
    path.matchesGlob(p, pattern);
  } catch (err) {
    console.log(err.name, err.code, err.message);
  }
}
