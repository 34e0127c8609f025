// fs.watchFile: the listener's (current, previous) Stats as a file comes,
// grows and goes (all zeroes, the epoch for dates, while it does not
// exist), BigIntStats with `bigint`, and one StatWatcher shared by every
// listener of a file. Each change is one system call made from the
// listener, so no poll can see half of it.
const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isohost-watchfile-'));
const file = path.join(dir, 'watched');
const zeroes = new fs.Stats(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

const describe = (s) => (s.ino > 0 ?
  `file=${s.isFile()} size=${s.size} nlink=${s.nlink} mtime>0=${s.mtimeMs > 0}` :
  `zeroes=${assert.deepStrictEqual(s, zeroes) === undefined}`);

const steps = [
  ['missing at first', () => fs.closeSync(fs.openSync(file, 'w'))],
  ['created', () => fs.truncateSync(file, 10)],
  ['grown', () => fs.unlinkSync(file)],
  ['removed', () => fs.unwatchFile(file)],
];
let step = 0;
const watcher = fs.watchFile(file, { interval: 20 }, (current, previous) => {
  console.log(`${steps[step][0]}: current ${describe(current)}; previous ${describe(previous)}`);
  console.log('  are Stats:', current instanceof fs.Stats, previous instanceof fs.Stats,
    'dates:', current.mtime instanceof Date, current.mtime.getTime() === Math.round(current.mtimeMs));
  steps[step++][1]();
});
console.log('a StatWatcher:', watcher.constructor.name, watcher instanceof require('events'));
watcher.on('stop', () => {
  console.log('stopped');
  bigint();
});

function bigint() {
  const other = path.join(dir, 'other');
  fs.watchFile(other, { bigint: true, interval: 20 }, (current, previous) => {
    console.log('bigint:', current.constructor.name, typeof current.size, current.ino, current.mtimeNs,
      current.atime.getTime(), previous.birthtimeMs);
    fs.unwatchFile(other);
    shared();
  });
}

function shared() {
  const target = path.join(dir, 'shared');
  const one = () => {};
  const two = () => {};
  const first = fs.watchFile(target, { interval: 60000 }, one);
  const second = fs.watchFile(target, two);
  console.log('one watcher per file:', first === second, first.listenerCount('change'));
  fs.unwatchFile(target, () => {});
  console.log('an unknown listener changes nothing:', first.listenerCount('change'));
  fs.unwatchFile(target, one);
  console.log('after one is gone:', first.listenerCount('change'));
  first.on('stop', () => {
    console.log('stopped when the last one went');
    const again = fs.watchFile(target, one);
    console.log('a new watcher after that:', again !== first);
    fs.unwatchFile(target);
    fs.rmSync(dir, { recursive: true });
  });
  fs.unwatchFile(target, two);
}
