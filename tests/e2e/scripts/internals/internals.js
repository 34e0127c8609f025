'use strict';
// What a script gets under --expose-internals, compared with Node 20's output
// (internals.out, recorded with `node --expose-internals --expose-gc`): the
// runtime's internal modules by Node's names, internal/test/binding, and the
// weak listeners that keep nothing alive.
const assert = require('assert');
const { setTimeout: sleepAsync } = require('timers/promises');

const lines = [];
const log = (...args) => lines.push(args.join(' '));
const errorOf = (fn) => {
  try {
    fn();
    return 'no error';
  } catch (err) {
    return `${err.code} ${err.message.split('\n')[0]}`;
  }
};
const warnings = [];
process.on('warning', (warning) => warnings.push(`${warning.name}: ${warning.message}`));

// Loading: builtins by name, with or without node:, and nothing else.
const Module = require('module');
log('resolve', require.resolve('internal/errors'), Module.isBuiltin('internal/util'),
    require('node:internal/errors') === require('internal/errors'));
log('missing', errorOf(() => require('internal/no-such-module')));
const { codes } = require('internal/errors');
log('codes', new codes.ERR_INVALID_ARG_TYPE('name', 'string', 1).message);

// internal/util
const util = require('internal/util');
log('inspect symbol', util.customInspectSymbol === require('util').inspect.custom);
for (const value of ['1', -1, 1.5, 2 ** 32]) log('sleep', JSON.stringify(value), errorOf(() => util.sleep(value)));
util.emitExperimentalWarning('feature A');
util.emitExperimentalWarning('feature A');
util.emitExperimentalWarning('feature B');

// internal/encoding, internal/url
const { getEncodingFromLabel } = require('internal/encoding');
log('labels', ['utf8', ' Latin1 ', 'chinese', 'sjis', 'ksc5601', 'x-user-defined', 'made-up']
  .map((label) => `${label.trim()}=${getEncodingFromLabel(label)}`).join(' '));
const { isURL } = require('internal/url');
log('isURL', isURL(new URL('https://a.example/')), isURL(require('url').parse('https://a.example/')),
    isURL({ href: 'x', protocol: 'y:' }));

// internal/linkedlist: the timers' lists
const L = require('internal/linkedlist');
const list = L.init({ name: 'list' });
const [a, b, c] = ['a', 'b', 'c'].map((name) => L.init({ name }));
L.append(list, a);
L.append(list, b);
L.append(list, c);
L.append(list, a);
L.remove(b);
L.remove(b);
const order = [];
for (let item = L.peek(list); item !== list && item !== null; item = L.peek(item)) order.push(item.name);
log('linkedlist', order.join(','), L.isEmpty(list), L.isEmpty(L.init({})));

// internal/timers: a timer that never holds the loop
const { setUnrefTimeout } = require('internal/timers');
log('setUnrefTimeout', errorOf(() => setUnrefTimeout('not a function')));
const unref = setUnrefTimeout(() => log('unref timer fired', unref.hasRef()), 1);

// internal/event_target
const { NodeEventTarget, kWeakHandler, Event } = require('internal/event_target');
const target = new NodeEventTarget();
target.on('x', (value) => log('node-style got', value));
target.addEventListener('x', (event) => log('dom-style got', event.constructor.name, event.type, event.detail));
target.once('x', (value) => log('once got', value));
log('emit', target.emit('x', 42), target.emit('x', 43), target.emit('none'));
log('listeners', target.listenerCount('x'), target.eventNames().join(','));
target.dispatchEvent(new Event('x'));
target.removeAllListeners();
log('after removeAllListeners', target.listenerCount('x'), target.eventNames().length);
log('brand', errorOf(() => NodeEventTarget.prototype.emit.call(new EventTarget(), 'x')));
const { getEventListeners } = require('events');
const weakTarget = new EventTarget();
function weakListener() {}
weakTarget.addEventListener('w', weakListener, { [kWeakHandler]: {} });
log('weak listener listed', getEventListeners(weakTarget, 'w')[0] === weakListener);
weakTarget.removeEventListener('w', weakListener);
log('weak listener removed', getEventListeners(weakTarget, 'w').length);

// internal/test/binding
const { internalBinding } = require('internal/test/binding');
const utilBinding = internalBinding('util');
const proxyTarget = {};
const handler = {};
const proxy = new Proxy(proxyTarget, handler);
const full = utilBinding.getProxyDetails(proxy);
log('getProxyDetails', full[0] === proxyTarget, full[1] === handler,
    utilBinding.getProxyDetails(proxy, false) === proxyTarget, utilBinding.getProxyDetails({}));
const small = new Uint8Array(16);
const onHeap = !utilBinding.arrayBufferViewHasBuffer(small);
void small.buffer;
log('arrayBufferViewHasBuffer', onHeap, utilBinding.arrayBufferViewHasBuffer(small),
    utilBinding.arrayBufferViewHasBuffer(new Uint8Array(4096)));
const { arrow_message_private_symbol: arrow } = utilBinding.privateSymbols;
const marked = {};
marked[arrow] = 'note';
log('private symbol', marked[arrow], Reflect.ownKeys(marked).length);
try {
  require('./bad_syntax');
} catch (err) {
  log('arrow message', err.name, /bad_syntax\.js:1\n/.test(err[arrow]));
}
const now = internalBinding('timers').getLibuvNow();
log('getLibuvNow', typeof now, now >= 0 && now < 2 ** 30);
log('no such binding', errorOf(() => internalBinding('no_such_binding')));
const osBinding = internalBinding('os');
const realHome = osBinding.getHomeDirectory;
osBinding.getHomeDirectory = (ctx) => {
  Object.assign(ctx, { syscall: 'fake_call', code: 'EFAKE', message: 'made up', errno: -1 });
};
log('os checked', errorOf(() => require('os').homedir()));
osBinding.getHomeDirectory = realHome;

// Weak listeners keep nothing alive; a timeout signal with a listener that
// is not weak is kept until it aborts.
(async () => {
  const longLived = new AbortController();
  const refs = {
    'timeout signal with a weak listener': (() => {
      const signal = AbortSignal.timeout(1e6);
      signal.addEventListener('abort', () => {}, { [kWeakHandler]: {} });
      return new WeakRef(signal);
    })(),
    'target listening with a long-lived signal': (() => {
      const listening = new EventTarget();
      listening.addEventListener('x', () => {}, { signal: longLived.signal });
      return new WeakRef(listening);
    })(),
  };
  let aborted = false;
  (() => {
    AbortSignal.timeout(20).addEventListener('abort', () => { aborted = true; });
  })();
  await sleepAsync(10);
  globalThis.gc();
  for (const [name, ref] of Object.entries(refs)) log('collected:', name, ref.deref() === undefined);
  await sleepAsync(40);
  log('timeout signal with a listener aborted', aborted);
})().then(() => {
  log('warnings', JSON.stringify(warnings.filter((w) => !w.includes('internal testing'))));
  console.log(lines.join('\n'));
}, (err) => {
  console.log(lines.join('\n'));
  assert.fail(err);
});
