console.log('an info line');
console.warn('a warning');
console.error('an error');
process.stdout.write('partial ');
process.stdout.write('line completed\nand a tail without newline');
