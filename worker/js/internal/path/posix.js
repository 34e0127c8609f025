'use strict';
// POSIX paths: the functions of require('path') (= path.posix here) and the
// ones the CommonJS loader uses from the first require on. This file loads
// nothing else but the primordials until an argument is wrong. The Windows
// flavour (internal/path/win32.js) reuses the helpers exported at the end.

const kSlash = 0x2f;
const kDot = 0x2e;

// The loader's paths are made in a worker's start, by code that has not run
// before in it: the string methods it calls are primordials.
const {
  StringPrototypeCharCodeAt, StringPrototypeEndsWith, StringPrototypeIndexOf, StringPrototypeLastIndexOf,
  StringPrototypeSlice,
} = internalRequire('internal/primordials');

// Node's ERR_INVALID_ARG_TYPE, with the errors module loaded only when needed.
function invalidType(name, expected, value) {
  const { ERR_INVALID_ARG_TYPE } = internalRequire('internal/errors').codes;
  return new ERR_INVALID_ARG_TYPE(name, expected, value);
}

function checkString(value, name) {
  if (typeof value !== 'string') throw invalidType(name, 'string', value);
}

const isSlash = (code) => code === kSlash;

// The segments of path[start..] joined by `sep`, with '.' and empty ones
// dropped and each '..' taking away the segment before it. A '..' with
// nothing before it is kept when `aboveRoot` (a relative path), else dropped.
// `isSep` says which characters separate segments.
function collapse(path, start, aboveRoot, isSep, sep) {
  if (isSep === isSlash && isCollapsed(path, start)) {
    return StringPrototypeSlice(path, StringPrototypeCharCodeAt(path, start) === kSlash ? start + 1 : start);
  }
  const kept = [];
  let dotDots = 0;  // leading '..' kept in `kept`
  let segmentStart = start;
  for (let i = start; i <= path.length; i++) {
    if (i < path.length && !isSep(path.charCodeAt(i))) continue;
    const length = i - segmentStart;
    if (length === 0 || (length === 1 && path.charCodeAt(segmentStart) === kDot)) {
      // Nothing to keep.
    } else if (length === 2 && path.charCodeAt(segmentStart) === kDot && path.charCodeAt(segmentStart + 1) === kDot) {
      if (kept.length > dotDots) kept.pop();
      else if (aboveRoot) {
        kept.push('..');
        dotDots++;
      }
    } else {
      kept.push(path.slice(segmentStart, i));
    }
    segmentStart = i + 1;
  }
  return kept.join(sep);
}

// Whether path[start..] has nothing for collapse() to drop: no empty
// segment but a leading one, no '.' or '..' segment, no trailing '/'. Most
// paths a program hands over are so (the loader's always are), and this is a
// few searches in native code where collapse() walks the characters one by
// one in the interpreter, which in code that runs once (a worker's start)
// costs a runtime call for every read of `path.length`.
function isCollapsed(path, start) {
  const first = StringPrototypeCharCodeAt(path, start);
  if (first !== first) return true;  // NaN: nothing from `start` on
  if (StringPrototypeEndsWith(path, '/') || StringPrototypeIndexOf(path, '//', start) !== -1) return false;
  if (first === kDot) {
    // A first segment of '.' or '..'.
    const second = StringPrototypeCharCodeAt(path, start + 1);
    if (second !== second || second === kSlash) return false;
    if (second === kDot) {
      const third = StringPrototypeCharCodeAt(path, start + 2);
      if (third !== third || third === kSlash) return false;
    }
  }
  if (StringPrototypeIndexOf(path, '/.', start) === -1) return true;
  return StringPrototypeIndexOf(path, '/./', start) === -1 && StringPrototypeIndexOf(path, '/../', start) === -1 &&
    !StringPrototypeEndsWith(path, '/.') && !StringPrototypeEndsWith(path, '/..');
}

// What dirname() answers: the path up to the separator before its last
// segment (trailing separators do not count as one), or -1 when there is
// none at or after `rootEnd`.
function lastSeparatorBeforeBase(path, rootEnd, isSep) {
  if (isSep === isSlash && !StringPrototypeEndsWith(path, '/')) {
    const slash = StringPrototypeLastIndexOf(path, '/');
    return slash >= rootEnd ? slash : -1;
  }
  let i = path.length - 1;
  while (i >= rootEnd && isSep(path.charCodeAt(i))) i--;
  while (i >= rootEnd && !isSep(path.charCodeAt(i))) i--;
  return i >= rootEnd ? i : -1;
}

