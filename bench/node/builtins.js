'use strict';
// The Node.js side of bench/builtins: runs the generated measuring file in a
// worker thread, as the isohost side runs it in a worker, and prints the
// JSON line it prints.
//
//   run --worker F    {"rows": [...]}: what F measured

const { Worker } = require('node:worker_threads');
const { runHarness } = require('./harness.js');

function run(options) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(options.worker, { stdout: true });
    let output = '';
    let exited = false;
    let ended = false;
    // 'exit' and the end of stdout come in either order.
    const finish = () => {
      if (!exited || !ended) return;
      const lines = output.trim().split('\n');
      try {
        resolve(JSON.parse(lines[lines.length - 1]));
      } catch {
        reject(new Error(`no JSON from the worker: ${output.slice(-200)}`));
      }
    };
    worker.stdout.setEncoding('utf8');
    worker.stdout.on('data', (chunk) => { output += chunk; });
    worker.stdout.on('end', () => { ended = true; finish(); });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`worker exited with code ${code}`));
      exited = true;
      finish();
    });
  });
}

runHarness('builtins.js', { worker: '' }, { run });
