// Node's errors and the watchers' own protocol: argument checks, a path
// that does not exist, 'close' and 'stop' on the next tick, ref() and
// unref(), AbortSignal, and fs.promises.watch's errors and AbortError.
const fs = require('fs');
const os = require('os');
const path = require('path');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isohost-watch-'));
const hide = (text) => String(text).split(dir).join('<dir>');
const missing = path.join(dir, 'missing');

function describe(e) {
  const fields = ['errno', 'code', 'syscall', 'path', 'filename'].filter((k) => e[k] !== undefined)
    .map((k) => `${k}=${hide(e[k])}`).join(' ');
  return `${e.name}: ${hide(e.message)} | ${fields}`;
}
function show(label, fn) {
  try {
    const result = fn();
    console.log(label, 'returned', result && result.constructor.name);
    if (result && result.close) result.close();
    if (result && result.stop) result.stop();
  } catch (e) {
    console.log(label, describe(e));
  }
}

show('watch missing', () => fs.watch(missing));
show('watch missing, recursive', () => fs.watch(missing, { recursive: true }));
show('watch number', () => fs.watch(1));
show('watch null', () => fs.watch(null));
show('watch NUL byte', () => fs.watch('a\u0000b'));
show('watch options number', () => fs.watch(dir, 5));
show('watch bad encoding', () => fs.watch(dir, { encoding: 'bogus' }));
show('watch bad encoding string', () => fs.watch(dir, 'bogus'));
show('watch recursive not boolean', () => fs.watch(dir, { recursive: '1' }));
show('watch persistent not boolean, recursive', () => fs.watch(dir, { recursive: true, persistent: 1 }));
show('watch bad signal', () => fs.watch(dir, { signal: {} }));
// Node starts this watch before it refuses the listener, and leaks it: not persistent, it holds nothing.
show('watch bad listener', () => fs.watch(dir, { persistent: false }, 'listener'));
show('watch URL', () => fs.watch(new URL(`file://${dir}`)));
show('watch Buffer', () => fs.watch(Buffer.from(dir)));
show('watch http URL', () => fs.watch(new URL('http://example.com/')));
show('watchFile no listener', () => fs.watchFile(dir));
show('watchFile bad listener', () => fs.watchFile(dir, {}, 'listener'));
show('watchFile object path', () => fs.watchFile({}, () => {}));
show('watchFile Buffer path', () => fs.watchFile(Buffer.from(dir), () => {}));
show('watchFile interval string', () => fs.watchFile(dir, { interval: 'x' }, () => {}));
show('watchFile interval negative', () => fs.watchFile(dir, { interval: -1 }, () => {}));
show('watchFile interval fraction', () => fs.watchFile(dir, { interval: 1.5 }, () => {}));
show('unwatchFile number', () => fs.unwatchFile(1));
show('unwatchFile never watched', () => fs.unwatchFile(missing));
console.log('lengths', fs.watch.length, fs.watchFile.length, fs.unwatchFile.length, fs.promises.watch.length);

const watcher = fs.watch(dir);
console.log('ref returns the watcher', watcher.ref() === watcher, watcher.unref() === watcher);
watcher.on('close', () => console.log('close (once)'));
watcher.close();
watcher.close();
console.log('after close: ref and unref still answer', watcher.ref() === watcher, watcher.unref() === watcher);
process.nextTick(() => console.log('tick queued after close'));

const stat = fs.watchFile(missing, { persistent: false }, () => {});
console.log('StatWatcher ref/unref return it', stat.ref() === stat, stat.unref() === stat);
stat.on('stop', () => console.log('stop (once)'));
stat.stop();
stat.stop();
console.log('after stop');
fs.unwatchFile(missing);

const aborted = fs.watch(dir, { signal: AbortSignal.abort() });
aborted.on('close', () => console.log('closed by an aborted signal'));
const controller = new AbortController();
const later = fs.watch(dir, { signal: controller.signal });
later.on('close', () => console.log('closed by abort()'));
controller.abort();

async function promiseErrors() {
  const cases = [
    ['promises.watch number', [1]],
    ['promises.watch options number', [dir, 5]],
    ['promises.watch options string', [dir, 'utf8']],
    ['promises.watch persistent not boolean', [dir, { persistent: 1 }]],
    ['promises.watch recursive not boolean', [dir, { recursive: 1 }]],
    ['promises.watch bad encoding', [dir, { encoding: 'bogus' }]],
    ['promises.watch bad signal', [dir, { signal: 1 }]],
    ['promises.watch missing', [missing]],
    ['promises.watch missing, recursive', [missing, { recursive: true }]],
    ['promises.watch aborted signal', [dir, { signal: AbortSignal.abort('why') }]],
  ];
  for (const [label, args] of cases) {
    const iterator = fs.promises.watch(...args);
    try {
      await iterator.next();
      console.log(label, 'resolved');
    } catch (e) {
      console.log(label, describe(e), e.cause === undefined ? '' : `cause=${e.cause}`);
    }
  }
  // Aborting while the iterator waits.
  const ac = new AbortController();
  const waiting = fs.promises.watch(dir, { signal: ac.signal });
  setTimeout(() => ac.abort(new Error('stop now')), 20);
  try {
    for await (const event of waiting) console.log('unexpected', event);
  } catch (e) {
    console.log('abort while waiting', e.name, e.code, e.cause.message);
  }
  console.log('after the abort, next() is done', (await waiting.next()).done);
}

promiseErrors().then(() => fs.rmSync(dir, { recursive: true }));
