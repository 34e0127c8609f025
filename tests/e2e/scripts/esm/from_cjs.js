// CommonJS using ES modules: import() (resolved against this file), JSON
// with an import assertion, builtins, and require() of ES modules.
const { parentPort } = require('worker_threads');
console.log('require of ESM:', JSON.stringify(require('./lib/greet.mjs').greet('require')));
const marked = require('./lib/default.mjs');
console.log('default export marked:', marked.__esModule, marked.default, marked.named);
try {
  require('./lib/tla.mjs');
} catch (err) {
  console.log('top-level await:', err.code);
}
(async () => {
  const ns = await import('./lib/greet.mjs');
  console.log('import():', ns.greet('import()'), Object.keys(ns).join(','));
  const json = await import('./lib/data.json', { assert: { type: 'json' } });
  console.log('json:', json.default.name);
  await import('./lib/data.json').catch((err) => console.log('json without type:', err.code));
  const fs = await import('node:path');
  console.log('builtin:', typeof fs.default.join, typeof fs.join);
  await import('./lib/nope.mjs').catch((err) => console.log('missing:', err.code, err.message.split(__dirname).join('.')));
  await import('./lib').catch((err) => console.log('directory:', err.code));
  await import('./lib/greet').catch((err) => console.log('no extension search:', err.code));
  await import('no-such-package').catch((err) => console.log('bare:', err.code, err.message.split(__dirname).join('.')));
  parentPort.postMessage('done');
})();
