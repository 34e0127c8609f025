// The argument forms of read, readSync, write, writeSync and FileHandle's
// read and write: what each returns or throws, as Node 20 words it.
const fs = require('fs');
const os = require('os');
const path = require('path');
const util = require('util');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isohost-fs-'));
const file = path.join(dir, 'file');
fs.writeFileSync(file, 'abcdefgh');
const hide = (text) => String(text).split(dir).join('<dir>');
const describe = (v) => (typeof v === 'symbol' ? v.toString() : typeof v === 'function' ? 'fn' : util.inspect(v, { depth: 0 }));
function errorOf(e) {
  return `${e.name} ${e.code}: ${hide(e.message)}`;
}
function show(label, fn) {
  try {
    console.log(label, '->', describe(fn()));
  } catch (e) {
    console.log(label, '!!', errorOf(e));
  }
}

const fd = fs.openSync(file, 'r+');
const buf = () => Buffer.alloc(4);
const bad = [undefined, null, true, 42, 42n, Symbol('s'), NaN, [], {}, { buffer: 'x' }, new Date(0), new String('s'),
  '4444', [4, 4, 4, 4], () => {}];

// readSync
for (const options of [undefined, null, {}, { offset: 1 }, { length: 2 }, { position: 3 }, { position: 3n },
  { offset: 1, length: 2, position: 0 }, { position: null }, { position: -1 }, new String('44'),
  false, true, Infinity, 42n, Symbol('o'), 'str', [], '4444', [4, 4, 4, 4]]) {
  show(`readSync(fd, buf, ${describe(options)})`, () => { const b = buf(); return [fs.readSync(fd, b, options), b.toString()]; });
}
show('readSync(fd, buf)', () => fs.readSync(fd, buf()));
show('readSync(fd, buf, 0, 2, 0)', () => fs.readSync(fd, buf(), 0, 2, 0));
show('readSync(fd, buf, 0, 2)', () => fs.readSync(fd, buf(), 0, 2));
show('readSync(fd, buf, 1)', () => fs.readSync(fd, buf(), 1));
show('readSync(fd, buf, undefined, 2)', () => fs.readSync(fd, buf(), undefined, 2));
show('readSync(fd, buf, null, 2, 0)', () => fs.readSync(fd, buf(), null, 2, 0));
show('readSync(fd, buf, 0, null, 0)', () => fs.readSync(fd, buf(), 0, null, 0));
show('readSync(fd, buf, 0, 5, 0)', () => fs.readSync(fd, buf(), 0, 5, 0));
show('readSync(fd, buf, 5, 0, 0)', () => fs.readSync(fd, buf(), 5, 0, 0));
show('readSync(fd, buf, 5, 1, 0)', () => fs.readSync(fd, buf(), 5, 1, 0));
show('readSync(fd, buf, -1, 1, 0)', () => fs.readSync(fd, buf(), -1, 1, 0));
show('readSync(fd, buf, 1.5, 1, 0)', () => fs.readSync(fd, buf(), 1.5, 1, 0));
show('readSync(fd, buf, 0, -1, 0)', () => fs.readSync(fd, buf(), 0, -1, 0));
show('readSync(fd, buf, 0, 1.5, 0)', () => fs.readSync(fd, buf(), 0, 1.5, 0));
show('readSync(fd, buf, 0, "2", 0)', () => fs.readSync(fd, buf(), 0, '2', 0));
show('readSync(fd, buf, "1", 2, 0)', () => fs.readSync(fd, buf(), '1', 2, 0));
show('readSync(fd, buf, 0, 1, 0.5)', () => fs.readSync(fd, buf(), 0, 1, 0.5));
show('readSync(fd, buf, 0, 1, 2**53)', () => fs.readSync(fd, buf(), 0, 1, 2 ** 53));
show('readSync(fd, buf, 0, 1, 2n**63n)', () => fs.readSync(fd, buf(), 0, 1, 2n ** 63n));
show('readSync(fd, buf, 0, 1, -2n)', () => fs.readSync(fd, buf(), 0, 1, -2n));
show('readSync(fd, buf, 0, 1, -2)', () => fs.readSync(fd, buf(), 0, 1, -2));
show('readSync(fd, buf, 0, 1, "")', () => fs.readSync(fd, buf(), 0, 1, ''));
show('readSync(fd, buf, 0, 1, {})', () => fs.readSync(fd, buf(), 0, 1, {}));
show('readSync(fd, empty, 0, 0, 0)', () => fs.readSync(fd, Buffer.alloc(0), 0, 0, 0));
show('readSync(fd, empty)', () => fs.readSync(fd, Buffer.alloc(0)));
show('readSync(fd, empty, 0, 1, 0)', () => fs.readSync(fd, Buffer.alloc(0), 0, 1, 0));
show('readSync(fd, 4)', () => fs.readSync(fd, 4));
show('readSync(fd, { buffer: null })', () => fs.readSync(fd, { buffer: null }));
show('readSync(fd, {})', () => fs.readSync(fd, {}));
show('readSync(1.5, buf)', () => fs.readSync(1.5, buf()));
show('readSync(-1, buf)', () => fs.readSync(-1, buf()));
show('readSync(null, buf)', () => fs.readSync(null, buf()));
show('readSync(fd, Uint16Array)', () => { const b = new Uint16Array(2); return [fs.readSync(fd, b, 0, 4, 0), [...b]]; });
show('readSync(fd, DataView)', () => { const b = new DataView(new ArrayBuffer(3)); return fs.readSync(fd, b, { position: 1 }); });

