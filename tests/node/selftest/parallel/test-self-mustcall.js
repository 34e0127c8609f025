'use strict';
// Fails under both runtimes: a function expected twice is called once.
const common = require('../common');
common.mustCall(2)();
