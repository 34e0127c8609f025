'use strict';
// Loads child_process and starts nothing.
console.log(typeof require('child_process').execFile);
