// EventTarget, Event and CustomEvent as Node 20 has them: options, order,
// handleEvent objects, stopImmediatePropagation, preventDefault, the state
// of an event before, during and after dispatch, argument checks, brand
// checks, and listeners that throw (reported as uncaught exceptions while
// the others still run).
const util = require('util');

function attempt(label, fn) {
  try {
    const result = fn();
    console.log(label, 'ok', result === undefined ? '' : util.inspect(result));
  } catch (err) {
    console.log(label, err.name, err.code, err.message);
  }
}

process.on('uncaughtException', (err, origin) => console.log('uncaught:', err.message, origin));
process.on('warning', (w) => console.log('warning:', w.name, w.message));

const et = new EventTarget();
et.addEventListener('x', () => {
  throw new Error('boom');
});
et.addEventListener('x', () => console.log('second listener runs'));
et.addEventListener('x', async () => {
  throw new Error('async boom');
});
console.log('dispatch ->', et.dispatchEvent(new Event('x')));
console.log('after dispatch, still synchronous');

et.addEventListener('p', (ev) => ev.preventDefault(), { passive: true });
console.log('passive preventDefault:', et.dispatchEvent(new Event('p', { cancelable: true })));
et.addEventListener('c', () => console.log('capture listener'), { capture: true });
et.addEventListener('c', () => console.log('capture listener'), true);
et.addEventListener('c', () => console.log('bubble listener'));
et.dispatchEvent(new Event('c'));
const f2 = () => console.log('f2');
et.addEventListener('e', f2, true);
et.addEventListener('e', f2, false);
et.removeEventListener('e', f2, true);
et.dispatchEvent(new Event('e'));

const ac = new AbortController();
et.addEventListener('s', () => console.log('signal listener'), { signal: ac.signal });
et.dispatchEvent(new Event('s'));
ac.abort();
et.dispatchEvent(new Event('s'));
et.addEventListener('s', () => console.log('never'), { signal: AbortSignal.abort() });
et.dispatchEvent(new Event('s'));

attempt('signal: 1', () => et.addEventListener('s', () => {}, { signal: 1 }));
attempt('options: 5', () => et.addEventListener('s', () => {}, 5));
attempt('listener null', () => et.addEventListener('n', null));
attempt('one argument', () => et.addEventListener('n'));
attempt('no arguments', () => et.addEventListener());
attempt('listener 5', () => et.addEventListener('n', 5));
attempt('remove one argument', () => et.removeEventListener('n'));
attempt('dispatch nothing', () => et.dispatchEvent());
attempt('dispatch plain object', () => et.dispatchEvent({ type: 'x' }));
attempt('new Event()', () => new Event());
attempt('Event()', () => Event('x'));
attempt('options 5', () => new Event('x', 5));
attempt('options null', () => new Event('x', null).type);
attempt('new CustomEvent()', () => new CustomEvent());
attempt('CustomEvent options 5', () => new CustomEvent('x', 5));
const get = (proto, name) => Object.getOwnPropertyDescriptor(proto, name).get;
attempt('type of a plain object', () => get(Event.prototype, 'type').call({}));
attempt('preventDefault on a plain object', () => Event.prototype.preventDefault.call({}));
attempt('addEventListener on a plain object', () => EventTarget.prototype.addEventListener.call({}, 'x', () => {}));
attempt('dispatchEvent on a plain object', () => EventTarget.prototype.dispatchEvent.call({}, new Event('x')));
attempt('detail of an Event', () => get(CustomEvent.prototype, 'detail').call(new Event('x')));

const ev = new Event('y', { bubbles: 1, composed: 'x', cancelable: 0 });
console.log(ev.bubbles, ev.composed, ev.cancelable, ev.cancelBubble, ev.returnValue, ev.srcElement,
            ev.composedPath(), ev.eventPhase, ev.isTrusted, ev.NONE, Event.NONE, Event.CAPTURING_PHASE,
            Event.AT_TARGET, Event.BUBBLING_PHASE);
