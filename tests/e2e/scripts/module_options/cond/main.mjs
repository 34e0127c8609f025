import value from 'pkg';
console.log('import:', value);
