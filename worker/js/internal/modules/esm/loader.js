'use strict';
// ES modules: resolution by URL (relative specifiers name files exactly, no
// extension search, no directory index; bare names through node_modules and
// package.json "exports"/"imports" with the "import" condition, by the
// resolver CommonJS uses), one module record per URL, and the translation of
// each format into a v8::Module (worker/loader/module_wrap.cc): ES source, CommonJS,
// JSON and builtins (the last three as synthetic modules). Loaded on the first
// import, import() or ES entry point: a CommonJS worker never compiles it.
//
// A graph is built synchronously (files are read synchronously), then
// instantiated and evaluated by V8; evaluation returns a promise, which
// top-level await keeps pending.

const wrap = binding.internalBinding('module_wrap');
const path = internalRequire('internal/path/posix');
const packageJson = internalRequire('internal/modules/package_json');
const resolver = internalRequire('internal/modules/resolve');
const modules = internalRequire('internal/modules/cjs/loader');
const { codes } = internalRequire('internal/errors');

const kConditions = new Set(['import', 'node']);
// With the user's (--conditions), once known.
let importConditions;
function conditions() {
  if (importConditions === undefined) {
    const options = modules.loaderOptions();
    importConditions = new Set([...kConditions, ...modules.requireModuleConditions(),
                                ...(options !== undefined ? options.conditions : [])]);
  }
  return importConditions;
}
const kStatusInstantiating = 1;
const kStatusEvaluating = 3;
const kStatusEvaluated = 4;
const kStatusErrored = 5;

// url -> { url, id, format, filename }; and by module id.
const records = new Map();
const recordsById = [];

// --- URLs --------------------------------------------------------------------------

