// The module builtin's API where packages poke at it: extension handlers,
// _compile hooks, Module.wrap, createRequire, _resolveFilename, _load,
// _nodeModulePaths, builtinModules, isBuiltin, and argument errors.
const Module = require('module');
const path = require('path');
const rel = (p) => path.relative(__dirname, p);
console.log('module is Module:', Module === module.constructor, Module.Module === Module, process.mainModule === module);
console.log('builtins:', Module.builtinModules.length, Object.isFrozen(Module.builtinModules), Module.builtinModules.includes('test'));
console.log('isBuiltin:', ['fs', 'node:fs', 'test', 'node:test', 'node:sea', 'fs/promises', 'node:nope', 'lodash'].map((n) => Module.isBuiltin(n)).join(' '));
Module._extensions['.txt'] = (m, filename) => {
  m.exports = `text: ${require('fs' === 'x' ? '' : 'path').basename(filename)}`;
};
console.log('custom extension:', require('./api/data.txt'), Object.keys(require.extensions).join(','));
console.log('extension tried when resolving:', rel(require.resolve('./api/data')));
const originalJs = Module._extensions['.js'];
Module._extensions['.js'] = function(m, filename) {
  const compile = m._compile;
  m._compile = function(content, file) {
    return compile.call(this, content.replace('"hooked js"', '"hooked js (rewritten)"'), file);
  };
  return originalJs.call(this, m, filename);
};
console.log('compile hook:', require('./api/sub/hooked.js'));
Module._extensions['.js'] = originalJs;
console.log('paths:', JSON.stringify(Module._nodeModulePaths('/a/node_modules/b/node_modules/c')), JSON.stringify(Module._nodeModulePaths('/')));
console.log('lookup paths:', JSON.stringify(require.resolve.paths('./x').map(rel)), require.resolve.paths('fs'), rel(require.resolve.paths('x')[0]));
console.log('resolve with paths:', rel(require.resolve('far', { paths: [path.join(__dirname, 'api')] })),
  rel(require.resolve('./data.txt', { paths: [path.join(__dirname, 'api')] })));
const fromUrl = Module.createRequire(`file://${path.join(__dirname, 'api', 'x.js')}`);
const fromDir = Module.createRequire(path.join(__dirname, 'api') + '/');
console.log('createRequire:', fromUrl('far'), fromDir('far'), rel(fromDir.resolve('./sub/hooked.js')));
console.log('_resolveFilename:', rel(Module._resolveFilename('./api/sub/hooked.js', module)), Module._resolveFilename('fs', module));
console.log('_load:', Module._load('./api/sub/hooked.js', module) === require('./api/sub/hooked.js'), Module._load('path', null) === path);
for (const bad of [5, '', undefined]) {
  try {
    require(bad);
  } catch (e) {
    console.log('require(' + JSON.stringify(bad) + '):', e.code, e.message);
  }
}
try {
  require.resolve(null);
} catch (e) {
  console.log('resolve(null):', e.code, e.message);
}
try {
  Module.createRequire('relative.js');
} catch (e) {
  console.log('createRequire(relative):', e.code, e.message);
}
const originalWrap = Module.wrap;
Module.wrap = (script) => originalWrap('var myWrapped = 1;' + script);
console.log('patched wrap:', require('./api/sub/wrapped.js'));
console.log('wrapper:', JSON.stringify(Module.wrapper));
