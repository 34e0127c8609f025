'use strict';
// --disable-warning in a nested worker's execArgv (either form): warnings of
// that name or code are not written, though 'warning' listeners see them.
const { Worker } = require('node:worker_threads');

const code = `
  process.on('warning', (w) => require('node:worker_threads').parentPort.postMessage(w.name + ' ' + w.code));
  process.emitWarning('hidden by name', 'ExperimentalWarning');
  process.emitWarning('hidden by code', { code: 'DEP0999', type: 'DeprecationWarning' });
  process.emitWarning('still written', { code: 'W_SHOWN' });
`;
const worker = new Worker(code, {
  eval: true,
  stderr: true,
  execArgv: ['--disable-warning=ExperimentalWarning', '--disable-warning', 'DEP0999'],
});
let written = '';
worker.stderr.on('data', (chunk) => { written += chunk; });
worker.on('message', (m) => console.log('seen', m));
worker.on('exit', () => {
  const warnings = written.split('\n').filter((line) => line.includes('Warning:'));
  console.log('written', warnings.map((line) => line.replace(/^\(\w+:\d+\) /, '')));
});
