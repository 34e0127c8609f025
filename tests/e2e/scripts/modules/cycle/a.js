exports.name = 'a';
exports.partial = true;
const b = require('./b');
exports.fromB = b.sawA;
exports.partial = false;
