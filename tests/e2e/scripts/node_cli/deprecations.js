// The warnings Node 20's pending deprecations give in a worker, in the order
// they come; run with and without --pending-deprecation (deprecations.out,
// deprecations_pending.out: what Node printed).
const warnings = [];
process.on('warning', (warning) => warnings.push(`${warning.name} ${warning.code}: ${warning.message}`));

Buffer(1);
new Buffer(1);
// Species: map() and filter() make buffers without the deprecated constructor.
Buffer.from('abc').map((x) => x);
Buffer.from('abc').filter((x) => x);
const crypto = require('crypto');
console.log('pseudoRandomBytes', crypto.pseudoRandomBytes(4).length, crypto.prng(2).length, crypto.rng(1).length);
require('punycode');
require('url').parse('http://example.com/');
console.log('module.parent', module.parent);
console.log('execArgv', process.execArgv.join(' '));

setImmediate(() => console.log(warnings.join('\n')));
