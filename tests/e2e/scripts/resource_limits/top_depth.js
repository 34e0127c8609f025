// Prints this worker's stack and code range limits and how deep it could
// recurse before a RangeError.
const { resourceLimits } = require('node:worker_threads');

let depth = 0;
function recurse() {
  depth++;
  recurse();
}
try {
  recurse();
} catch (e) {
  if (!(e instanceof RangeError)) throw e;
}
console.log(`${resourceLimits.stackSizeMb} ${resourceLimits.codeRangeSizeMb} ${depth}`);
