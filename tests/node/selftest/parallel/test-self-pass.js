'use strict';
// Passes under both runtimes: the common module counts calls, finds fixtures
// (which get the same common module), and reports nothing when all is well.
const common = require('../common');
const fixtures = require('../common/fixtures');

if (require(fixtures.path('uses-common.js')) !== common) {
  throw new Error('a fixture got another common module than the test');
}
const twice = common.mustCall((a, b) => a + b, 2);
if (twice.length !== 2) throw new Error(`mustCall lost the length: ${twice.length}`);
setTimeout(() => {
  twice(1, 2);
  twice(3, 4);
}, 1);
const tick = common.mustCallAtLeast(() => {}, 1);
tick();
tick();
common.mustNotCall('never');
const error = new TypeError('bad');
error.code = 'ERR_X';
common.expectsError({ code: 'ERR_X', name: 'TypeError', message: /^ba/ })(error);
if (common.invalidArgTypeHelper(5) !== ' Received type number (5)') {
  throw new Error(`invalidArgTypeHelper(5) gave "${common.invalidArgTypeHelper(5)}"`);
}
if (common.getArrayBufferViews(new Uint8Array(8)).length < 10) {
  throw new Error('getArrayBufferViews gave too few views');
}
