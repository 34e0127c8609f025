'use strict';
// Fails under both runtimes: called once, expected at least twice.
const common = require('../common');
common.mustCallAtLeast(function counted() {}, 2)();
