// util.debuglog under NODE_DEBUG=util_e2e*,other: sections matched by the
// list (wildcards too) write "SECTION PID: message" to stderr; others nothing.
const util = require('node:util');
const matched = util.debuglog('util_e2e_one');
const other = util.debuglog('other', (fn) => console.log('callback gets the logger:', typeof fn));
const silent = util.debuglog('silent');
console.log('enabled:', matched.enabled, other.enabled, silent.enabled);
matched('hello %d %j', 1, { a: 2 });
other('second');
silent('never');
