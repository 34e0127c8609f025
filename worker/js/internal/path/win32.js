'use strict';
// Windows paths (path.win32): both '\' and '/' separate; a root is a drive
// ('C:', 'C:\'), a UNC share ('\\server\share\'), a device namespace
// ('\\?\', '\\.\') or a lone separator. Answers are Node 20's, quirks
// included, on every platform.

const {
  checkString, collapse, lastSeparatorBeforeBase, baseBounds, basenameFrom, extensionDot, formatPath, parseTail, cwd,
} = internalRequire('internal/path/posix').helpers;

const kBackslash = 0x5c;
const kSlash = 0x2f;
const kColon = 0x3a;
const kDot = 0x2e;
const kQuestion = 0x3f;

const isSep = (code) => code === kBackslash || code === kSlash;
const isDriveLetter = (code) => (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);

// The root of `path`: `device` is the drive or share as a normalized
// prefix ('' when none), `end` where the rest begins, `absolute` whether
// the root ends in a separator (or is a share or a namespace). Only
// resolve() and normalize() see the namespaces; for the others '\\?\x' is
// the share 'x' of server '?'.
function parseRoot(path, namespaces = false) {
  const length = path.length;
  if (length === 0) return { device: '', end: 0, absolute: false };
  const first = path.charCodeAt(0);
  if (isSep(first)) {
    if (length === 1 || !isSep(path.charCodeAt(1))) return { device: '', end: 1, absolute: true };
    // '\\?\' and '\\.\': the Win32 device namespaces.
    const third = path.charCodeAt(2);
    if (namespaces && (third === kQuestion || third === kDot) && length > 3 && isSep(path.charCodeAt(3))) {
      let rest = 4;
      while (rest < length && isSep(path.charCodeAt(rest))) rest++;
      if (rest < length) return { device: `\\\\${path[2]}\\`, end: rest, absolute: true, namespace: true };
    }
    // '\\server\share': both parts non-empty.
    let i = 2;
    while (i < length && !isSep(path.charCodeAt(i))) i++;
    const serverEnd = i;
    if (serverEnd === 2 || i === length) return { device: '', end: 1, absolute: true };
    while (i < length && isSep(path.charCodeAt(i))) i++;
    const shareStart = i;
    while (i < length && !isSep(path.charCodeAt(i))) i++;
    if (i === shareStart) return { device: '', end: 1, absolute: true };
    const device = `\\\\${path.slice(2, serverEnd)}\\${path.slice(shareStart, i)}`;
    return { device, end: i === length ? i : i + 1, absolute: true, unc: true };
  }
  if (length >= 2 && isDriveLetter(first) && path.charCodeAt(1) === kColon) {
    if (length > 2 && isSep(path.charCodeAt(2))) return { device: path.slice(0, 2), end: 3, absolute: true };
    return { device: path.slice(0, 2), end: 2, absolute: false };
  }
  return { device: '', end: 0, absolute: false };
}

function cwdForDevice(device) {
  const env = globalThis.process !== undefined ? globalThis.process.env : undefined;
  const path = (env !== undefined && env[`=${device}`]) || cwd();
  // A cwd on another drive stands for the root of this one.
  if (path.slice(0, 2).toLowerCase() !== device.toLowerCase() && path.charCodeAt(2) === kBackslash) {
    return `${device}\\`;
  }
  return path;
}

function joinRoot(device, absolute, namespace, tail) {
  if (namespace) return `${device}${tail}`;
  return absolute ? `${device}\\${tail}` : `${device}${tail}`;
}

function resolve(...paths) {
  let device = '';
  let tail = '';
  let absolute = false;
  let namespace = false;
  for (let i = paths.length - 1; i >= -1; i--) {
    let path;
    if (i >= 0) {
      path = paths[i];
      checkString(path, `paths[${i}]`);
      if (path.length === 0) continue;
    } else {
      path = device.length > 0 ? cwdForDevice(device) : cwd();
    }
    const root = parseRoot(path, true);
    if (root.device.length > 0) {
      if (device.length > 0 && root.device.toLowerCase() !== device.toLowerCase()) continue;
      if (device.length === 0) {
        device = root.device;
        namespace = root.namespace === true;
      }
    }
    if (!absolute) {
      tail = tail.length > 0 ? `${path.slice(root.end)}\\${tail}` : path.slice(root.end);
      absolute = root.absolute;
    }
    if (absolute && device.length > 0) break;
  }
  tail = collapse(tail, 0, !absolute, isSep, '\\');
  const resolved = joinRoot(device, absolute, namespace, tail);
  return resolved.length > 0 ? resolved : '.';
}

