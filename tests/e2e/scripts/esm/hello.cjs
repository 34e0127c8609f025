// A CommonJS worker with the same output as hello.mjs.
console.log('hello');
