'use strict';
// --trace-exit reaches a nested worker in its execArgv or in NODE_OPTIONS of
// its env: its process.exit() writes (to stderr) where it was called.
const { Worker } = require('node:worker_threads');

const code = 'function leave(code) { process.exit(code); }\nsetImmediate(() => leave(+process.env.CODE));';
const runs = [
  { execArgv: ['--trace-exit'], env: { CODE: '4' } },
  { env: { ...process.env, NODE_OPTIONS: '--trace-exit', CODE: '5' } },
  { env: { CODE: '6' } },
];
(async () => {
  for (const options of runs) {
    const worker = new Worker(code, { eval: true, ...options });
    console.log('exit', await new Promise((resolve) => worker.on('exit', resolve)));
  }
})();
