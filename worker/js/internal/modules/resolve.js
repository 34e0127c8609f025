'use strict';
// Node's resolution of package.json "exports" and "imports" and of bare
// package names, shared by require() and (later) import: both module
// systems must agree on which file a name means. Works on absolute file
// paths; `base` is the importing file's path (or undefined), `conditions` a
// Set of condition names ('require' or 'import', 'node', ...; 'default'
// always matches). Returns an absolute path (which may not exist: the caller
// decides what a missing file means) or 'node:NAME' for a builtin.

const packageJson = internalRequire('internal/modules/package_json');
const {
  ERR_INVALID_MODULE_SPECIFIER,
  ERR_INVALID_PACKAGE_CONFIG,
  ERR_INVALID_PACKAGE_TARGET,
  ERR_MODULE_NOT_FOUND,
  ERR_PACKAGE_IMPORT_NOT_DEFINED,
  ERR_PACKAGE_PATH_NOT_EXPORTED,
} = internalRequire('internal/errors').codes;

// A path segment a target or a pattern match may not contain: '.', '..' or
// 'node_modules', also percent-encoded. An empty segment is only deprecated.
const kInvalidSegment = /(^|\\|\/)((\.|%2e)(\.|%2e)?|(n|%6e|%4e)(o|%6f|%4f)(d|%64|%44)(e|%65|%45)(_|%5f)(m|%6d|%4d)(o|%6f|%4f)(d|%64|%44)(u|%75|%55)(l|%6c|%4c)(e|%65|%45)(s|%73|%53))(\\|\/|$)/i;
const kEncodedSeparator = /%2f|%5c/i;

function isBuiltin(name) {
  return internalRequire('internal/modules/builtins').isBuiltin(name);
}

// "lodash/fp" -> { name: 'lodash', subpath: './fp', scoped: false }.
function parsePackageName(specifier, base) {
  let separator = specifier.indexOf('/');
  let valid = true;
  const scoped = specifier[0] === '@';
  if (scoped) {
    if (separator === -1 || specifier.length === 0) valid = false;
    else separator = specifier.indexOf('/', separator + 1);
  }
  const name = separator === -1 ? specifier : specifier.slice(0, separator);
  if (/^\.|%|\\/.test(name)) valid = false;
  if (!valid) throw new ERR_INVALID_MODULE_SPECIFIER(specifier, 'is not a valid package name', base);
  return { name, subpath: `.${separator === -1 ? '' : specifier.slice(separator)}`, scoped };
}

// Orders two keys with '*' as Node does: the longer prefix before '*' is
// the more specific one.
function patternKeyCompare(a, b) {
  const aStar = a.indexOf('*');
  const bStar = b.indexOf('*');
  const aBase = aStar === -1 ? a.length : aStar + 1;
  const bBase = bStar === -1 ? b.length : bStar + 1;
  if (aBase > bBase) return -1;
  if (bBase > aBase) return 1;
  if (aStar === -1) return 1;
  if (bStar === -1) return -1;
  if (a.length > b.length) return -1;
  if (b.length > a.length) return 1;
  return 0;
}

// The key of `map` whose pattern matches `request` best, and what its '*'
// stands for; undefined if none does.
function bestPatternMatch(map, request) {
  let best = '';
  let match;
  for (const key of Object.keys(map)) {
    const star = key.indexOf('*');
    if (star === -1 || !request.startsWith(key.slice(0, star))) continue;
    const trailer = key.slice(star + 1);
    if (request.length >= key.length && request.endsWith(trailer) &&
        patternKeyCompare(best, key) === 1 && key.lastIndexOf('*') === star) {
      best = key;
      match = request.slice(star, request.length - trailer.length);
    }
  }
  return best === '' ? undefined : { key: best, match };
}

function dirSlash(pkgDir) {
  return pkgDir.endsWith('/') ? pkgDir : `${pkgDir}/`;
}

function invalidTarget(pkgDir, key, target, internal, base) {
  const shown = typeof target === 'object' && target !== null ? JSON.stringify(target, null, '') : `${target}`;
  return new ERR_INVALID_PACKAGE_TARGET(dirSlash(pkgDir), key, shown, internal, base);
}

function isArrayIndex(key) {
  const n = Number(key);
  return `${n}` === key && n >= 0 && n < 0xffffffff;
}

