// process._fatalException(err): true when an 'uncaughtException' listener
// took the error, false when nothing would have (and the worker goes on).
console.log('unhandled', process._fatalException(new Error('a')));
process.once('uncaughtException', (err) => console.log('listener', err.message));
console.log('handled', process._fatalException(new Error('b')));
