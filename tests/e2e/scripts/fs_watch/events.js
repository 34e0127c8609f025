// fs.watch's events for each kind of change, on a file, on a directory and
// with other encodings, as Node 20 reports them. Each step ends when a
// watch of a separate directory reports that step's marker: all watches
// share one inotify queue, so every event of the step came before it.
// inotify merges repeats of an event not read yet, so each step prints the
// events it saw once each, in order.
const fs = require('fs');
const os = require('os');
const path = require('path');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isohost-watch-'));
const marks = fs.mkdtempSync(path.join(os.tmpdir(), 'isohost-marks-'));
const p = (...parts) => path.join(dir, ...parts);
fs.writeFileSync(p('file'), 'one');
fs.mkdirSync(p('sub'));

let seen = [];
const record = (label) => (eventType, filename) => {
  const name = Buffer.isBuffer(filename) ? `<Buffer ${filename.toString('hex')}>` : filename;
  const line = `  ${label}: ${eventType} ${name}`;
  if (!seen.includes(line)) seen.push(line);
};

const watchers = {
  file: fs.watch(p('file'), record('file')),
  dir: fs.watch(dir, record('dir')),
  buffer: fs.watch(dir, { encoding: 'buffer' }, record('buffer')),
  hex: fs.watch(dir, 'hex'),
  sub: fs.watch(p('sub'), { persistent: false }),
};
watchers.hex.on('change', record('hex'));
watchers.sub.on('change', record('sub'));
for (const [label, watcher] of Object.entries(watchers)) {
  watcher.on('close', () => console.log(`close ${label}`));
}

const steps = [
  ['overwrite the file', () => fs.writeFileSync(p('file'), 'two')],
  ['append to the file', () => fs.appendFileSync(p('file'), 'three')],
  ['create a file', () => fs.writeFileSync(p('new'), 'x')],
  ['rename it', () => fs.renameSync(p('new'), p('renamed'))],
  ['chmod the file', () => fs.chmodSync(p('file'), 0o600)],
  ['make a directory', () => fs.mkdirSync(p('made'))],
  ['write below a subdirectory', () => fs.writeFileSync(p('sub', 'deep'), 'x')],
  ['a name that needs encoding', () => fs.writeFileSync(p('新建.txt'), '')],
  ['remove the file', () => fs.unlinkSync(p('file'))],
];

let step = 0;
const clock = fs.watch(marks, (eventType, filename) => {
  if (filename !== `mark-${step}`) return;
  console.log(`${steps[step][0]}:`);
  for (const line of seen) console.log(line);
  seen = [];
  step++;
  if (step < steps.length) {
    runStep();
    return;
  }
  clock.close();
  for (const watcher of Object.values(watchers)) watcher.close();
  watchers.dir.close();
  console.log('closed');
  process.on('exit', () => {
    fs.rmSync(dir, { recursive: true });
    fs.rmSync(marks, { recursive: true });
  });
});

function runStep() {
  steps[step][1]();
  fs.mkdirSync(path.join(marks, `mark-${step}`));
}
runStep();
