'use strict';
// require('assert/strict'): assert with strict comparisons under the plain
// names.
module.exports = internalRequire('node/assert').strict;
