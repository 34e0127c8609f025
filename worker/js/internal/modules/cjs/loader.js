'use strict';
// CommonJS as Node has it: the Module class and its static API, require()
// with Node's resolution (node_modules walk, package.json main/exports/
// imports, self-reference, extensions), the module cache, and the entry
// point of a worker. package.json "exports"/"imports" go through the
// resolver shared with ES modules (internal/modules/resolve.js); builtin
// names through internal/modules/builtins.js. Both load on first need, so a
// worker whose script requires nothing, or only relative files, loads
// neither.

const path = internalRequire('internal/path/posix');

// A worker's entry is resolved and loaded by code that has not run before in
// that worker: the methods it calls on the way are primordials.
const {
  ArrayPrototypeJoin, ArrayPrototypePush, MapPrototypeGet, MapPrototypeHas, MapPrototypeSet,
  StringPrototypeCharCodeAt, StringPrototypeEndsWith, StringPrototypeIndexOf, StringPrototypeLastIndexOf,
  StringPrototypeSlice, StringPrototypeStartsWith, WeakMapPrototypeSet,
} = internalRequire('internal/primordials');
const { dirname: pathDirname, basename: pathBasename, isAbsolute: pathIsAbsolute } = path;

const kParams = ['exports', 'require', 'module', '__filename', '__dirname'];
// Conditions of "exports"/"imports" that require() matches ('default' always).
const kConditions = new Set(['require', 'node']);
// A request that names a package: 'pkg', 'pkg/sub', '@scope/pkg/sub'.
const kPackageRequest = /^((?:@[^/\\%]+\/)?[^./\\%][^/\\%]*)(\/.*)?$/;

const codes = () => internalRequire('internal/errors').codes;
const validateString = (value, name) => internalRequire('internal/validators').validateString(value, name);
const packageJson = () => internalRequire('internal/modules/package_json');
const resolver = () => internalRequire('internal/modules/resolve');
const esmLoader = () => internalRequire('internal/modules/esm/loader');

// Node's module options (--conditions, --preserve-symlinks, --import, ...),
// or undefined when the worker was given none: a worker without them never
// loads internal/modules/options.js.
const kLoaderOption = /^(?:--import|--require|-r|--conditions|-C|--input-type|--trace-require-module|--preserve-symlinks|--check|-c|--no-addons|--(?:no-)?experimental-detect-module)(?:$|[=-])/;
let loaderOptionsRead = false;
let loaderOptionsValue;
// While a pooled worker warms up: it has no options yet, and must not
// remember that it had none.
let warmingUp = false;

function loaderOptions() {
  if (loaderOptionsRead) return loaderOptionsValue;
  const processModule = internalRequire('internal/process/object');
  if (!processModule.process || warmingUp) return undefined;  // before setup()
  loaderOptionsRead = true;
  // Read without building process.env: a worker that uses none of it pays nothing.
  const fromEnv = binding.getEnv('NODE_OPTIONS');
  const execArgv = processModule.startExecArgv();
  if ((typeof fromEnv === 'string' && fromEnv !== '') ||
      (execArgv.length > 0 && execArgv.some((option) => kLoaderOption.test(option)))) {
    loaderOptionsValue = internalRequire('internal/modules/options').get();
  }
  return loaderOptionsValue;
}

// The conditions require() matches: Node's and the user's (--conditions).
let requireConditions;
function conditions() {
  if (requireConditions === undefined) {
    const options = loaderOptions();
    requireConditions = new Set([...kConditions, ...requireModuleConditions(),
                                 ...(options !== undefined ? options.conditions : [])]);
  }
  return requireConditions;
}

// "module-sync": an ES module require() can load, matched by require() and
// import alike while require(esm) is on (as in Node 20.19 and later).
function requireModuleConditions() {
  return internalRequire('internal/process/object').hasExecOption('--no-experimental-require-module') ? [] : ['module-sync'];
}

// Whether the file a require() (or, `isMain`, the entry point) names is
// kept as the path it was found by rather than its real path.
function preserveSymlinks(isMain) {
  const options = loaderOptions();
  if (options === undefined) return false;
  return isMain ? options.preserveSymlinksMain : options.preserveSymlinks;
}

// Builtins a script's first lines usually ask for are known here, so that a
// script that requires only those never loads the list of Node's names
// (internal/modules/builtins.js).
const kCommonBuiltins = new Map([['worker_threads', true], ['process', true], ['console', true]]);
// Whether the script may require the runtime's internal/* modules
// (internal/modules/builtins.js asks).
let internalsExposed = false;
const loadedBuiltins = new Map();
const builtins = () => internalRequire('internal/modules/builtins');

// Only bare names can be builtins: a relative or absolute request is never
// checked against the list.
function isBuiltinRequest(request) {
  const first = StringPrototypeCharCodeAt(request, 0);
  if (first === 0x2e /* . */ || first === 0x2f /* / */) return false;
  return MapPrototypeHas(kCommonBuiltins, request) || builtins().isBuiltin(request);
}

// The exports of builtin `id` (no 'node:'): worker/js/node/ID.js, else what
// internal/modules/builtins.js makes of it.
function loadBuiltin(id) {
  let exports = loadedBuiltins.get(id);
  if (exports !== undefined) return exports;
  if (binding.hasBuiltin(`node/${id}`)) exports = internalRequire(`node/${id}`);
  else exports = builtins().loadOther(id, loadBuiltin);
  loadedBuiltins.set(id, exports);
  return exports;
}

// --- file system, cached as Node caches it ----------------------------------------

