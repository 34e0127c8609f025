// env: SHARE_ENV: the parent's changes after the spawn reach the nested
// worker before the parent's next message, its changes reach the parent
// before its exit, and a worker with its own copy of the env sees neither.
const { Worker, workerData, parentPort, SHARE_ENV } = require('node:worker_threads');

if (workerData === 'shared') {
  process.env.SET_IN_CHILD = 'child';
  delete process.env.TO_DELETE;
  parentPort.once('message', () => {
    console.log('child sees', process.env.SET_AFTER_SPAWN, process.env.CHANGED);
  });
} else if (workerData === 'copied') {
  parentPort.once('message', () => console.log('copy sees', process.env.SET_AFTER_SPAWN));
} else {
  process.env.TO_DELETE = 'x';
  process.env.CHANGED = 'before';
  const shared = new Worker(__filename, { workerData: 'shared', env: SHARE_ENV });
  const copied = new Worker(__filename, { workerData: 'copied' });
  process.env.SET_AFTER_SPAWN = 'parent';
  process.env.CHANGED = 'after';
  shared.postMessage('go');
  shared.on('exit', () => {
    console.log('parent sees', process.env.SET_IN_CHILD, 'TO_DELETE' in process.env);
    copied.postMessage('go');
  });
  copied.on('exit', () => console.log('copy exit'));
}
