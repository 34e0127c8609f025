'use strict';
// What needs streams or an IPC channel is refused with a clear error.
const cp = require('child_process');
for (const name of ['spawn', 'fork', '_forkChild']) {
  try {
    cp[name]('echo');
    console.log(name, 'did not throw');
  } catch (e) {
    console.log(name, e.code, e.message);
  }
}
const child = cp.execFile('true', () => {});
console.log('streams', child.stdin, child.stdout, child.stderr);
