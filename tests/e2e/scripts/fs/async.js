// The callback API and fs/promises with FileHandle, in a fresh temporary
// directory: results, the order of callbacks against ticks and microtasks,
// and errors from the thread pool.
const fs = require('fs');
const fsp = require('fs/promises');
const os = require('os');
const path = require('path');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isohost-fs-'));
const p = (...parts) => path.join(dir, ...parts);
const clean = (e) => (e ? `${e.code} ${e.syscall} ${e.message.split(dir).join('<dir>')}` : e);
const cbs = (fn, ...args) => new Promise((resolve) => fn(...args, (err, ...values) => resolve([clean(err), ...values])));

async function callbacks() {
  console.log('writeFile:', await cbs(fs.writeFile, p('a.txt'), 'alpha'));
  console.log('appendFile:', await cbs(fs.appendFile, p('a.txt'), Buffer.from(' beta')));
  console.log('readFile:', await cbs(fs.readFile, p('a.txt'), 'utf8'));
  console.log('readFile opts:', await cbs(fs.readFile, p('a.txt'), { encoding: 'hex' }));
  console.log('readFile missing:', await cbs(fs.readFile, p('missing')));
  console.log('readFile dir:', await cbs(fs.readFile, dir));
  const [, fd] = await cbs(fs.open, p('a.txt'), 'r+');
  console.log('fd:', Number.isInteger(fd));
  const [err, n, buffer] = await cbs(fs.read, fd, Buffer.alloc(5), 0, 5, 6);
  console.log('read:', err, n, buffer.toString());
  const [werr, written, data] = await cbs(fs.write, fd, 'ALPHA', 0);
  console.log('write string:', werr, written, data);
  console.log('write buffer:', (await cbs(fs.write, fd, Buffer.from('!!'), 0, 2, 10)).slice(0, 2));
  console.log('fstat:', (await cbs(fs.fstat, fd))[1].size);
  console.log('ftruncate:', await cbs(fs.ftruncate, fd, 5), fs.readFileSync(p('a.txt'), 'utf8'));
  console.log('fsync:', await cbs(fs.fsync, fd));
  console.log('close:', await cbs(fs.close, fd));
  console.log('close again:', await cbs(fs.close, fd));
  console.log('stat:', (await cbs(fs.stat, p('a.txt')))[1].isFile());
  console.log('stat bigint:', typeof (await cbs(fs.stat, p('a.txt'), { bigint: true }))[1].size);
  console.log('stat missing:', await cbs(fs.stat, p('missing')));
  console.log('lstat missing:', await cbs(fs.lstat, p('missing')));
  console.log('mkdir recursive:', (await cbs(fs.mkdir, p('d', 'e'), { recursive: true })).map((v) => (typeof v === 'string' ? path.relative(dir, v) : v)));
  console.log('mkdir existing:', await cbs(fs.mkdir, p('d')));
  console.log('readdir:', await cbs(fs.readdir, dir));
  console.log('readdir types:', (await cbs(fs.readdir, p('d'), { withFileTypes: true }))[1].map((d) => d.name + d.isDirectory()));
  console.log('rename:', await cbs(fs.rename, p('a.txt'), p('d', 'a.txt')));
  console.log('rename missing:', await cbs(fs.rename, p('a.txt'), p('b.txt')));
  console.log('copyFile:', await cbs(fs.copyFile, p('d', 'a.txt'), p('c.txt')));
  console.log('access:', await cbs(fs.access, p('c.txt'), fs.constants.R_OK));
  console.log('exists:', await new Promise((resolve) => fs.exists(p('c.txt'), resolve)), await new Promise((resolve) => fs.exists(p('no'), resolve)));
  console.log('symlink:', await cbs(fs.symlink, 'c.txt', p('ln')));
  console.log('readlink:', await cbs(fs.readlink, p('ln')));
  console.log('realpath:', (await cbs(fs.realpath, p('ln')))[1] === fs.realpathSync(p('c.txt')));
  console.log('realpath.native:', (await cbs(fs.realpath.native, p('ln')))[1] === fs.realpathSync(p('c.txt')));
  console.log('link:', await cbs(fs.link, p('c.txt'), p('hard')));
  console.log('chmod:', await cbs(fs.chmod, p('c.txt'), 0o600), (fs.statSync(p('c.txt')).mode & 0o777).toString(8));
  console.log('utimes:', await cbs(fs.utimes, p('c.txt'), 5, 6), fs.statSync(p('c.txt')).mtimeMs);
  console.log('truncate:', await cbs(fs.truncate, p('c.txt'), 3), fs.readFileSync(p('c.txt'), 'utf8'));
  console.log('mkdtemp:', (await cbs(fs.mkdtemp, p('t-')))[1].startsWith(p('t-')));
  console.log('unlink:', await cbs(fs.unlink, p('hard')));
  console.log('rm dir:', await cbs(fs.rm, p('d')));
  console.log('rm recursive:', await cbs(fs.rm, p('d'), { recursive: true }));
  console.log('rmdir:', await cbs(fs.rmdir, p('missing')));
  console.log('cp:', await cbs(fs.cp, p('c.txt'), p('cp.txt')), fs.readFileSync(p('cp.txt'), 'utf8'));
}

