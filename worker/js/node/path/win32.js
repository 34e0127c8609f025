'use strict';
// require('path/win32'): the same object as require('path').win32.
module.exports = internalRequire('node/path').win32;
