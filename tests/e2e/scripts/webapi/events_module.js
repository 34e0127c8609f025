// The functions of require('events'): once, on, getEventListeners,
// getMaxListeners, setMaxListeners and addAbortListener, with emitters and
// EventTargets, signals, and their argument checks.
const events = require('events');
const { EventEmitter, once, on, getEventListeners, getMaxListeners, setMaxListeners, addAbortListener } = events;

function attempt(label, fn) {
  try {
    const result = fn();
    console.log(label, 'ok', typeof result);
  } catch (err) {
    console.log(label, err.name, err.code, err.message);
  }
}

(async () => {
  const ee = new EventEmitter();
  const et = new EventTarget();
  const f = () => {};
  const handler = { handleEvent() {} };
  ee.on('a', f);
  et.addEventListener('a', f);
  et.addEventListener('a', handler);
  console.log('getEventListeners:', getEventListeners(ee, 'a').length, getEventListeners(et, 'a').length,
              getEventListeners(et, 'a')[1] === handler, getEventListeners(et, 'none').length);
  console.log('getMaxListeners:', getMaxListeners(ee), getMaxListeners(et));
  setMaxListeners(3, ee, et);
  console.log('after setMaxListeners:', getMaxListeners(ee), getMaxListeners(et));
  attempt('getEventListeners({})', () => getEventListeners({}, 'a'));
  attempt('getMaxListeners({})', () => getMaxListeners({}));
  attempt('setMaxListeners(-1)', () => setMaxListeners(-1));
  attempt('setMaxListeners(1, {})', () => setMaxListeners(1, {}));
  attempt('on({})', () => on({}, 'x'));
  attempt('on hwm', () => on(ee, 'x', { highWaterMark: 0 }));
  attempt('on aborted', () => on(ee, 'x', { signal: AbortSignal.abort() }));
  attempt('addAbortListener(1)', () => addAbortListener(1, f));
  attempt('addAbortListener(undefined)', () => addAbortListener(undefined, f));
  attempt('addAbortListener no listener', () => addAbortListener(new AbortController().signal));

  process.on('warning', (w) => console.log('warning:', w.name, w.message));
  for (let i = 0; i < 4; i++) et.addEventListener('b', () => {});

  setImmediate(() => ee.emit('ready', 1, 'two'));
  console.log('once args:', JSON.stringify(await once(ee, 'ready')));
  setImmediate(() => ee.emit('error', new Error('failed')));
  await once(ee, 'ready').catch((err) => console.log('once rejects:', err.message));
  console.log('left:', ee.listenerCount('ready'), ee.listenerCount('error'));
  setImmediate(() => ee.emit('error', new Error('as value')));
  console.log('once error:', (await once(ee, 'error'))[0].message);
  await once({}, 'x').catch((err) => console.log('once({}):', err.code, err.message));
  await once(ee, 'x', { signal: 1 }).catch((err) => console.log('once bad signal:', err.code, err.message));
  await once(ee, 'x', { signal: AbortSignal.abort('why') })
    .catch((err) => console.log('once pre-aborted:', err.name, err.code, err.message, err.cause));
  const ac = new AbortController();
  setImmediate(() => ac.abort());
  await once(ee, 'x', { signal: ac.signal }).catch((err) => console.log('once aborted:', err.name, err.cause.name));
  console.log('after abort:', ee.listenerCount('x'), ee.listenerCount('error'));
  setImmediate(() => et.dispatchEvent(new Event('ping')));
  const [ev] = await once(et, 'ping');
  console.log('once EventTarget:', ev.type, ev instanceof Event);

  const src = new EventEmitter();
  setImmediate(() => {
    src.emit('data', 'a');
    src.emit('data', 'b', 'c');
    src.emit('end');
    src.emit('data', 'after end');
  });
  const got = [];
  for await (const args of on(src, 'data', { close: ['end'] })) got.push(args.join('+'));
  console.log('on with close:', got.join(' '), src.listenerCount('data'), src.listenerCount('end'), src.listenerCount('error'));

  const paused = new EventEmitter();
  const calls = [];
  paused.pause = () => calls.push('pause');
  paused.resume = () => calls.push('resume');
  const iter = on(paused, 'v', { highWaterMark: 2 });
  for (let i = 0; i < 4; i++) paused.emit('v', i);
  for (let i = 0; i < 4; i++) await iter.next();
  await iter.return();
  console.log('watermarks:', calls.join(','));

  const it2 = on(src, 'data');
  const pending = it2.next();
  it2.throw(new Error('thrown in'));
  await pending.catch((err) => console.log('throw rejects the pending next:', err.message));
  console.log('after throw:', JSON.stringify(await it2.next()));
  attempt('throw non-error', () => on(src, 'z').throw(5));

  const ac2 = new AbortController();
  const it3 = on(src, 'data', { signal: ac2.signal });
  setImmediate(() => ac2.abort('stop'));
  try {
    for await (const x of it3) console.log('never', x);
  } catch (err) {
    console.log('on aborted:', err.name, err.cause);
  }
  const et2 = new EventTarget();
  setImmediate(() => {
    et2.dispatchEvent(new Event('tick'));
    et2.dispatchEvent(new Event('tick'));
  });
  let n = 0;
  for await (const [event] of on(et2, 'tick')) {
    console.log('on EventTarget:', event.type);
    if (++n === 2) break;
  }
  console.log('listeners after break:', getEventListeners(et2, 'tick').length);

  const ac3 = new AbortController();
  const disposable = addAbortListener(ac3.signal, () => console.log('abort listener ran'));
  console.log('disposable:', typeof disposable[Symbol.dispose]);
  ac3.abort();
  const ac4 = new AbortController();
  addAbortListener(ac4.signal, () => console.log('disposed listener ran (wrong)'))[Symbol.dispose]();
  ac4.abort();
  addAbortListener(AbortSignal.abort(), () => console.log('already aborted: runs in a microtask'));
  console.log('sync end');
})();
