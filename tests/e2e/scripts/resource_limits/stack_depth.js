// Starts a worker with no stack size, one with a small one and one with a
// larger one, and prints what each reports and how their recursion depths
// compare. With `forked` (a one-shot run, whose nested workers come from the
// pool once the zygote is up) it first waits until nested workers are forked.
const path = require('node:path');
const { Worker } = require('node:worker_threads');

const child = path.join(__dirname, 'depth_child.js');

function run(resourceLimits) {
  return new Promise((resolve, reject) => {
    const w = new Worker(child, { resourceLimits, workerData: { hostPid: process.ppid } });
    const parentSide = w.resourceLimits;
    w.once('message', (m) => resolve({ ...m, parentSide }));
    w.once('error', reject);
  });
}

(async () => {
  if (process.argv[2] === 'forked') {
    for (let i = 0; i < 200 && !(await run(undefined)).forked; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const plain = await run(undefined);
  const small = await run({ stackSizeMb: 0.25 });
  const large = await run({ stackSizeMb: 2, codeRangeSizeMb: 16 });
  for (const [name, r] of Object.entries({ plain, small, large })) {
    console.log(name, 'inside', r.limits.stackSizeMb, r.limits.codeRangeSizeMb,
                'parent', r.parentSide.stackSizeMb, r.parentSide.codeRangeSizeMb, 'rangeError', r.rangeError);
  }
  console.log('small < large', small.depth < large.depth);
  console.log('large < plain', large.depth < plain.depth);
  console.log('forked', plain.forked, small.forked, large.forked);
})();
