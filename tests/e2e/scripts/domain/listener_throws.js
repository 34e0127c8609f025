'use strict';
// A domain's 'error' listener that throws, with no domain below to take it:
// the worker's uncaught exception, fatal with Node's code 7, reporting what
// the listener threw.
const d = require('domain').create();
d.on('error', () => {
  throw new Error('thrown by the error listener');
});
d.run(() => process.nextTick(() => {
  throw new Error('the original error');
}));
