'use strict';
// The domain module's synchronous surface, as Node 20 has it: the stack and
// the active domain (null before any and after an uncaught exception,
// undefined once the stack runs empty), run/enter/exit, add/remove and
// members, bind and intercept, emitters made in a domain, an emitter's
// 'error' without a listener going to its domain (the domain's listener
// running outside the active domain), and the capture callback excluded.
const { EventEmitter } = require('events');
const before = new EventEmitter();
console.log('process.domain before require:', process.domain, 'domain' in process);
const domain = require('domain');
console.log('exports:', Object.keys(domain).join(' '), domain.create === domain.createDomain);
console.log('active:', domain.active, process.domain, domain._stack.length);

const names = (list) => list.map((d) => d.name).join(',');
const a = domain.create();
const b = new domain.Domain();
const c = domain.createDomain();
a.name = 'a'; b.name = 'b'; c.name = 'c';
console.log('a is an EventEmitter:', a instanceof EventEmitter, Array.isArray(a.members), a.domain);

a.enter(); b.enter(); c.enter();
console.log('entered:', names(domain._stack), process.domain.name, domain.active.name);
b.exit();
console.log('b.exit() leaves b and c:', names(domain._stack), process.domain.name);
domain.create().exit();
console.log('exit of a domain not entered:', names(domain._stack));
a.exit();
console.log('empty stack:', domain._stack.length, process.domain, domain.active);

const result = b.run(function (x, y) {
  console.log('in run:', this === b, x, y, process.domain === b, names(domain._stack));
  return 'returned';
}, 1, 2);
console.log('run gave', result);

// Emitters take the domain active when they are made.
console.log('made before require:', before.domain);
const outside = new EventEmitter();
console.log('made outside:', outside.domain, Object.keys(outside).includes('domain'));
let inside;
a.run(() => { inside = new EventEmitter(); });
console.log('made in a:', inside.domain === a, Object.keys(inside).includes('domain'));
let child;
a.run(() => { child = domain.create(); });
console.log('a domain made in a:', child.domain);

// add/remove.
b.add(outside);
console.log('added:', outside.domain === b, b.members.length, Object.keys(outside).includes('domain'));
b.add(outside);
console.log('added twice:', b.members.length);
c.add(outside);
console.log('moved to c:', outside.domain === c, b.members.length, c.members.length);
c.remove(outside);
console.log('removed:', outside.domain, c.members.length);
a.add(b);
b.add(a);
console.log('no circle:', b.domain === a, a.domain);

// bind and intercept.
const bound = c.bind(function f(x) { return [this, x, process.domain === c]; });
console.log('bind:', bound.name, bound.length, bound.domain === c, JSON.stringify(bound.call('self', 1)));
const intercepted = c.intercept(function g(x, y) { return `${x}${y}${process.domain === c}`; });
console.log('intercept:', intercepted.name, intercepted.length, intercepted(null, 'x', 'y'), intercepted('not an error', 'y', 'z'));
c.once('error', (err) => {
  console.log('intercepted error:', err.message, err.domain === c, err.domainBound.name, err.domainThrown,
    Object.keys(err).join(' '));
});
console.log('intercept with an error gives', intercepted(new Error('callback error')));

// An emitter's 'error' without a listener.
const d1 = domain.create();
const d2 = domain.create();
d1.name = 'd1'; d2.name = 'd2';
d1.on('error', (err) => {
  console.log('  d1 got', typeof err === 'object' ? err.message : err, 'stack', names(domain._stack), 'active',
    process.domain && process.domain.name);
  if (typeof err === 'object') {
    console.log('  emitter', err.domainEmitter === member, 'domain', err.domain === d1, 'thrown', err.domainThrown);
  }
});
const member = new EventEmitter();
d1.add(member);
for (const value of [new Error('an error'), undefined, null, false, 0, 42, 'text']) {
  console.log('emit error', String(value), '->', member.emit('error', value));
}
d1.run(() => d2.run(() => d1.run(() => {
  console.log('nested emit ->', member.emit('error', new Error('nested')), 'stack after', names(domain._stack));
})));
member.on('error', (err) => console.log('  own listener got', err.message));
console.log('with a listener ->', member.emit('error', new Error('own')));
member.on('data', () => console.log('  data runs in', process.domain && process.domain.name));
member.emit('data');

// A domain without a listener hands its member's error to its own domain.
const parent = domain.create();
const nested = domain.create();
parent.add(nested);
parent.on('error', (err) => console.log('parent got', err.message, err.domainEmitter === nested));
nested.emit('error', new Error('from nested'));

// process.setUncaughtExceptionCaptureCallback is the domains' now.
try {
  process.setUncaughtExceptionCaptureCallback(() => {});
} catch (err) {
  console.log(err.name, err.code, err.message);
  console.log('says where domain was required:', err.stack.includes('-'.repeat(40)), err.stack.includes('require(`domain`) at this point'));
}
