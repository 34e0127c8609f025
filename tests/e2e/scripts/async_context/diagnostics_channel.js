// diagnostics_channel: publish to subscribers, unsubscribe, stores bound
// to a channel, and tracing channels over sync, promise and callback calls
// with their events and stores.
const dc = require('diagnostics_channel');
const { AsyncLocalStorage } = require('async_hooks');

const ch = dc.channel('app:work');
console.log('same channel:', dc.channel('app:work') === ch, ch instanceof dc.Channel, ch.name);
console.log('hasSubscribers before:', ch.hasSubscribers, dc.hasSubscribers('app:work'));
const onMessage = (message, name) => console.log('subscriber got', JSON.stringify(message), name);
ch.subscribe(onMessage);
dc.subscribe('app:work', (message) => console.log('second subscriber', message.n));
console.log('hasSubscribers after:', ch.hasSubscribers, dc.hasSubscribers('app:work'));
ch.publish({ n: 1 });
console.log('unsubscribe:', ch.unsubscribe(onMessage), ch.unsubscribe(onMessage));
ch.publish({ n: 2 });
const sym = Symbol('sym');
dc.subscribe(sym, (m, name) => console.log('symbol channel', m, name === sym));
dc.channel(sym).publish('hi');

const store = new AsyncLocalStorage();
const bound = dc.channel('app:bound');
bound.bindStore(store, (data) => ({ wrapped: data }));
bound.subscribe((data) => console.log('published inside stores:', JSON.stringify(store.getStore()), data));
const result = bound.runStores('d1', function(x) {
  setTimeout(() => {
    const seen = JSON.stringify(store.getStore());
    process.on('exit', () => console.log('store in a later timer:', seen));
  }, 1);
  return `${this.me} ${x} ${JSON.stringify(store.getStore())}`;
}, { me: 'self' }, 'arg');
console.log('runStores returned:', result, 'store after:', store.getStore());
console.log('unbindStore:', bound.unbindStore(store), bound.unbindStore(store));

const tc = dc.tracingChannel('app:trace');
console.log('tracing hasSubscribers:', tc.hasSubscribers, tc.start.name);
console.log('untraced:', tc.traceSync((a) => a + 1, {}, null, 1));
const handlers = {};
for (const event of ['start', 'end', 'asyncStart', 'asyncEnd', 'error']) {
  handlers[event] = (ctx) => console.log(`  ${event}`, JSON.stringify(ctx, (k, v) => (v instanceof Error ? `Error(${v.message})` : v)));
}
tc.subscribe(handlers);
const traceStore = new AsyncLocalStorage();
tc.start.bindStore(traceStore, (ctx) => `start:${ctx.op}`);

console.log('traceSync:', tc.traceSync(function(a) { return `${a} ${this.t} ${traceStore.getStore()}`; }, { op: 'sync' }, { t: 'this' }, 'x'));
try {
  tc.traceSync(() => { throw new Error('sync fail'); }, { op: 'sync-error' });
} catch (err) {
  console.log('traceSync threw', err.message);
}

(async () => {
  console.log('tracePromise:', await tc.tracePromise(async (v) => {
    await null;
    return `${v} ${traceStore.getStore()}`;
  }, { op: 'promise' }, null, 'p'));
  try {
    await tc.tracePromise(async () => { throw new Error('async fail'); }, { op: 'promise-error' });
  } catch (err) {
    console.log('tracePromise rejected', err.message);
  }
  await new Promise((resolve) => {
    tc.traceCallback((value, callback) => {
      setImmediate(() => callback(null, `${value} ${traceStore.getStore()}`));
    }, -1, { op: 'callback' }, null, 'c', (err, value) => {
      console.log('traceCallback result:', err, value);
      resolve();
    });
  });
  await new Promise((resolve) => {
    tc.traceCallback((callback) => setImmediate(() => callback(new Error('cb fail'))), 0, { op: 'callback-error' }, null,
      (err) => {
        console.log('traceCallback error:', err.message);
        resolve();
      });
  });
  console.log('tracing unsubscribe:', tc.unsubscribe(handlers), tc.hasSubscribers);
  for (const bad of [() => dc.channel(1), () => ch.subscribe('x'), () => dc.tracingChannel(3)]) {
    try {
      bad();
    } catch (err) {
      console.log(err.name, err.code, err.message);
    }
  }
})();
