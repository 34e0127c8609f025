// A referenced watcher keeps the worker alive until it is closed: the only
// other thing here is an unref()'d timer, which alone would let the worker
// end before it fires. The timer makes the change each watcher waits for,
// again each time it fires, so that a poll that began late still sees one.
const fs = require('fs');
const os = require('os');
const path = require('path');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isohost-ref-'));
const kind = process.argv[2];
const file = path.join(dir, 'file');
fs.mkdirSync(path.join(dir, 'sub'));

if (kind === 'watch') {
  const watcher = fs.watch(dir, (eventType, filename) => {
    console.log('watch saw', filename);
    watcher.close();
  });
} else if (kind === 'recursive') {
  const watcher = fs.watch(dir, { recursive: true }, (eventType, filename) => {
    console.log('recursive watch saw', filename);
    watcher.close();
  });
} else if (kind === 'watchFile') {
  fs.watchFile(file, { interval: 20 }, (current, previous) => {
    if (current.size <= previous.size) return;
    console.log('watchFile saw it grow');
    fs.unwatchFile(file);
  });
} else if (kind === 'promise') {
  (async () => {
    for await (const { filename } of fs.promises.watch(dir)) {
      console.log('promises.watch saw', filename);
      break;
    }
  })();
}
setInterval(() => fs.appendFileSync(kind === 'recursive' ? path.join(dir, 'sub', 'file') : file, 'abc'), 200).unref();
process.on('exit', () => {
  fs.rmSync(dir, { recursive: true });
  console.log('exit');
});
