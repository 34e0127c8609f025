// node:test is a builtin only with its scheme; bad options throw Node's
// errors.
'use strict';
const test = require('node:test');
console.log(typeof test, test === test.test, Object.keys(test).join(','));
try {
  require('test');
} catch (error) {
  console.log(error.code);
}
try {
  test('x', { timeout: -1 });
} catch (error) {
  console.log(error.code);
}
