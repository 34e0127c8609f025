// Circular requires, module.children/loaded/parent, require.main, __filename
// and __dirname, require.cache deletion (as Node 20 prints them).
const path = require('path');
const rel = (p) => path.relative(__dirname, p);
const a = require('./cycle/a');
console.log('a:', JSON.stringify(a));
const b = require('./cycle/b');
console.log('b:', JSON.stringify(b));
console.log('main:', require.main === module, module.id, module.loaded, module.parent);
console.log('names:', rel(__filename), path.basename(__dirname), module.filename === __filename, module.path === __dirname);
const aModule = require.cache[require.resolve('./cycle/a')];
console.log('children:', JSON.stringify(module.children.map((m) => rel(m.id))), JSON.stringify(aModule.children.map((m) => rel(m.id))));
console.log('a module:', aModule.loaded, aModule.parent === module, rel(aModule.filename), rel(aModule.paths[0]));
console.log('exports this:', require('./lib/this_is_exports.js'));
delete require.cache[require.resolve('./cycle/b')];
const b2 = require('./cycle/b');
console.log('reloaded b:', b2 !== b, b2.sawA, module.children.length);
console.log('loaded later:', module.loaded);
setImmediate(() => console.log('loaded after main:', module.loaded));
