// A listener that throws, with no 'uncaughtException' listener: the other
// listeners still run, the code after dispatchEvent() still runs, and then the
// error ends the worker as an uncaught exception.
const target = new EventTarget();
target.addEventListener('go', () => {
  throw new Error('boom from listener');
});
target.addEventListener('go', () => console.log('next listener ran'));
console.log('dispatch returned', target.dispatchEvent(new Event('go')));
console.log('after dispatch');
setTimeout(() => console.log('never: the worker died first'), 1000);
