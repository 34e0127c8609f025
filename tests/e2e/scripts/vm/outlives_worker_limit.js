'use strict';
// A vm run with a long limit inside a worker with a short one (--timeout):
// the worker's limit ends the worker, the vm's never cancels it.
const vm = require('vm');
console.log('running');
try {
  vm.runInNewContext('while (true) {}', {}, { timeout: 600000 });
} catch (e) {
  console.log('caught', e.code);
}
console.log('not reached');
