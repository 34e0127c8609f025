// Loads one built-in module that the bootstrap does not.
const tty = require('tty');
if (tty.isatty(1)) throw new Error('a worker has no terminal');
