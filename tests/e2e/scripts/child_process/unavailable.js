'use strict';
// What needs an IPC channel to a Node process is refused with a clear error.
const cp = require('child_process');
for (const name of ['fork', '_forkChild']) {
  try {
    cp[name]('echo');
    console.log(name, 'did not throw');
  } catch (e) {
    console.log(name, e.code, e.message);
  }
}
try {
  cp.spawn('echo', { stdio: ['pipe', 'pipe', 'pipe', 'ipc'] });
  console.log('stdio ipc did not throw');
} catch (e) {
  console.log('stdio ipc', e.code, e.message);
}
