// EventEmitter as in Node 20: order, once wrappers, the 'newListener' and
// 'removeListener' events, limits and their checks, errors, captured
// rejections, and what util.inspect and Object.keys show.
const EventEmitter = require('events');
const util = require('util');

function attempt(label, fn) {
  try {
    const result = fn();
    console.log(label, 'ok', result === undefined ? '' : util.inspect(result));
  } catch (err) {
    console.log(label, err.name, err.code, err.message);
  }
}

const e = new EventEmitter();
console.log(util.inspect(e));
console.log(Object.keys(EventEmitter).join(','));
console.log(Object.getOwnPropertyNames(EventEmitter.prototype).join(','));
console.log(require('events') === EventEmitter, require('node:events') === EventEmitter.EventEmitter);
console.log(EventEmitter.usingDomains, String(EventEmitter.errorMonitor), String(EventEmitter.captureRejectionSymbol));

const log = [];
e.on('removeListener', (type, fn) => log.push(`removed ${String(type)} ${fn.name}`));
function a() {}
function b() {}
function c() {}
const s = Symbol('sym');
e.on('x', a).on('x', b).once('x', c).on(s, a);
console.log(e.eventNames().map(String).join(','), e.listenerCount('x'), e.listenerCount('x', c), e.listenerCount('x', a));
e.removeAllListeners('x');
console.log(log.join(' | '));
log.length = 0;
e.on('y', a).on('y', b);
e.removeAllListeners();
console.log(log.join(' | '), e.eventNames().length);

attempt('emit error string', () => new EventEmitter().emit('error', 'text'));
attempt('emit error object', () => new EventEmitter().emit('error', { a: 1 }));
attempt('emit error nothing', () => new EventEmitter().emit('error'));
attempt('emit error number context', () => {
  try {
    new EventEmitter().emit('error', 42);
  } catch (err) {
    return err.context;
  }
});
attempt('on non-function', () => new EventEmitter().on('x', 5));
attempt('removeListener non-function', () => new EventEmitter().removeListener('x', null));
attempt('setMaxListeners -1', () => new EventEmitter().setMaxListeners(-1));
attempt('setMaxListeners string', () => new EventEmitter().setMaxListeners('1'));
attempt('setMaxListeners NaN', () => new EventEmitter().setMaxListeners(NaN));
attempt('defaultMaxListeners -1', () => { EventEmitter.defaultMaxListeners = -1; });
attempt('defaultMaxListeners string', () => { EventEmitter.defaultMaxListeners = 'x'; });
attempt('captureRejections option', () => new EventEmitter({ captureRejections: 1 }));
attempt('captureRejections static', () => { EventEmitter.captureRejections = 'yes'; });
attempt('static listenerCount on plain object', () => EventEmitter.listenerCount({}, 'x'));

const order = [];
const m = new EventEmitter();
m.on(EventEmitter.errorMonitor, (err) => order.push(`monitor:${err.message}`));
attempt('errorMonitor sees unhandled error', () => m.emit('error', new Error('boom')));
console.log(order.join(','));

process.on('warning', (w) => {
  console.log('warning:', w.name, w.message, w.type === undefined ? '' : String(w.type), w.count, w.emitter === limited);
});
const limited = new EventEmitter();
limited.setMaxListeners(2);
for (let i = 0; i < 4; i++) limited.on('many', () => {});
for (let i = 0; i < 11; i++) limited.on(s, () => {});
class Named extends EventEmitter {}
const named = new Named();
for (let i = 0; i < 11; i++) named.on('evt', () => {});
const unlimited = new EventEmitter();
unlimited.setMaxListeners(0);
for (let i = 0; i < 20; i++) unlimited.on('x', () => {});

const captured = new EventEmitter({ captureRejections: true });
captured.on('job', async (n) => {
  throw new Error(`job ${n} failed`);
});
captured.on('error', (err) => console.log('captured rejection as error:', err.message));
captured.emit('job', 7);
const custom = new EventEmitter({ captureRejections: true });
custom[EventEmitter.captureRejectionSymbol] = (err, type, ...args) => console.log('rejection handler:', err.message, type, args.join(','));
custom.on('job', async () => {
  throw new Error('custom');
});
custom.emit('job', 1, 2);

const nl = new EventEmitter();
let adding = false;
nl.on('newListener', (type) => {
  if (type !== 'data' || adding) return;
  adding = true;
  nl.prependListener('data', function first() { console.log('added during newListener runs first'); });
});
nl.on('data', () => console.log('then the one being added'));
nl.emit('data');
console.log(nl.rawListeners('data').map((fn) => fn.name).join(','));
const once = new EventEmitter();
once.once('o', function named1(v) { console.log('once got', v, this === once); });
console.log(once.rawListeners('o')[0].name, once.listeners('o')[0].name);
once.emit('o', 1);
console.log('once emitted twice:', once.emit('o', 2));
