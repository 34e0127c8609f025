'use strict';
// Reading package.json files for module resolution, once per directory and
// worker (as Node does: a deep require tree asks about the same few folders
// over and over). Only the fields resolution needs are kept.

const kEmpty = Object.freeze({ exists: false });
const cache = new Map();  // directory (no trailing '/') -> record
// The files read: the binding's, or a pooled worker's warm-up's (setFiles).
let files = binding;

// The package.json of `dir` as { exists, path, name, main, exports, imports,
// type }, or { exists: false }. A file that is not valid JSON throws, naming
// the file, as Node's require() does.
function read(dir) {
  const cached = cache.get(dir);
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
  cache.set(dir, record);
  return record;
}

// The package.json closest above `filename` (a file's absolute path), not
// looking past a node_modules folder: that folder's parent is another
// package. Returns the record (with `.path`) or undefined.
function findScope(filename) {
  let dir = filename;
  for (;;) {
    const slash = dir.lastIndexOf('/');
    if (slash < 0) return undefined;
    dir = dir.slice(0, slash);
    if (dir.endsWith('/node_modules')) return undefined;
    const record = read(dir === '' ? '/' : dir);
    if (record.exists) return record;
    if (dir === '') return undefined;
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
};
