'use strict';
// POSIX path helpers for the module loader (and require('path')).

function normalizeSegments(path, allowAboveRoot) {
  const out = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (allowAboveRoot) out.push('..');
    } else {
      out.push(segment);
    }
  }
  return out;
}

function isAbsolute(path) {
  return path.startsWith('/');
}

function normalize(path) {
  if (path === '') return '.';
  const absolute = isAbsolute(path);
  const trailing = path.endsWith('/');
  let result = normalizeSegments(path, !absolute).join('/');
  if (result === '' && !absolute) result = '.';
  if (result !== '' && trailing) result += '/';
  return absolute ? `/${result}` : result;
}

function join(...parts) {
  const joined = parts.filter((part) => part !== '').join('/');
  return joined === '' ? '.' : normalize(joined);
}

function resolve(...parts) {
  let resolved = '';
  for (let i = parts.length - 1; i >= 0 && !isAbsolute(resolved); i--) {
    if (parts[i] === '') continue;
    resolved = resolved === '' ? parts[i] : `${parts[i]}/${resolved}`;
  }
  if (!isAbsolute(resolved)) resolved = `${binding.cwd()}/${resolved}`;
  const result = `/${normalizeSegments(resolved, false).join('/')}`;
  return result;
}

function dirname(path) {
  if (path === '') return '.';
  const end = path.replace(/\/+$/, '');
  if (end === '') return '/';
  const index = end.lastIndexOf('/');
  if (index < 0) return '.';
  if (index === 0) return '/';
  return end.slice(0, index).replace(/\/+$/, '') || '/';
}

function basename(path, ext) {
  const base = path.replace(/\/+$/, '').split('/').pop();
  return ext && base.endsWith(ext) && base !== ext ? base.slice(0, -ext.length) : base;
}

function extname(path) {
  const base = basename(path);
  const index = base.lastIndexOf('.');
  return index <= 0 ? '' : base.slice(index);
}

function relative(from, to) {
  const fromParts = normalizeSegments(resolve(from), false);
  const toParts = normalizeSegments(resolve(to), false);
  let common = 0;
  while (common < fromParts.length && common < toParts.length && fromParts[common] === toParts[common]) common++;
  return [...Array(fromParts.length - common).fill('..'), ...toParts.slice(common)].join('/');
}

exports.sep = '/';
exports.delimiter = ':';
exports.isAbsolute = isAbsolute;
exports.normalize = normalize;
exports.join = join;
exports.resolve = resolve;
exports.dirname = dirname;
exports.basename = basename;
exports.extname = extname;
exports.relative = relative;
exports.posix = exports;
