// fs.opendir, opendirSync, fs.promises.opendir and fs.Dir: reading by
// callback, promise, synchronously and by async iteration, bufferSize,
// recursive walks, encodings, and Node's errors.
const fs = require('fs');
const os = require('os');
const path = require('path');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isohost-fs-'));
const p = (...parts) => path.join(dir, ...parts);
const hide = (text) => String(text).split(dir).join('<dir>');
const errorOf = (e) => `${e.name} ${e.code}: ${hide(e.message)}${e.syscall ? ` [${e.syscall} ${hide(e.path)}]` : ''}`;
function show(label, fn) {
  try {
    console.log(label, '->', fn());
  } catch (e) {
    console.log(label, '!!', errorOf(e));
  }
}
const describe = (d) => (d === null ? null : `${Buffer.isBuffer(d.name) ? `<${d.name.toString('hex')}>` : d.name}` +
  `${d.isDirectory() ? '/' : d.isSymbolicLink() ? '@' : ''} in ${hide(d.parentPath)}`);

for (const name of ['a', 'b', 'c', 'd', 'e']) fs.writeFileSync(p(name), name);
fs.mkdirSync(p('sub', 'deeper'), { recursive: true });
fs.writeFileSync(p('sub', 'one'), '1');
fs.writeFileSync(p('sub', 'deeper', 'two'), '2');
fs.symlinkSync('a', p('link'));
fs.writeFileSync(p('\u00e9t\u00e9'), 'summer');

const all = (d) => {
  const out = [];
  for (let e = d.readSync(); e !== null; e = d.readSync()) out.push(describe(e));
  return out.sort();
};

(async () => {
  // Synchronously, with every bufferSize a batch boundary can fall on.
  for (const bufferSize of [1, 2, 3, 32, 1024]) {
    const d = fs.opendirSync(dir, { bufferSize });
    console.log('bufferSize', bufferSize, all(d).join(', '));
    console.log('after the end', d.readSync());
    d.closeSync();
  }
  const d = fs.opendirSync(dir);
  console.log('path', hide(d.path), d instanceof fs.Dir, Object.prototype.toString.call(d));
  d.closeSync();
  show('readSync closed', () => d.readSync());
  show('closeSync closed', () => d.closeSync());
  show('read closed', () => d.read(() => {}));
  await d.close().then(() => console.log('close closed resolved'), (e) => console.log('close closed', errorOf(e)));
  await new Promise((resolve) => d.close((e) => { console.log('close(cb) closed', errorOf(e)); resolve(); }));

  // Recursively: subdirectories' entries follow, with their own parentPath.
  const r = fs.opendirSync(dir, { recursive: true, bufferSize: 2 });
  console.log('recursive sync', all(r).join(', '));
  r.closeSync();
  const ra = await fs.promises.opendir(dir, { recursive: true });
  const seen = [];
  for await (const e of ra) seen.push(describe(e));
  console.log('recursive async', seen.sort().join(', '));
  show('closed by the loop', () => ra.closeSync());

  // Encodings of the names.
  const b = fs.opendirSync(dir, { encoding: 'buffer' });
  console.log('buffer names', all(b).join(', '));
  b.closeSync();
  const h = fs.opendirSync(dir, 'hex');
  console.log('hex names', all(h).join(', '));
  h.closeSync();

  // The callback form: never synchronous, in order, null at the end.
  await new Promise((resolve) => {
    fs.opendir(p('sub'), (err, cd) => {
      console.log('opendir cb', err, hide(cd.path));
      let sync = true;
      const names = [];
      const next = () => cd.read((e, entry) => {
        if (e) throw e;
        if (entry === null) {
          console.log('cb entries', names.sort().join(', '), 'async:', !sync);
          cd.close((closeErr) => { console.log('closed', closeErr); resolve(); });
          return;
        }
        names.push(describe(entry));
        next();
      });
      next();
      sync = false;
    });
  });

  // Concurrent reads queue behind each other; a synchronous call meanwhile is refused.
  const q = fs.opendirSync(dir, { bufferSize: 1 });
  const reads = [q.read(), q.read(), q.read()];
  show('readSync while reading', () => q.readSync());
  show('closeSync while reading', () => q.closeSync());
  const closing = q.close();
  console.log('queued reads', (await Promise.all(reads)).map((e) => e !== null && typeof e.name).join(','));
  await closing;
  console.log('closed after the reads');
  show('read after close', () => q.read());

  // Errors.
  show('opendirSync missing', () => fs.opendirSync(p('missing')));
  show('opendirSync file', () => fs.opendirSync(p('a')));
  await fs.promises.opendir(p('missing')).catch((e) => console.log('promises.opendir missing', errorOf(e)));
  await new Promise((resolve) => fs.opendir(p('a'), (e) => { console.log('opendir file', errorOf(e)); resolve(); }));
  for (const bad of [false, 1, [], {}, null, undefined]) {
    show(`opendirSync(${JSON.stringify(bad)})`, () => fs.opendirSync(bad));
    show(`opendir(${JSON.stringify(bad)}, cb)`, () => fs.opendir(bad, () => {}));
  }
  show('opendir no callback', () => fs.opendir(dir));
  for (const bufferSize of [-1, 0, 0.5, Infinity, NaN, '', '1', null, undefined]) {
    show(`bufferSize ${String(bufferSize)}`, () => fs.opendirSync(dir, { bufferSize }));
  }
  show('bad encoding', () => fs.opendirSync(dir, { encoding: 'no' }));
  show('bad options', () => fs.opendirSync(dir, 5));
  show('new Dir()', () => new fs.Dir());
  show('read bad callback', () => fs.opendirSync(dir).read('x'));
  show('lengths', () => [fs.opendir.length, fs.opendirSync.length, fs.Dir.length, fs.promises.opendir.length].join());
  show('entries', () => typeof fs.Dir.prototype.entries + ' ' + (fs.Dir.prototype[Symbol.asyncIterator] === fs.Dir.prototype.entries));
  fs.rmSync(dir, { recursive: true });
})();