// The last segment of path[start..] as [begin, end) indices, trailing
// separators ignored; begin === end when there is none. Read by index, not
// destructured: destructuring runs the iterator protocol.
function baseBounds(path, start, isSep) {
  if (isSep === isSlash && !StringPrototypeEndsWith(path, '/')) {
    return [Math.max(start, StringPrototypeLastIndexOf(path, '/') + 1), path.length];
  }
  let end = path.length;
  while (end > start && isSep(path.charCodeAt(end - 1))) end--;
  let begin = end;
  while (begin > start && !isSep(path.charCodeAt(begin - 1))) begin--;
  return [begin, end];
}

// basename(path, suffix) for a non-empty suffix no longer than the path,
// from `floor` on. The suffix is matched backwards against the last segment's
// characters; the answer stops before it when it matched entirely inside that
// segment, and takes in everything to the end of the path when the segment ran
// out while it still matched (Node's answers, '/' for basename('/', 'a')).
function basenameWithSuffix(path, floor, suffix, isSep) {
  if (suffix === path) return '';
  let baseEnd = -1;
  let cut = -1;
  let next = suffix.length - 1;
  let begin = floor;
  for (let i = path.length - 1; i >= floor; i--) {
    const code = path.charCodeAt(i);
    if (isSep(code)) {
      if (baseEnd !== -1) {
        begin = i + 1;
        break;
      }
      continue;
    }
    if (baseEnd === -1) baseEnd = i + 1;
    if (next >= 0) {
      if (code === suffix.charCodeAt(next)) {
        if (--next === -1) cut = i;
      } else {
        next = -1;
        cut = baseEnd;
      }
    }
  }
  if (begin === cut) cut = baseEnd;
  else if (cut === -1) cut = path.length;
  return path.slice(begin, cut);
}

function basenameFrom(path, floor, suffix, isSep) {
  if (suffix !== undefined && suffix.length > 0 && suffix.length <= path.length) {
    return basenameWithSuffix(path, floor, suffix, isSep);
  }
  const bounds = baseBounds(path, floor, isSep);
  const begin = bounds[0];
  const end = bounds[1];
  return path.slice(begin, end);
}

// The index of the dot that starts the extension of segment path[begin..end),
// or -1: the last dot, unless it opens the segment ('.profile') or the
// segment is '..'. `dotDotHasNone` is false where Node's parse() gives '..'
// the extension '.' (a '..' right after the root).
function extensionDot(path, begin, end, dotDotHasNone = true) {
  const dot = path.lastIndexOf('.', end - 1);
  if (dot <= begin || dot >= end) return -1;
  if (dotDotHasNone && end - begin === 2 && path.charCodeAt(begin) === kDot) return -1;
  return dot;
}

function formatPath(sep, pathObject) {
  if (pathObject === null || typeof pathObject !== 'object') throw invalidType('pathObject', 'object', pathObject);
  const dir = pathObject.dir || pathObject.root;
  let base = pathObject.base;
  if (!base) {
    const ext = pathObject.ext;
    base = `${pathObject.name || ''}${ext ? `${ext[0] === '.' ? '' : '.'}${ext}` : ''}`;
  }
  if (!dir) return base;
  return dir === pathObject.root ? `${dir}${base}` : `${dir}${sep}${base}`;
}

// Splits path[rootEnd..] of a parse() into dir, base, name and ext.
// `dotDotAtRootHasExt`: posix parse('/..') names '.' the extension of '..'.
function parseTail(path, rootEnd, root, isSep, result, dotDotAtRootHasExt = false) {
  const bounds = baseBounds(path, rootEnd, isSep);
  const begin = bounds[0];
  const end = bounds[1];
  if (begin === end) {
    result.dir = root;
    return result;
  }
  result.base = path.slice(begin, end);
  const dot = extensionDot(path, begin, end, !dotDotAtRootHasExt || begin > rootEnd || begin === 0);
  result.name = dot === -1 ? result.base : path.slice(begin, dot);
  result.ext = dot === -1 ? '' : path.slice(dot, end);
  // The directory ends one separator before the base, and is at least the root.
  result.dir = begin - 1 > rootEnd ? path.slice(0, begin - 1) : root;
  return result;
}

// ------------------------------------------------------------------ posix

// process.cwd(), which a script may replace, as in Node; the native one
// while the bootstrap has not made `process` yet.
function cwd() {
  const { process } = globalThis;
  return process !== undefined && typeof process.cwd === 'function' ? process.cwd() : binding.cwd();
}