// What a file URL's path must escape: the WHATWG path percent-encode set,
// plus '%', '\\', '?' and '#', which would change the URL's meaning.
const kEscaped = /[\x00-\x20"#%<>?\\`{}\x7f]|[^\x00-\x7f]/gu;

function pathToFileUrl(filename) {
  return `file://${filename.replace(kEscaped, (ch) => encodeURIComponent(ch))}`;
}

// 'file:///a/b%20c.js?x#y' -> '/a/b c.js'.
function fileUrlToPath(url, base) {
  const match = /^file:\/\/(localhost)?([^?#]*)/i.exec(url);
  if (match === null || match[2] === '' || match[2][0] !== '/') {
    throw new codes.ERR_INVALID_FILE_URL_HOST('linux');
  }
  if (/%2f/i.test(match[2])) {
    throw new codes.ERR_INVALID_MODULE_SPECIFIER(url, 'must not include encoded "/" or "\\" characters', base);
  }
  try {
    return path.resolve(decodeURIComponent(match[2]));
  } catch {
    throw new codes.ERR_INVALID_MODULE_SPECIFIER(url, 'is not a valid URL', base);
  }
}

function isBuiltin(name) {
  return internalRequire('internal/modules/builtins').isBuiltin(name);
}

// --- resolution ----------------------------------------------------------------------

// The file `filename` an import resolved to, as a URL: it must exist and be
// no directory. `suffix` is the specifier's '?query#hash'; `relative`, a
// relative specifier that named it (for the hint of a directory import).
function finalize(filename, suffix, base, relative) {
  const kind = binding.stat(filename);
  if (kind === 1) throw withUrl(directoryImportError(filename, base, relative), filename);
  if (kind !== 0) throw withUrl(new codes.ERR_MODULE_NOT_FOUND(filename, base, true), filename);
  const options = modules.loaderOptions();
  if (options !== undefined && options.preserveSymlinks) return pathToFileUrl(filename) + suffix;
  return pathToFileUrl(binding.realpath(filename)) + suffix;
}

// The URL a resolution error is about, as Node gives it (an own property:
// whatever Error.prototype holds is not consulted).
function withUrl(err, filename) {
  Object.defineProperty(err, 'url', {
    __proto__: null, value: pathToFileUrl(filename.replace(/\/+$/, '') || '/'), writable: true, enumerable: true, configurable: true,
  });
  return err;
}

// Node's hint for a directory that CommonJS would have loaded: its "main",
// else its index.js.
function directoryImportError(dir, base, relative) {
  const err = new codes.ERR_UNSUPPORTED_DIR_IMPORT(dir, base);
  const main = packageJson.read(dir.replace(/\/+$/, '') || '/').main;
  for (const candidate of main !== undefined ? [main, `${main}.js`, `${main}/index.js`, 'index.js'] : ['index.js']) {
    const target = path.join(dir, candidate);
    if (binding.stat(target) !== 0) continue;
    const shown = relative !== undefined ? `${relative.replace(/\/+$/, '')}/${path.relative(dir, target)}` : target;
    err.message += `\nDid you mean to import "${shown}"?`;
    break;
  }
  return err;
}

// The URL `specifier` means when the module at `parentUrl` imports it. A
// module that is not there gets the hint of what CommonJS would have found.
// Successful resolutions, by parent and specifier: an import that found a
// module finds the same one again, even once its file is gone (Node's
// resolve cache).
const resolveCache = new Map();

// `givenConditions`: a resolve hook's context.conditions, in place of the
// worker's own (such a resolution is not cached).
function resolve(specifier, parentUrl, givenConditions = undefined) {
  const key = givenConditions === undefined ? `${parentUrl}\x00${specifier}` : undefined;
  const known = key === undefined ? undefined : resolveCache.get(key);
  if (known !== undefined) return known;
  try {
    const url = resolveUrl(specifier, parentUrl, givenConditions);
    if (key !== undefined) resolveCache.set(key, url);
    return url;
  } catch (err) {
    if (err !== null && typeof err === 'object' && err.code === 'ERR_MODULE_NOT_FOUND') {
      const found = resolveAsCommonJs(specifier, parentUrl);
      if (found !== undefined && found !== specifier) appendToMessage(err, `\nDid you mean to import ${JSON.stringify(found)}?`);
    }
    throw err;
  }
}

// Adds to an error's message, and to its stack if that was made already.
function appendToMessage(err, text) {
  const stack = err.stack;
  const header = `${err.name}${err.code !== undefined ? ` [${err.code}]` : ''}: ${err.message}`;
  err.message += text;
  if (typeof stack === 'string' && stack.startsWith(header)) {
    err.stack = `${header}${text}${stack.slice(header.length)}`;
  }
}

// What require() would make of `specifier` from `parentUrl`, written as an
// import could name it: relative to the parent, or as 'pkg/sub/path.js'.
function resolveAsCommonJs(specifier, parentUrl) {
  if (parentUrl === undefined || !parentUrl.startsWith('file:')) return undefined;
  let found;
  try {
    const parent = fileUrlToPath(parentUrl);
    const module = new modules.Module(parent, null);
    module.filename = parent;
    module.paths = modules.Module._nodeModulePaths(path.dirname(parent));
    found = modules.Module._resolveFilename(specifier, module, false);
  } catch {
    return undefined;
  }
  if (specifier.startsWith('./') || specifier.startsWith('../')) {
    const parentDir = parentUrl.slice('file://'.length, parentUrl.lastIndexOf('/'));
    const relative = path.relative(parentDir, pathToFileUrl(found).slice('file://'.length));
    return relative.startsWith('../') ? relative : `./${relative}`;
  }
  if (specifier[0] === '/' || /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(specifier) || specifier[0] === '#') return undefined;
  const slash = specifier.indexOf('/');
  const pkg = slash === -1 ? specifier : specifier.slice(0, slash);
  const needle = `/node_modules/${pkg}/`;
  const index = found.lastIndexOf(needle);
  if (index === -1) return pathToFileUrl(found);
  return `${pkg}/${found.slice(index + needle.length).split('/').map(encodeURIComponent).join('/')}`;
}

function resolveUrl(specifier, parentUrl, givenConditions) {
  const parentPath = parentUrl !== undefined && parentUrl.startsWith('file:') ? fileUrlToPath(parentUrl) : undefined;
  const base = parentPath !== undefined ? parentPath : parentUrl;
  if (specifier.startsWith('node:')) {
    if (!isBuiltin(specifier)) throw new codes.ERR_UNKNOWN_BUILTIN_MODULE(specifier);
    return specifier;
  }
  const relative = specifier[0] === '/' || specifier.startsWith('./') || specifier.startsWith('../') ||
      specifier === '.' || specifier === '..';
  if (relative) {
    if (parentPath === undefined && specifier[0] !== '/') {
      throw new codes.ERR_INVALID_MODULE_SPECIFIER(specifier, `cannot be resolved relative to ${parentUrl}`, base);
    }
    const cut = specifier.search(/[?#]/);
    const pathPart = cut === -1 ? specifier : specifier.slice(0, cut);
    const suffix = cut === -1 ? '' : specifier.slice(cut);
    // A parent URL that ends in '/' is a folder (code without a file:
    // the working directory).
    const parentDir = parentPath === undefined ? '/' : parentUrl.endsWith('/') ? parentPath : path.dirname(parentPath);
    const filename = fileUrlToPath(`file://${path.resolve(parentDir, pathPart)}`, base);
    return finalize(pathPart.endsWith('/') ? `${filename}/` : filename, suffix, base,
                    specifier[0] === '/' ? undefined : pathPart);
  }
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(specifier)) {
    if (/^data:/i.test(specifier)) return specifier;
    if (/^file:/i.test(specifier)) {
      const cut = specifier.search(/[?#]/);
      return finalize(fileUrlToPath(specifier, base), cut === -1 ? '' : specifier.slice(cut), base);
    }
    const protocol = specifier.slice(0, specifier.indexOf(':') + 1);
    throw new codes.ERR_UNSUPPORTED_ESM_URL_SCHEME({ protocol }, ['file', 'data', 'and node']);
  }
  // The resolver looks from the folder of the file it is given.
  const from = parentPath !== undefined && parentUrl.endsWith('/') ? `${parentPath}/` : parentPath;
  let resolved;
  try {
    resolved = specifier[0] === '#'
      ? resolver.packageImportsResolve(specifier, from, givenConditions || conditions())
      : resolver.packageResolve(specifier, from, givenConditions || conditions());
  } catch (err) {
    throw invalidPackageConfig(err, specifier, base);
  }
  if (resolved.startsWith('node:')) return resolved;
  return finalize(resolved, '', base);
}

// A package.json that is not JSON, met while resolving `specifier`.
function invalidPackageConfig(err, specifier, base) {
  if (!(err instanceof SyntaxError) || typeof err.path !== 'string' || !err.path.endsWith('package.json')) return err;
  const prefix = `Error parsing ${err.path}: `;
  const detail = err.message.startsWith(prefix) ? err.message.slice(prefix.length) : err.message;
  return new codes.ERR_INVALID_PACKAGE_CONFIG(err.path, `"${specifier}" from ${base}`, detail);
}

// --- formats -------------------------------------------------------------------------


// Import attributes: only "type", and "type": "json" exactly for JSON.
function checkAttributes(url, format, attributes) {
  for (const key of Object.keys(attributes)) {
    if (key !== 'type') throw new codes.ERR_IMPORT_ATTRIBUTE_UNSUPPORTED(key, attributes[key]);
  }
  const type = attributes.type;
  if (type === undefined) {
    if (format === 'json') throw new codes.ERR_IMPORT_ASSERTION_TYPE_MISSING(url, 'json');
    return;
  }
  if (type !== 'json') throw new codes.ERR_IMPORT_ASSERTION_TYPE_UNSUPPORTED(type);
  if (format !== 'json') throw new codes.ERR_IMPORT_ASSERTION_TYPE_FAILED(url, type);
}

// The text of a data: URL.
function dataUrlText(url) {
  const comma = url.indexOf(',');
  const meta = url.slice(5, comma);
  const body = url.slice(comma + 1);
  if (/;base64$/i.test(meta)) return internalRequire('node/buffer').Buffer.from(body, 'base64').toString('utf8');
  return decodeURIComponent(body);
}

// --- module records --------------------------------------------------------------------

function makeRecord(url, format, filename, id) {
  const record = { url, format, filename, id, error: undefined };
  if (requireBuild !== null) requireBuild.add(record);
  records.set(url, record);
  recordsById[id] = record;
  return record;
}

function sourceModule(url, filename, source) {
  const id = wrap.compile(source, url);
  const record = makeRecord(url, 'module', filename, id);
  // For the explanation of an import of a name a CommonJS module lacks.
  record.source = source;
  record.children = new Map();
  try {
    const specifiers = [];
    const types = [];
    const ids = [];
    for (const [specifier, attributes] of wrap.requests(id)) {
      specifiers.push(specifier);
      types.push(attributes.type);
      const child = moduleFor(resolve(specifier, url), attributes, { specifier, from: filename || url });
      record.children.set(specifier, child);
      ids.push(child.id);
    }
    wrap.link(id, specifiers, types, ids);
  } catch (err) {
    record.error = err;
    throw err;
  }
  return record;
}

// Synthetic modules: the names are known now, `evaluate` gives the values
// when the module's turn to evaluate comes.
const evaluators = new Map();  // id -> () => { name: value }

function syntheticModule(url, format, filename, names, evaluate) {
  const id = wrap.createSynthetic(url, names);
  evaluators.set(id, () => {
    const values = evaluate();
    for (const name of names) wrap.setExport(id, name, values[name]);
  });
  return makeRecord(url, format, filename, id);
}

function builtinModule(url) {
  const exports = modules.loadBuiltin(url.slice(5));
  const names = ['default'];
  if (exports !== null && (typeof exports === 'object' || typeof exports === 'function')) {
    for (const key of Object.keys(exports)) if (key !== 'default') names.push(key);
  }
  const record = syntheticModule(url, 'builtin', undefined, names, () => builtinValues(exports, names));
  builtinRecords.push({ id: record.id, exports, names });
  return record;
}

function builtinValues(exports, names) {
  const values = { __proto__: null, default: exports };
  for (let i = 1; i < names.length; i++) {
    // A lazy export whose getter refuses (an API a worker lacks) stays
    // undefined here, and still throws when read on the default export.
    try {
      values[names[i]] = Object.prototype.hasOwnProperty.call(exports, names[i]) ? exports[names[i]] : undefined;
    } catch {
      values[names[i]] = undefined;
    }
  }
  return values;
}

// module.syncBuiltinESMExports(): the named exports of the builtins
// imported so far take the values their objects hold now.
const builtinRecords = [];
modules.setBuiltinSync(() => {
  for (const { id, exports, names } of builtinRecords) {
    if (wrap.status(id) !== kStatusEvaluated) continue;
    const values = builtinValues(exports, names);
    for (let i = 1; i < names.length; i++) wrap.setExport(id, names[i], values[names[i]]);
  }
});

// A JSON file is one object for import and require(): the one require()
// made if it came first, else the one parsed here, which require() then
// finds in its cache (a file: URL without a query or fragment only).
function jsonModule(url, filename, source) {
  const shared = filename !== undefined && !/[?#]/.test(url);
  const cached = shared ? modules.Module._cache[filename] : undefined;
  let value;
  if (cached !== undefined && cached.loaded) {
    value = cached.exports;
  } else {
    try {
      value = JSON.parse(source.charCodeAt(0) === 0xfeff ? source.slice(1) : source);
    } catch (err) {
      err.message = `${filename || url}: ${err.message}`;
      throw err;
    }
    if (shared) {
      const module = new modules.Module(filename);
      module.filename = filename;
      module.exports = value;
      module.loaded = true;
      modules.Module._cache[filename] = module;
    }
  }
  return syntheticModule(url, 'json', filename, ['default'], () => ({ default: value }));
}

// The names a CommonJS file exports, its re-exports' included.
function commonJsNames(filename, source, seen) {
  const { names, reexports } = internalRequire('internal/modules/esm/cjs_exports').parse(source);
  for (const request of reexports) {
    let target;
    try {
      const parent = new modules.Module(filename);
      parent.filename = filename;
      parent.paths = modules.Module._nodeModulePaths(path.dirname(filename));
      target = modules.Module._resolveFilename(request, parent, false);
    } catch {
      continue;
    }
    if (seen.has(target) || !target.startsWith('/') || !/\.(c?js)$/.test(target)) continue;
    seen.add(target);
    for (const name of commonJsNames(target, modules.readSource(target), seen)) names.add(name);
  }
  return names;
}

function commonJsModule(url, filename, source) {
  const names = ['default'];
  for (const name of commonJsNames(filename, source, new Set([filename]))) if (name !== 'default') names.push(name);
  return syntheticModule(url, 'commonjs', filename, names, () => {
    const exports = modules.exportsForImport(filename);
    const values = { __proto__: null, default: exports };
    for (let i = 1; i < names.length; i++) values[names[i]] = exports == null ? undefined : exports[names[i]];
    return values;
  });
}

// While require() builds a graph: the records it made. A module of the
// graph that is not among them and not evaluated yet is one that an outer
// import or require() is still loading: a cycle Node refuses.
let requireBuild = null;

// Whether an outer import or require() is linking or evaluating `record`.
function isLoading(record) {
  const status = wrap.status(record.id);
  return status === kStatusInstantiating || status === kStatusEvaluating;
}

function cycleError(kind, specifier, importer) {
  return new codes.ERR_REQUIRE_CYCLE_MODULE(`Cannot import ${kind} ${specifier} in a cycle. (from ${importer.from})`);
}

// The record of `url`, made (with its whole graph) if new. `importer`:
// { specifier, from } of the import that names it, if one does.
function moduleFor(url, attributes, importer) {
  let record = records.get(url);
  if (record !== undefined) {
    checkAttributes(url, record.format, attributes);
    if (record.error !== undefined) throw record.error;
    if (requireBuild !== null && importer !== undefined && record.format === 'module' &&
        !requireBuild.has(record) && isLoading(record)) {
      throw cycleError('Module', importer.specifier, importer);
    }
    if (requireBuild !== null && importer !== undefined && record.format === 'commonjs') {
      checkCommonJsCycle(record.filename, importer);
    }
    return record;
  }
  if (url.startsWith('node:')) {
    checkAttributes(url, 'builtin', attributes);
    return builtinModule(url);
  }
  const isData = url.startsWith('data:');
  const filename = isData ? undefined : fileUrlToPath(url);
  let text;
  const source = () => {
    if (text === undefined) text = isData ? dataUrlText(url) : modules.readSource(filename);
    return text;
  };
  const format = internalRequire('internal/modules/esm/get_format').formatOf(url, filename, source);
  checkAttributes(url, format, attributes);
  if (format === 'module') return sourceModule(url, filename, source());
  if (format === 'json') return jsonModule(url, filename, source());
  if (requireBuild !== null && importer !== undefined) checkCommonJsCycle(filename, importer);
  return commonJsModule(url, filename, source());
}

// A CommonJS module that require() is loading, imported by the graph a
// require() inside it builds.
function checkCommonJsCycle(filename, importer) {
  const cached = modules.Module._cache[filename];
  if (cached !== undefined && !cached.loaded) throw cycleError('CommonJS Module', importer.specifier, importer);
}

// --- the hooks V8 calls ------------------------------------------------------------------

function initializeImportMeta(meta, id) {
  const record = recordsById[id];
  if (record === undefined) return;
  if (record.filename !== undefined) {
    meta.dirname = path.dirname(record.filename);
    meta.filename = record.filename;
  }
  const url = record.url;
  meta.resolve = function resolve(specifier) {
    return resolveForMeta(`${specifier}`, url);
  };
  meta.url = url;
}

// import.meta.resolve(): as import would resolve it, except that a file
// that does not exist still has its URL.
function resolveForMeta(specifier, parentUrl) {
  try {
    return resolveUrl(specifier, parentUrl);
  } catch (err) {
    if (err.code === 'ERR_MODULE_NOT_FOUND' && (specifier.startsWith('./') || specifier.startsWith('../') || specifier[0] === '/')) {
      const cut = specifier.search(/[?#]/);
      const pathPart = cut === -1 ? specifier : specifier.slice(0, cut);
      return pathToFileUrl(path.resolve(path.dirname(fileUrlToPath(parentUrl)), pathPart)) + (cut === -1 ? '' : specifier.slice(cut));
    }
    throw err;
  }
}

wrap.setHooks(initializeImportMeta, (id) => {
  const evaluate = evaluators.get(id);
  evaluators.delete(id);
  evaluate();
});

// --- errors ------------------------------------------------------------------------------

// `require is not defined` and the like, thrown by an ES module that was
// written as CommonJS: said as Node says it, naming why the file is ESM.
const kCommonJsGlobal = /^(require|module|exports|__filename|__dirname) is not defined$/;
const decorated = new WeakSet();

function explainCommonJsGlobal(err, root) {
  if (!(err instanceof ReferenceError) || decorated.has(err) || !kCommonJsGlobal.test(err.message)) return err;
  decorated.add(err);
  const frame = /\(?(file:\/\/[^\s)]+?):\d+:\d+\)?/.exec(typeof err.stack === 'string' ? err.stack : '');
  const record = (frame !== null && records.get(frame[1])) || root;
  const original = err.message;
  err.message += ' in ES module scope';
  if (original.startsWith('require ')) err.message += ', you can use import instead';
  if (record !== undefined && record.filename !== undefined && record.filename.endsWith('.js')) {
    const scope = packageJson.findScope(record.filename);
    if (scope !== undefined && scope.type === 'module') {
      err.message += `\nThis file is being treated as an ES module because it has a '.js' file extension and '${scope.path}' contains "type": "module". To treat it as a CommonJS script, rename it to use the '.cjs' file extension.`;
    }
  }
  const header = `ReferenceError: ${original}`;
  if (typeof err.stack === 'string' && err.stack.startsWith(header)) {
    err.stack = `ReferenceError: ${err.message}${err.stack.slice(header.length)}`;
  }
  return err;
}

// --- customization hooks -------------------------------------------------------------------

// Set once module.register() or --experimental-loader installs hooks
// (internal/modules/esm/hooks.js); from then on import() and the entry
// point go through them. Until then the loader never loads that file.
let hooks;

// What the hooks need of the loader's state and steps.
const internals = {
  records, recordsById, evaluators, kConditions, resolve, checkAttributes, dataUrlText,
  formatOf: (url, filename, source) => internalRequire('internal/modules/esm/get_format').formatOf(url, filename, source),
  fileUrlToPath, pathToFileUrl, commonJsNames, explainCommonJsGlobal, referrerUrl,
};

// --- importing -----------------------------------------------------------------------------

// Builds, links and starts evaluating the graph of `url`; returns the
// record and the evaluation's promise.
function load(url, attributes) {
  const record = moduleFor(url, attributes);
  return { record, evaluation: startEvaluation(record) };
}

// The URL of the script or module that called import(): a module's URL, a
// CommonJS file's path, or nothing (code without a file: the working
// directory).
function referrerUrl(referrer) {
  if (typeof referrer !== 'string' || referrer === '') return pathToFileUrl(`${binding.cwd()}/`);
  if (/^(file|data|node):/.test(referrer)) return referrer;
  if (referrer[0] === '/') return pathToFileUrl(referrer);
  return pathToFileUrl(`${binding.cwd()}/`);
}

// import(specifier) -> a promise of the module's namespace. The graph is
// loaded after the calling code has run on, as Node's asynchronous loading
// has it.
function importModuleDynamically(specifier, referrer, attributes) {
  // import() of code that has no script or module (an indirect eval that a
  // promise job called) has nothing to resolve against.
  if (referrer === undefined) {
    return Promise.reject(new codes.ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING());
  }
  const parentUrl = referrerUrl(referrer);
  if (hooks !== undefined) return hooks.importModuleDynamically(`${specifier}`, parentUrl, attributes);
  return Promise.resolve().then(() => {
    const { record, evaluation } = load(resolve(`${specifier}`, parentUrl), attributes);
    return evaluation.then(() => wrap.namespace(record.id), (err) => {
      throw explainCommonJsGlobal(err, record);
    });
  });
}

// Runs `filename` as the worker's ES entry point. A rejection of its
// evaluation is an uncaught error; a worker that ends while it is still
// pending exits with 13, as Node does.
// Returns a promise of the entry's namespace, fulfilled once it evaluated; a
// failed evaluation is reported here as uncaught, and leaves it pending.
function runEntry(filename) {
  if (hooks !== undefined) return hooks.runEntry(filename);
  return settleEntry(() => load(pathToFileUrl(filename), { __proto__: null }));
}

function startEvaluation(record) {
  instantiate(record);
  return wrap.evaluate(record.id);
}

function instantiate(record) {
  try {
    wrap.instantiate(record.id);
  } catch (err) {
    throw explainMissingExport(err);
  }
}

// V8's "does not provide an export named" for a CommonJS module, said as
// Node says it: named exports of CommonJS are a guess from its source, and
// the default export always works.
const kMissingExport = /^The requested module '(.*)' does not provide an export named '(.*)'$/;

function explainMissingExport(err) {
  const match = err instanceof SyntaxError ? kMissingExport.exec(err.message) : null;
  if (match === null) return err;
  const [, specifier, name] = match;
  // The graph that failed is the newest: its records come last.
  for (const record of [...records.values()].reverse()) {
    const child = record.children === undefined ? undefined : record.children.get(specifier);
    if (child === undefined || child.format !== 'commonjs') continue;
    let message = `Named export '${name}' not found. The requested module '${specifier}' is a CommonJS module, ` +
      'which may not support all module.exports as named exports.\nCommonJS modules can always be imported ' +
      `via the default export, for example using:\n\nimport pkg from '${specifier}';\n`;
    const example = destructuringOf(record.source, specifier);
    if (example !== undefined) message += `const ${example} = pkg;\n`;
    const header = `SyntaxError: ${err.message}`;
    if (typeof err.stack === 'string' && err.stack.startsWith(header)) {
      err.stack = `SyntaxError: ${message}${err.stack.slice(header.length)}`;
    }
    err.message = message;
    return err;
  }
  return err;
}

// `{ a, b: c }` for a one-line `import { a, b as c } from 'specifier'`.
function destructuringOf(source, specifier) {
  const pattern = /import\s*\{([^}\n]*)\}\s*from\s*(['"])([^\n]*?)\2/g;
  for (let match; (match = pattern.exec(source)) !== null;) {
    if (match[3] !== specifier) continue;
    const names = match[1].split(',').map((part) => part.trim()).filter(Boolean)
      .map((part) => part.replace(/\s+as\s+/, ': '));
    return `{ ${names.join(', ')} }`;
  }
  return undefined;
}

// The graph is loaded and evaluated in a promise job, as Node runs an ES
// entry point: a process.nextTick() callback it queues runs once the jobs
// its evaluation started (an awaited import() among them) have run.
function settleEntry(start) {
  const process = globalThis.process;
  const unsettled = () => {
    if (process.exitCode === undefined) process.exitCode = 13;
  };
  process.on('exit', unsettled);
  let record;
  return Promise.resolve().then(() => {
    const loaded = start();
    record = loaded.record;
    return loaded.evaluation;
  }).then(() => {
    process.off('exit', unsettled);
    return wrap.namespace(record.id);
  }, (err) => {
    process.off('exit', unsettled);
    internalRequire('internal/process/uncaught').handleUncaught(explainCommonJsGlobal(err, record));
    return new Promise(() => {});
  });
}

// Runs eval input as the worker's ES entry point, at `url`.
function runSourceEntry(source, url) {
  if (hooks !== undefined) return hooks.runSourceEntry(source, url);
  return settleEntry(() => {
    const record = records.get(url) || sourceModule(url, undefined, source);
    return { record, evaluation: startEvaluation(record) };
  });
}

// Runs the module at `url` (a data: URL) as the worker's ES entry point.
function runUrlEntry(url) {
  if (hooks !== undefined) return hooks.runUrlEntry(url);
  return settleEntry(() => load(url, { __proto__: null }));
}

// --import: each module imported, as from a file in the working directory,
// and evaluated before the next. A failure is the worker's uncaught error,
// and the entry never runs.
function runPreloads(specifiers) {
  const parentUrl = pathToFileUrl(`${binding.cwd()}/`);
  let chain = Promise.resolve();
  for (const specifier of specifiers) {
    chain = chain.then(() => {
      if (hooks !== undefined) return hooks.importModuleDynamically(specifier, parentUrl, { __proto__: null });
      const { record, evaluation } = load(resolve(specifier, parentUrl), { __proto__: null });
      return evaluation.then(undefined, (err) => {
        throw explainCommonJsGlobal(err, record);
      });
    });
  }
  return chain.then(undefined, (err) => {
    internalRequire('internal/process/uncaught').handleUncaught(err);
    return new Promise(() => {});
  });
}

// --check of an ES module: compiled, not linked or run.
function checkSyntax(source, filename) {
  wrap.compile(source, pathToFileUrl(filename));
}

// require() of an ES module, as Node 20 does by default: the namespace of a
// graph without top-level await, evaluated synchronously.
function requireModule(filename, parentFilename) {
  const url = pathToFileUrl(filename);
  const existing = records.get(url);
  if (existing !== undefined && existing.error === undefined && existing.format === 'module' && isLoading(existing)) {
    throw new codes.ERR_REQUIRE_CYCLE_MODULE(
      `Cannot require() ES Module ${filename} in a cycle.${parentFilename !== undefined ? ` (from ${parentFilename})` : ''} ` +
      'A cycle involving require(esm) is not allowed to maintain invariants mandated by the ECMAScript ' +
      'specification. Try making at least part of the dependency in the graph lazily loaded.');
  }
  const outer = requireBuild;
  requireBuild = new Set();
  let record;
  try {
    record = moduleFor(url, { __proto__: null });
  } finally {
    requireBuild = outer;
  }
  instantiate(record);
  if (wrap.isGraphAsync(record.id)) {
    const err = new codes.ERR_REQUIRE_ASYNC_MODULE();
    if (parentFilename !== undefined) err.message += `\n  From ${parentFilename} \n  Requiring ${filename} `;
    throw err;
  }
  // Settled already (the graph is synchronous); its error is thrown below,
  // so the promise itself must not count as an unhandled rejection.
  wrap.evaluate(record.id).then(undefined, () => {});
  if (wrap.status(record.id) === kStatusErrored) throw explainCommonJsGlobal(wrap.exception(record.id), record);
  const namespace = wrap.namespace(record.id);
  // `export { x as 'module.exports' }`: what require() gives, as the module
  // says.
  if ('module.exports' in namespace) return namespace['module.exports'];
  if (wrap.status(record.id) !== kStatusEvaluated || !('default' in namespace) || '__esModule' in namespace) {
    return namespace;
  }
  // A default export and no __esModule: marked, as Node marks it, so that
  // transpiled CommonJS takes `default` for the default export.
  const marked = { __proto__: null, __esModule: true };
  for (const key of Object.keys(namespace)) {
    Object.defineProperty(marked, key, { __proto__: null, enumerable: true, get: () => namespace[key] });
  }
  Object.defineProperty(marked, Symbol.toStringTag, { __proto__: null, value: 'Module' });
  return marked;
}

exports.importModuleDynamically = importModuleDynamically;
exports.runEntry = runEntry;
exports.runSourceEntry = runSourceEntry;
exports.runUrlEntry = runUrlEntry;
exports.runPreloads = runPreloads;
exports.checkSyntax = checkSyntax;
exports.requireModule = requireModule;
exports.pathToFileUrl = pathToFileUrl;
exports.internals = internals;
exports.setHooks = (value) => {
  hooks = value;
};
exports.whenHooksRegistered = () => hooks.whenRegistered();
