// AssertionError's shape, generated messages, throws/rejects validation and CallTracker.
const assert = require('assert');
try { assert.strictEqual(1, 2); } catch (e) { console.log(e.stack.split('\n')[0]); console.log(String(e)); console.log(e.stack.split('\n')[1].includes('stack.js')); console.log(Object.keys(e)); }
try { assert.ok(null, undefined); } catch (e) { console.log(e.message, e.generatedMessage); }
const x = 0;
try { assert(x === 1); } catch (e) { console.log(e.message, e.generatedMessage, e.actual, e.expected, e.operator); }
try { assert.strict.ok(''); } catch (e) { console.log(e.message); }
assert.rejects(() => 5).catch((e) => console.log(e.code, e.message));
assert.rejects(5).catch((e) => console.log(e.code, e.message));
assert.rejects(Promise.resolve()).catch((e) => console.log(e.message));
assert.doesNotReject(Promise.reject(new Error('zz')), 'hmm').catch((e) => console.log(e.message));
try { assert.strictEqual(1); } catch (e) { console.log(e.code, e.message); }
try { assert.throws(() => { throw new Error('e') }, new Error('f')); } catch (e) { console.log(e.message); }
try { assert.throws(() => { throw new Error('e') }, {}); } catch (e) { console.log(e.code, e.message); }
try { assert.throws(() => { throw 5 }, { a: 1 }); } catch (e) { console.log(e.code, e.message); }
try { assert.doesNotThrow(() => { throw new TypeError('t') }, RangeError); } catch (e) { console.log(e.name, e.message); }
const t = new assert.CallTracker(); const f = t.calls(() => {}, 2); f();
try { t.verify(); } catch (e) { console.log(e.message); }