// A callback runs as a callback of the loop: ticks and microtasks it queues
// run before the next one.
function order() {
  return new Promise((resolve) => {
    const seen = [];
    fs.stat(dir, () => {
      seen.push('stat');
      process.nextTick(() => seen.push('tick1'));
      Promise.resolve().then(() => seen.push('micro1'));
      fs.readFile(p('c.txt'), () => {
        seen.push('readFile');
        Promise.resolve().then(() => seen.push('micro2'));
        process.nextTick(() => seen.push('tick2'));
        setImmediate(() => {
          console.log('order:', seen.join(' '));
          resolve();
        });
      });
      seen.push('queued');
    });
    seen.push('sync');
  });
}

async function promises() {
  console.log('same module:', fs.promises === fsp, require('node:fs/promises') === fsp);
  await fsp.writeFile(p('p.txt'), 'promised');
  await fsp.appendFile(p('p.txt'), [' and', ' iterated']);
  console.log('readFile:', await fsp.readFile(p('p.txt'), 'utf8'));
  console.log('readFile missing:', await fsp.readFile(p('nope')).catch(clean));
  console.log('stat:', (await fsp.stat(p('p.txt'))).size, (await fsp.lstat(p('p.txt'))).isFile());
  console.log('mkdir:', path.relative(dir, await fsp.mkdir(p('q', 'r'), { recursive: true })));
  console.log('readdir recursive:', (await fsp.readdir(p('q'), { recursive: true })));
  console.log('access missing:', await fsp.access(p('nope')).catch(clean));
  console.log('bad path rejects:', await fsp.stat(42).catch((e) => e.code));
  const fh = await fsp.open(p('h.txt'), 'w+');
  console.log('FileHandle:', fh.constructor.name, Number.isInteger(fh.fd));
  console.log('write:', (await fh.write('0123456789')).bytesWritten);
  console.log('write buffer:', (await fh.write(Buffer.from('ab'), 0, 2, 0)).bytesWritten);
  const r = await fh.read(Buffer.alloc(4), 0, 4, 2);
  console.log('read:', r.bytesRead, r.buffer.toString());
  const r2 = await fh.read({ buffer: Buffer.alloc(3), position: 7 });
  console.log('read options:', r2.bytesRead, r2.buffer.toString());
  console.log('stat:', (await fh.stat()).size);
  await fh.truncate(4);
  console.log('readFile (at end):', JSON.stringify(await fh.readFile('utf8')));
  await fh.writeFile('XY');
  await fh.chmod(0o600);
  await fh.utimes(10, 20);
  await fh.sync();
  await fh.datasync();
  console.log('after writeFile:', await fsp.readFile(p('h.txt'), 'latin1'));
  await fh.close();
  console.log('fd after close:', fh.fd);
  console.log('stat closed:', await fh.stat().catch(clean));
  console.log('read closed:', await fh.read(Buffer.alloc(1), 0, 1, 0).catch(clean));
  console.log('close again:', await fh.close());
  console.log('asyncDispose:', typeof fh[Symbol.asyncDispose]);
  await fsp.rm(p('q'), { recursive: true });
  console.log('rm:', fs.existsSync(p('q')));
}

(async () => {
  try {
    await callbacks();
    await order();
    await promises();
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
  console.log('cleaned up:', fs.existsSync(dir));
})();
