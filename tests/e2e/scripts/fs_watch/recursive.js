// fs.watch with `recursive`: events anywhere below the root by their path
// relative to it, directories that appear are watched (with what they
// already hold), ones that go are not any more. Each step ends when a watch
// of a separate directory reports that step's marker (one inotify queue),
// and prints the events it saw once each. At the end it counts the worker's
// inotify watches (from /proc) before and after close().
const fs = require('fs');
const os = require('os');
const path = require('path');

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'isohost-recursive-'));
const marks = fs.mkdtempSync(path.join(os.tmpdir(), 'isohost-marks-'));
const p = (...parts) => path.join(root, ...parts);
fs.mkdirSync(p('a', 'b'), { recursive: true });
fs.writeFileSync(p('a', 'b', 'old.txt'), 'x');
fs.symlinkSync(root, p('loop'));

function inotifyWatches() {
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    let target;
    try {
      target = fs.readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue;
    }
    if (target !== 'anon_inode:inotify') continue;
    const info = fs.readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8');
    return info.split('\n').filter((line) => line.startsWith('inotify wd:')).length;
  }
  return 0;
}

let seen = [];
const watcher = fs.watch(root, { recursive: true }, (eventType, filename) => {
  const line = `  ${eventType} ${filename}`;
  if (!seen.includes(line)) seen.push(line);
});
watcher.on('error', (err) => console.log('error', err));
watcher.on('close', () => console.log('closed'));
const clockWatches = 1;

const steps = [
  ['a file below a subdirectory', () => fs.writeFileSync(p('a', 'b', 'new.txt'), 'x')],
  ['change it', () => fs.appendFileSync(p('a', 'b', 'new.txt'), 'y')],
  ['a tree made at once', () => {
    fs.mkdirSync(p('c', 'd', 'e'), { recursive: true });
    fs.writeFileSync(p('c', 'd', 'e', 'deep.txt'), 'x');
  }],
  ['a file in the new tree', () => fs.writeFileSync(p('c', 'd', 'e', 'later.txt'), 'x')],
  ['through the link (not followed)', () => fs.writeFileSync(p('loop', 'top.txt'), 'x')],
  ['a subdirectory moved', () => fs.renameSync(p('c'), p('a', 'moved'))],
  ['a file in the moved tree', () => fs.writeFileSync(p('a', 'moved', 'd', 'there.txt'), 'x')],
  ['a subtree removed', () => fs.rmSync(p('a', 'moved'), { recursive: true })],
  ['a directory replaced by another of its name', () => {
    fs.rmSync(p('a', 'b'), { recursive: true });
    fs.mkdirSync(p('a', 'b'));
  }],
  ['a file in the new one', () => fs.writeFileSync(p('a', 'b', 'fresh.txt'), 'x')],
];

let step = 0;
const clock = fs.watch(marks, (eventType, filename) => {
  if (filename !== `mark-${step}`) return;
  console.log(`${steps[step][0]}:`);
  for (const line of seen) console.log(line);
  seen = [];
  step++;
  if (step < steps.length) return runStep();
  // root, a, a/b: one watch each, and the clock's.
  console.log('inotify watches:', inotifyWatches() - clockWatches);
  watcher.close();
  clock.close();
  console.log('after close:', inotifyWatches());
  fs.rmSync(root, { recursive: true });
  fs.rmSync(marks, { recursive: true });
});

function runStep() {
  steps[step][1]();
  fs.mkdirSync(path.join(marks, `mark-${step}`));
}
runStep();
