'use strict';
// MessagePorts of a vm context (worker_threads.moveMessagePortToContext):
// the port, its prototype and methods, the events it dispatches and the
// errors it throws are objects of that context, as Node makes them there.
// As in Node, such a port is not an EventTarget: it calls its `onmessage`
// (or `onmessageerror`) with a plain event once start() was called.
// Loaded on the first move; the endpoints stay internal/worker/io.js's.

// The classes of one context, built by running buildRealm there. `hooks`
// (io.js) do the work on the port's endpoint; the context's code can reach
// none of them.
function buildRealm(hooks) {
  'use strict';
  class MessageEvent {
    constructor(data, target, type, ports) {
      this.data = data;
      this.target = target;
      this.type = type;
      this.ports = ports;
    }
  }
  class DOMException extends Error {
    constructor(message = '', name = 'Error') {
      super(message);
      Object.defineProperty(this, 'name', { value: name, writable: true, configurable: true });
    }
  }
  const kErrors = { TypeError, RangeError, SyntaxError };
  // An error of the worker's realm, remade as one of this context.
  function own(err) {
    if (err === null || (typeof err !== 'object' && typeof err !== 'function')) return err;
    const name = String(err.name);
    let copy;
    if (err.constructor !== undefined && err.constructor !== null && err.constructor.name === 'DOMException') {
      copy = new DOMException(String(err.message), name);
    } else {
      copy = new (kErrors[name] ?? Error)(String(err.message));
    }
    if (err.code !== undefined) copy.code = err.code;
    return copy;
  }
  function MessagePort() {
    const err = new TypeError('Constructor cannot be called');
    err.code = 'ERR_CONSTRUCT_CALL_INVALID';
    throw err;
  }
  const closeCallbacks = new WeakMap();
  const methods = {
    postMessage(value, transfer = undefined) {
      if (arguments.length === 0) {
        const err = new TypeError('Not enough arguments to MessagePort.postMessage');
        err.code = 'ERR_MISSING_ARGS';
        throw err;
      }
      try {
        hooks.post(this, value, transfer);
      } catch (err) {
        throw own(err);
      }
    },
    start() { hooks.start(this); },
    close(callback = undefined) {
      if (typeof callback === 'function') closeCallbacks.set(this, callback);
      hooks.close(this);
    },
    ref() { hooks.ref(this, true); return this; },
    unref() { hooks.ref(this, false); return this; },
    hasRef() { return hooks.hasRef(this); },
  };
  for (const name of Object.keys(methods)) {
    Object.defineProperty(MessagePort.prototype, name, {
      value: methods[name], writable: true, enumerable: false, configurable: true,
    });
  }
  const realm = {
    // An object of this context: messages are deserialised in its context.
    anchor: {},
    adopt(endpoint) {
      const port = Object.create(MessagePort.prototype);
      hooks.bind(port, endpoint, realm);
      return port;
    },
    dispatch(port, message) {
      let received;
      try {
        received = hooks.receive(message, realm);
      } catch (err) {
        const onerror = port.onmessageerror;
        if (typeof onerror === 'function') onerror.call(port, new MessageEvent(own(err), port, 'messageerror', []));
        return;
      }
      const ports = [];
      for (let i = 0; i < received.ports.length; i++) ports.push(received.ports[i]);
      const onmessage = port.onmessage;
      if (typeof onmessage === 'function') onmessage.call(port, new MessageEvent(received.value, port, 'message', ports));
    },
    closed(port) {
      const callback = closeCallbacks.get(port);
      if (callback === undefined) return;
      closeCallbacks.delete(port);
      callback.call(port);
    },
  };
  return realm;
}

const realms = new WeakMap();  // contextified sandbox -> realm

// The realm of `context`, made on its first port; null when `context` is
// not a vm context.
function realmOf(context, hooks) {
  if (context === null || typeof context !== 'object' || !binding.internalBinding('vm').isContext(context)) {
    return null;
  }
  let realm = realms.get(context);
  if (realm === undefined) {
    const vm = internalRequire('node/vm');
    const build = vm.compileFunction(`return (${buildRealm})(hooks);`, ['hooks'], { parsingContext: context });
    realm = build(hooks);
    realms.set(context, realm);
  }
  return realm;
}

module.exports = { realmOf };