console.log(util.inspect(ev).replace(/timeStamp: [\d.]+/, 'timeStamp: N'));
console.log(util.inspect(new CustomEvent('z', { detail: 1 })).replace(/timeStamp: [\d.]+/, 'timeStamp: N'));
console.log(util.inspect(et), util.inspect({ nested: { deeper: et } }, { depth: 0 }));
console.log(new CustomEvent('z').detail, new CustomEvent('z', { detail: 0 }).detail, new CustomEvent('z', { detail: false }).detail);
console.log(Object.getOwnPropertyNames(Event.prototype).join(','));
console.log(Object.getOwnPropertyNames(CustomEvent.prototype).join(','));
console.log(Object.getOwnPropertyNames(EventTarget.prototype).join(','));
console.log(Object.getOwnPropertyNames(new Event('x')).length, Object.keys(new CustomEvent('x', { detail: 1 })).length);
console.log(JSON.stringify(Object.getOwnPropertyDescriptor(Event.prototype, 'isTrusted').configurable),
            Object.getOwnPropertyDescriptor(Event.prototype, 'type').enumerable);
console.log(Object.prototype.toString.call(new Event('x')), Object.prototype.toString.call(et),
            Object.prototype.toString.call(new CustomEvent('x')));

const ev2 = new Event('re');
const seen = [];
et.addEventListener('re', (e) => {
  seen.push(`${e.eventPhase}:${e.currentTarget === et}:${e.target === et}:${e.composedPath().length}`);
  try {
    et.dispatchEvent(e);
  } catch (err) {
    seen.push(`${err.name} ${err.code} ${err.message}`);
  }
});
console.log('before:', ev2.eventPhase, ev2.currentTarget, ev2.target);
et.dispatchEvent(ev2);
et.dispatchEvent(ev2);
console.log(seen.join(' | '));
console.log('after:', ev2.eventPhase, ev2.currentTarget, ev2.target === et, ev2.composedPath().length);

const cancelable = new Event('go', { cancelable: true });
et.addEventListener('go', (e) => e.preventDefault());
console.log('cancelled:', et.dispatchEvent(cancelable), cancelable.defaultPrevented, cancelable.returnValue);

const order = [];
et.addEventListener('stop', (e) => {
  order.push('a');
  e.stopImmediatePropagation();
});
et.addEventListener('stop', () => order.push('passive'), { passive: true });
et.addEventListener('stop', () => order.push('c'));
et.dispatchEvent(new Event('stop'));
console.log('stopImmediatePropagation:', order.join(','));

const init = new Event('old');
init.initEvent('new', true, true);
console.log('initEvent:', init.type, init.bubbles, init.cancelable);
const stopped = new Event('q');
stopped.cancelBubble = true;
et.addEventListener('q', () => console.log('cancelBubble does not stop the target\'s listeners'));
et.dispatchEvent(stopped);

et.addEventListener('t', function listener() { console.log('this is the target:', this === et); });
et.addEventListener('t', { handleEvent() { console.log('handleEvent this:', this.tag); }, tag: 'object' });
et.dispatchEvent(new Event('t'));
et.addEventListener('h', { handleEvent: 5 });
et.dispatchEvent(new Event('h'));

const late = [];
et.addEventListener('late', () => {
  late.push(1);
  et.addEventListener('late', () => late.push('added by the first'));
});
et.addEventListener('late', () => late.push(2));
et.dispatchEvent(new Event('late'));
console.log('listener added during dispatch:', late.join(','));
const removing = [];
const victim = () => removing.push('victim');
et.addEventListener('rm', () => {
  removing.push('remover');
  et.removeEventListener('rm', victim);
});
et.addEventListener('rm', victim);
et.dispatchEvent(new Event('rm'));
console.log('listener removed during dispatch:', removing.join(','));

const dup = () => console.log('dup');
et.addEventListener('d', dup);
et.addEventListener('d', dup);
et.dispatchEvent(new Event('d'));
et.addEventListener('once', () => console.log('once'), { once: true });
et.dispatchEvent(new Event('once'));
et.dispatchEvent(new Event('once'));

class Emitterish extends EventTarget {
  ping() {
    return this.dispatchEvent(new CustomEvent('ping', { detail: 'sub' }));
  }
}
const sub = new Emitterish();
sub.addEventListener('ping', (e) => console.log('subclass:', e.detail, e.target === sub));
sub.ping();
for (let i = 0; i < 11; i++) sub.addEventListener('many', () => {});
setTimeout(() => console.log('end'), 5);
