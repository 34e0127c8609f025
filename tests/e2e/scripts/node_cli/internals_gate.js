'use strict';
// Whether the runtime's internal modules are reachable: only under
// --expose-internals, as Node's are.
const outcome = (load) => {
  try {
    return typeof load();
  } catch (err) {
    return err.code;
  }
};
const results = [
  outcome(() => require('internal/errors').codes),
  outcome(() => require('internal/test/binding').internalBinding),
  outcome(() => require('node:internal/errors')),
  require('module').isBuiltin('internal/errors'),
];
import('internal/errors').then((ns) => typeof ns.default.codes, (err) => err.code).then((esm) => {
  console.log(results.join(' '), esm, JSON.stringify(process.execArgv));
});
