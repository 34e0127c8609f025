// Whole files and the rest of the API: the flush option (through the public
// fs.fsync, as Node calls it), AbortSignals in every form, ERR_FS_FILE_TOO_LARGE,
// names in other encodings, openAsBlob, the promisified forms, and the
// argument checks of truncate, fchmod, mkdtemp and _toUnixTimestamp.
const fs = require('fs');
const os = require('os');
const path = require('path');
const util = require('util');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isohost-fs-'));
const p = (...parts) => path.join(dir, ...parts);
const hide = (text) => String(text).split(dir).join('<dir>');
const errorOf = (e) => `${e.name} ${e.code}: ${hide(e.message)}${e.syscall ? ` [${e.syscall} ${hide(e.path)}]` : ''}`;
const inspect = (v) => hide(util.inspect(v, { breakLength: Infinity }));
function show(label, fn) {
  try {
    console.log(label, '->', inspect(fn()));
  } catch (e) {
    console.log(label, '!!', errorOf(e));
  }
}
async function settle(label, promise) {
  try {
    console.log(label, 'resolved', inspect(await promise));
  } catch (e) {
    console.log(label, 'rejected', errorOf(e));
  }
}
function viaCallback(label, start) {
  return new Promise((resolve) => {
    try {
      start((err, value) => {
        console.log(label, 'cb', err ? errorOf(err) : null, value === undefined ? '' : inspect(value));
        resolve();
      });
    } catch (e) {
      console.log(label, '!!', errorOf(e));
      resolve();
    }
  });
}
process.on('warning', (w) => console.log('warning', w.name, w.code, w.message));

