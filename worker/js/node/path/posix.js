'use strict';
// require('path/posix'): the same object as require('path').posix.
module.exports = internalRequire('node/path').posix;