// writeSync
const out = fs.openSync(path.join(dir, 'out'), 'w+');
for (const b of bad) {
  show(`writeSync(fd, ${describe(b)})`, () => fs.writeSync(out, b));
  show(`writeSync(fd, ${describe(b)}, {})`, () => fs.writeSync(out, b, {}));
}
for (const options of [undefined, null, {}, { offset: 1 }, { length: 2 }, { position: 3 }, { position: 3n },
  { offset: 1, length: 2, position: 0 }, { length: 5 }, { offset: 5 }, { length: 1, offset: 3 }, { length: -1 },
  { offset: -1 }, { offset: false }, { offset: true }, { length: null }, { position: null }, { length: 1, position: -1, offset: 2 },
  true, '42', Symbol('o'), 7]) {
  show(`writeSync(fd, zyx, ${describe(options)})`, () => fs.writeSync(out, Buffer.from('zyx'), options));
}
show('writeSync(fd, "str")', () => fs.writeSync(out, 'str'));
show('writeSync(fd, "str", 2)', () => fs.writeSync(out, 'str', 2));
show('writeSync(fd, "str", 2, "hex")', () => fs.writeSync(out, 'abcd', 2, 'hex'));
show('writeSync(fd, "str", null, "base64")', () => fs.writeSync(out, 'abcd', null, 'base64'));
show('writeSync(fd, "str", "x")', () => fs.writeSync(out, 'str', 'x'));
show('writeSync(fd, "str", 0, "bogus")', () => fs.writeSync(out, 'str', 0, 'bogus'));
show('writeSync(fd, "str", {})', () => fs.writeSync(out, 'str', {}));
show('writeSync(fd, "str", 1.5)', () => fs.writeSync(out, 'str', 1.5));
show('writeSync(fd, buf, 0, 1, 1.5)', () => fs.writeSync(out, buf(), 0, 1, 1.5));
show('writeSync(fd, buf, 0, 1, "1")', () => fs.writeSync(out, buf(), 0, 1, '1'));
show('writeSync(fd, buf, 0, 1, 2n**63n)', () => fs.writeSync(out, buf(), 0, 1, 2n ** 63n));
show('writeSync(fd, buf, 0, 1, -2)', () => fs.writeSync(out, buf(), 0, 1, -2));
show('writeSync(fd, buf, 1.5)', () => fs.writeSync(out, buf(), 1.5));
show('writeSync(fd, buf, "1")', () => fs.writeSync(out, buf(), '1'));
show('writeSync(fd, buf, 0, "1")', () => fs.writeSync(out, buf(), 0, '1'));
show('writeSync(fd, buf, 0, 1.5)', () => fs.writeSync(out, buf(), 0, 1.5));
show('writeSync(fd, buf, 0, 2**31)', () => fs.writeSync(out, buf(), 0, 2 ** 31));
show('writeSync(fd, empty)', () => fs.writeSync(out, Buffer.alloc(0)));
show('writeSync(fd, Float64Array)', () => fs.writeSync(out, new Float64Array(1)));
show('writeSync(-1, "x")', () => fs.writeSync(-1, 'x'));

