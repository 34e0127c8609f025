'use strict';
// async_hooks sees each MessagePort as a 'MESSAGEPORT' resource (the port
// itself), and a nested Worker's port to its worker as one too.
const util = require('util');
const async_hooks = require('async_hooks');
const { MessageChannel, Worker } = require('worker_threads');

const live = new Map();
async_hooks.createHook({
  init(id, type, trigger, resource) {
    if (type === 'MESSAGEPORT' || type === 'WORKER') live.set(id, { type, resource });
    if (type === 'MESSAGEPORT' && resource.constructor.name === 'MessagePort') {
      console.log('init', util.inspect(resource));
    }
  },
  destroy(id) { live.delete(id); },
}).enable();

function refed() {
  const types = [];
  for (const { type, resource } of live.values()) {
    if (typeof resource.hasRef !== 'function' || resource.hasRef() === true) types.push(type);
  }
  return types.join(',');
}

const { port1 } = new MessageChannel();
port1.close();
setImmediate(() => {
  setImmediate(() => {
    const w = new Worker('require("worker_threads").parentPort.postMessage("hi")', { eval: true });
    console.log('worker:', refed());
    w.unref();
    console.log('unref:', refed());
    w.ref();
    console.log('ref:', refed());
    w.on('exit', (code) => {
      console.log('exit:', code, refed());
      // Both ends of the closed channel, and the worker's port, are gone.
      setTimeout(() => console.log('later:', refed(), [...live.values()].filter(({ type }) => type === 'MESSAGEPORT').length), 0);
    });
  });
});
