'use strict';
// Reading package.json files for module resolution, once per directory and
// worker (as Node does: a deep require tree asks about the same few folders
// over and over). Only the fields resolution needs are kept.

// The first resolution runs in a worker's start: primordials.
const {
  MapPrototypeGet, MapPrototypeSet, StringPrototypeEndsWith, StringPrototypeLastIndexOf, StringPrototypeSlice,
} = internalRequire('internal/primordials');

const kEmpty = Object.freeze({ exists: false });
const cache = new Map();  // directory (no trailing '/') -> record
// findScope()'s answers by the directory of the file asked about: the
// entry's scope is asked for twice at the start (is it an ES module, then
// by its .js loader), and every file of a folder asks the same.
const scopes = new Map();  // directory -> record, or null for none
// The files read: the binding's, or a pooled worker's warm-up's (setFiles).
let files = binding;

// The package.json of `dir` as { exists, path, name, main, exports, imports,
// type }, or { exists: false }. A file that is not valid JSON throws, naming
// the file, as Node's require() does.
function read(dir) {
  const cached = MapPrototypeGet(cache, dir);
  if (cached !== undefined) return cached;
  const jsonPath = `${dir === '/' ? '' : dir}/package.json`;
  let record = kEmpty;
  if (files.stat(jsonPath) === 0) {
    let text = files.readFile(jsonPath);
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      err.path = jsonPath;
      err.message = `Error parsing ${jsonPath}: ${err.message}`;
      throw err;
    }
    const data = parsed !== null && typeof parsed === 'object' ? parsed : {};
    record = {
      exists: true,
      path: jsonPath,
      name: typeof data.name === 'string' ? data.name : undefined,
      main: typeof data.main === 'string' ? data.main : undefined,
      exports: data.exports,
      imports: data.imports,
      type: data.type === 'module' || data.type === 'commonjs' ? data.type : 'none',
    };
  }
  MapPrototypeSet(cache, dir, record);
  return record;
}

// The package.json closest above `filename` (a file's absolute path), not
// looking past a node_modules folder: that folder's parent is another
// package. Returns the record (with `.path`) or undefined.
function findScope(filename) {
  const slash = StringPrototypeLastIndexOf(filename, '/');
  if (slash < 0) return undefined;
  const directory = StringPrototypeSlice(filename, 0, slash);
  const known = MapPrototypeGet(scopes, directory);
  if (known !== undefined) return known === null ? undefined : known;
  const scope = scopeOf(directory);
  MapPrototypeSet(scopes, directory, scope === undefined ? null : scope);
  return scope;
}

// The package.json record in `dir` or above it ('' is the root).
function scopeOf(dir) {
  for (;;) {
    if (StringPrototypeEndsWith(dir, '/node_modules')) return undefined;
    const record = read(dir === '' ? '/' : dir);
    if (record.exists) return record;
    if (dir === '') return undefined;
    const slash = StringPrototypeLastIndexOf(dir, '/');
    if (slash < 0) return undefined;
    dir = StringPrototypeSlice(dir, 0, slash);
  }
}

exports.read = read;
exports.findScope = findScope;
// For the warm-up of a pooled worker (modules.js): files from memory while it
// runs (null: the real ones again), and then nothing of it kept.
exports.setFiles = (replacement) => {
  files = replacement === null ? binding : replacement;
};
exports.forget = (dirPrefix) => {
  for (const dir of cache.keys()) {
    if (dir.startsWith(dirPrefix)) cache.delete(dir);
  }
  for (const dir of scopes.keys()) {
    if (dir.startsWith(dirPrefix)) scopes.delete(dir);
  }
};
