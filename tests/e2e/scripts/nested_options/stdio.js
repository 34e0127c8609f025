// A nested worker's stdio as streams of its parent: `stdout: true` keeps its
// output for worker.stdout alone, stderr not asked for is read from
// worker.stderr and also written to the parent's own, and `stdin: true`
// feeds its process.stdin from worker.stdin.
const { Worker } = require('node:worker_threads');

const w = new Worker('process.stdin.on("data", (d) => process.stdout.write("echo:" + d + " "));' +
                     'process.stdin.on("end", () => { console.log("end of input"); console.error("to stderr"); });',
                     { eval: true, stdin: true, stdout: true });
let seen = '';
w.stderr.on('data', (chunk) => { seen += chunk; });
w.stdin.end('ab');
w.on('exit', (code) => {
  console.log('exit', code, JSON.stringify(w.stdout.read().toString()), JSON.stringify(seen));
});