// A relative result whose first segment Windows would read as a drive or a
// stream ('C:x', 'a:') is made explicit with '.\'.
function guardRelative(path, tail) {
  if (tail.length >= 2 && isDriveLetter(tail.charCodeAt(0)) && tail.charCodeAt(1) === kColon) return `.\\${tail}`;
  for (let colon = path.indexOf(':'); colon !== -1; colon = path.indexOf(':', colon + 1)) {
    if (colon === path.length - 1 || isSep(path.charCodeAt(colon + 1))) return `.\\${tail}`;
  }
  return tail;
}

// Windows's reserved device names, as Node 20 checks them.
const kReservedNames = new Set([
  'CON', 'PRN', 'AUX', 'NUL', 'COM1', 'COM2', 'COM3', 'COM4', 'COM5', 'COM6', 'COM7', 'COM8', 'COM9',
  'LPT1', 'LPT2', 'LPT3', 'LPT4', 'LPT5', 'LPT6', 'LPT7', 'LPT8', 'LPT9',
  'COM\u00b9', 'COM\u00b2', 'COM\u00b3', 'LPT\u00b9', 'LPT\u00b2', 'LPT\u00b3',
]);

// normalize() of a relative path without a drive that Windows could read as
// a device: Node 20 looks at what precedes the first colon (or, with none,
// at all but the last character). 'AUX:x' keeps 'AUX:' as a drive-like
// prefix; both come back behind '.\'. Undefined when it is no such path.
function normalizeDeviceLike(path, tail) {
  const colon = path.indexOf(':');
  const name = colon === -1 ? path.slice(0, -1) : path.slice(0, colon);
  if (!kReservedNames.has(name.toUpperCase())) return undefined;
  if (colon === -1) return `.\\${tail}`;
  let rest = collapse(path, colon + 1, true, isSep, '\\');
  if (rest.length === 0) rest = '.';
  if (isSep(path.charCodeAt(path.length - 1))) rest += '\\';
  return `.\\${path.slice(0, colon + 1)}${rest}`;
}

function normalize(path) {
  checkString(path, 'path');
  if (path.length === 0) return '.';
  const root = parseRoot(path, true);
  if (path.length === 1) return isSep(path.charCodeAt(0)) ? '\\' : path;
  let tail = root.end < path.length ? collapse(path, root.end, !root.absolute, isSep, '\\') : '';
  if (tail.length === 0 && !root.absolute) tail = '.';
  if (tail.length > 0 && isSep(path.charCodeAt(path.length - 1))) tail += '\\';
  if (!root.absolute && root.device.length === 0) {
    const deviceLike = normalizeDeviceLike(path, tail);
    if (deviceLike !== undefined) return deviceLike;
    tail = guardRelative(path, tail);
  }
  if (root.device.length === 0) return root.absolute ? `\\${tail}` : tail;
  return joinRoot(root.device, root.absolute, root.namespace, tail);
}

function isAbsolute(path) {
  checkString(path, 'path');
  const length = path.length;
  if (length === 0) return false;
  const first = path.charCodeAt(0);
  return isSep(first) ||
      (length > 2 && isDriveLetter(first) && path.charCodeAt(1) === kColon && isSep(path.charCodeAt(2)));
}

function join(...paths) {
  if (paths.length === 0) return '.';
  let joined = '';
  let first = '';
  for (let i = 0; i < paths.length; i++) {
    const path = paths[i];
    checkString(path, 'path');
    if (path.length === 0) continue;
    if (joined.length === 0) {
      joined = first = path;
    } else {
      joined = `${joined}\\${path}`;
    }
  }
  if (joined.length === 0) return '.';
  // A first part that starts with exactly two separators is no UNC root if
  // the later parts supplied its server: drop the extra separators then.
  let extra = 0;
  if (isSep(first.charCodeAt(0)) && first.length > 1 && isSep(first.charCodeAt(1))) {
    if (first.length === 2 || !isSep(first.charCodeAt(2))) {
      // Fine as it is when the first part names a server itself.
      if (first.length > 2) return normalize(joined);
    }
    extra = 2;
    while (extra < joined.length && isSep(joined.charCodeAt(extra))) extra++;
    return normalize(`\\${joined.slice(extra)}`);
  }
  return normalize(joined);
}