(async () => {
  // flush: the public fsync runs once, with the descriptor, before the close.
  const calls = [];
  const { fsync, fsyncSync } = fs;
  fs.fsyncSync = (...args) => { calls.push(`fsyncSync(${typeof args[0]}) x${args.length}`); return fsyncSync(...args); };
  fs.fsync = (...args) => { calls.push(`fsync(${typeof args[0]}, ${typeof args[1]})`); return fsync(...args); };
  fs.writeFileSync(p('f1'), 'one', { flush: true });
  fs.appendFileSync(p('f1'), '+', { flush: true });
  fs.writeFileSync(p('f2'), 'two', { flush: false });
  await viaCallback('writeFile flush', (cb) => fs.writeFile(p('f3'), 'three', { flush: true }, cb));
  await viaCallback('appendFile flush', (cb) => fs.appendFile(p('f3'), '!', { flush: true }, cb));
  await settle('promises.writeFile flush', fs.promises.writeFile(p('f4'), 'four', { flush: true }));
  await settle('promises.appendFile flush', fs.promises.appendFile(p('f4'), '?', { flush: null }));
  console.log('fsync calls', calls.join(', '));
  console.log('contents', ['f1', 'f2', 'f3', 'f4'].map((f) => fs.readFileSync(p(f), 'utf8')).join(' '));
  fs.fsync = fsync;
  fs.fsyncSync = fsyncSync;
  for (const flush of ['true', '', 0, 1, [], {}]) {
    show(`writeFileSync flush ${inspect(flush)}`, () => fs.writeFileSync(p('x'), 'x', { flush }));
    show(`appendFile flush ${inspect(flush)}`, () => fs.appendFile(p('x'), 'x', { flush }, () => {}));
    await settle(`promises.writeFile flush ${inspect(flush)}`, fs.promises.writeFile(p('x'), 'x', { flush }));
  }

  // AbortSignals: before the call, and aborted while it runs.
  const big = Buffer.alloc(8 * 1024 * 1024, 'z');
  show('writeFile bad signal', () => fs.writeFile(p('x'), 'x', { signal: 1 }, () => {}));
  show('readFile bad signal', () => fs.readFile(p('x'), { signal: 'x' }, () => {}));
  await settle('promises.readFile bad signal', fs.promises.readFile(p('x'), { signal: {} }));
  await viaCallback('writeFile aborted before', (cb) => fs.writeFile(p('s1'), 'x', { signal: AbortSignal.abort() }, cb));
  console.log('s1 exists', fs.existsSync(p('s1')));
  let controller = new AbortController();
  const during = viaCallback('writeFile aborted during', (cb) => fs.writeFile(p('s2'), big, { signal: controller.signal }, cb));
  process.nextTick(() => controller.abort());
  await during;
  controller = new AbortController();
  const fd = fs.openSync(p('s3'), 'w');
  const withFd = viaCallback('writeFile(fd) aborted', (cb) => fs.writeFile(fd, 'x', { signal: controller.signal }, cb));
  controller.abort();
  await withFd;
  fs.closeSync(fd);
  await viaCallback('readFile aborted before', (cb) => fs.readFile(p('f1'), { signal: AbortSignal.abort() }, cb));
  controller = new AbortController();
  const reading = viaCallback('readFile aborted during', (cb) => fs.readFile(p('f1'), { signal: controller.signal }, cb));
  process.nextTick(() => controller.abort(new Error('reason')));
  await reading;
  await viaCallback('readFile with a live signal', (cb) => fs.readFile(p('f1'), { signal: new AbortController().signal, encoding: 'utf8' }, cb));
  await settle('promises.writeFile aborted before', fs.promises.writeFile(p('s4'), 'x', { signal: AbortSignal.abort() }));
  controller = new AbortController();
  const pw = fs.promises.writeFile(p('s5'), big, { signal: controller.signal });
  process.nextTick(() => controller.abort());
  await settle('promises.writeFile aborted during', pw);
  controller = new AbortController();
  const chunks = fs.promises.writeFile(p('s6'), (function* () { yield 'a'; yield 'b'; })(), { signal: controller.signal });
  process.nextTick(() => controller.abort());
  await settle('promises.writeFile(iterable) aborted', chunks);
  await settle('promises.readFile aborted', fs.promises.readFile(p('f1'), { signal: AbortSignal.abort() }));
  const fh = await fs.promises.open(p('s7'), 'w+');
  controller = new AbortController();
  const ha = fh.appendFile(big, { signal: controller.signal });
  process.nextTick(() => controller.abort());
  await settle('filehandle.appendFile aborted', ha);
  await settle('filehandle.writeFile iterable', fh.writeFile([Buffer.from('x'), 'y', new Uint16Array([0x7a7a])]));
  await settle('filehandle.writeFile bad chunk', fh.writeFile([42]));
  await settle('filehandle.writeFile bad data', fh.writeFile(42));
  await settle('filehandle.readFile aborted', fh.readFile({ signal: AbortSignal.abort() }));
  await fh.close();
  await settle('closed filehandle.writeFile', fh.writeFile('x'));
  await settle('closed filehandle.appendFile', fh.appendFile('x'));

  // Files over 2 GiB are refused before they are read.
  const large = p('large');
  fs.writeFileSync(large, 'x');
  fs.truncateSync(large, 2 ** 31);
  show('readFileSync too large', () => fs.readFileSync(large));
  await viaCallback('readFile too large', (cb) => fs.readFile(large, cb));
  await settle('promises.readFile too large', fs.promises.readFile(large));
  await viaCallback('readFile too large with a signal', (cb) => fs.readFile(large, { signal: new AbortController().signal }, cb));
  fs.unlinkSync(large);

  // Names in other encodings, from the bytes the system gave.
  const odd = Buffer.from([0x66, 0xff, 0xfe, 0x3d, 0xd8]);
  fs.writeFileSync(Buffer.concat([Buffer.from(p('') + '/'), odd]), 'odd');
  fs.symlinkSync(odd, p('to-odd'));
  for (const encoding of ['buffer', 'hex', 'latin1', 'ucs2', 'base64', 'utf8']) {
    show(`readdirSync ${encoding}`, () => fs.readdirSync(dir, encoding).filter((n) => !/^[a-z0-9-]+$/.test(n)));
    show(`readlinkSync ${encoding}`, () => fs.readlinkSync(p('to-odd'), { encoding }));
    show(`dirent ${encoding}`, () => fs.readdirSync(dir, { encoding, withFileTypes: true }).filter((d) => d.name.length === (encoding === 'buffer' ? 5 : d.name.length) && d.isFile() && !/^[a-z0-9]+$/.test(d.name.toString())).map((d) => d.name));
  }
  await viaCallback('readdir hex', (cb) => fs.readdir(dir, 'hex', (e, names) => cb(e, names.filter((n) => n.startsWith('66ff')))));
  await settle('promises.readlink buffer', fs.promises.readlink(p('to-odd'), 'buffer'));
  show('realpathSync buffer', () => Buffer.isBuffer(fs.realpathSync(dir, 'buffer')));
  show('realpathSync.native hex', () => Buffer.from(fs.realpathSync.native(dir, 'hex'), 'hex').toString() === fs.realpathSync(dir));
  show('mkdtempSync buffer', () => Buffer.isBuffer(fs.mkdtempSync(p('t-'), 'buffer')));
  show('mkdtempSync hex', () => Buffer.from(fs.mkdtempSync(p('t-'), { encoding: 'hex' }), 'hex').toString().startsWith(p('t-')));
  show('mkdtempSync X', () => path.basename(fs.mkdtempSync(p('tX'))).length);
  show('mkdtempSync X again', () => path.basename(fs.mkdtempSync(p('tX'))).length);
  show('mkdtemp no callback', () => fs.mkdtemp(p('t-')));

  // openAsBlob.
  fs.writeFileSync(p('blob'), 'hello blob');
  const blob = await fs.openAsBlob(p('blob'), { type: 'text/plain' });
  console.log('openAsBlob', blob.constructor.name, blob.size, blob.type, await blob.text(), await blob.slice(6).text());
  console.log('openAsBlob no type', (await fs.openAsBlob(new URL(`file://${p('blob')}`))).type === '');
  show('openAsBlob missing', () => fs.openAsBlob(p('missing')));
  show('openAsBlob number', () => fs.openAsBlob(1));
  show('openAsBlob bad type', () => fs.openAsBlob(p('blob'), { type: 1 }));
  show('openAsBlob bad options', () => fs.openAsBlob(p('blob'), 'x'));

  // The promisified forms.
  const rfd = fs.openSync(p('blob'), 'r');
  await settle('promisify(read)', util.promisify(fs.read)(rfd, Buffer.alloc(5), 0, 5, 0));
  await settle('promisify(readv)', util.promisify(fs.readv)(rfd, [Buffer.alloc(2), Buffer.alloc(3)], 0));
  fs.closeSync(rfd);
  const wfd = fs.openSync(p('w'), 'w');
  await settle('promisify(write)', util.promisify(fs.write)(wfd, 'text'));
  await settle('promisify(writev)', util.promisify(fs.writev)(wfd, [Buffer.from('a'), Buffer.from('b')]));
  fs.closeSync(wfd);
  await settle('promisify(exists)', Promise.all([util.promisify(fs.exists)(dir), util.promisify(fs.exists)(p('no'))]));
  console.log('exists custom', typeof fs.exists[util.promisify.custom], fs.read[util.promisify.custom]);
  await viaCallback('exists bad path', (cb) => fs.exists(1, (found) => cb(null, found)));
  await viaCallback('exists null byte', (cb) => fs.exists('a\0b', (found) => cb(null, found)));

  // Argument checks.
  for (const time of [Infinity, -Infinity, NaN, {}, '1', '-1', -1 / 2, 1.5, new Date(5000)]) {
    show(`_toUnixTimestamp ${inspect(time)}`, () => { const t = fs._toUnixTimestamp(time); return t > 1e9 ? 'now' : t; });
  }
  fs.writeFileSync(p('t'), 'Hi');
  for (const len of ['', false, null, {}, [], -1.5, 1.5]) {
    show(`truncateSync len ${inspect(len)}`, () => fs.truncateSync(p('t'), len));
    show(`ftruncate len ${inspect(len)}`, () => fs.ftruncate(0, len, () => {}));
  }
  show('truncateSync -1', () => { fs.truncateSync(p('t'), -1); return fs.statSync(p('t')).size; });
  const tfd = fs.openSync(p('t'), 'r+');
  show('truncateSync(fd)', () => { fs.truncateSync(tfd, 3); return fs.statSync(p('t')).size; });
  fs.closeSync(tfd);
  for (const mode of [false, null, {}, [], '123x', -1, 2 ** 32, NaN, 1.5, undefined]) {
    show(`fchmodSync mode ${inspect(mode)}`, () => fs.fchmodSync(1, mode));
    show(`chmodSync mode ${inspect(mode)}`, () => fs.chmodSync(p('t'), mode));
  }
  for (const fdv of [false, null, -1, 2 ** 32, NaN, 1.5]) show(`fchmodSync fd ${inspect(fdv)}`, () => fs.fchmodSync(fdv, 0o666));
  show('close without callback', () => fs.close(fs.openSync(p('t'), 'r')));
  show('lchmod', () => [typeof fs.lchmod, typeof fs.lchmodSync, 'lchmod' in fs, 'lchmodSync' in fs]);
  await settle('promises.lchmod', fs.promises.lchmod(p('t'), 0o644));
  show('BigIntStats', () => 'BigIntStats' in fs);

  // cp over a link to a directory replaces the link.
  fs.mkdirSync(p('target'));
  fs.symlinkSync(p('target'), p('via'), 'dir');
  fs.cpSync(p('t'), p('via'), { dereference: false });
  show('cp over a link', () => [fs.lstatSync(p('via')).isFile(), fs.readdirSync(p('target')).length]);

  // What the module offers, and the lengths of its functions.
  const shape = (o) => Object.keys(o).sort().map((k) => `${k}${typeof o[k] === 'function' ? `/${o[k].length}` : `:${typeof o[k]}`}`).join(' ');
  console.log('fs', shape(fs));
  console.log('fs.promises', shape(fs.promises));
  const handle = await fs.promises.open(p('t'));
  const proto = Object.getPrototypeOf(handle);
  console.log('FileHandle', ['appendFile', 'read', 'readv', 'readFile', 'write', 'writev', 'writeFile'].map((k) => `${k}/${proto[k].length}`).join(' '));
  await handle.close();
  fs.rmSync(dir, { recursive: true });
})();
