// Output right before process.exit(3) must arrive whole.
for (let i = 0; i < 5000; i++) process.stdout.write(`line ${i}\n`);
console.log('last line');
process.exit(3);
