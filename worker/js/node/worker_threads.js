'use strict';
// require('worker_threads') inside a worker: parentPort over the channel to
// the host, workerData, threadId.

const { EventEmitter, kListenersChanged } = internalRequire('internal/events/emitter');

let keepAliveChanged = () => {};

class ParentPort extends EventEmitter {
  constructor() {
    super();
    this._closed = false;
    this._refed = true;
    this._onmessage = null;
  }

  postMessage(value, transferList = undefined) {
    if (arguments.length === 0) {
      throw internalRequire('internal/errors').nativeError('ERR_MISSING_ARGS', 'Not enough arguments to MessagePort.postMessage');
    }
    if (this._closed) return;
    // A transfer list (ports, ArrayBuffers to detach) takes the port code's
    // path; a plain message stays on the fast one.
    if (transferList !== undefined && transferList !== null) {
      internalRequire('internal/worker/io').postToLink(0, value, transferList);
      return;
    }
    binding.postMessage(value);
  }

  close() {
    if (this._closed) return;
    this._closed = true;
    keepAliveChanged();
    process.nextTick(() => this.emit('close'));
  }

  start() {}

  ref() {
    this._refed = true;
    keepAliveChanged();
    return this;
  }

  unref() {
    this._refed = false;
    keepAliveChanged();
    return this;
  }

  hasRef() {
    return this._refed && !this._closed && this.listenerCount('message') > 0;
  }

  get onmessage() {
    return this._onmessage;
  }

  set onmessage(handler) {
    if (this._onmessage !== null) this.off('message', this._onmessageListener);
    this._onmessage = typeof handler === 'function' ? handler : null;
    if (this._onmessage !== null) {
      this._onmessageListener = (data) => this._onmessage.call(this, { data, target: this, type: 'message' });
      this.on('message', this._onmessageListener);
    }
  }

  _deliver(value) {
    if (!this._closed) this.emit('message', value);
  }
}

ParentPort.prototype[kListenersChanged] = function listenersChanged(type) {
  if (type === 'message') keepAliveChanged();
};

const parentPort = new ParentPort();
let process = null;

exports.parentPort = parentPort;
exports.isMainThread = false;
exports.threadId = 0;
exports.workerData = undefined;
// The limits of this worker's heap, code range and stack, read once on first
// use.
let resourceLimits = null;
Object.defineProperty(exports, 'resourceLimits', {
  enumerable: true,
  configurable: true,
  get() {
    if (resourceLimits === null) {
      const [young, old, codeRange, stack] = binding.internalBinding('worker_threads').heapLimitsMb();
      resourceLimits = {
        maxYoungGenerationSizeMb: young,
        maxOldGenerationSizeMb: old,
        codeRangeSizeMb: codeRange,
        stackSizeMb: stack,
      };
    }
    return resourceLimits;
  },
});

// Data a parent hands to the workers it starts (internal/worker.js); a
// worker started by the host has none.
exports.getEnvironmentData = (key) => internalRequire('internal/worker').getEnvironmentData(key);
exports.setEnvironmentData = (key, value) => internalRequire('internal/worker').setEnvironmentData(key, value);

// Objects that must never be moved by a transfer list: structuredClone and
// postMessage copy them instead of detaching them.
const untransferable = new WeakSet();
exports.markAsUntransferable = (value) => {
  if ((typeof value === 'object' && value !== null) || typeof value === 'function') untransferable.add(value);
};
exports.isMarkedAsUntransferable = (value) =>
  ((typeof value === 'object' && value !== null) || typeof value === 'function') && untransferable.has(value);
exports.untransferable = untransferable;
exports.SHARE_ENV = Symbol.for('nodejs.worker_threads.SHARE_ENV');

// MessageChannel and the rest are built on first read
// (internal/worker/io.js): a worker that never asks loads none of it.
for (const [name, builtin] of [
  ['MessageChannel', 'internal/worker/io'],
  ['MessagePort', 'internal/worker/io'],
  ['BroadcastChannel', 'internal/worker/io'],
  ['receiveMessageOnPort', 'internal/worker/io'],
  ['moveMessagePortToContext', 'internal/worker/io'],
  ['postMessageToThread', 'internal/worker/messaging'],
  ['Worker', 'internal/worker/worker'],
]) {
  Object.defineProperty(exports, name, {
    __proto__: null,
    enumerable: true,
    configurable: true,
    get() {
      const value = internalRequire(builtin)[name];
      Object.defineProperty(exports, name, { __proto__: null, value, enumerable: true, configurable: true, writable: true });
      return value;
    },
    set(value) {
      Object.defineProperty(exports, name, { __proto__: null, value, enumerable: true, configurable: true, writable: true });
    },
  });
}

// Whether ports of this worker keep its loop alive (internal/worker/io.js).
let setChannelRef = () => {};
Object.defineProperty(exports, '_setChannelRef', {
  __proto__: null,
  enumerable: false,
  value: (ref) => setChannelRef(ref),
});

// Positional, not an options object: a literal made once, in a worker's
// start, costs the interpreter a map transition per property.
exports.setup = (processObject, workerData, threadId, onKeepAliveChanged, onSetChannelRef) => {
  process = processObject;
  keepAliveChanged = onKeepAliveChanged;
  setChannelRef = onSetChannelRef;
  exports.workerData = workerData;
  exports.threadId = threadId;
};
