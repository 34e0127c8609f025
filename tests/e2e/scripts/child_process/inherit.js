'use strict';
// A child given the worker's own stdout and stderr ('inherit', or the
// descriptors by number) writes straight to them; the host must show it.
const cp = require('child_process');
console.log('worker before');
cp.execSync('echo child stdout via execSync', { stdio: 'inherit' });
cp.spawnSync('sh', ['-c', 'echo child stderr via spawnSync >&2'], { stdio: 'inherit' });
cp.spawnSync('sh', ['-c', 'echo child stdout by fd number'], { stdio: ['ignore', 1, 2] });
// execFileSync without stdio collects stderr and writes it to process.stderr.
cp.execFileSync('sh', ['-c', 'echo collected stderr >&2']);
console.log('worker after');
