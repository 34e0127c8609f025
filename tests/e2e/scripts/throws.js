function explode() {
  throw new Error('boom from the worker');
}
console.log('before the throw');
explode();
