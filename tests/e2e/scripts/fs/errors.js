// Node's errors: failed system calls (message, errno, code, syscall, path,
// dest) and the argument checks, each as Node 20 words it.
const fs = require('fs');
const os = require('os');
const path = require('path');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isohost-fs-'));
const p = (...parts) => path.join(dir, ...parts);
const hide = (text) => String(text).split(dir).join('<dir>');
function show(label, fn) {
  try {
    console.log(label, 'returned', fn());
  } catch (e) {
    const fields = ['errno', 'code', 'syscall', 'path', 'dest'].filter((k) => e[k] !== undefined)
      .map((k) => `${k}=${hide(e[k])}`).join(' ');
    console.log(label, `${e.name}: ${hide(e.message)}`, '|', fields);
  }
}

try {
  fs.writeFileSync(p('file'), 'x');
  fs.mkdirSync(p('sub'));
  show('open missing', () => fs.openSync(p('missing')));
  show('readFile missing', () => fs.readFileSync(p('missing')));
  show('readFile dir', () => fs.readFileSync(dir));
  show('stat missing', () => fs.statSync(p('missing')));
  show('lstat missing', () => fs.lstatSync(p('missing')));
  show('rename missing', () => fs.renameSync(p('missing'), p('other')));
  show('link missing', () => fs.linkSync(p('missing'), p('other')));
  show('copyFile missing', () => fs.copyFileSync(p('missing'), p('other')));
  show('symlink existing', () => fs.symlinkSync('x', p('file')));
  show('readlink not a link', () => fs.readlinkSync(p('file')));
  show('unlink dir', () => fs.unlinkSync(p('sub')));
  show('rmdir file', () => fs.rmdirSync(p('file')));
  show('mkdir existing', () => fs.mkdirSync(p('sub')));
  show('readdir missing', () => fs.readdirSync(p('missing')));
  show('chmod missing', () => fs.chmodSync(p('missing'), 0o644));
  show('utimes missing', () => fs.utimesSync(p('missing'), 1, 1));
  show('mkdtemp missing', () => fs.mkdtempSync(p('missing', 'x-')));
  show('access missing', () => fs.accessSync(p('missing'), fs.constants.W_OK));
  show('truncate missing', () => fs.truncateSync(p('missing')));
  show('read bad fd', () => fs.readSync(999, Buffer.alloc(1)));
  show('close bad fd', () => fs.closeSync(999));
  show('fstat bad fd', () => fs.fstatSync(999));
  show('write to read-only', () => {
    const fd = fs.openSync(p('file'), 'r');
    try { return fs.writeSync(fd, 'x'); } finally { fs.closeSync(fd); }
  });

  // Argument checks.
  show('path number', () => fs.readFileSync(1.5));
  show('path object', () => fs.statSync({}));
  show('path undefined', () => fs.statSync());
  show('path null byte', () => fs.statSync('a\0b'));
  show('buffer path null byte', () => fs.statSync(Buffer.from('a\0b')));
  show('http URL', () => fs.statSync(new URL('http://example.com/')));
  show('file URL with host', () => fs.statSync(new URL('file://host/x')));
  show('bad flags', () => fs.openSync(p('file'), 'zz'));
  show('bad flags type', () => fs.openSync(p('file'), true));
  show('bad mode', () => fs.openSync(p('file'), 'r', 'abc'));
  show('bad encoding', () => fs.readFileSync(p('file'), 'bogus'));
  show('bad encoding option', () => fs.readFileSync(p('file'), { encoding: 'nope' }));
  show('bad options', () => fs.readFileSync(p('file'), 42));
  show('bad fd', () => fs.fstatSync(-1));
  show('fd not integer', () => fs.closeSync(1.5));
  show('fd string', () => fs.closeSync('3'));
  show('data number', () => fs.writeFileSync(p('file'), 5));
  show('data object', () => fs.writeFileSync(p('file'), { toString() { return 'x'; } }));
  show('read buffer', () => fs.readSync(0, 'x'));
  show('read offset', () => fs.readSync(0, Buffer.alloc(4), 5, 1, 0));
  show('read length', () => fs.readSync(0, Buffer.alloc(4), 1, 4, 0));
  show('write offset', () => fs.writeSync(1, Buffer.alloc(4), 5));
  show('write length', () => fs.writeSync(1, Buffer.alloc(4), 1, 5));
  show('write data', () => fs.writeSync(1, 42));
  show('copyFile mode', () => fs.copyFileSync(p('file'), p('x'), 8));
  show('access mode', () => fs.accessSync(p('file'), 'r'));
  show('rm options', () => fs.rmSync(p('file'), { recursive: 'yes' }));
  show('mkdir recursive option', () => fs.mkdirSync(p('x'), { recursive: 1 }));
  show('symlink type', () => fs.symlinkSync('a', p('b'), 'bogus'));
  show('utimes time', () => fs.utimesSync(p('file'), {}, 1));
  show('callback missing', () => fs.readFile(p('file')));
  show('callback not function', () => fs.stat(p('file'), 'cb'));
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
