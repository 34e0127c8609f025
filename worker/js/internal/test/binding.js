'use strict';
// require('internal/test/binding') under --expose-internals, as Node's own
// tests use it. internalBinding(NAME) is the runtime's native module NAME
// (worker/v8/native_module.cc), the very object the builtins hold, so what a
// script changes on it they see. Node's `timers` binding is here a part of
// the core binding the bootstrap holds: those functions, under Node's names;
// its `worker` binding offers getEnvMessagePort(), a port whose messages go
// to the parent's Worker object (through the host) as Node's internal ones.

globalThis.process.emitWarning('These APIs are for internal testing only. Do not use them.', 'internal/test/binding');

// Node's binding names whose functions are the core binding's here.
const kCoreParts = {
  __proto__: null,
  timers: () => ({
    getLibuvNow: binding.getLoopTime,
    scheduleTimer: binding.scheduleTimer,
    toggleTimerRef: binding.toggleTimerRef,
    toggleImmediateRef: binding.toggleImmediateRef,
  }),
  worker: () => {
    let envPort = null;
    return {
      getEnvMessagePort() {
        envPort ??= {
          postMessage(value) {
            binding.internalBinding('worker_threads').postEnvMessage(value);
          },
        };
        return envPort;
      },
    };
  },
};
const coreParts = new Map();

function internalBinding(name) {
  name = `${name}`;
  if (kCoreParts[name] !== undefined) {
    let part = coreParts.get(name);
    if (part === undefined) {
      part = kCoreParts[name]();
      coreParts.set(name, part);
    }
    return part;
  }
  try {
    return binding.internalBinding(name);
  } catch {
    throw new (internalRequire('internal/errors').codes.ERR_INVALID_MODULE)(`No such binding: ${name}`);
  }
}

module.exports = { internalBinding };
