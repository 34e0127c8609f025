// Prints through console only: no stream is built for it.
console.log('through console');
