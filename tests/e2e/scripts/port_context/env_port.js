'use strict';
// A nested worker's environment port (internalBinding('worker') under
// --expose-internals) reaches its parent's Worker object as Node's internal
// messages do.
const { Worker } = require('worker_threads');
const kind = process.argv[2];
const w = new Worker(`
  const { internalBinding } = require('internal/test/binding');
  const { messageTypes } = require('internal/worker/io');
  const port = internalBinding('worker').getEnvMessagePort();
  port.postMessage({ type: ${JSON.stringify(kind)} === 'unserializable' ? messageTypes.COULD_NOT_SERIALIZE_ERROR : 'NOT_A_TYPE' });
`, { eval: true, execArgv: ['--expose-internals', '--no-warnings'] });
w.on('error', (e) => console.log('error:', e.code, e.message));
w.on('exit', (code) => console.log('exit:', code));
