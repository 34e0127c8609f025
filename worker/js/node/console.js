'use strict';
// require('console'): the global console (internal/console/global.js), made
// when it is first read.

module.exports = globalThis.console;
