'use strict';
// The default `resolve` step of module customization hooks: the last link
// of the chain, which a hook reaches through nextResolve(). It resolves as
// the ES module loader does (internal/modules/esm/loader.js), with the
// conditions the hooks hand it, and leaves foreign URL schemes (byop://...)
// to the `load` hooks: an absolute URL stays as it is, and a relative
// specifier in such a module is resolved against its URL. The format it
// guesses is the one the file's extension and package say; undefined when
// only the source could tell.

const loader = internalRequire('internal/modules/esm/loader');

// Node 20's default conditions of import, as hooks see them.
const kDefaultConditions = ['node', 'import', 'module-sync', 'node-addons'];

const kScheme = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;
const kOwnSchemes = /^(file|data|node):/i;

function isRelative(specifier) {
  return specifier === '.' || specifier === '..' || specifier[0] === '/' ||
      specifier.startsWith('./') || specifier.startsWith('../');
}

function parseUrl(text, base) {
  const { URL } = internalRequire('internal/url');
  try {
    return new URL(text, base);
  } catch {
    return undefined;
  }
}

// The format of `url` without reading it, or undefined.
function formatWithoutSource(url) {
  const internals = loader.internals;
  if (url.startsWith('node:')) return 'builtin';
  if (!/^(file|data):/.test(url)) return undefined;
  try {
    const filename = url.startsWith('file:') ? internals.fileUrlToPath(url) : undefined;
    return internals.formatOf(url, filename, () => {
      throw kNeedsSource;
    });
  } catch {
    return undefined;
  }
}
const kNeedsSource = Symbol('needs the source');

function defaultResolve(specifier, context = {}) {
  const internals = loader.internals;
  let parentURL = context.parentURL;
  if (parentURL === undefined) parentURL = internals.pathToFileUrl(`${binding.cwd()}/`);
  const conditions = new Set(Array.isArray(context.conditions) ? context.conditions : kDefaultConditions);
  if (kScheme.test(specifier) && !kOwnSchemes.test(specifier)) {
    const url = parseUrl(specifier);
    if (url !== undefined) return { __proto__: null, url: url.href, format: undefined };
  } else if (isRelative(specifier) && kScheme.test(parentURL) && !kOwnSchemes.test(parentURL)) {
    const url = parseUrl(specifier, parentURL);
    if (url !== undefined) return { __proto__: null, url: url.href, format: undefined };
  }
  // A data: module (or a parent that is no URL) has no place to resolve
  // from: only absolute URLs, and builtins from data:, resolve there.
  const hierarchical = !/^data:/i.test(parentURL) && parseUrl(parentURL) !== undefined;
  if (!hierarchical && !kScheme.test(specifier) &&
      (isRelative(specifier) || !internalRequire('internal/modules/builtins').isBuiltin(specifier))) {
    throw new (internalRequire('internal/errors').codes.ERR_UNSUPPORTED_RESOLVE_REQUEST)(specifier, parentURL);
  }
  const url = internals.resolve(specifier, parentURL, conditions);
  return { __proto__: null, url, format: formatWithoutSource(url) };
}

exports.defaultResolve = defaultResolve;
exports.defaultConditions = () => Object.freeze(kDefaultConditions.slice());
