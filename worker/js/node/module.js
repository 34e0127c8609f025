'use strict';
// module: the CommonJS loader's own class, with Node's static API
// (createRequire, builtinModules, isBuiltin, _extensions, _load, ...).

module.exports = internalRequire('modules').Module;
