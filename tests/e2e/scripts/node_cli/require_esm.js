// require() of ES modules, with and without --no-experimental-require-module
// (require_esm.out, require_esm_refused.out: what Node printed).
const path = require('path');
const shown = (text) => text.split(path.join(__dirname, '..')).join('<scripts>');

console.log('features.require_module', process.features.require_module);
for (const request of ['../esm/lib/greet.mjs', '../esm/pkg/helper.js', '../esm/pkg/legacy.cjs']) {
  try {
    const exports = require(request);
    console.log(request, typeof exports === 'string' ? exports : Object.keys(exports).join(','));
  } catch (err) {
    console.log(request, err.code, shown(err.message));
  }
}
import('../esm/lib/greet.mjs').then((ns) => console.log('import()', ns.greet('still works')));
