'use strict';
// process.execPath run as Node is: this script spawns itself through it
// (`isohost FILE ARGS` in a worker, `node FILE ARGS` under Node) and talks to
// the child over its stdio. The e2e test compares the output with Node's
// (exec_path.out).
const cp = require('child_process');
const fs = require('fs');

const role = process.argv[2];
if (role === 'echo') {
  // Reads its stdin to the end, answers on stdout and stderr, exits 3.
  let text = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => { text += chunk; });
  process.stdin.on('end', () => {
    process.stdout.write(text.toUpperCase());
    console.error('read', text.length, 'characters');
    process.exitCode = 3;
  });
  return;
}
if (role === 'fd0') {
  process.stdout.write(`fd 0 said: ${fs.readFileSync(0, 'utf8')}`);
  return;
}
if (role === 'argv') {
  console.log(JSON.stringify({ argv0: process.argv0, argv: process.argv.slice(2) }));
  return;
}
if (role === 'forever') {
  console.log('ready');
  setInterval(() => {}, 1000);
  return;
}

const steps = [];
function step(label, args, options, feed) {
  steps.push(() => new Promise((resolve) => {
    const child = cp.spawn(process.execPath, args, options);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => { stdout += chunk; });
    child.stderr.setEncoding('utf8').on('data', (chunk) => { stderr += chunk; });
    if (feed) feed(child);
    child.on('close', (code, signal) => {
      console.log(label, JSON.stringify({ code, signal, stdout, stderr }));
      resolve();
    });
  }));
}

step('echo', [__filename, 'echo'], {}, (child) => {
  child.stdin.write('hello ');
  setTimeout(() => child.stdin.end('world'), 50);
});
step('fd0', [__filename, 'fd0'], {}, (child) => child.stdin.end('piped bytes\n'));
step('argv', [__filename, 'argv', 'a b', 'c'], { argv0: 'custom-argv0' });
step('eval', ['-e', 'console.log(6 * 7); process.exitCode = 5'], {});
step('killed', [__filename, 'forever'], {}, (child) => {
  child.stdout.once('data', () => child.kill());
});

(async () => {
  for (const run of steps) await run();
  const sync = cp.spawnSync(process.execPath, [__filename, 'echo'], { input: 'sync input', encoding: 'utf8' });
  console.log('spawnSync', JSON.stringify({ status: sync.status, stdout: sync.stdout, stderr: sync.stderr }));
  cp.execFile(process.execPath, [__filename, 'fd0'], (err, stdout) => console.log('execFile', err, JSON.stringify(stdout)))
    .stdin.end('through execFile\n');
})();