// Stat results are kept while one synchronous require tree loads (a file
// created later is seen by the next one); real paths for the worker's life.
let statCache = null;
const realpathCache = new Map();
// The files the loader reads: the binding's, except while a pooled worker
// warms up (see warmUp below).
let files = binding;

function stat(filename) {
  if (statCache !== null) {
    const cached = MapPrototypeGet(statCache, filename);
    if (cached !== undefined) return cached;
  }
  const result = files.stat(filename);
  if (statCache !== null && result >= 0) MapPrototypeSet(statCache, filename, result);
  return result;
}

function toRealPath(filename) {
  let real = MapPrototypeGet(realpathCache, filename);
  if (real === undefined) {
    real = files.realpath(filename);
    MapPrototypeSet(realpathCache, filename, real);
  }
  return real;
}

function tryFile(filename, isMain) {
  if (stat(filename) !== 0) return false;
  return preserveSymlinks(isMain) ? path.resolve(filename) : toRealPath(filename);
}

function tryExtensions(base, extensions, isMain) {
  for (const extension of extensions) {
    const found = tryFile(base + extension, isMain);
    if (found) return found;
  }
  return false;
}

// --- the Module class --------------------------------------------------------------

const parents = new WeakMap();  // module -> the module that first required it
let mainModule;
let requireDepth = 0;

function updateChildren(parent, child, scan) {
  const children = parent && parent.children;
  if (Array.isArray(children) && !(scan && children.includes(child))) children.push(child);
}

class Module {
  constructor(id = '', parent) {
    this.id = id;
    this.path = pathDirname(id);
    this.exports = {};
    WeakMapPrototypeSet(parents, this, parent);
    updateChildren(parent, this, false);
    this.filename = null;
    this.loaded = false;
    this.children = [];
  }

  require(id) {
    if (typeof id !== 'string') validateString(id, 'id');
    if (id === '') throw new (codes().ERR_INVALID_ARG_VALUE)('id', id, 'must be a non-empty string');
    requireDepth++;
    try {
      return Module._load(id, this, false);
    } finally {
      requireDepth--;
    }
  }

  load(filename) {
    this.filename = filename;
    this.paths = Module._nodeModulePaths(pathDirname(filename));
    const extension = findLongestRegisteredExtension(filename);
    if (StringPrototypeEndsWith(filename, '.mjs') && !Module._extensions['.mjs']) {
      this.exports = requireEsm(this, filename, undefined);
    } else {
      Module._extensions[extension](this, filename);
    }
    this.loaded = true;
  }

  _compile(content, filename) {
    let compiled;
    try {
      compiled = takePreparedEntry(content, filename) || compileWrapper(content, filename);
    } catch (err) {
      if (!isDetectedModule(err, content, filename)) throw err;
      if (this === mainModule) {
        entryIsModule = true;
        return undefined;
      }
      // Without require(esm) the error stays CommonJS's, as in Node.
      if (internalRequire('internal/process/object').hasExecOption('--no-experimental-require-module')) throw err;
      // A .js file of a package without "type" that is an ES module by its
      // syntax: required as one (Node 20 detects the format so).
      this.exports = requireEsm(this, filename, undefined);
      return undefined;
    }
    const dirname = path.dirname(filename);
    const require = makeRequire(this);
    const exports = this.exports;
    const outermost = requireDepth === 0;
    if (outermost) statCache = new Map();
    try {
      return Reflect.apply(compiled, exports, [exports, require, this, filename, dirname]);
    } finally {
      if (outermost) statCache = null;
    }
  }
}

// module.parent: a pending deprecation (DEP0144).
let parentWarned = false;

Object.defineProperty(Module.prototype, 'parent', {
  __proto__: null,
  get() {
    if (!parentWarned) {
      parentWarned = true;
      const processModule = internalRequire('internal/process/object');
      if (processModule.pendingDeprecation()) {
        processModule.process.emitWarning('module.parent is deprecated due to accuracy issues. Please use ' +
          'require.main to find program entry point instead.', 'DeprecationWarning', 'DEP0144');
      }
    }
    return parents.get(this);
  },
  set(value) {
    parents.set(this, value);
  },
  enumerable: false,
  configurable: true,
});
Module.prototype.isPreloading = false;

function parentFilename(module) {
  const parent = parents.get(module);
  return parent ? parent.filename || parent.id : undefined;
}

// require() of the ES module `filename` (`scope`: the package.json that makes
// a .js file one). Node 20 loads a graph without top-level await; with
// --no-experimental-require-module it refuses, as Node before it did.
// The CommonJS modules that stand for an ES module require() is loading.
const requiredEsm = new WeakSet();

// --trace-require-module=all|no-node-modules: Node's ExperimentalWarning,
// once, when require() loads an ES module (with no-node-modules, not when a
// module inside node_modules requires it).
let requireModuleWarned = false;

function traceRequireModule(module) {
  const options = loaderOptions();
  if (requireModuleWarned || options === undefined || options.traceRequireModule === undefined) return;
  const parent = parents.get(module);
  if (options.traceRequireModule === 'no-node-modules' && parent && typeof parent.filename === 'string' &&
      parent.filename.includes('/node_modules/')) {
    return;
  }
  requireModuleWarned = true;
  let prefix = '';
  if (parent) {
    let from = parent.filename || parent.id;
    if (from === 'internal/preload') from = '--require';
    else if (from === '.') from = 'The entry point';
    else if (from) from = `CommonJS module ${from}`;
    const to = module.id || module.filename;
    if (from && to) prefix = `${from} is loading ES Module ${to} using require().\n`;
  }
  internalRequire('internal/process/object').process.emitWarning(
    `${prefix}Support for loading ES Module in require() is an experimental feature and might change at any time`,
    'ExperimentalWarning', undefined, parent ? parent.require : undefined);
}

