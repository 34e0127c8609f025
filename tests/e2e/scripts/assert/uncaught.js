// A failed assertion nobody catches ends the worker with its message.
const assert = require('node:assert/strict');
assert.equal(1, 2);
