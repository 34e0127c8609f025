exports.alpha = 'alpha';
module.exports.beta = 'beta';
const key = 'computed';
exports[key] = 'not a named export';
