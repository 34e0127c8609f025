// The 'error' of a nested worker that threw: the error as it was there
// (name, message, its own stack and properties), the value itself for a
// thrown non-error, and no stack when its stack getter throws.
const { Worker } = require('node:worker_threads');

const sources = [
  'const e = new TypeError("bad"); e.code = "ERR_X"; e.extra = 7; throw e;',
  'throw 42;',
  'Error.prepareStackTrace = () => { throw new Error("no"); }; throw new Error("hidden");',
];
(async () => {
  for (const source of sources) {
    await new Promise((resolve) => {
      const w = new Worker(source, { eval: true });
      w.on('error', (e) => {
        if (typeof e !== 'object') return console.log('value', e);
        console.log(e.name, e.message, e.code, e.extra, e instanceof Error,
                    typeof e.stack === 'string' ? e.stack.includes('[worker eval]:1') : e.stack);
      });
      w.on('exit', resolve);
    });
  }
})();
