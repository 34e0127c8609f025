// Watchers that must not keep the worker alive: unref()'d, not persistent,
// closed or stopped, of every kind. The script ends at once; a worker that
// one of them held would wait forever (the test's --timeout ends it).
const fs = require('fs');
const os = require('os');
const path = require('path');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isohost-unref-'));
fs.mkdirSync(path.join(dir, 'sub'));
const file = path.join(dir, 'file');
fs.writeFileSync(file, 'x');

fs.watch(dir).unref();
fs.watch(file, { persistent: false });
fs.watch(dir, { recursive: true, persistent: false });
fs.watch(dir, { recursive: true }).unref();
fs.watch(dir).ref().close();
fs.watch(dir, { recursive: true }).close();
fs.watchFile(file, { persistent: false }, () => {});
fs.watchFile(path.join(dir, 'missing'), () => {}).unref();
fs.watchFile(path.join(dir, 'sub'), () => {}).stop();
fs.watch(dir, { signal: AbortSignal.abort() });
// An iterator never read opens nothing; one whose loop ended closed its watch.
fs.promises.watch(dir);
(async () => {
  const iterator = fs.promises.watch(dir, { persistent: false });
  const next = iterator.next();
  fs.writeFileSync(path.join(dir, 'new'), 'x');
  console.log('promise event:', (await next).value.filename);
  await iterator.return();
  console.log('iterator done');
})();
process.on('exit', () => {
  fs.rmSync(dir, { recursive: true });
  console.log('exit');
});
