'use strict';
// module: the CommonJS loader's own class, with Node's static API
// (createRequire, builtinModules, isBuiltin, _extensions, _load, ...), and
// Node 22's compile cache API over the worker's compile cache
// (worker/loader/compile_cache.h), which the host usually has on already.

const { Module } = internalRequire('internal/modules/cjs/loader');
const path = internalRequire('internal/path/posix');

// Node's values (its compile cache's enum, in this order).
const compileCacheStatus = Object.freeze({ __proto__: null, FAILED: 0, ENABLED: 1, ALREADY_ENABLED: 2, DISABLED: 3 });
const constants = Object.freeze({ __proto__: null, compileCacheStatus });

// enableCompileCache([directory]) or ({ directory }): never throws for what
// the file system says; the answer tells. Without a directory, Node's:
// $NODE_COMPILE_CACHE, else os.tmpdir()/node-compile-cache.
function enableCompileCache(options) {
  let directory;
  if (typeof options === 'string') {
    directory = options;
  } else if (options !== null && typeof options === 'object') {
    directory = options.directory;
  } else if (options !== undefined) {
    throw new (internalRequire('internal/errors').codes.ERR_INVALID_ARG_TYPE)('options', ['string', 'Object'], options);
  }
  if (directory !== undefined && typeof directory !== 'string') {
    throw new (internalRequire('internal/errors').codes.ERR_INVALID_ARG_TYPE)('options.directory', 'string', directory);
  }
  const disabled = binding.getEnv('NODE_DISABLE_COMPILE_CACHE');
  if (disabled !== undefined && disabled !== '') {
    return { status: compileCacheStatus.DISABLED, message: 'Disabled by NODE_DISABLE_COMPILE_CACHE' };
  }
  if (directory === undefined || directory === '') {
    const fromEnv = binding.getEnv('NODE_COMPILE_CACHE');
    directory = fromEnv !== undefined && fromEnv !== ''
      ? fromEnv : path.join(internalRequire('node/os').tmpdir(), 'node-compile-cache');
  }
  const [status, message, dir] = binding.enableCompileCache(path.resolve(binding.cwd(), directory));
  const result = { status };
  if (message !== undefined) result.message = message;
  if (dir !== undefined) result.directory = dir;
  return result;
}

Module.constants = constants;
Module.enableCompileCache = enableCompileCache;
Module.getCompileCacheDir = function getCompileCacheDir() {
  return binding.compileCacheDir();
};
Module.flushCompileCache = function flushCompileCache() {
  binding.flushCompileCache();
};

module.exports = Module;
