// fs.cp, cpSync and fs.promises.cp as Node copies: recursion, links (made
// absolute, or verbatim), dereference, filters (a promise only in the
// asynchronous forms), errorOnExist, force, modes and timestamps, and
// Node's errors for every pair it refuses.
const fs = require('fs');
const os = require('os');
const path = require('path');
const util = require('util');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isohost-fs-'));
const p = (...parts) => path.join(dir, ...parts);
const hide = (text) => String(text).split(dir).join('<dir>');
const errorOf = (e) => `${e.name} ${e.code}: ${hide(e.message)}${e.syscall ? ` [${e.syscall} ${hide(e.path)}]` : ''}`;
function show(label, fn) {
  try { console.log(label, '->', hide(util.inspect(fn()))); } catch (e) { console.log(label, '!!', errorOf(e)); }
}
const tree = (root) => fs.readdirSync(root, { recursive: true, withFileTypes: true })
  .map((d) => `${hide(path.join(d.parentPath, d.name)).replace(hide(root), '')}${d.isSymbolicLink() ? '@' + hide(fs.readlinkSync(path.join(d.parentPath, d.name))) : d.isDirectory() ? '/' : ''}`).sort().join(' ');
fs.mkdirSync(p('src', 'sub'), { recursive: true });
fs.writeFileSync(p('src', 'a'), 'a');
fs.writeFileSync(p('src', 'sub', 'b'), 'b');
fs.symlinkSync('a', p('src', 'rel'));
fs.symlinkSync(p('src', 'a'), p('src', 'abs'));
show('cpSync dir no recursive', () => fs.cpSync(p('src'), p('d1')));
show('cpSync recursive', () => { fs.cpSync(p('src'), p('d1'), { recursive: true }); return tree(p('d1')); });
show('cpSync verbatim', () => { fs.cpSync(p('src'), p('d2'), { recursive: true, verbatimSymlinks: true }); return tree(p('d2')); });
show('cpSync dereference', () => { fs.cpSync(p('src'), p('d3'), { recursive: true, dereference: true }); return tree(p('d3')); });
show('cpSync filter', () => { fs.cpSync(p('src'), p('d4'), { recursive: true, filter: (s) => !s.endsWith('b') }); return tree(p('d4')); });
show('cpSync errorOnExist', () => fs.cpSync(p('src', 'a'), p('d1', 'a'), { errorOnExist: true, force: false }));
show('cpSync force false', () => fs.cpSync(p('src', 'a'), p('d1', 'a'), { force: false }));
show('cpSync into self', () => fs.cpSync(p('src'), p('src', 'sub', 'x'), { recursive: true }));
show('cpSync same', () => fs.cpSync(p('src'), p('src'), { recursive: true }));
show('cpSync dir to file', () => fs.cpSync(p('src'), p('src', 'a'), { recursive: true }));
show('cpSync file to dir', () => fs.cpSync(p('src', 'a'), p('src', 'sub')));
show('cpSync bad filter', () => fs.cpSync(p('src'), p('d5'), { filter: 1 }));
show('cpSync bad mode', () => fs.cpSync(p('src', 'a'), p('d5'), { mode: 9 }));
show('cpSync bad verbatim', () => fs.cpSync(p('src', 'a'), p('d5'), { verbatimSymlinks: 1 }));
show('cpSync missing', () => fs.cpSync(p('missing'), p('d5')));
show('cpSync preserveTimestamps', () => { fs.utimesSync(p('src', 'a'), 1000, 2000); fs.cpSync(p('src', 'a'), p('d6'), { preserveTimestamps: true }); return fs.statSync(p('d6')).mtimeMs; });
fs.cp(p('src'), p('d7'), { recursive: true, filter: async (s) => !s.endsWith('rel') }, (err) => {
  console.log('cp async filter', err && errorOf(err), tree(p('d7')));
  fs.promises.cp(p('src'), p('d8'), { recursive: true }).then(() => { console.log('promises.cp', tree(p('d8'))); fs.rmSync(dir, { recursive: true }); more(); });
});
function more() {
  const d2 = fs.mkdtempSync(path.join(os.tmpdir(), 'isohost-fs-'));
  const q = (...parts) => path.join(d2, ...parts);
  const hide2 = (t) => String(t).split(d2).join('<d2>');
  const show2 = (label, fn) => {
    try { console.log(label, '->', hide2(util.inspect(fn()))); } catch (e) { console.log(label, '!!', hide2(errorOf(e))); }
  };
  fs.mkdirSync(q('s', 'inner'), { recursive: true });
  fs.writeFileSync(q('s', 'f'), 'f');
  fs.chmodSync(q('s', 'f'), 0o444);
  show2('cpSync async filter', () => fs.cpSync(q('s'), q('t0'), { recursive: true, filter: async () => true }));
  show2('cpSync filter throws', () => fs.cpSync(q('s'), q('t0'), { recursive: true, filter: () => { throw new Error('no'); } }));
  show2('cpSync filter skips root', () => { fs.cpSync(q('s'), q('t0'), { recursive: true, filter: () => false }); return fs.existsSync(q('t0')); });
  show2('cpSync missing parents', () => { fs.cpSync(q('s', 'f'), q('a', 'b', 'c', 'f')); return fs.readFileSync(q('a', 'b', 'c', 'f'), 'utf8'); });
  show2('cpSync read-only preserveTimestamps', () => { fs.cpSync(q('s', 'f'), q('ro'), { preserveTimestamps: true }); return (fs.statSync(q('ro')).mode & 0o777).toString(8); });
  show2('cpSync COPYFILE_EXCL', () => fs.cpSync(q('s', 'f'), q('ro'), { mode: fs.constants.COPYFILE_EXCL }));
  show2('cpSync dir mode', () => { fs.chmodSync(q('s', 'inner'), 0o750); fs.cpSync(q('s'), q('t1'), { recursive: true }); return (fs.statSync(q('t1', 'inner')).mode & 0o777).toString(8); });
  fs.symlinkSync(q('s'), q('ls'));
  fs.symlinkSync(q('s', 'inner'), q('li'));
  show2('cpSync link over link', () => { fs.cpSync(q('li'), q('ls')); return fs.readlinkSync(q('ls')); });
  fs.symlinkSync(q('s'), q('ls2'));
  show2('cpSync link onto subdir link', () => fs.cpSync(q('ls2'), q('li')));
  show2('cpSync link over file', () => fs.cpSync(q('li'), q('ro')));
  show2('cpSync dir into its own link', () => fs.cpSync(q('s'), q('ls2', 'x'), { recursive: true }));
  show2('cpSync options null', () => fs.cpSync(q('s'), q('t2'), null));
  show2('cpSync both', () => fs.cpSync(q('s'), q('t2'), { dereference: true, verbatimSymlinks: true }));
  show2('cpSync force 1', () => fs.cpSync(q('s'), q('t2'), { force: 1 }));
  show2('cpSync mode x', () => fs.cpSync(q('s'), q('t2'), { mode: 'x' }));
  fs.cp(q('s'), q('t3'), { recursive: true, filter: async (s) => { if (s.endsWith('inner')) throw new Error('async no'); return true; } }, (err) => {
    console.log('cp filter rejects', err && hide2(errorOf(err)));
    fs.promises.cp(q('s'), q('s', 'inner', 'x'), { recursive: true }).catch((e) => {
      console.log('promises.cp into self', hide2(errorOf(e)));
      fs.cp(q('nothing'), q('t4'), (e2) => {
        console.log('cp missing', hide2(errorOf(e2)));
        fs.chmodSync(q('s', 'f'), 0o644);
        fs.rmSync(d2, { recursive: true });
      });
    });
  });
}
