const a = require('./a');
exports.sawA = `${a.name} partial=${a.partial}`;
exports.loadedWhileB = module.loaded;