function requireEsm(module, filename, scope) {
  if (!internalRequire('internal/process/object').hasExecOption('--no-experimental-require-module')) {
    traceRequireModule(module);
    requiredEsm.add(module);
    return esmLoader().requireModule(filename, parentFilename(module));
  }
  let hasEsmSyntax = false;
  if (scope !== undefined) {
    try {
      compileWrapper(readSource(filename), filename);
    } catch (err) {
      hasEsmSyntax = err instanceof SyntaxError && kModuleSyntax.test(err.message);
    }
  }
  throw new (codes().ERR_REQUIRE_ESM)(filename, hasEsmSyntax, parentFilename(module), scope && scope.path);
}

// --- compiling ---------------------------------------------------------------------

const kWrapper = ['(function (exports, require, module, __filename, __dirname) { ', '\n});'];
let wrap = (script) => Module.wrapper[0] + script + Module.wrapper[1];
let wrapper = kWrapper.slice();
// Set once a package replaces Module.wrap or Module.wrapper: from then on
// sources are wrapped as text, with the replacement, as in Node.
let wrapPatched = false;

Object.defineProperty(Module, 'wrap', {
  __proto__: null,
  get: () => wrap,
  set(value) {
    wrapPatched = true;
    wrap = value;
  },
  enumerable: true,
  configurable: true,
});
Object.defineProperty(Module, 'wrapper', {
  __proto__: null,
  get: () => wrapper,
  set(value) {
    wrapPatched = true;
    wrapper = value;
  },
  enumerable: true,
  configurable: true,
});

function compileWrapper(content, filename) {
  // The text as read, untouched: then it may come from the compile cache
  // (compileFunction turns a hashbang line into a comment).
  if (!wrapPatched) return binding.compileFunction(content, filename, kParams);
  // A hashbang line is not JavaScript inside a function body.
  if (content.startsWith('#!')) content = `//${content.slice(2)}`;
  return binding.compileFunction(`return ${Module.wrap(content)}`, filename, [])();
}

// Set (and read by runMain) when the entry point turns out to be an ES
// module: a .js file, in a package without "type", that CommonJS cannot
// compile because of import/export, import.meta or top-level await (Node 20
// detects the format so). A flag rather than an exception: runMain catches
// nothing, so that an error the entry throws leaves the worker where it was
// thrown, and the fatal report points there.
let entryIsModule = false;
const kModuleSyntax = /Cannot use import statement|Unexpected token 'export'|import\.meta|await is only valid in async functions/;

// Whether source that CommonJS could not compile (`err`) is an ES module:
// its error is one only ES syntax causes, or it compiles as the body of an
// async function (top-level await in an expression V8 reports otherwise,
// `const require = ...`).
function isModuleSyntaxError(err, content, filename) {
  if (!(err instanceof SyntaxError)) return false;
  if (kModuleSyntax.test(err.message)) return true;
  try {
    binding.compileFunction(`return async function () {\n${content}\n}`, filename, []);
    return true;
  } catch {
    return false;
  }
}

// Whether ambiguous source (eval input, a .js or extensionless file of a
// package without "type") is ES syntax; never under
// --no-experimental-detect-module.
function containsModuleSyntax(content, filename) {
  try {
    compileWrapper(content, filename);
    return false;
  } catch (err) {
    return detectionEnabled() && isModuleSyntaxError(err, content, filename);
  }
}

function detectionEnabled() {
  const options = loaderOptions();
  return options === undefined || !options.noDetectModule;
}

function isDetectedModule(err, content, filename) {
  if (!(err instanceof SyntaxError) || !detectionEnabled()) return false;
  // A .js file, or one without an extension.
  if (!filename.endsWith('.js') && path.extname(filename) !== '') return false;
  const scope = packageJson().findScope(filename);
  if (scope !== undefined && scope.type !== 'none') return false;
  return isModuleSyntaxError(err, content, filename);
}

function stripBOM(content) {
  return content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
}

const extensions = { __proto__: null };

// A module's source, CommonJS or ES; under the permission model one outside
// the read roots is Node's ERR_ACCESS_DENIED (internal/permission.js, loaded
// only when the native check cannot say yes). runMain sets whether the model
// is on from the Start frame, which says so as well as the binding.
let permissionEnabled;
let permission = null;
function readSource(filename) {
  if (permissionEnabled === undefined) permissionEnabled = binding.internalBinding('permission').enabled;
  if (permissionEnabled) {
    if (permission === null) permission = binding.internalBinding('permission');
    if (!permission.mayRead(filename)) internalRequire('internal/permission').checkRead(filename);
  }
  return files.readFile(filename);
}

extensions['.js'] = function(module, filename) {
  const content = readSource(filename);
  if (StringPrototypeEndsWith(filename, '.js')) {
    const scope = packageJson().findScope(filename);
    if (scope !== undefined && scope.type === 'module') {
      module.exports = requireEsm(module, filename, scope);
      return;
    }
  }
  module._compile(content, filename);
};

extensions['.json'] = function(module, filename) {
  const content = readSource(filename);
  try {
    module.exports = JSON.parse(stripBOM(content));
  } catch (err) {
    err.message = `${filename}: ${err.message}`;
    throw err;
  }
};

extensions['.node'] = function(module, filename) {
  // Node's code for an addon that cannot be loaded, with Isohost's reason.
  const err = new Error(`${filename}: native addons are not supported: Isohost does not load native addons`);
  err.code = 'ERR_DLOPEN_FAILED';
  throw err;
};

