// Prints argv[2] numbered lines as fast as it can.
const n = Number(process.argv[2]);
for (let i = 0; i < n; i++) console.log(`line ${i}`);
