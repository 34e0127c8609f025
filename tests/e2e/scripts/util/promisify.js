// util.promisify and util.callbackify: this, errors, falsy rejections, names
// and lengths, the custom symbol, timers, argument errors.
const util = require('node:util');
const obj = {
  factor: 3,
  times(n, cb) { setImmediate(() => cb(null, n * this.factor)); },
  fail(cb) { cb(0); },
};
obj.timesP = util.promisify(obj.times);
function named(a, b, cb) { cb(null, a + b); }
named.extra = 'kept';
const p = util.promisify(named);
console.log('name/length/extra:', p.name, p.length, p.extra, p[util.promisify.custom] === p);
const custom = function () {};
custom[util.promisify.custom] = 42;
for (const bad of [undefined, null, 'f', custom]) {
  try { util.promisify(bad); console.log('no error for', bad); } catch (e) { console.log(e.name, e.code, e.message); }
}
for (const bad of [1, {}]) {
  try { util.callbackify(bad); } catch (e) { console.log(e.name, e.code, e.message); }
}
const cb = util.callbackify(async function twice(x) { return x * 2; });
console.log('callbackified:', cb.name, cb.length);
try { cb(1); } catch (e) { console.log(e.name, e.code, e.message); }
(async () => {
  console.log('this kept:', await obj.timesP(5));
  console.log('falsy error rejects:', await util.promisify(obj.fail)().then(() => 'resolved', (e) => `rejected ${e}`));
  console.log('setImmediate:', await util.promisify(setImmediate)('now'));
  console.log('setTimeout:', await util.promisify(setTimeout)(1, 'later'));
  for (const reason of [0, '', false, undefined, null, new Error('boom')]) {
    await new Promise((resolve) => util.callbackify(() => Promise.reject(reason))((err) => {
      console.log('rejected with', String(reason), '->', err.message, err.code, 'reason' in err ? String(err.reason) : '-');
      // The error is made in the tick that calls back: its stack is the
      // header and the tick pass, as Node names it.
      if (!reason) console.log('  stack:', err.stack.split('\n').map((line) => line.replace(/ \(.*\)$/, '')).join(' | '));
      resolve();
    }));
  }
  util.callbackify(function () { return Promise.resolve(this); }).call('self', (err, value) => console.log('this:', err, String(value)));
})();
