// The synchronous API in a fresh temporary directory: whole files with
// every kind of data, descriptors, Stats, directories, links, modes, times,
// copies and removal. Prints nothing that depends on the machine.
const fs = require('fs');
const os = require('os');
const path = require('path');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isohost-fs-'));
const p = (...parts) => path.join(dir, ...parts);
const rel = (value) => (typeof value === 'string' ? path.relative(dir, value) : value);
const show = (label, fn) => {
  try {
    console.log(label, fn());
  } catch (e) {
    console.log(label, 'threw', e.code, e.message.split(dir).join('<dir>'));
  }
};

try {
  console.log('mkdtemp:', path.basename(dir).length, fs.statSync(dir).isDirectory());
  // Whole files.
  fs.writeFileSync(p('a.txt'), 'héllo wörld');
  show('utf8:', () => fs.readFileSync(p('a.txt'), 'utf8'));
  show('buffer:', () => fs.readFileSync(p('a.txt')).toString('hex'));
  show('latin1 opts:', () => fs.readFileSync(p('a.txt'), { encoding: 'latin1' }));
  show('base64:', () => fs.readFileSync(p('a.txt'), { encoding: 'base64', flag: 'r' }));
  fs.writeFileSync(p('b.bin'), new Uint16Array([1, 2, 0xffff]));
  show('typed array:', () => fs.readFileSync(p('b.bin')).toString('hex'));
  fs.writeFileSync(p('c.bin'), new DataView(new Uint8Array([9, 8, 7, 6]).buffer, 1, 2));
  show('data view:', () => [...fs.readFileSync(p('c.bin'))]);
  fs.writeFileSync(p('d.txt'), 'aGk=', 'base64');
  show('written as base64:', () => fs.readFileSync(p('d.txt'), 'utf8'));
  fs.writeFileSync(p('d.txt'), 'more', { flag: 'a' });
  show('flag a:', () => fs.readFileSync(p('d.txt'), 'utf8'));
  fs.appendFileSync(p('d.txt'), Buffer.from('!'));
  fs.appendFileSync(p('new.txt'), 'created');
  show('append:', () => [fs.readFileSync(p('d.txt'), 'utf8'), fs.readFileSync(p('new.txt'), 'utf8')]);
  fs.writeFileSync(p('mode.txt'), 'x', { mode: 0o600 });
  show('mode 600:', () => (fs.statSync(p('mode.txt')).mode & 0o777).toString(8));
  fs.writeFileSync(p('empty.txt'), '');
  show('empty:', () => fs.readFileSync(p('empty.txt')).length);
  const big = Buffer.alloc(300000, 'abc');
  fs.writeFileSync(p('big.bin'), big);
  show('big round trip:', () => fs.readFileSync(p('big.bin')).equals(big));
  show('wx on existing:', () => fs.writeFileSync(p('a.txt'), 'x', { flag: 'wx' }));

  // Descriptors.
  const fd = fs.openSync(p('fd.txt'), 'w+', 0o644);
  show('write string:', () => fs.writeSync(fd, 'hello world'));
  show('write at position:', () => fs.writeSync(fd, 'HE', 0));
  show('write buffer slice:', () => fs.writeSync(fd, Buffer.from('xyzXYZ'), 3, 3, 11));
  show('write options:', () => fs.writeSync(fd, Buffer.from('12345'), { offset: 1, length: 2, position: 14 }));
  const buf = Buffer.alloc(16);
  show('read all:', () => [fs.readSync(fd, buf, 0, 16, 0), buf.toString('latin1', 0, 16).replace(/\0/g, '.')]);
  show('read options:', () => [fs.readSync(fd, buf, { position: 6, length: 5 }), buf.toString('latin1', 0, 5)]);
  show('read bigint position:', () => [fs.readSync(fd, buf, 0, 2, 1n), buf.toString('latin1', 0, 2)]);
  show('read at end:', () => fs.readSync(fd, buf, 0, 4, 100));
  show('fstat size:', () => fs.fstatSync(fd).size);
  fs.ftruncateSync(fd, 5);
  fs.fsyncSync(fd);
  fs.fdatasyncSync(fd);
  show('after ftruncate:', () => fs.readFileSync(p('fd.txt'), 'utf8'));
  fs.fchmodSync(fd, 0o640);
  show('fchmod:', () => (fs.fstatSync(fd).mode & 0o777).toString(8));
  fs.futimesSync(fd, 1000, new Date(2000000));
  show('futimes:', () => [fs.fstatSync(fd).atimeMs, fs.fstatSync(fd).mtimeMs]);
  show('readFileSync(fd):', () => fs.readFileSync(fd, 'utf8'));
  fs.closeSync(fd);
  show('closed fd:', () => fs.fstatSync(fd));
  fs.truncateSync(p('fd.txt'), 2);
  show('truncateSync:', () => fs.readFileSync(p('fd.txt'), 'utf8'));
  fs.truncateSync(p('fd.txt'));
  show('truncateSync no len:', () => fs.statSync(p('fd.txt')).size);

  // Stats.
  const st = fs.statSync(p('a.txt'));
  console.log('stat keys:', Object.keys(st).join(' '));
  console.log('stat types:', Object.keys(st).map((k) => typeof st[k] === 'object' ? st[k].constructor.name : typeof st[k]).join(' '));
  console.log('is*:', st.isFile(), st.isDirectory(), st.isSymbolicLink(), st.isFIFO(), st.isSocket(), st.isBlockDevice(), st.isCharacterDevice());
  console.log('size/nlink:', st.size, st.nlink, st.mtime.getTime() === Math.round(st.mtimeMs), st instanceof fs.Stats);
  const bst = fs.statSync(p('a.txt'), { bigint: true });
  console.log('bigint keys:', Object.keys(bst).join(' '));
  console.log('bigint:', typeof bst.size, bst.size, typeof bst.mtimeNs, bst.isFile(), bst.mtimeMs === bst.mtimeNs / 1000000n);
  console.log('no entry:', fs.statSync(p('missing'), { throwIfNoEntry: false }), fs.lstatSync(p('missing'), { throwIfNoEntry: false }));
  fs.utimesSync(p('a.txt'), 100, 200.5);
  console.log('utimes:', fs.statSync(p('a.txt')).atimeMs, fs.statSync(p('a.txt')).mtimeMs, fs.statSync(p('a.txt')).mtime.toISOString());
  fs.utimesSync(p('a.txt'), '300', new Date(400000));
  console.log('utimes string/Date:', fs.statSync(p('a.txt')).atimeMs, fs.statSync(p('a.txt')).mtimeMs);
  console.log('char device:', fs.statSync('/dev/null').isCharacterDevice());

  // Directories.
  show('mkdir recursive:', () => rel(fs.mkdirSync(p('x', 'y', 'z'), { recursive: true })));
  show('mkdir recursive existing:', () => fs.mkdirSync(p('x', 'y'), { recursive: true }));
  show('mkdir recursive partial:', () => rel(fs.mkdirSync(p('x', 'y', 'w', 'v'), { recursive: true })));
  show('mkdir plain:', () => fs.mkdirSync(p('plain')));
  show('mkdir existing:', () => fs.mkdirSync(p('plain')));
  show('mkdir mode:', () => { fs.mkdirSync(p('m700'), 0o700); return (fs.statSync(p('m700')).mode & 0o777).toString(8); });
  show('mkdir under file:', () => fs.mkdirSync(p('a.txt', 'sub'), { recursive: true }));
  show('mkdir on file:', () => fs.mkdirSync(p('a.txt'), { recursive: true }));
  fs.writeFileSync(p('x', 'f1'), '1');
  fs.writeFileSync(p('x', 'y', 'f2'), '2');
  fs.symlinkSync('f1', p('x', 'ln'));
  show('readdir:', () => fs.readdirSync(p('x')).sort());
  show('readdir buffer:', () => fs.readdirSync(p('x'), 'buffer').map(String).sort());
  show('readdir types:', () => fs.readdirSync(p('x'), { withFileTypes: true })
    .map((d) => `${d.name}:${d.isFile() ? 'f' : d.isDirectory() ? 'd' : d.isSymbolicLink() ? 'l' : '?'}:${rel(d.path)}:${rel(d.parentPath)}`).sort());
  show('readdir recursive:', () => fs.readdirSync(p('x'), { recursive: true }).sort());
  show('readdir recursive types:', () => fs.readdirSync(p('x'), { recursive: true, withFileTypes: true })
    .map((d) => `${rel(path.join(d.path, d.name))}:${d.isDirectory()}`).sort());
  show('dirent:', () => Object.keys(fs.readdirSync(p('x'), { withFileTypes: true })[0]).join(' '));
  show('readdir file:', () => fs.readdirSync(p('a.txt')));
  show('rmdir non-empty:', () => fs.rmdirSync(p('x')));
  show('rmdir empty:', () => fs.rmdirSync(p('plain')));
  show('rm dir without recursive:', () => fs.rmSync(p('x')));
  show('rm missing:', () => fs.rmSync(p('missing')));
  show('rm missing force:', () => fs.rmSync(p('missing'), { force: true }));

  // Links and names.
  show('readlink:', () => fs.readlinkSync(p('x', 'ln')));
  show('lstat link:', () => [fs.lstatSync(p('x', 'ln')).isSymbolicLink(), fs.statSync(p('x', 'ln')).isSymbolicLink()]);
  show('realpath:', () => rel(fs.realpathSync(p('x', 'ln'))) === rel(fs.realpathSync.native(p('x', 'f1'))));
  show('realpath missing:', () => fs.realpathSync(p('nope', 'deeper')));
  show('realpath.native missing:', () => fs.realpathSync.native(p('nope', 'deeper')));
  fs.linkSync(p('x', 'f1'), p('hard'));
  show('link nlink:', () => fs.statSync(p('hard')).nlink);
  fs.renameSync(p('hard'), p('hard2'));
  show('rename:', () => [fs.existsSync(p('hard')), fs.readFileSync(p('hard2'), 'utf8')]);
  fs.copyFileSync(p('a.txt'), p('copy.txt'));
  show('copyFile:', () => fs.readFileSync(p('copy.txt'), 'utf8'));
  show('copyFile EXCL:', () => fs.copyFileSync(p('a.txt'), p('copy.txt'), fs.constants.COPYFILE_EXCL));
  fs.unlinkSync(p('copy.txt'));
  show('unlink:', () => fs.existsSync(p('copy.txt')));
  show('access:', () => fs.accessSync(p('a.txt'), fs.constants.R_OK | fs.constants.W_OK));
  show('access missing:', () => fs.accessSync(p('missing')));
  show('exists:', () => [fs.existsSync(p('a.txt')), fs.existsSync(p('missing')), fs.existsSync(), fs.existsSync('a\0b'), fs.existsSync(Buffer.from(p('a.txt')))]);
  fs.chmodSync(p('a.txt'), '644');
  show('chmod octal string:', () => (fs.statSync(p('a.txt')).mode & 0o777).toString(8));
  show('Buffer path:', () => fs.readFileSync(Buffer.from(p('a.txt')), 'utf8'));
  show('file URL:', () => fs.readFileSync(new URL(`file://${p('a.txt')}`), 'utf8'));
  show('URL string is a path:', () => fs.existsSync(`file://${p('a.txt')}`));

  // cp.
  fs.cpSync(p('x'), p('x2'), { recursive: true });
  show('cpSync:', () => fs.readdirSync(p('x2'), { recursive: true }).sort());
  show('cpSync link kept:', () => rel(fs.readlinkSync(p('x2', 'ln'))));
  show('cpSync dir without recursive:', () => fs.cpSync(p('x'), p('x3')));
  fs.cpSync(p('a.txt'), p('x2', 'a-copy.txt'));
  show('cpSync file:', () => fs.readFileSync(p('x2', 'a-copy.txt'), 'utf8'));

  // Removal.
  fs.rmSync(p('x'), { recursive: true });
  fs.rmdirSync(p('x2'), { recursive: true });
  show('left:', () => fs.readdirSync(dir).sort());
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log('cleaned up:', fs.existsSync(dir));
