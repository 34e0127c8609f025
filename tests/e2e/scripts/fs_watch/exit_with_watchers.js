// A worker that ends while its watchers are open and referenced: by
// process.exit(), or by an uncaught exception.
const fs = require('fs');
const os = require('os');

fs.watch(os.tmpdir());
fs.watch(__dirname, { recursive: true });
fs.watchFile(__filename, () => {});
setTimeout(() => {
  if (process.argv[2] === 'throw') throw new Error('ended by an exception');
  process.exit(3);
}, 50);
