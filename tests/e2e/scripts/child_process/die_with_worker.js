'use strict';
// Prints the worker's pid and its child's, then waits on the child: the test
// kills the worker with SIGKILL and watches the child. argv[2] is the form.
const cp = require('child_process');
console.log(`worker ${process.pid}`);
if (process.argv[2] === 'spawnSync') {
  cp.spawnSync('sh', ['-c', 'echo child $$; exec sleep 100'], { stdio: 'inherit' });
} else if (process.argv[2] === 'spawn') {
  const child = cp.spawn('sleep', ['100']);
  console.log(`child ${child.pid}`);
} else {
  const child = cp.execFile('sleep', ['100'], () => {});
  console.log(`child ${child.pid}`);
}