function relative(from, to) {
  checkString(from, 'from');
  checkString(to, 'to');
  if (from === to) return '';
  const fromResolved = resolve(from);
  const toResolved = resolve(to);
  if (fromResolved === toResolved) return '';
  // Compared as Node compares them: segment by segment, ignoring case, once
  // the separators at both ends are gone (so 'C:' is a segment and a share's
  // '\\\\' prefix is not). Nothing in common: the target itself.
  const fromParts = segments(fromResolved);
  const toParts = segments(toResolved);
  let common = 0;
  while (common < fromParts.length && common < toParts.length &&
         fromParts[common].toLowerCase() === toParts[common].toLowerCase()) {
    common++;
  }
  if (common === 0 && fromParts.length > 0 && toParts.length > 0) return toResolved;
  const parts = [];
  for (let i = common; i < fromParts.length; i++) parts.push('..');
  for (let i = common; i < toParts.length; i++) parts.push(toParts[i]);
  return parts.join('\\');
}

function segments(resolved) {
  return resolved.split('\\').filter((part) => part.length > 0);
}

function toNamespacedPath(path) {
  if (typeof path !== 'string' || path.length === 0) return path;
  const resolved = resolve(path);
  if (resolved.length <= 2) return path;
  if (resolved.charCodeAt(0) === kBackslash) {
    if (resolved.charCodeAt(1) === kBackslash) {
      const third = resolved.charCodeAt(2);
      if (third !== kQuestion && third !== kDot) return `\\\\?\\UNC\\${resolved.slice(2)}`;
    }
  } else if (isDriveLetter(resolved.charCodeAt(0)) && resolved.charCodeAt(1) === kColon &&
             resolved.charCodeAt(2) === kBackslash) {
    return `\\\\?\\${resolved}`;
  }
  return resolved;
}

function dirname(path) {
  checkString(path, 'path');
  if (path.length === 0) return '.';
  const root = parseRoot(path);
  if (root.unc && root.end === path.length) return path;
  if (path.length === 1) return isSep(path.charCodeAt(0)) ? path : '.';
  const end = lastSeparatorBeforeBase(path, Math.max(root.end, 1), isSep);
  if (end === -1) return root.end > 0 ? path.slice(0, root.end) : '.';
  return path.slice(0, end);
}

// Where the file part of `path` begins: after a drive's colon, else 0.
function fileStart(path) {
  return path.length >= 2 && isDriveLetter(path.charCodeAt(0)) && path.charCodeAt(1) === kColon ? 2 : 0;
}

function basename(path, suffix) {
  if (suffix !== undefined) checkString(suffix, 'suffix');
  checkString(path, 'path');
  return basenameFrom(path, fileStart(path), suffix, isSep);
}

function extname(path) {
  checkString(path, 'path');
  const bounds = baseBounds(path, fileStart(path), isSep);
  const begin = bounds[0];
  const end = bounds[1];
  const dot = extensionDot(path, begin, end);
  return dot === -1 ? '' : path.slice(dot, end);
}

function format(pathObject) {
  return formatPath('\\', pathObject);
}

function parse(path) {
  checkString(path, 'path');
  const result = { root: '', dir: '', base: '', ext: '', name: '' };
  if (path.length === 0) return result;
  const root = parseRoot(path);
  if (path.length === 1) {
    if (isSep(path.charCodeAt(0))) {
      result.root = result.dir = path;
      return result;
    }
    result.base = result.name = path;
    return result;
  }
  result.root = path.slice(0, root.end);
  if (root.end === path.length) {
    result.dir = result.root;
    return result;
  }
  return parseTail(path, root.end, result.root, isSep, result);
}

function matchesGlob(path, pattern) {
  return internalRequire('internal/path/glob').matches(path, pattern, true);
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
  sep: '\\',
  delimiter: ';',
};
