'use strict';
// EventEmitter, as in Node 20: listener order, `once`, 'newListener' and
// 'removeListener', errorMonitor, the max-listeners warning, 'error' without
// a listener, and captured rejections of async listeners. The bootstrap loads
// this file for process, parentPort and stdio, so it holds only the class;
// the module's functions (events.once, events.on, ...) are node/events.js,
// compiled on the first require('events'), which also adds the class's
// statics. Errors and util.inspect are loaded only when an error or a warning
// is made.

const kListenersChanged = Symbol('isohost.listenersChanged');
const kCapture = Symbol('kCapture');
const kShapeMode = Symbol('shapeMode');
const kErrorMonitor = Symbol('events.errorMonitor');
const kRejection = Symbol.for('nodejs.rejection');

let process = null;
let defaultMaxListeners = 10;

const codes = () => internalRequire('internal/errors').codes;
const inspect = (value, options) => internalRequire('internal/util/inspect/format').inspect(value, options);

function checkListener(listener) {
  if (typeof listener !== 'function') throw new (codes().ERR_INVALID_ARG_TYPE)('listener', 'Function', listener);
}

// A limit must be a number >= 0 (NaN is not).
function checkLimit(n, name) {
  if (typeof n !== 'number') throw new (codes().ERR_INVALID_ARG_TYPE)(name, 'number', n);
  if (n < 0 || Number.isNaN(n)) throw new (codes().ERR_OUT_OF_RANGE)(name, '>= 0', n);
}

function EventEmitter(opts) {
  EventEmitter.init.call(this, opts);
}

EventEmitter.prototype._events = undefined;
EventEmitter.prototype._eventsCount = 0;
EventEmitter.prototype._maxListeners = undefined;
EventEmitter.prototype[kCapture] = false;

EventEmitter.init = function init(opts) {
  if (this._events === undefined || this._events === Object.getPrototypeOf(this)._events) {
    this._events = Object.create(null);
    this._eventsCount = 0;
    this[kShapeMode] = false;
  } else {
    this[kShapeMode] = true;
  }
  this._maxListeners = this._maxListeners || undefined;
  if (opts != null && opts.captureRejections) {
    if (typeof opts.captureRejections !== 'boolean') {
      throw new (codes().ERR_INVALID_ARG_TYPE)('options.captureRejections', 'boolean', opts.captureRejections);
    }
    this[kCapture] = true;
  } else {
    this[kCapture] = EventEmitter.prototype[kCapture];
  }
};

EventEmitter.prototype.setMaxListeners = function setMaxListeners(n) {
  checkLimit(n, 'setMaxListeners');
  this._maxListeners = n;
  return this;
};

function maxListenersOf(target) {
  return target._maxListeners === undefined ? defaultMaxListeners : target._maxListeners;
}

EventEmitter.prototype.getMaxListeners = function getMaxListeners() {
  return maxListenersOf(this);
};

// An async listener of an emitter made with captureRejections: its rejection
// becomes the emitter's 'error' event (or a call of its [nodejs.rejection]),
// a tick later.
function captureRejection(emitter, result, type, args) {
  if (!emitter[kCapture]) return;
  try {
    const then = result.then;
    if (typeof then === 'function') {
      Reflect.apply(then, result, [undefined, (err) => {
        internalRequire('internal/process/tick').nextTick(emitRejection, emitter, err, type, args);
      }]);
    }
  } catch (err) {
    emitter.emit('error', err);
  }
}

function emitRejection(emitter, err, type, args) {
  if (typeof emitter[kRejection] === 'function') {
    emitter[kRejection](err, type, ...args);
    return;
  }
  // An 'error' listener that rejects too must not loop.
  const previous = emitter[kCapture];
  try {
    emitter[kCapture] = false;
    emitter.emit('error', err);
  } finally {
    emitter[kCapture] = previous;
  }
}

function throwUnhandledError(er) {
  if (er instanceof Error) throw er;
  let shown;
  try {
    shown = inspect(er);
  } catch {
    shown = er;
  }
  const err = new (codes().ERR_UNHANDLED_ERROR)(shown);
  err.context = er;
  throw err;
}

EventEmitter.prototype.emit = function emit(type, ...args) {
  const events = this._events;
  if (type === 'error') {
    if (events !== undefined && events[kErrorMonitor] !== undefined) this.emit(kErrorMonitor, ...args);
    if (events === undefined || events.error === undefined) throwUnhandledError(args[0]);
  } else if (events === undefined) {
    return false;
  }
  const handler = events[type];
  if (handler === undefined) return false;
  if (typeof handler === 'function') {
    const result = Reflect.apply(handler, this, args);
    if (result !== undefined && result !== null) captureRejection(this, result, type, args);
  } else {
    const listeners = handler.slice();
    for (let i = 0; i < listeners.length; ++i) {
      const result = Reflect.apply(listeners[i], this, args);
      if (result !== undefined && result !== null) captureRejection(this, result, type, args);
    }
  }
  return true;
};

function warnMaxListeners(target, type, list, limit) {
  list.warned = true;
  const name = inspect(target, { depth: -1 });
  const warning = new Error(
    `Possible EventEmitter memory leak detected. ${list.length} ${String(type)} listeners ` +
    `added to ${name}. MaxListeners is ${limit}. Use emitter.setMaxListeners() to increase limit`);
  warning.name = 'MaxListenersExceededWarning';
  warning.emitter = target;
  warning.type = type;
  warning.count = list.length;
  emitWarning(warning);
}

