'use strict';
// CommonJS: require() of relative .js/.json files and directories, the module
// cache, and the builtin modules a worker can ask for.

const path = internalRequire('path');

const kWrapperParams = ['exports', 'require', 'module', '__filename', '__dirname'];
const builtins = new Map();  // name -> () => exports

function moduleNotFound(request, parent) {
  const stack = parent && parent.filename ? `\nRequire stack:\n- ${parent.filename}` : '';
  const err = new Error(`Cannot find module '${request}'${stack}`);
  err.code = 'MODULE_NOT_FOUND';
  err.requireStack = parent && parent.filename ? [parent.filename] : [];
  return err;
}

class Module {
  constructor(id, parent) {
    this.id = id;
    this.path = path.dirname(id);
    this.exports = {};
    this.filename = null;
    this.loaded = false;
    this.children = [];
    this.paths = [];
    Object.defineProperty(this, 'parent', { value: parent, writable: true, enumerable: false, configurable: true });
    if (parent && parent.children) parent.children.push(this);
  }

  require(request) {
    if (typeof request !== 'string') {
      const err = new TypeError(`The "id" argument must be of type string. Received ${typeof request}`);
      err.code = 'ERR_INVALID_ARG_TYPE';
      throw err;
    }
    if (request === '') {
      const err = new TypeError("The argument 'id' must be a non-empty string. Received ''");
      err.code = 'ERR_INVALID_ARG_VALUE';
      throw err;
    }
    return loadModule(request, this);
  }
}

Module._cache = Object.create(null);
Module.builtinModules = [];

function tryFile(file) {
  return binding.stat(file) === 0 ? binding.realpath(file) : null;
}

function tryExtensions(base) {
  return tryFile(base) || tryFile(`${base}.js`) || tryFile(`${base}.json`);
}

function tryDirectory(dir) {
  if (binding.stat(dir) !== 1) return null;
  const manifest = tryFile(path.join(dir, 'package.json'));
  if (manifest !== null) {
    let main;
    try {
      main = JSON.parse(binding.readFile(manifest)).main;
    } catch {
      main = undefined;
    }
    if (typeof main === 'string' && main !== '') {
      const target = path.resolve(dir, main);
      const found = tryExtensions(target) || tryFile(path.join(target, 'index.js'));
      if (found !== null) return found;
    }
  }
  return tryFile(path.join(dir, 'index.js')) || tryFile(path.join(dir, 'index.json'));
}

function resolveFilename(request, parent) {
  const isRelative = request.startsWith('./') || request.startsWith('../') || request === '.' || request === '..';
  if (!isRelative && !path.isAbsolute(request)) throw moduleNotFound(request, parent);
  const base = path.resolve(parent && parent.filename ? path.dirname(parent.filename) : binding.cwd(), request);
  const found = (request.endsWith('/') ? null : tryExtensions(base)) || tryDirectory(base);
  if (found === null) throw moduleNotFound(request, parent);
  return found;
}

// A public built-in module NAME is registered by the bootstrap or lives in
// worker/js/node/NAME.js.
function loadBuiltin(name) {
  const registered = builtins.get(name);
  if (registered !== undefined) return registered();
  if (binding.hasBuiltin(`node/${name}`)) return internalRequire(`node/${name}`);
  return undefined;
}

function isBuiltin(name) {
  return builtins.has(name) || binding.hasBuiltin(`node/${name}`);
}

function loadModule(request, parent) {
  const builtinName = request.startsWith('node:') ? request.slice(5) : request;
  const builtin = loadBuiltin(builtinName);
  if (builtin !== undefined) return builtin;
  if (request.startsWith('node:')) {
    const err = new Error(`No such built-in module: ${request}`);
    err.code = 'ERR_UNKNOWN_BUILTIN_MODULE';
    throw err;
  }
  const filename = resolveFilename(request, parent);
  const cached = Module._cache[filename];
  if (cached !== undefined) {
    if (parent && parent.children && !parent.children.includes(cached)) parent.children.push(cached);
    return cached.exports;
  }
  const module = new Module(filename, parent);
  Module._cache[filename] = module;
  let threw = true;
  try {
    loadInto(module, filename);
    threw = false;
  } finally {
    if (threw) delete Module._cache[filename];
  }
  return module.exports;
}

function makeRequire(module) {
  const require = (request) => module.require(request);
  require.resolve = (request) => {
    const name = request.startsWith('node:') ? request.slice(5) : request;
    if (isBuiltin(name)) return request;
    return resolveFilename(request, module);
  };
  require.cache = Module._cache;
  require.main = mainModule;
  return require;
}

function loadInto(module, filename) {
  module.filename = filename;
  const source = binding.readFile(filename);
  if (filename.endsWith('.json')) {
    try {
      module.exports = JSON.parse(source);
    } catch (err) {
      err.message = `${filename}: ${err.message}`;
      throw err;
    }
  } else {
    runSource(module, source, filename);
  }
  module.loaded = true;
}

function runSource(module, source, filename) {
  // A hashbang line is not JavaScript inside a function body.
  if (source.startsWith('#!')) source = `//${source.slice(2)}`;
  const wrapper = binding.compileFunction(source, filename, kWrapperParams);
  const require = makeRequire(module);
  Reflect.apply(wrapper, module.exports, [module.exports, require, module, filename, path.dirname(filename)]);
}

let mainModule;

// Runs the entry script: a file (by absolute path) or source text.
function runMain(scriptPath, scriptSource) {
  if (scriptSource !== undefined) {
    const filename = path.join(binding.cwd(), '[worker eval]');
    mainModule = new Module(filename, null);
    mainModule.filename = filename;
    mainModule.id = '.';
    runSource(mainModule, scriptSource, filename);
    mainModule.loaded = true;
    return;
  }
  const filename = tryFile(scriptPath);
  if (filename === null) {
    const err = new Error(`Cannot find module '${scriptPath}'`);
    err.code = 'MODULE_NOT_FOUND';
    throw err;
  }
  mainModule = new Module('.', null);
  Module._cache[filename] = mainModule;
  loadInto(mainModule, filename);
}

exports.Module = Module;
exports.runMain = runMain;
exports.registerBuiltin = (name, load) => {
  builtins.set(name, load);
  Module.builtinModules.push(name);
};
