'use strict';
// After many children, sync and async: none is left as a zombie of the
// worker, and a child holds no descriptor but its stdio.
const cp = require('child_process');
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
    });
  });
}