function resolve(...paths) {
  let resolved = '';
  let absolute = false;
  for (let i = paths.length - 1; i >= -1 && !absolute; i--) {
    const path = i >= 0 ? paths[i] : cwd();
    if (typeof path !== 'string') throw invalidType(`paths[${i}]`, 'string', path);
    if (path === '') continue;
    resolved = resolved === '' ? path : `${path}/${resolved}`;
    absolute = StringPrototypeCharCodeAt(path, 0) === kSlash;
  }
  // What collapse() would give back with the root put back on.
  if (resolved !== '' && isCollapsed(resolved, 0)) return resolved;
  const body = collapse(resolved, 0, !absolute, isSlash, '/');
  if (absolute) return `/${body}`;
  return body.length > 0 ? body : '.';
}

function normalize(path) {
  checkString(path, 'path');
  if (path.length === 0) return '.';
  const absolute = path.charCodeAt(0) === kSlash;
  const trailing = path.charCodeAt(path.length - 1) === kSlash;
  let body = collapse(path, 0, !absolute, isSlash, '/');
  if (body.length === 0) {
    if (absolute) return '/';
    return trailing ? './' : '.';
  }
  if (trailing) body += '/';
  return absolute ? `/${body}` : body;
}

function isAbsolute(path) {
  checkString(path, 'path');
  return path.length > 0 && path.charCodeAt(0) === kSlash;
}

function join(...paths) {
  let joined = '';
  for (let i = 0; i < paths.length; i++) {
    const path = paths[i];
    checkString(path, 'path');
    if (path.length > 0) joined = joined.length === 0 ? path : `${joined}/${path}`;
  }
  return joined.length === 0 ? '.' : normalize(joined);
}

function relative(from, to) {
  checkString(from, 'from');
  checkString(to, 'to');
  if (from === to) return '';
  from = resolve(from);
  to = resolve(to);
  if (from === to) return '';
  // Both are absolute and normalized: '/' or '/a/b' with no trailing '/'.
  const fromParts = from === '/' ? [] : from.slice(1).split('/');
  const toParts = to === '/' ? [] : to.slice(1).split('/');
  let common = 0;
  while (common < fromParts.length && common < toParts.length && fromParts[common] === toParts[common]) common++;
  let out = '';
  for (let i = common; i < fromParts.length; i++) out += out.length === 0 ? '..' : '/..';
  for (let i = common; i < toParts.length; i++) out += out.length === 0 ? toParts[i] : `/${toParts[i]}`;
  return out;
}

function toNamespacedPath(path) {
  return path;
}

function dirname(path) {
  checkString(path, 'path');
  if (path.length === 0) return '.';
  const rooted = path.charCodeAt(0) === kSlash;
  const end = lastSeparatorBeforeBase(path, 1, isSlash);
  if (end === -1) return rooted ? '/' : '.';
  // '//a' keeps both slashes, as in Node.
  if (rooted && end === 1) return '//';
  return path.slice(0, end);
}

function basename(path, suffix) {
  if (suffix !== undefined) checkString(suffix, 'suffix');
  checkString(path, 'path');
  return basenameFrom(path, 0, suffix, isSlash);
}

function extname(path) {
  checkString(path, 'path');
  const bounds = baseBounds(path, 0, isSlash);
  const begin = bounds[0];
  const end = bounds[1];
  const dot = extensionDot(path, begin, end);
  return dot === -1 ? '' : path.slice(dot, end);
}

function format(pathObject) {
  return formatPath('/', pathObject);
}

function parse(path) {
  checkString(path, 'path');
  const result = { root: '', dir: '', base: '', ext: '', name: '' };
  if (path.length === 0) return result;
  const rooted = path.charCodeAt(0) === kSlash;
  const root = rooted ? '/' : '';
  result.root = root;
  return parseTail(path, rooted ? 1 : 0, root, isSlash, result, true);
}

function matchesGlob(path, pattern) {
  return internalRequire('internal/path/glob').matches(path, pattern, false);
}

module.exports = {
  resolve,
  normalize,
  isAbsolute,
  join,
  relative,
  toNamespacedPath,
  dirname,
  basename,
  extname,
  format,
  parse,
  matchesGlob,
  sep: '/',
  delimiter: ':',
  // For internal/path/win32.js.
  helpers: {
    invalidType, checkString, collapse, lastSeparatorBeforeBase, baseBounds, basenameFrom, extensionDot, formatPath,
    parseTail, cwd,
  },
};
