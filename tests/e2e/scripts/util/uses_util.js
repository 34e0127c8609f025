// Requires util and formats with it; parseArgs stays unloaded.
console.log(require('node:util').format('%d', 1));
