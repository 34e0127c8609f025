// Entries of nested workers: data: URLs run as ES modules (a non-JavaScript
// one fails, an unsettled top-level await exits 13), and eval source in ES
// syntax is detected as a module unless the options say CommonJS.
const { Worker } = require('node:worker_threads');

function run(label, filename, options) {
  const w = new Worker(filename, options);
  w.on('message', (m) => console.log(label, 'message', m));
  w.on('error', (e) => console.log(label, 'error', e.name));
  return new Promise((resolve) => w.on('exit', (code) => {
    console.log(label, 'exit', code);
    resolve();
  }));
}

(async () => {
  await run('url', new URL('data:text/javascript,import { parentPort } from "node:worker_threads"; parentPort.postMessage(import.meta.url.slice(0, 5))'));
  await run('plain', new URL('data:text/plain,hello'));
  await run('tla', new URL('data:text/javascript,await new Promise(() => {})'));
  await run('esm-eval', 'import { parentPort } from "node:worker_threads"; parentPort.postMessage(typeof require)', { eval: true });
  await run('cjs-eval', 'export {}', { eval: true, execArgv: ['--input-type=commonjs'] });
  await run('no-detect', 'export {}', { eval: true, execArgv: ['--no-experimental-detect-module'] });
  await run('thrown', 'throw new SyntaxError("not syntax")', { eval: true });
})();