// The callbacks and the promises, one after another.
const steps = [];
function cbCase(label, start) {
  steps.push(() => new Promise((resolve) => {
    let called = false;
    try {
      start((err, ...rest) => {
        if (called) console.log(label, 'called back twice');
        called = true;
        console.log(label, 'cb', err ? errorOf(err) : null, ...rest.map((v) => describe(v)));
        resolve();
      });
    } catch (e) {
      console.log(label, '!!', errorOf(e));
      resolve();
    }
  }));
}
function promiseCase(label, start) {
  steps.push(async () => {
    let p;
    try {
      p = start();
    } catch (e) {
      console.log(label, 'threw', errorOf(e));
      return;
    }
    try {
      const value = await p;
      console.log(label, 'resolved', describe(value));
    } catch (e) {
      console.log(label, 'rejected', errorOf(e));
    }
  });
}
for (const options of [undefined, null, {}, { offset: 1 }, { length: 2 }, { position: 3 }, { position: 5n }, false, 'str']) {
  cbCase(`read(fd, buf, ${describe(options)}, cb)`, (cb) => fs.read(fd, buf(), options, cb));
  cbCase(`read(fd, ${describe(options)}, cb)`, (cb) => fs.read(fd, options, (err, n, b) => cb(err, n, b && b.length)));
}
cbCase('read(fd, cb)', (cb) => fs.read(fd, (err, n, b) => cb(err, n, b.length)));
cbCase('read(fd, buf, cb)', (cb) => fs.read(fd, buf(), cb));
cbCase('read(fd, buf, 0, 2, 0, cb)', (cb) => fs.read(fd, buf(), 0, 2, 0, cb));
cbCase('read(fd, buf, 0, 0, 0, cb)', (cb) => fs.read(fd, buf(), 0, 0, 0, cb));
cbCase('read(fd, empty, 0, 1, 0, cb)', (cb) => fs.read(fd, Buffer.alloc(0), 0, 1, 0, cb));
cbCase('read(fd, buf, 0, 2, 0)', (cb) => { fs.read(fd, buf(), 0, 2, 0); cb(); });
cbCase('read(fd, { buffer: null }, cb)', (cb) => fs.read(fd, { buffer: null }, cb));
cbCase('read(fd, buf, 0, 2, 0, cb) bad fd', (cb) => fs.read(999, buf(), 0, 2, 0, cb));
cbCase('read(fd, buf, 0, 1, "", cb)', (cb) => fs.read(fd, buf(), 0, 1, '', cb));
cbCase('read(fd, buf, 0, 1, 0.5, cb)', (cb) => fs.read(fd, buf(), 0, 1, 0.5, cb));
cbCase('read(fd, buf, 0, 5, 0, cb)', (cb) => fs.read(fd, buf(), 0, 5, 0, cb));
cbCase('read(fd, buf, 0, -1, 0, cb)', (cb) => fs.read(fd, buf(), 0, -1, 0, cb));
cbCase('read(fd, buf, 0, 1, 2n**63n, cb)', (cb) => fs.read(fd, buf(), 0, 1, 2n ** 63n, cb));
cbCase('write(fd, zyx, cb)', (cb) => fs.write(out, Buffer.from('zyx'), cb));
cbCase('write(fd, zyx, {}, cb)', (cb) => fs.write(out, Buffer.from('zyx'), {}, cb));
cbCase('write(fd, zyx, null, cb)', (cb) => fs.write(out, Buffer.from('zyx'), null, cb));
cbCase('write(fd, zyx, {offset:1}, cb)', (cb) => fs.write(out, Buffer.from('zyx'), { offset: 1 }, cb));
cbCase('write(fd, zyx, 1, cb)', (cb) => fs.write(out, Buffer.from('zyx'), 1, cb));
cbCase('write(fd, zyx, 1, 1, cb)', (cb) => fs.write(out, Buffer.from('zyx'), 1, 1, cb));
cbCase('write(fd, zyx, 1, 1, 0, cb)', (cb) => fs.write(out, Buffer.from('zyx'), 1, 1, 0, cb));
cbCase('write(fd, zyx, true, cb)', (cb) => fs.write(out, Buffer.from('zyx'), true, cb));
cbCase('write(fd, zyx, "42", cb)', (cb) => fs.write(out, Buffer.from('zyx'), '42', cb));
cbCase('write(fd, "str", cb)', (cb) => fs.write(out, 'str', cb));
cbCase('write(fd, "str", 0, cb)', (cb) => fs.write(out, 'str', 0, cb));
cbCase('write(fd, "6162", 0, "hex", cb)', (cb) => fs.write(out, '6162', 0, 'hex', cb));
cbCase('write(fd, "str", {}, cb)', (cb) => fs.write(out, 'str', {}, cb));
cbCase('write(fd, {}, cb)', (cb) => fs.write(out, {}, cb));
cbCase('write(fd, new String, cb)', (cb) => fs.write(out, new String('x'), cb));
cbCase('write(fd, "x")', (cb) => { fs.write(out, 'x'); cb(); });
cbCase('write(fd, zyx, {length:5}, cb)', (cb) => fs.write(out, Buffer.from('zyx'), { length: 5 }, cb));
cbCase('readv(fd, [buf], cb)', (cb) => fs.readv(fd, [buf()], 0, cb));
cbCase('readv(fd, [buf], "x", cb)', (cb) => fs.readv(fd, [buf()], 'x', cb));
cbCase('writev(fd, [zyx], null, cb)', (cb) => fs.writev(out, [Buffer.from('zyx')], null, cb));

