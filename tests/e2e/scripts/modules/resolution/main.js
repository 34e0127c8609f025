// Resolution through package.json "exports"/"imports" and node_modules, and
// the errors Node gives for each way it can fail (codes and messages).
const path = require('path');
const here = (text) => String(text).split(__dirname).join('.');
const show = (spec) => {
  try {
    const value = require(spec);
    const file = require.resolve(spec);
    console.log(spec, '->', JSON.stringify(value), '@', path.isAbsolute(file) ? path.relative(__dirname, file) : file);
  } catch (e) {
    const extra = [e.path && `path=${here(e.path)}`, e.requestPath && `requestPath=${e.requestPath}`].filter(Boolean);
    console.log(spec, '!!', e.code, JSON.stringify(here(e.message)), ...extra);
  }
};
['pat/feat/a', 'pat/feat/a.js', 'pat/feat/internal/x', 'pat/both/internal/x', 'pat/feat/../x', 'pat/missing', 'pat/enc',
  'pat/space', 'pat/nope', 'pat', 'arr', 'arr/bad', 'arr/none', 'arr/nulls', 'cond', 'cond/mixed', 'bad-target',
  'bad-target/up', 'bad-target/obj', 'bad-target/nm', 'bad-target/num', 'bad-main', '@scope/deep', '#x', '#bad',
  '#p/a', '#p/private/a', '#cond', '#arr', '#nope', '#', '#/x', 'esm-pkg', 'esm-pkg/plain.js', 'esm-pkg/x.mjs',
  'esm-pkg/ok.cjs', 'addon', 'node:nope', 'node:test', 'test', './src/x', './src/', './nope']
  .forEach(show);
