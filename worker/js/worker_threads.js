'use strict';
// require('worker_threads') inside a worker: parentPort over the channel to
// the host, workerData, threadId.

const { EventEmitter, kListenersChanged } = internalRequire('events');

let keepAliveChanged = () => {};

class ParentPort extends EventEmitter {
  constructor() {
    super();
    this._closed = false;
    this._refed = true;
    this._onmessage = null;
  }

  postMessage(value) {
    if (arguments.length === 0) {
      throw internalRequire('internal/errors').nativeError('ERR_MISSING_ARGS', 'Not enough arguments to MessagePort.postMessage');
    }
    if (this._closed) return;
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
exports.resourceLimits = {};
exports.SHARE_ENV = Symbol.for('nodejs.worker_threads.SHARE_ENV');
exports.setup = (options) => {
  process = options.process;
  keepAliveChanged = options.keepAliveChanged;
  exports.workerData = options.workerData;
  exports.threadId = options.threadId;
};