// 'a.b.c' tries '.b.c', then '.c'; '.js' when none is registered.
function findLongestRegisteredExtension(filename) {
  const name = pathBasename(filename);
  let start = 0;
  let index;
  while ((index = StringPrototypeIndexOf(name, '.', start)) !== -1) {
    start = index + 1;
    if (index === 0) continue;
    const extension = StringPrototypeSlice(name, index);
    if (Module._extensions[extension]) return extension;
  }
  return '.js';
}

// --- resolution ----------------------------------------------------------------------

let modulePaths = [];  // $NODE_PATH, ~/.node_modules, ~/.node_libraries
const relativeResolveCache = { __proto__: null };

// $HOME and $NODE_PATH as strings, or undefined.
function initPaths(homeVariable, nodePathVariable) {
  const home = typeof homeVariable === 'string' ? homeVariable : '';
  const nodePath = typeof nodePathVariable === 'string' ? nodePathVariable : '';
  let paths = [];
  if (home) {
    // path.resolve(home, '.node_modules') and the other, with one resolve.
    const base = path.resolve(home);
    const prefix = base === '/' ? '' : base;
    paths = [`${prefix}/.node_modules`, `${prefix}/.node_libraries`];
  }
  if (nodePath) paths = nodePath.split(':').filter(Boolean).concat(paths);
  modulePaths = paths;
  Module.globalPaths = paths.slice();
}

// Every node_modules folder from `from` up to the root, nearest first,
// skipping folders that are themselves called node_modules.
function nodeModulePaths(from) {
  from = path.resolve(from);
  if (from === '/') return ['/node_modules'];
  const paths = [];
  let end = from.length;
  while (end > 0) {
    const start = StringPrototypeLastIndexOf(from, '/', end - 1);
    if (StringPrototypeSlice(from, start + 1, end) !== 'node_modules') {
      ArrayPrototypePush(paths, `${StringPrototypeSlice(from, 0, end)}/node_modules`);
    }
    end = start;
  }
  ArrayPrototypePush(paths, '/node_modules');
  return paths;
}

function resolveLookupPaths(request, parent) {
  if (isBuiltinRequest(request)) return null;
  // A bare name is looked up in node_modules folders and the global paths.
  const first = StringPrototypeCharCodeAt(request, 0);
  const second = StringPrototypeCharCodeAt(request, 1);
  // Not '.', './x' or '../x' (second is NaN past the end).
  if (first !== 0x2e || (second === second && second !== 0x2e && second !== 0x2f)) {
    const paths = parent && Array.isArray(parent.paths) && parent.paths.length > 0
      ? parent.paths.concat(modulePaths) : modulePaths;
    return paths.length > 0 ? paths : null;
  }
  if (!parent || !parent.id || !parent.filename) return ['.'];
  return [path.dirname(parent.filename)];
}

function notFoundError(request, pkgJsonPath) {
  const err = new Error(`Cannot find module '${request}'`);
  err.code = 'MODULE_NOT_FOUND';
  if (pkgJsonPath !== undefined) err.path = pkgJsonPath;
  return err;
}

// A file that "exports" or "imports" resolved to must exist.
function finalizeResolution(resolved, pkgDir) {
  if (resolved.startsWith('node:')) return resolved;
  const found = tryFile(resolved);
  if (found) return found;
  throw notFoundError(resolved, path.resolve(pkgDir, 'package.json'));
}

// Runs a resolution through "exports"/"imports", turning the resolver's
// ERR_MODULE_NOT_FOUND into require()'s MODULE_NOT_FOUND.
function resolveThroughPackage(request, pkgJsonPath, resolve) {
  try {
    return resolve();
  } catch (err) {
    if (err.code === 'ERR_MODULE_NOT_FOUND') throw notFoundError(request, pkgJsonPath);
    throw err;
  }
}

// 'pkg/sub' inside node_modules folder `nmPath`, when pkg has "exports".
function resolveExports(nmPath, request) {
  const match = kPackageRequest.exec(request);
  if (match === null) return undefined;
  const pkgDir = path.resolve(nmPath, match[1]);
  const pkg = packageJson().read(pkgDir);
  if (!pkg.exists || pkg.exports == null) return undefined;
  return resolveThroughPackage(request, `${pkgDir}/package.json`, () => finalizeResolution(
    resolver().packageExportsResolve(pkgDir, `.${match[2] || ''}`, pkg.exports, undefined, conditions()), pkgDir));
}

// A directory: its package.json "main", else its index file.
function tryPackage(dir, exts, originalRequest, isMain) {
  const main = packageJson().read(dir).main;
  if (!main) return tryExtensions(path.resolve(dir, 'index'), exts, isMain);
  const filename = path.resolve(dir, main);
  let found = tryFile(filename, isMain) || tryExtensions(filename, exts, isMain) ||
      tryExtensions(path.resolve(filename, 'index'), exts, isMain);
  if (found === false) {
    found = tryExtensions(path.resolve(dir, 'index'), exts, isMain);
    if (!found) {
      const err = new Error(`Cannot find module '${filename}'. Please verify that the package.json has a valid "main" entry`);
      err.code = 'MODULE_NOT_FOUND';
      err.path = path.resolve(dir, 'package.json');
      err.requestPath = originalRequest;
      throw err;
    }
  }
  return found;
}

