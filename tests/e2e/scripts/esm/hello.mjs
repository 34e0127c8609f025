// An ES worker with the same output as hello.cjs.
console.log('hello');
