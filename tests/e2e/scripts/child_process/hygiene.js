'use strict';
// After many children, sync and async: none is left as a zombie of the
// worker, a child holds no descriptor but its stdio, and the worker holds no
// descriptor of a child that is gone (spawn: ended, failed, killed, its
// streams read, ignored or destroyed).
const cp = require('child_process');
const fs = require('fs');
// The shell's own descriptors, listed by a child of it (no pipeline, whose
// pipes the shell would hold for a moment).
const listFds = 'ls /proc/$$/fd';
const oneLine = (text) => text.trim().split('\n').join(' ');
for (let i = 0; i < 10; i++) cp.spawnSync('true');
for (let i = 0; i < 5; i++) cp.spawnSync('/nonexistent/program');
console.log('fds sync:', oneLine(cp.execFileSync('sh', ['-c', listFds], { encoding: 'utf8' })));
let pending = 10;
for (let i = 0; i < 10; i++) {
  cp.execFile(i % 2 ? 'true' : '/nonexistent/program', () => {
    if (--pending > 0) return;
    cp.execFile('sh', ['-c', listFds], (err, fds) => {
      console.log('fds async:', oneLine(fds));
      // Children of this worker right now: the `cat` reading the list, and nothing else.
      const children = cp.execFileSync('cat', [`/proc/${process.pid}/task/${process.pid}/children`], { encoding: 'utf8' });
      console.log('children besides cat:', children.trim().split(/\s+/).length - 1);
      spawnRound();
    });
  });
}

function spawnRound() {
  const fdsBefore = fs.readdirSync('/proc/self/fd').length;
  const children = [
    ...Array.from({ length: 5 }, () => cp.spawn('sh', ['-c', 'echo out; echo err >&2'])),
    ...Array.from({ length: 3 }, () => cp.spawn('/nonexistent/program')),
    cp.spawn('sleep', ['30']),
    cp.spawn('cat', { stdio: ['pipe', 'ignore', 'inherit'] }),
    cp.spawn('yes', { stdio: ['ignore', 'pipe', 'ignore'] }),
  ];
  children[children.length - 3].kill();
  children[children.length - 2].stdin.end('input');
  const yes = children[children.length - 1];
  yes.stdout.once('data', () => yes.stdout.destroy());
  let open = children.length;
  for (const child of children) {
    child.on('error', () => {});
    child.on('close', () => {
      if (--open > 0) return;
      setImmediate(() => {
        console.log('spawn fds left open:', fs.readdirSync('/proc/self/fd').length - fdsBefore);
        const left = fs.readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim();
        console.log('spawn children left:', left === '' ? 0 : left.split(/\s+/).length);
      });
    });
  }
}
