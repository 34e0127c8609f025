'use strict';
// EventEmitter: the subset of Node's events module that process, parentPort
// and the stdio streams need, with Node's semantics for order and `once`.

const kListenersChanged = Symbol('isohost.listenersChanged');
const kCapture = Symbol('kCapture');

function checkListener(listener) {
  if (typeof listener !== 'function') {
    const err = new TypeError(
      `The "listener" argument must be of type function. Received ${listener === null ? 'null' : typeof listener}`);
    err.code = 'ERR_INVALID_ARG_TYPE';
    throw err;
  }
}

function EventEmitter(opts) {
  EventEmitter.init.call(this, opts);
}

EventEmitter.init = function init() {
  if (this._events === undefined || this._events === Object.getPrototypeOf(this)._events) {
    Object.defineProperty(this, '_events', {
      value: Object.create(null), writable: true, configurable: true, enumerable: false,
    });
    Object.defineProperty(this, '_eventsCount', {
      value: 0, writable: true, configurable: true, enumerable: false,
    });
  }
  Object.defineProperty(this, '_maxListeners', {
    value: this._maxListeners, writable: true, configurable: true, enumerable: false,
  });
};

EventEmitter.defaultMaxListeners = 10;
EventEmitter.prototype._events = undefined;
EventEmitter.prototype._eventsCount = 0;
EventEmitter.prototype._maxListeners = undefined;

EventEmitter.prototype.setMaxListeners = function setMaxListeners(n) {
  this._maxListeners = n;
  return this;
};

EventEmitter.prototype.getMaxListeners = function getMaxListeners() {
  return this._maxListeners === undefined ? EventEmitter.defaultMaxListeners : this._maxListeners;
};

EventEmitter.prototype.emit = function emit(type, ...args) {
  const events = this._events;
  const handler = events !== undefined ? events[type] : undefined;
  if (handler === undefined) {
    if (type === 'error') {
      const er = args[0];
      if (er instanceof Error) throw er;
      const err = new Error(`Unhandled error. (${String(er)})`);
      err.code = 'ERR_UNHANDLED_ERROR';
      err.context = er;
      throw err;
    }
    return false;
  }
  if (typeof handler === 'function') {
    Reflect.apply(handler, this, args);
  } else {
    const listeners = handler.slice();
    for (let i = 0; i < listeners.length; ++i) Reflect.apply(listeners[i], this, args);
  }
  return true;
};

function addListener(target, type, listener, prepend) {
  checkListener(listener);
  let events = target._events;
  if (events === undefined) {
    EventEmitter.init.call(target);
    events = target._events;
  }
  if (events.newListener !== undefined) {
    target.emit('newListener', type, listener.listener ? listener.listener : listener);
    events = target._events;
  }
  const existing = events[type];
  if (existing === undefined) {
    events[type] = listener;
    target._eventsCount++;
  } else if (typeof existing === 'function') {
    events[type] = prepend ? [listener, existing] : [existing, listener];
  } else if (prepend) {
    existing.unshift(listener);
  } else {
    existing.push(listener);
  }
  if (typeof target[kListenersChanged] === 'function') target[kListenersChanged](type);
  return target;
}

EventEmitter.prototype.addListener = function addListenerMethod(type, listener) {
  return addListener(this, type, listener, false);
};
EventEmitter.prototype.on = EventEmitter.prototype.addListener;
EventEmitter.prototype.prependListener = function prependListener(type, listener) {
  return addListener(this, type, listener, true);
};

function onceWrapper(...args) {
  if (!this.fired) {
    this.target.removeListener(this.type, this.wrapFn);
    this.fired = true;
    return Reflect.apply(this.listener, this.target, args);
  }
  return undefined;
}

function onceWrap(target, type, listener) {
  const state = { fired: false, wrapFn: undefined, target, type, listener };
  const wrapped = onceWrapper.bind(state);
  wrapped.listener = listener;
  state.wrapFn = wrapped;
  return wrapped;
}

EventEmitter.prototype.once = function once(type, listener) {
  checkListener(listener);
  this.on(type, onceWrap(this, type, listener));
  return this;
};
EventEmitter.prototype.prependOnceListener = function prependOnceListener(type, listener) {
  checkListener(listener);
  this.prependListener(type, onceWrap(this, type, listener));
  return this;
};

EventEmitter.prototype.removeListener = function removeListener(type, listener) {
  checkListener(listener);
  const events = this._events;
  if (events === undefined) return this;
  const list = events[type];
  if (list === undefined) return this;
  if (list === listener || list.listener === listener) {
    if (--this._eventsCount === 0) this._events = Object.create(null);
    else delete events[type];
    if (events.removeListener !== undefined) this.emit('removeListener', type, list.listener || listener);
  } else if (typeof list !== 'function') {
    let position = -1;
    for (let i = list.length - 1; i >= 0; i--) {
      if (list[i] === listener || list[i].listener === listener) {
        position = i;
        break;
      }
    }
    if (position < 0) return this;
    const removed = list[position];
    list.splice(position, 1);
    if (list.length === 1) events[type] = list[0];
    if (events.removeListener !== undefined) this.emit('removeListener', type, removed.listener || listener);
  }
  if (typeof this[kListenersChanged] === 'function') this[kListenersChanged](type);
  return this;
};
EventEmitter.prototype.off = EventEmitter.prototype.removeListener;

EventEmitter.prototype.removeAllListeners = function removeAllListeners(type) {
  const events = this._events;
  if (events === undefined) return this;
  if (type === undefined) {
    this._events = Object.create(null);
    this._eventsCount = 0;
    if (typeof this[kListenersChanged] === 'function') {
      for (const key of Object.keys(events)) this[kListenersChanged](key);
    }
  } else if (events[type] !== undefined) {
    if (--this._eventsCount === 0) this._events = Object.create(null);
    else delete events[type];
    if (typeof this[kListenersChanged] === 'function') this[kListenersChanged](type);
  }
  return this;
};

function listenersOf(target, type, unwrap) {
  const events = target._events;
  if (events === undefined) return [];
  const list = events[type];
  if (list === undefined) return [];
  if (typeof list === 'function') return [unwrap ? list.listener || list : list];
  return list.map((fn) => (unwrap ? fn.listener || fn : fn));
}

EventEmitter.prototype.listeners = function listeners(type) {
  return listenersOf(this, type, true);
};
EventEmitter.prototype.rawListeners = function rawListeners(type) {
  return listenersOf(this, type, false);
};
EventEmitter.prototype.listenerCount = function listenerCount(type) {
  const events = this._events;
  if (events === undefined) return 0;
  const list = events[type];
  if (list === undefined) return 0;
  return typeof list === 'function' ? 1 : list.length;
};
EventEmitter.prototype.eventNames = function eventNames() {
  return this._eventsCount > 0 ? Reflect.ownKeys(this._events) : [];
};

EventEmitter.EventEmitter = EventEmitter;
EventEmitter.listenerCount = (emitter, type) => emitter.listenerCount(type);
EventEmitter.captureRejectionSymbol = Symbol.for('nodejs.rejection');
EventEmitter.errorMonitor = Symbol('events.errorMonitor');
void kCapture;

exports.EventEmitter = EventEmitter;
exports.kListenersChanged = kListenersChanged;
