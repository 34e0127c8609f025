// Requires util and uses parseArgs, which loads its own file.
const util = require('node:util');
console.log(util.format('%d', 1), util.parseArgs({ args: [] }).positionals.length);
