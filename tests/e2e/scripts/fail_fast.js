// Fails at once with code 3.
console.log('failing');
process.exit(3);