Module._findPath = function(request, paths, isMain) {
  const absolute = pathIsAbsolute(request);
  if (absolute) paths = [''];
  else if (!paths || paths.length === 0) return false;
  const cacheKey = absolute ? `${request}\x00` : `${request}\x00${ArrayPrototypeJoin(paths, '\x00')}`;
  const cached = Module._pathCache[cacheKey];
  if (cached) return cached;

  const last = StringPrototypeCharCodeAt(request, request.length - 1);
  const trailingSlash = last === 0x2f || (last === 0x2e && (request === '.' || request === '..' ||
      StringPrototypeEndsWith(request, '/.') || StringPrototypeEndsWith(request, '/..')));
  const isRelative = request === '.' || request === '..' || StringPrototypeStartsWith(request, './') ||
      StringPrototypeStartsWith(request, '../');
  const insidePath = !(isRelative && StringPrototypeStartsWith(path.normalize(request), '..'));
  let exts;
  for (let i = 0; i < paths.length; i++) {
    const curPath = paths[i];
    if (insidePath && curPath && stat(curPath) < 1) continue;
    if (!absolute) {
      const exported = resolveExports(curPath, request);
      if (exported) return exported;
    }
    const basePath = path.resolve(curPath, request);
    const rc = stat(basePath);
    let filename = false;
    if (!trailingSlash) {
      if (rc === 0) filename = preserveSymlinks(isMain) ? path.resolve(basePath) : toRealPath(basePath);
      if (!filename) filename = tryExtensions(basePath, exts || (exts = Object.keys(Module._extensions)), isMain);
    }
    if (!filename && rc === 1) {
      filename = tryPackage(basePath, exts || (exts = Object.keys(Module._extensions)), request, isMain);
    }
    if (filename) {
      Module._pathCache[cacheKey] = filename;
      return filename;
    }
  }
  return false;
};

// A package requiring itself by the name in its package.json, through its
// "exports".
function trySelf(parentPath, request) {
  if (!parentPath) return false;
  const pkg = packageJson().findScope(parentPath);
  if (pkg === undefined || pkg.exports == null || typeof pkg.name !== 'string') return false;
  let subpath;
  if (request === pkg.name) subpath = '.';
  else if (request.startsWith(`${pkg.name}/`)) subpath = `.${request.slice(pkg.name.length)}`;
  else return false;
  const pkgDir = path.dirname(pkg.path);
  return resolveThroughPackage(request, pkg.path, () => finalizeResolution(
    resolver().packageExportsResolve(pkgDir, subpath, pkg.exports, parentPath, conditions()), pkgDir));
}

Module._resolveFilename = function(request, parent, isMain, options) {
  if (isBuiltinRequest(request)) return request;
  let paths;
  if (typeof options === 'object' && options !== null && options.paths !== undefined) {
    if (!Array.isArray(options.paths)) throw new (codes().ERR_INVALID_ARG_VALUE)('options.paths', options.paths);
    if (request.startsWith('./') || request.startsWith('../')) {
      paths = options.paths;
    } else {
      const fakeParent = new Module('', null);
      paths = [];
      for (const lookup of options.paths) {
        fakeParent.paths = Module._nodeModulePaths(lookup);
        for (const candidate of Module._resolveLookupPaths(request, fakeParent) || []) {
          if (!paths.includes(candidate)) paths.push(candidate);
        }
      }
    }
  } else {
    paths = Module._resolveLookupPaths(request, parent);
  }

  if (StringPrototypeCharCodeAt(request, 0) === 0x23 /* # */ && parent && parent.filename) {
    const scope = packageJson().findScope(parent.filename);
    if (scope !== undefined && scope.imports != null) {
      const pkgDir = path.dirname(scope.path);
      return resolveThroughPackage(request, undefined, () => finalizeResolution(
        resolver().packageImportsResolve(request, parent.filename, conditions()), pkgDir));
    }
  }

  const parentPath = parent ? parent.filename : undefined;
  const self = trySelf(parentPath, request);
  if (self) {
    Module._pathCache[`${request}\x00${paths ? paths.join('\x00') : ''}`] = self;
    return self;
  }

  const filename = Module._findPath(request, paths, isMain);
  if (filename) return filename;
  const requireStack = [];
  for (let cursor = parent; cursor; cursor = parents.get(cursor)) requireStack.push(cursor.filename || cursor.id);
  let message = `Cannot find module '${request}'`;
  if (requireStack.length > 0) message += `\nRequire stack:\n- ${requireStack.join('\n- ')}`;
  const err = new Error(message);
  err.code = 'MODULE_NOT_FOUND';
  err.requireStack = requireStack;
  throw err;
};

// --- loading -------------------------------------------------------------------------

// What each CommonJS module exported when it finished loading: what an
// import of it gets, whatever it (or a require.cache user) changes later,
// as in Node.
const exportsAtLoad = new WeakMap();

function exportsForImport(filename) {
  const exports = Module._load(filename, null, false);
  const module = Module._cache[filename];
  return module !== undefined && exportsAtLoad.has(module) ? exportsAtLoad.get(module) : exports;
}

// A module of the cache that a require() asks for again. One still loading
// is a cycle: CommonJS gives the exports so far, an ES module refuses.
function cachedExports(cached) {
  if (!cached.loaded && requiredEsm.has(cached)) {
    const from = parentFilename(cached);
    throw new (codes().ERR_REQUIRE_CYCLE_MODULE)(
      `Cannot require() ES Module ${cached.id} in a cycle.${from !== undefined ? ` (from ${from})` : ''}`);
  }
  return cached.exports;
}