// One string target: './file' inside the package, or (for "imports" only)
// a bare package name.
function resolveTargetString(ctx, target, subpath, key, pattern) {
  const { pkgDir, base, internal } = ctx;
  if (subpath !== '' && !pattern && !target.endsWith('/')) throw invalidTarget(pkgDir, key, target, internal, base);
  if (!target.startsWith('./')) {
    if (internal && !target.startsWith('../') && !target.startsWith('/') && !/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(target)) {
      const request = pattern ? target.replace(/\*/g, () => subpath) : target + subpath;
      return packageResolve(request, base, ctx.conditions);
    }
    throw invalidTarget(pkgDir, key, target, internal, base);
  }
  if (kInvalidSegment.test(target.slice(2))) throw invalidTarget(pkgDir, key, target, internal, base);
  const resolved = dirSlash(pkgDir) + target.slice(2);
  if (subpath === '') return resolved;
  if (kInvalidSegment.test(subpath)) {
    const request = pattern ? key.replace('*', () => subpath) : key + subpath;
    throw new ERR_INVALID_MODULE_SPECIFIER(
      request,
      `request is not a valid match in pattern "${key}" for the "${internal ? 'imports' : 'exports'}" resolution of ${dirSlash(pkgDir)}package.json`,
      base);
  }
  return pattern ? resolved.replace(/\*/g, () => subpath) : resolved + subpath;
}

// A target of any shape: a string, an array (the first that resolves), an
// object of conditions (the first whose condition is set), or null (not
// exported). Returns undefined when no condition matched, null when the
// target says "not exported".
function resolveTarget(ctx, target, subpath, key, pattern) {
  if (typeof target === 'string') return resolveTargetString(ctx, target, subpath, key, pattern);
  if (Array.isArray(target)) {
    if (target.length === 0) return null;
    let lastError;
    for (const item of target) {
      let result;
      try {
        result = resolveTarget(ctx, item, subpath, key, pattern);
      } catch (err) {
        lastError = err;
        if (err.code === 'ERR_INVALID_PACKAGE_TARGET') continue;
        throw err;
      }
      if (result === undefined) continue;
      if (result === null) {
        lastError = null;
        continue;
      }
      return result;
    }
    if (lastError === undefined || lastError === null) return lastError;
    throw lastError;
  }
  if (typeof target === 'object' && target !== null) {
    const keys = Object.getOwnPropertyNames(target);
    for (const condition of keys) {
      if (isArrayIndex(condition)) {
        throw new ERR_INVALID_PACKAGE_CONFIG(`${dirSlash(ctx.pkgDir)}package.json`, ctx.base,
                                             '"exports" cannot contain numeric property keys.');
      }
    }
    for (const condition of keys) {
      if (condition !== 'default' && !ctx.conditions.has(condition)) continue;
      const result = resolveTarget(ctx, target[condition], subpath, key, pattern);
      if (result !== undefined) return result;
    }
    return undefined;
  }
  if (target === null) return null;
  throw invalidTarget(ctx.pkgDir, key, target, ctx.internal, ctx.base);
}

// "exports": "./x.js" and { "import": ..., "require": ... } both mean the
// package's main entry.
function isMainSugar(exports, pkgDir, base) {
  if (typeof exports === 'string' || Array.isArray(exports)) return true;
  if (typeof exports !== 'object' || exports === null) return false;
  let sugar;
  let first = true;
  for (const key of Object.keys(exports)) {
    const isCondition = key === '' || key[0] !== '.';
    if (first) {
      sugar = isCondition;
      first = false;
    } else if (sugar !== isCondition) {
      throw new ERR_INVALID_PACKAGE_CONFIG(
        `${dirSlash(pkgDir)}package.json`, base,
        '"exports" cannot contain some keys starting with \'.\' and some not. The exports object must either be an object of package subpath keys or an object of main entry condition name keys only.');
    }
  }
  return sugar === true;
}

// The file that `subpath` ('.' or './x') of the package in `pkgDir` exports.
function packageExportsResolve(pkgDir, subpath, exports, base, conditions) {
  if (isMainSugar(exports, pkgDir, base)) exports = { '.': exports };
  const ctx = { pkgDir, base, conditions, internal: false };
  let result;
  if (Object.prototype.hasOwnProperty.call(exports, subpath) && !subpath.includes('*') && !subpath.endsWith('/')) {
    result = resolveTarget(ctx, exports[subpath], '', subpath, false);
  } else {
    const best = bestPatternMatch(exports, subpath);
    if (best !== undefined) result = resolveTarget(ctx, exports[best.key], best.match, best.key, true);
  }
  if (result === undefined || result === null) throw new ERR_PACKAGE_PATH_NOT_EXPORTED(dirSlash(pkgDir), subpath, base);
  return toFilePath(result, base);
}

// "#name" through the "imports" of the package around `base`.
function packageImportsResolve(name, base, conditions) {
  if (name === '#' || name.startsWith('#/') || name.endsWith('/')) {
    throw new ERR_INVALID_MODULE_SPECIFIER(name, 'is not a valid internal imports specifier name', base);
  }
  const scope = base === undefined ? undefined : packageJson.findScope(base);
  let pkgDir;
  if (scope !== undefined) {
    pkgDir = scope.path.slice(0, -'package.json'.length);
    const imports = scope.imports;
    if (imports !== null && typeof imports === 'object') {
      const ctx = { pkgDir, base, conditions, internal: true };
      let result;
      if (Object.prototype.hasOwnProperty.call(imports, name) && !name.includes('*')) {
        result = resolveTarget(ctx, imports[name], '', name, false);
      } else {
        const best = bestPatternMatch(imports, name);
        if (best !== undefined) result = resolveTarget(ctx, imports[best.key], best.match, best.key, true);
      }
      if (result !== undefined && result !== null) return toFilePath(result, base);
    }
  }
  throw new ERR_PACKAGE_IMPORT_NOT_DEFINED(name, pkgDir, base);
}

