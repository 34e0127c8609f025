'use strict';
// require('path'): path.posix here (this is a POSIX system), with
// path.win32 beside it. The functions are internal/path/posix.js and
// internal/path/win32.js; the objects built here are the public ones, so a
// script that replaces path.join changes neither the loader's paths nor the
// other flavour.

const posixFunctions = internalRequire('internal/path/posix');
const win32Functions = internalRequire('internal/path/win32');

const kNames = ['resolve', 'normalize', 'isAbsolute', 'join', 'relative', 'toNamespacedPath', 'dirname', 'basename',
  'extname', 'format', 'parse', 'matchesGlob', 'sep', 'delimiter'];

function flavour(functions) {
  const object = {};
  for (const name of kNames) object[name] = functions[name];
  object.win32 = null;
  object.posix = null;
  object._makeLong = functions.toNamespacedPath;
  return object;
}

const posix = flavour(posixFunctions);
const win32 = flavour(win32Functions);
posix.win32 = win32.win32 = win32;
posix.posix = win32.posix = posix;

module.exports = posix;