// Through the process's own emitWarning, which a script may have replaced.
function emitWarning(warning) {
  if (process !== null) process.emitWarning(warning);
}

function addListener(target, type, listener, prepend) {
  checkListener(listener);
  let events = target._events;
  if (events === undefined) {
    events = target._events = Object.create(null);
    target._eventsCount = 0;
  } else if (events.newListener !== undefined) {
    target.emit('newListener', type, listener.listener ?? listener);
    // A 'newListener' listener may have replaced the map.
    events = target._events;
  }
  const existing = events[type];
  if (existing === undefined) {
    events[type] = listener;
    ++target._eventsCount;
  } else {
    let list = existing;
    if (typeof existing === 'function') {
      list = events[type] = prepend ? [listener, existing] : [existing, listener];
    } else if (prepend) {
      existing.unshift(listener);
    } else {
      existing.push(listener);
    }
    const limit = maxListenersOf(target);
    if (limit > 0 && list.length > limit && !list.warned) warnMaxListeners(target, type, list, limit);
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
    if (--this._eventsCount === 0) {
      this._events = Object.create(null);
    } else {
      delete events[type];
      if (events.removeListener !== undefined) this.emit('removeListener', type, list.listener || listener);
    }
  } else if (typeof list !== 'function') {
    let position = -1;
    for (let i = list.length - 1; i >= 0; i--) {
      if (list[i] === listener || list[i].listener === listener) {
        position = i;
        break;
      }
    }
    if (position < 0) return this;
    if (position === 0) list.shift();
    else list.splice(position, 1);
    if (list.length === 1) events[type] = list[0];
    if (events.removeListener !== undefined) this.emit('removeListener', type, listener);
  } else {
    return this;
  }
  if (typeof this[kListenersChanged] === 'function') this[kListenersChanged](type);
  return this;
};
EventEmitter.prototype.off = EventEmitter.prototype.removeListener;

// With 'removeListener' listeners, each removal is announced (latest first,
// 'removeListener' itself last); without, the map is simply dropped.
EventEmitter.prototype.removeAllListeners = function removeAllListeners(type) {
  const events = this._events;
  if (events === undefined) return this;
  const notify = typeof this[kListenersChanged] === 'function';
  if (events.removeListener === undefined) {
    if (arguments.length === 0) {
      this._events = Object.create(null);
      this._eventsCount = 0;
      if (notify) for (const key of Reflect.ownKeys(events)) this[kListenersChanged](key);
    } else if (events[type] !== undefined) {
      if (--this._eventsCount === 0) this._events = Object.create(null);
      else delete events[type];
      if (notify) this[kListenersChanged](type);
    }
    return this;
  }
  if (arguments.length === 0) {
    for (const key of Reflect.ownKeys(events)) {
      if (key !== 'removeListener') this.removeAllListeners(key);
    }
    this.removeAllListeners('removeListener');
    this._events = Object.create(null);
    this._eventsCount = 0;
    return this;
  }
  const listeners = events[type];
  if (typeof listeners === 'function') {
    this.removeListener(type, listeners);
  } else if (listeners !== undefined) {
    for (let i = listeners.length - 1; i >= 0; i--) this.removeListener(type, listeners[i]);
  }
  return this;
};

function listenersOf(target, type, unwrap) {
  const events = target._events;
  if (events === undefined) return [];
  const list = events[type];
  if (list === undefined) return [];
  if (typeof list === 'function') return [unwrap ? list.listener || list : list];
  return unwrap ? list.map((fn) => fn.listener || fn) : list.slice();
}

EventEmitter.prototype.listeners = function listeners(type) {
  return listenersOf(this, type, true);
};
EventEmitter.prototype.rawListeners = function rawListeners(type) {
  return listenersOf(this, type, false);
};

// With `listener`, only the registrations of that function (or of a `once`
// wrapping it) are counted.
function listenerCount(type, listener) {
  const events = this._events;
  if (events === undefined) return 0;
  const list = events[type];
  if (list === undefined) return 0;
  if (typeof list === 'function') {
    return listener == null || list === listener || list.listener === listener ? 1 : 0;
  }
  if (listener == null) return list.length;
  let count = 0;
  for (const fn of list) if (fn === listener || fn.listener === listener) ++count;
  return count;
}

EventEmitter.prototype.listenerCount = listenerCount;
EventEmitter.prototype.eventNames = function eventNames() {
  return this._eventsCount > 0 ? Reflect.ownKeys(this._events) : [];
};

// What node/events.js needs to make the module's statics (the accessors
// defaultMaxListeners and captureRejections among them) on first require.
exports.EventEmitter = EventEmitter;
exports.kCapture = kCapture;
exports.kErrorMonitor = kErrorMonitor;
exports.kRejection = kRejection;
exports.listenerCount = listenerCount;
exports.getDefaultMaxListeners = () => defaultMaxListeners;
exports.setDefaultMaxListeners = (n) => {
  defaultMaxListeners = n;
};
exports.kListenersChanged = kListenersChanged;
exports.emitWarning = emitWarning;
exports.setProcess = (value) => {
  process = value;
};
