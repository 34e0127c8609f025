// A port handed to hooks in transferList works, and, as Node's hooks thread,
// does not keep the worker alive once the script is done.
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const { port1, port2 } = new MessageChannel();
register('./port_hooks.mjs', import.meta.url, { data: { port: port2 }, transferList: [port2] });
await import('node:path');  // waits for the registration
port1.once('message', (answer) => {
  console.log(answer);
  port1.unref();
  process.on('exit', (code) => console.log('exit', code));
});
port1.postMessage('hello');
