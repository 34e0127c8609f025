// A worker limited to a small heap (and asked for a code range, so it is
// made for these limits) fills it: its parent sees Node's error and exit code.
const { Worker } = require('node:worker_threads');

const w = new Worker('const a = []; for (;;) a.push([a]);', {
  eval: true,
  resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4, codeRangeSizeMb: 16 },
});
w.on('error', (e) => console.log('error', e.code, e.message));
w.on('exit', (code) => console.log('exit', code, JSON.stringify(w.resourceLimits)));