// DEP0151: an ES module found by guessing the extension of "main", or as
// the package's index.
function warnLegacyMain(pkgDir, main, file, base) {
  const isModule = file.endsWith('.mjs') ||
      (file.endsWith('.js') && (packageJson.findScope(file) || { type: 'none' }).type === 'module');
  if (!isModule) return;
  const found = file.slice(pkgDir.length + 1);
  const message = main
    ? `Package ${pkgDir}/ has a "main" field set to "${main}", excluding the full filename and extension to the resolved file at "${found}", imported from ${base}.\n Automatic extension resolution of the "main" field is deprecated for ES modules.`
    : `No "main" or "exports" field defined in the package.json for ${pkgDir}/ resolving the main entry point "${found}", imported from ${base}.\nDefault "index" lookups for the main are deprecated for ES modules.`;
  internalRequire('internal/process/object').process.emitWarning(message, 'DeprecationWarning', 'DEP0151');
}

// main, then index, as Node does for a package without "exports" that an
// import names.
function legacyMainResolve(pkgDir, record, base) {
  const candidates = [];
  // "main" is a URL relative to the package.json (an absolute path stays one).
  const mainPath = record.main === undefined ? undefined : record.main.startsWith('/') ? record.main : `${pkgDir}/${record.main}`;
  if (record.main !== undefined) {
    const main = mainPath;
    for (const suffix of ['', '.js', '.json', '.node', '/index.js', '/index.json', '/index.node']) candidates.push(main + suffix);
  }
  for (const file of ['index.js', 'index.json', 'index.node']) candidates.push(`${pkgDir}/${file}`);
  for (const file of candidates) {
    if (binding.stat(file) !== 0) continue;
    if (file !== mainPath) warnLegacyMain(pkgDir, record.main, file, base);
    return file;
  }
  throw new ERR_MODULE_NOT_FOUND(`${pkgDir}/`, base, false);
}

// A bare specifier ('pkg', 'pkg/sub', '@scope/pkg/sub') as an import names
// it: a builtin, the importing package itself, or a package in node_modules
// of `base`'s folder or a folder above.
function packageResolve(specifier, base, conditions) {
  if (isBuiltin(specifier)) {
    return specifier.startsWith('node:') ? specifier : `node:${specifier}`;
  }
  const { name, subpath } = parsePackageName(specifier, base);
  const scope = base === undefined ? undefined : packageJson.findScope(base);
  if (scope !== undefined && scope.exports != null && scope.name === name) {
    return packageExportsResolve(scope.path.slice(0, -'/package.json'.length), subpath, scope.exports, base, conditions);
  }
  let dir = base === undefined ? binding.cwd() : base.slice(0, Math.max(base.lastIndexOf('/'), 1));
  for (;;) {
    const pkgDir = `${dir === '/' ? '' : dir}/node_modules/${name}`;
    if (binding.stat(pkgDir) === 1) {
      const record = packageJson.read(pkgDir);
      if (record.exports != null) return packageExportsResolve(pkgDir, subpath, record.exports, base, conditions);
      if (subpath === '.') return legacyMainResolve(pkgDir, record, base);
      // The rest is a URL path: a query or fragment ends it, escapes decode.
      let rest = subpath.slice(1);
      const cut = rest.search(/[?#]/);
      if (cut !== -1) rest = rest.slice(0, cut);
      return toFilePath(pkgDir + rest, base);
    }
    if (dir === '/') break;
    dir = dir.slice(0, Math.max(dir.lastIndexOf('/'), 1));
  }
  throw new ERR_MODULE_NOT_FOUND(name, base, false);
}

// A resolved target as a file path: no encoded separators, other escapes
// decoded (targets are URLs in Node's algorithm).
function toFilePath(resolved, base) {
  if (resolved.startsWith('node:') || !resolved.includes('%')) return resolved;
  if (kEncodedSeparator.test(resolved)) {
    throw new ERR_INVALID_MODULE_SPECIFIER(`file://${resolved}`, 'must not include encoded "/" or "\\" characters', base);
  }
  try {
    return decodeURIComponent(resolved);
  } catch {
    return resolved;
  }
}

exports.parsePackageName = parsePackageName;
exports.patternKeyCompare = patternKeyCompare;
exports.packageExportsResolve = packageExportsResolve;
exports.packageImportsResolve = packageImportsResolve;
exports.packageResolve = packageResolve;
