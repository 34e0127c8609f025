// AbortController and AbortSignal as Node 20 has them: reasons, the trusted
// 'abort' event and onabort, AbortSignal.abort/timeout/any and their checks,
// brand checks, and what util.inspect shows.
const util = require('util');

function attempt(label, fn) {
  try {
    const result = fn();
    console.log(label, 'ok', result === undefined ? '' : util.inspect(result));
  } catch (err) {
    console.log(label, err.name, err.code, err.message);
  }
}

const ac = new AbortController();
const { signal } = ac;
console.log(util.inspect(ac), util.inspect(signal), Object.prototype.toString.call(ac), Object.prototype.toString.call(signal));
console.log(signal instanceof EventTarget, signal.aborted, signal.reason, signal.onabort);
signal.onabort = 5;
console.log('onabort keeps what it is given:', signal.onabort);
const seen = [];
signal.onabort = (e) => seen.push(`onabort:${e.type}:${e.isTrusted}:${e.constructor.name}:${e.cancelable}`);
signal.addEventListener('abort', (e) => seen.push(`listener:${e.target === signal}`));
ac.abort();
ac.abort('ignored');
console.log(seen.join(' '));
console.log(signal.aborted, signal.reason.name, signal.reason.message, signal.reason.code, signal.reason instanceof DOMException);
console.log(util.inspect(signal));
attempt('throwIfAborted', () => signal.throwIfAborted());
const withUndefined = new AbortController();
withUndefined.abort(undefined);
console.log('abort(undefined):', withUndefined.signal.reason.name);
const withZero = new AbortController();
withZero.abort(0);
console.log('abort(0):', withZero.signal.reason);
console.log('AbortSignal.abort:', AbortSignal.abort('why').reason, AbortSignal.abort().reason.name);
attempt('new AbortSignal()', () => new AbortSignal());
const get = (proto, name) => Object.getOwnPropertyDescriptor(proto, name).get;
attempt('aborted of a plain object', () => get(AbortSignal.prototype, 'aborted').call({}));
attempt('timeout(-1)', () => AbortSignal.timeout(-1));
attempt('timeout("1")', () => AbortSignal.timeout('1'));
attempt('any(5)', () => AbortSignal.any(5));
attempt('any([5])', () => AbortSignal.any([5]));
console.log('any([]):', AbortSignal.any([]).aborted);
console.log(Object.getOwnPropertyNames(AbortSignal.prototype).join(','), Object.getOwnPropertyNames(AbortSignal).join(','),
            Object.getOwnPropertyNames(AbortController.prototype).join(','));

const a = new AbortController();
const b = new AbortController();
const any = AbortSignal.any([a.signal, b.signal]);
const nested = AbortSignal.any([any]);
any.addEventListener('abort', () => console.log('any aborted with', any.reason));
nested.addEventListener('abort', () => console.log('nested aborted with', nested.reason));
b.abort('b first');
a.abort('a later');
console.log('any:', any.aborted, any.reason, nested.reason);
const pre = AbortSignal.any([new AbortController().signal, AbortSignal.abort('pre'), AbortSignal.abort('second')]);
console.log('already aborted input:', pre.aborted, pre.reason);

// The timeout's timer is unref'd: this interval keeps the worker alive
// until the signal fires.
const keepAlive = setInterval(() => {}, 1000);
const t = AbortSignal.timeout(10);
t.onabort = () => {
  clearInterval(keepAlive);
  console.log('timeout:', t.reason.name, t.reason.message, t.reason.code);
};
console.log('timeout pending:', t.aborted);
