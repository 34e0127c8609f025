// A task script for tests/e2e/pool_test.cc: each task is { op, ... } and
// does one thing a pool must cope with.
let retained = [];
let tally = 0;  // tasks that ran, of those that count themselves

module.exports = async function (task, { signal, taskId }) {
  switch (task.op) {
    case 'add':
      return task.n + 1;
    case 'echo':
      return task.value;
    case 'id':
      return { taskId, pid: process.pid };
    case 'throw': {
      const err = new RangeError(task.message);
      err.code = 'ERR_TEST_THROWN';
      throw err;
    }
    case 'throw-value':
      throw task.value;
    case 'reject-later':
      await new Promise((resolve) => setTimeout(resolve, 5));
      throw new TypeError('rejected later');
    case 'crash':
      process.kill(process.pid, 'SIGKILL');
      return new Promise(() => {});
    case 'exit':
      process.exit(task.code);
      break;
    case 'oom': {
      const hog = [];
      for (;;) hog.push(new Array(100000).fill({ task }));
    }
    case 'sleep':
      // Cooperative: settles early, with the signal's reason, on a cancel.
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve('slept'), task.ms);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
      });
    case 'ignore-cancel':
      // Reads the signal but never settles: only a kill ends it.
      void signal;
      return new Promise(() => {});
    case 'spin': {
      const end = Date.now() + task.ms;
      while (Date.now() < end) {}
      return 'spun';
    }
    case 'retain':
      // Keeps `mb` MiB alive in the worker's heap.
      for (let i = 0; i < task.mb; i++) retained.push(new Array(128 * 1024).fill(i));
      return retained.length;
    case 'tally':
      return ++tally;
    case 'not-cloneable':
      return () => {};
    default:
      throw new Error(`unknown op ${task.op}`);
  }
};