Module._load = function(request, parent, isMain) {
  let relativeKey;
  if (parent) {
    relativeKey = `${parent.path}\x00${request}`;
    const known = relativeResolveCache[relativeKey];
    if (known !== undefined) {
      const cached = Module._cache[known];
      if (cached !== undefined) {
        updateChildren(parent, cached, true);
        return cachedExports(cached);
      }
      delete relativeResolveCache[relativeKey];
    }
  }
  if (StringPrototypeStartsWith(request, 'node:')) {
    const id = StringPrototypeSlice(request, 5);
    if (!MapPrototypeHas(kCommonBuiltins, id) && !builtins().isBuiltin(request)) {
      throw new (codes().ERR_UNKNOWN_BUILTIN_MODULE)(request);
    }
    return loadBuiltin(id);
  }
  const filename = Module._resolveFilename(request, parent, isMain);
  const cached = Module._cache[filename];
  if (cached !== undefined) {
    updateChildren(parent, cached, true);
    return cachedExports(cached);
  }
  if (StringPrototypeStartsWith(filename, 'node:')) return loadBuiltin(StringPrototypeSlice(filename, 5));
  if (filename === request && isBuiltinRequest(filename)) return loadBuiltin(filename);

  const module = new Module(filename, parent);
  if (isMain) {
    module.id = '.';
    mainModule = module;
    if (globalThis.process) globalThis.process.mainModule = module;
  }
  Module._cache[filename] = module;
  if (parent) relativeResolveCache[relativeKey] = filename;
  let threw = true;
  try {
    module.load(filename);
    WeakMapPrototypeSet(exportsAtLoad, module, module.exports);
    threw = false;
  } finally {
    if (threw) {
      delete Module._cache[filename];
      if (parent) {
        delete relativeResolveCache[relativeKey];
        const children = parent.children;
        const index = Array.isArray(children) ? children.indexOf(module) : -1;
        if (index !== -1) children.splice(index, 1);
      }
    }
  }
  return module.exports;
};

function makeRequire(module) {
  function require(id) {
    return module.require(id);
  }
  function resolve(request, options) {
    if (typeof request !== 'string') validateString(request, 'request');
    return Module._resolveFilename(request, module, false, options);
  }
  function paths(request) {
    validateString(request, 'request');
    return Module._resolveLookupPaths(request, module);
  }
  resolve.paths = paths;
  require.resolve = resolve;
  require.main = mainModule;
  require.extensions = Module._extensions;
  require.cache = Module._cache;
  return require;
}

