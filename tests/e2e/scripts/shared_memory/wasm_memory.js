// The buffer of a shared WebAssembly.Memory is V8's own memory: it cannot
// go to another worker process, and saying so is a DataCloneError.
const { Worker } = require('node:worker_threads');
const memory = new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true });
const worker = new Worker('require("node:worker_threads").parentPort.on("message", () => {})', { eval: true });
try {
  worker.postMessage(memory.buffer);
} catch (err) {
  console.log(`${err.name}: ${err.message.split(':')[0]}`);
}
const { port1, port2 } = new MessageChannel();
port1.on('message', (m) => {
  console.log(`within the process it goes: ${m.byteLength}`);
  port1.close();
  worker.terminate();
});
port2.postMessage(memory.buffer);
