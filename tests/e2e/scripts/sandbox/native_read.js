// Reads argv[2] natively on the script's own thread and prints it.
const probe = require('internal/test/binding').internalBinding('sandbox_probe');
console.log(probe.readFile(process.argv[2]));