// 'file:///a/b.js' (a string or a URL object) -> '/a/b.js'; undefined if it
// is no file URL.
function fileUrlToPath(value) {
  const href = typeof value === 'string' ? value : value !== null && typeof value === 'object' && typeof value.href === 'string' ? value.href : undefined;
  if (href === undefined) return undefined;
  const match = /^file:\/\/(localhost)?(\/[^?#]*)/i.exec(href);
  if (match === null || /%2f/i.test(match[2])) return undefined;
  try {
    return decodeURIComponent(match[2]);
  } catch {
    return undefined;
  }
}

function createRequire(filename) {
  let filepath = typeof filename === 'string' && path.isAbsolute(filename) ? filename : fileUrlToPath(filename);
  if (filepath === undefined) {
    throw new (codes().ERR_INVALID_ARG_VALUE)(
      'filename', filename, 'must be a file URL object, file URL string, or absolute path string');
  }
  if (filepath.endsWith('/')) filepath = path.join(filepath, 'noop.js');
  const module = new Module(filepath);
  module.filename = filepath;
  module.paths = Module._nodeModulePaths(module.path);
  return makeRequire(module);
}

// --- the static API ------------------------------------------------------------------

Module.Module = Module;
Module._cache = { __proto__: null };
Module._pathCache = { __proto__: null };
Module._extensions = extensions;
Module.globalPaths = [];
Module._nodeModulePaths = nodeModulePaths;
Module._resolveLookupPaths = resolveLookupPaths;
Module._initPaths = () => {
  const env = globalThis.process && globalThis.process.env;
  if (env) initPaths(env.HOME, env.NODE_PATH);
  else initPaths(undefined, undefined);
};
Module._preloadModules = () => {};
Module._stat = stat;
Module._debug = () => {};
Module._readPackage = (dir) => packageJson().read(dir);
Module.createRequire = createRequire;
Module.isBuiltin = (name) => builtins().isBuiltin(name);
// Set by the ES module loader once it is loaded: before, no builtin was imported.
let builtinSync = () => {};
Module.syncBuiltinESMExports = function syncBuiltinESMExports() {
  builtinSync();
};
// Module customization hooks (internal/modules/esm/hooks.js, loaded on the first call).
Module.register = function register(specifier, parentURL = undefined, options = undefined) {
  internalRequire('internal/modules/esm/hooks').register(specifier, parentURL, options);
};
Module.findSourceMap = () => undefined;
Module.runMain = () => runMain(globalThis.process.argv[1]);
Object.defineProperty(Module, 'builtinModules', {
  __proto__: null,
  get() {
    const names = builtins().names;
    Object.defineProperty(Module, 'builtinModules', { __proto__: null, value: names, writable: true, enumerable: true, configurable: true });
    return names;
  },
  enumerable: true,
  configurable: true,
});

// --- the worker's entry point ------------------------------------------------------------

// An entry point that runs as an ES module: .mjs, or .js in a package of
// "type": "module". (A .js file of a package without "type" is one if its
// syntax says so: that shows when it is compiled, see entryIsModule.)
function isModuleEntry(filename) {
  if (StringPrototypeEndsWith(filename, '.mjs')) return true;
  if (StringPrototypeEndsWith(filename, '.cjs')) return false;
  // Any other file of a "type": "module" package goes to the ES loader,
  // which says what it makes of its extension, as in Node.
  const scope = packageJson().findScope(filename);
  return scope !== undefined && scope.type === 'module';
}

// Whether module customization hooks were registered (set by
// internal/modules/esm/hooks.js), so that the entry needs no ES loader to tell.
let hooksRegistered = false;

// The URLs of Node's --experimental-loader (--loader) options among the
// worker's execArgv, or undefined when there are none.
function commandLineLoaders() {
  const argv = globalThis.process ? globalThis.process.execArgv : [];
  let urls;
  for (let i = 0; i < argv.length; i++) {
    const match = /^--(?:experimental-)?loader(?:=(.*))?$/s.exec(argv[i]);
    if (match === null) continue;
    const url = match[1] !== undefined ? match[1] : argv[++i];
    if (url !== undefined) (urls || (urls = [])).push(url);
  }
  return urls;
}

// Start.source_kind (proto/isohost.proto) of a worker's own eval entry, and
// of one whose entry is a data: URL.
const kSourceWorkerEval = 0;
const kSourceWorkerUrl = 4;

// Runs the entry script: a file (by absolute path, resolved as `node FILE`
// would) or source text, as a worker's eval or as Node's -e, -p or stdin.
// Returns what it made: { exports } of a CommonJS entry, { namespace } (a
// promise, settled once its evaluation is) of an ES module.
// `execArgv`: Node's options the worker was started with (Start's, which
// process.execArgv is until the script changes it).
function runMain(scriptPath, scriptSource, sourceKind, permissions, execArgv) {
  if (permissions !== undefined) permissionEnabled = Boolean(permissions);
  // The variables as the host sent them, read without building process.env
  // (nothing can have changed them yet).
  initPaths(binding.getEnv('HOME'), binding.getEnv('NODE_PATH'));
  // Most workers have no options: their start looks for none.
  const withOptions = execArgv.length > 0;
  internalsExposed = withOptions && execArgv.includes('--expose-internals');
  const loaders = withOptions ? commandLineLoaders() : undefined;
  if (loaders !== undefined) internalRequire('internal/modules/esm/hooks').registerFromCommandLine(loaders);
  const options = loaderOptions();
  if (options === undefined) return runEntryPoint(scriptPath, scriptSource, sourceKind, undefined, loaders);
  // Node's order: --require modules, then --import modules one after the
  // other (each evaluated before the next), then the entry point.
  if (options.require.length > 0) preloadRequires(options.require);
  const run = () => {
    if (options.check && scriptSource === undefined) {
      checkSyntax(scriptPath);
      return { __proto__: null, exports: undefined };
    }
    return runEntryPoint(scriptPath, scriptSource, sourceKind, options, loaders);
  };
  if (options.import.length === 0) return run();
  const entry = esmLoader().runPreloads(options.import).then(() => {
    const result = run();
    return result.namespace !== undefined ? result.namespace : result.exports;
  });
  return { __proto__: null, namespace: entry };
}

// --require: CommonJS modules named as from a file in the working directory.
function preloadRequires(requests) {
  const parent = new Module('internal/preload', null);
  parent.paths = Module._nodeModulePaths(binding.cwd());
  for (const request of requests) parent.require(request);
}

// --check: the entry is compiled, as what it is, and not run.
function checkSyntax(scriptPath) {
  const filename = Module._findPath(path.resolve(scriptPath), null, true) || path.resolve(scriptPath);
  const content = stripBOM(readSource(filename));
  if (isModuleEntry(filename)) {
    esmLoader().checkSyntax(content, filename);
    return;
  }
  try {
    compileWrapper(content, filename);
  } catch (err) {
    if (!isDetectedModule(err, content, filename)) throw err;
    esmLoader().checkSyntax(content, filename);
  }
}

// `loaders`: the --experimental-loader URLs, or undefined.
function runEntryPoint(scriptPath, scriptSource, sourceKind, options, loaders) {
  if (scriptSource === undefined) {
    const filename = Module._findPath(path.resolve(scriptPath), null, true);
    // With loaders, or hooks registered before the entry runs, the entry,
    // CommonJS or not, goes through the hooks, as in Node.
    if (loaders !== undefined || hooksRegistered) {
      return { __proto__: null, namespace: esmLoader().runEntry(filename || path.resolve(scriptPath)) };
    }
    if (filename && isModuleEntry(filename)) {
      if (options !== undefined && options.inputType !== undefined) {
        throw new (codes().ERR_INPUT_TYPE_NOT_ALLOWED)();
      }
      return { __proto__: null, namespace: esmLoader().runEntry(filename) };
    }
    entryIsModule = false;
    const exports = Module._load(scriptPath, null, true);
    if (!entryIsModule) return { __proto__: null, exports };
    entryIsModule = false;
    if (options !== undefined && options.inputType !== undefined) {
      throw new (codes().ERR_INPUT_TYPE_NOT_ALLOWED)();
    }
    const entry = mainModule.filename;
    delete Module._cache[entry];  // not a CommonJS module after all
    mainModule = undefined;
    if (globalThis.process) globalThis.process.mainModule = undefined;
    return { __proto__: null, namespace: esmLoader().runEntry(entry) };
  }
  if (sourceKind === kSourceWorkerUrl) {
    return { __proto__: null, exports: undefined, namespace: esmLoader().runUrlEntry(scriptSource) };
  }
  if (sourceKind !== undefined && sourceKind !== kSourceWorkerEval) {
    const runEval = () => internalRequire('internal/modules/run_eval').runEval(
      scriptSource, sourceKind, options !== undefined ? options.inputType : undefined);
    // As in Node, the code runs once the loaders are registered.
    if (loaders !== undefined) {
      return { __proto__: null, exports: undefined, namespace: esmLoader().whenHooksRegistered().then(runEval) };
    }
    return { __proto__: null, exports: undefined, namespace: runEval() };
  }
  const filename = path.join(binding.cwd(), '[worker eval]');
  const module = new Module(filename, null);
  module.filename = filename;
  module.id = '.';
  module.paths = Module._nodeModulePaths(binding.cwd());
  // ES syntax (--input-type=module, or detected as for a main module) runs
  // as a module at file:///CWD/[worker eval].
  const inputType = options !== undefined ? options.inputType : undefined;
  const runAsModule = () => {
    const loader = esmLoader();
    return { __proto__: null, exports: undefined, namespace: loader.runSourceEntry(scriptSource, loader.pathToFileUrl(filename)) };
  };
  if (inputType === 'module') return runAsModule();
  // --input-type=commonjs: its syntax error is the error, never a module.
  if (inputType === 'commonjs') compileWrapper(scriptSource, filename);
  mainModule = module;
  entryIsModule = false;
  module._compile(scriptSource, filename);
  if (entryIsModule) {
    entryIsModule = false;
    mainModule = undefined;
    return runAsModule();
  }
  module.loaded = true;
  return { __proto__: null, exports: module.exports };
}

// --- warming up a pooled worker ------------------------------------------------------

// A pooled worker waits for its Start with nothing to do. It spends that
// time running the path of a typical entry once: resolving it, reading its
// package scope, compiling it and running it, and its require() of a
// builtin. Then the real entry runs code V8 has seen (functions compiled,
// object shapes and inline caches made) instead of paying for that first
// run after the host asked for the worker. The script, its folder and its
// package.json exist only in memory, no file is touched, and every cache the
// run filled is emptied of it again.
const kWarmUpDir = '/\0isohost-warm-up';
const kWarmUpFiles = new Map([
  [`${kWarmUpDir}/package.json`, '{"name":"warm-up","type":"commonjs"}'],
  [`${kWarmUpDir}/main.js`, "'use strict';\nconst { parentPort } = require('worker_threads');\nmodule.exports = parentPort;\n"],
]);
const warmUpFiles = {
  stat: (filename) => (kWarmUpFiles.has(filename) ? 0 : filename === kWarmUpDir ? 1 : -1),
  realpath: (filename) => filename,
  readFile: (filename) => kWarmUpFiles.get(filename),
};

function forgetKeys(object, part) {
  for (const key of Object.keys(object)) {
    if (key.includes(part)) delete object[key];
  }
}

function warmUp() {
  const scope = packageJson();
  warmingUp = true;
  files = warmUpFiles;
  scope.setFiles(warmUpFiles);
  permissionEnabled = false;
  try {
    const entry = `${kWarmUpDir}/main.js`;
    const filename = Module._findPath(path.resolve(entry), null, true);
    if (filename && !isModuleEntry(filename)) Module._load(filename, null, false);
  } finally {
    warmingUp = false;
    files = binding;
    scope.setFiles(null);
    permissionEnabled = undefined;
    scope.forget(kWarmUpDir);
    forgetKeys(Module._cache, kWarmUpDir);
    forgetKeys(Module._pathCache, kWarmUpDir);
    forgetKeys(relativeResolveCache, kWarmUpDir);
    for (const key of realpathCache.keys()) {
      if (key.startsWith(kWarmUpDir)) realpathCache.delete(key);
    }
  }
}

// --- the entry a pooled worker expects ---------------------------------------------

// The host names the script its last pooled spawn ran (PrepareEntry, before
// Start): most likely this worker's too. Compiling it now, while the worker
// waits, takes the compile off the path from Start to the script's first
// line, where it costs the most (a pooled worker's caches are cold by then).
// The compile is kept with the exact text and name it was made from, and
// used at Start only by the first compile, if that is of the same text under
// the same name, which would have made the same function: whatever happened
// to the file meanwhile (edited, an ES module after all, a symbolic link to
// elsewhere), the script that runs is the one Start finds. Nothing is
// resolved, so no cached path or package scope is left behind.
let preparedEntry = null;

// `content`: the file's text, read by the worker (Runtime::PrepareEntry).
function prepareEntry(scriptPath, content) {
  preparedEntry = null;
  // Only the file the path names, not what resolving it would find: little
  // JavaScript runs here, so what V8 learns from running code (which
  // functions are hot) stays as it would be without the guess.
  preparedEntry = { __proto__: null, filename: scriptPath, content, compiled: compileWrapper(content, scriptPath) };
}

// The prepared compile when `content` and `filename` are what it was made
// from, else null. Asked once, by the first compile after Start; the
// compile is let go either way.
function takePreparedEntry(content, filename) {
  const prepared = preparedEntry;
  if (prepared === null) return null;
  preparedEntry = null;
  if (wrapPatched || prepared.filename !== filename || prepared.content !== content) return null;
  binding.countPreparedEntry();
  return prepared.compiled;
}

exports.Module = Module;
exports.runMain = runMain;
exports.warmUp = warmUp;
exports.prepareEntry = prepareEntry;
// After the entry ran: a prepared compile nothing took is let go.
exports.dropPreparedEntry = () => { preparedEntry = null; };
exports.makeRequire = makeRequire;
exports.loadBuiltin = loadBuiltin;
exports.readSource = readSource;
exports.builtinLoaded = (id) => loadedBuiltins.has(id);
exports.internalsExposed = () => internalsExposed;
exports.noteHooksRegistered = () => {
  hooksRegistered = true;
};
exports.loaderOptions = loaderOptions;
exports.setBuiltinSync = (sync) => {
  builtinSync = sync;
};
exports.exportsForImport = exportsForImport;
exports.requireModuleConditions = requireModuleConditions;
exports.containsModuleSyntax = containsModuleSyntax;
exports.isModuleSyntaxError = (err, content, filename) => detectionEnabled() && isModuleSyntaxError(err, content, filename);
