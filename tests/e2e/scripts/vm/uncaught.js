'use strict';
// An error of vm code that nobody catches: the report names its place once.
const vm = require('vm');
vm.runInNewContext('\n  null.x', {}, 'uncaught_in_vm.js');