const pread = util.promisify(fs.read);
const pwrite = util.promisify(fs.write);
const preadv = util.promisify(fs.readv);
const pwritev = util.promisify(fs.writev);
const pexists = util.promisify(fs.exists);
promiseCase('promisify(read)(fd, buf, 0, 2, 0)', () => pread(fd, buf(), 0, 2, 0));
promiseCase('promisify(read)(fd, {})', () => pread(fd, {}).then(({ bytesRead, buffer }) => [bytesRead, buffer.length]));
promiseCase('promisify(write)(fd, "ab")', () => pwrite(out, 'ab'));
promiseCase('promisify(readv)(fd, [buf])', () => preadv(fd, [buf()], 0));
promiseCase('promisify(writev)(fd, [buf])', () => pwritev(out, [Buffer.from('q')]));
promiseCase('promisify(exists)(file)', () => pexists(file));
promiseCase('promisify(exists)(missing)', () => pexists(file + 'x'));

let fh;
steps.push(async () => { fh = await fs.promises.open(file, 'r+'); });
for (const options of [undefined, null, {}, { offset: 1 }, { length: 2 }, { position: 3 }, { length: 1, position: -1, offset: 2 }, { length: 5 }, { offset: -1 }, { offset: true }]) {
  promiseCase(`fh.read(buf, ${describe(options)})`, () => fh.read(buf(), options));
  promiseCase(`fh.write(zyx, ${describe(options)})`, () => fh.write(Buffer.from('zyx'), options));
}
for (const options of [undefined, null, {}, { buffer: buf() }, { buffer: buf(), position: 2 }, { length: 2 }]) {
  promiseCase(`fh.read(${describe(options)})`, () => fh.read(options).then(({ bytesRead, buffer }) => [bytesRead, buffer.length]));
}
promiseCase('fh.read()', () => fh.read().then(({ bytesRead, buffer }) => [bytesRead, buffer.length]));
promiseCase('fh.read(buf, 0, 2, 0)', () => fh.read(buf(), 0, 2, 0));
promiseCase('fh.read(buf, 1)', () => fh.read(buf(), 1));
promiseCase('fh.read(buf, 0, 2)', () => fh.read(buf(), 0, 2));
promiseCase('fh.read(empty)', () => fh.read(Buffer.alloc(0)));
promiseCase('fh.read(4)', () => fh.read(4));
promiseCase('fh.read(buf, 0, 1, "")', () => fh.read(buf(), 0, 1, ''));
for (const b of bad) promiseCase(`fh.write(${describe(b)}, {})`, () => fh.write(b, {}));
promiseCase('fh.write()', () => fh.write());
promiseCase('fh.write("str")', () => fh.write('str'));
promiseCase('fh.write("str", 0)', () => fh.write('str', 0));
promiseCase('fh.write("6162", 0, "hex")', () => fh.write('6162', 0, 'hex'));
promiseCase('fh.write("str", null, "bogus")', () => fh.write('str', null, 'bogus'));
promiseCase('fh.write(zyx, 1, 1, 0)', () => fh.write(Buffer.from('zyx'), 1, 1, 0));
promiseCase('fh.write(zyx, 1)', () => fh.write(Buffer.from('zyx'), 1));
promiseCase('fh.readv([buf], 0)', () => fh.readv([buf()], 0));
promiseCase('fh.writev([zyx], 0)', () => fh.writev([Buffer.from('zyx')], 0));
steps.push(async () => { await fh.close(); });

(async () => {
  for (const step of steps) await step();
  fs.closeSync(fd);
  fs.closeSync(out);
  fs.rmSync(dir, { recursive: true });
})();
