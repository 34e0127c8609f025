// A pending AbortSignal.timeout() does not keep the worker alive.
const signal = AbortSignal.timeout(100000);
signal.addEventListener('abort', () => console.log('never'));
console.log('waiting on nothing else');
