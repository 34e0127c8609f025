'use strict';
// require('events'): the EventEmitter of the bootstrap (worker/js/internal/events/emitter.js),
// with the module's functions added on first require: once, on,
// getEventListeners, getMaxListeners, setMaxListeners, addAbortListener and
// EventEmitterAsyncResource. They work with EventEmitters and EventTargets.

const core = internalRequire('internal/events/emitter');
const { EventEmitter, kCapture } = core;
const { codes, AbortError } = internalRequire('internal/errors');
const { validateAbortSignal, validateBoolean, validateFunction, validateInteger, validateNumber } =
  internalRequire('internal/validators');

const kIsEventTarget = Symbol.for('nodejs.event_target');
const kDispose = Symbol.dispose;

const eventTarget = () => internalRequire('internal/event_target');

function isEventTarget(value) {
  return value != null && typeof value === 'object' && value.constructor != null &&
    value.constructor[kIsEventTarget] === true;
}

function getEventListeners(emitterOrTarget, type) {
  if (typeof emitterOrTarget.listeners === 'function') return emitterOrTarget.listeners(type);
  if (isEventTarget(emitterOrTarget)) return eventTarget().listenersOf(emitterOrTarget, type);
  throw new codes.ERR_INVALID_ARG_TYPE('emitter', ['EventEmitter', 'EventTarget'], emitterOrTarget);
}

function getMaxListeners(emitterOrTarget) {
  if (typeof emitterOrTarget?.getMaxListeners === 'function') return emitterOrTarget.getMaxListeners();
  if (isEventTarget(emitterOrTarget)) return eventTarget().getMaxListeners(emitterOrTarget);
  throw new codes.ERR_INVALID_ARG_TYPE('emitter', ['EventEmitter', 'EventTarget'], emitterOrTarget);
}

function setMaxListeners(n = EventEmitter.defaultMaxListeners, ...eventTargets) {
  validateNumber(n, 'setMaxListeners', 0);
  if (eventTargets.length === 0) {
    EventEmitter.defaultMaxListeners = n;
    return;
  }
  for (const target of eventTargets) {
    if (isEventTarget(target)) {
      eventTarget().setMaxListeners(target, n);
    } else if (typeof target?.setMaxListeners === 'function') {
      target.setMaxListeners(n);
    } else {
      throw new codes.ERR_INVALID_ARG_TYPE('eventTargets', ['EventEmitter', 'EventTarget'], target);
    }
  }
}

// Listens on an emitter (args as an array) or an EventTarget (the event).
function listen(emitter, name, listener, once) {
  if (typeof emitter.on === 'function') {
    if (once) emitter.once(name, listener);
    else emitter.on(name, listener);
  } else if (typeof emitter.addEventListener === 'function') {
    emitter.addEventListener(name, listener, { once });
  } else {
    throw new codes.ERR_INVALID_ARG_TYPE('emitter', 'EventEmitter', emitter);
  }
}

function unlisten(emitter, name, listener) {
  if (typeof emitter.removeListener === 'function') emitter.removeListener(name, listener);
  else if (typeof emitter.removeEventListener === 'function') emitter.removeEventListener(name, listener);
}

// An 'abort' listener that a stopImmediatePropagation() of another listener
// does not skip; returns what removes it. The signal's EventTarget module is
// loaded, since a signal exists.
function onAbort(signal, listener) {
  const options = { once: true, [eventTarget().kResistStopPropagation]: true };
  signal.addEventListener('abort', listener, options);
  return () => signal.removeEventListener('abort', listener);
}

function abortErrorFor(signal) {
  return new AbortError(undefined, { cause: signal?.reason });
}

// Resolves with the arguments of the next `name` event; rejects on 'error'
// (of an EventEmitter) or when `options.signal` aborts.
async function once(emitter, name, options = {}) {
  const signal = options?.signal;
  validateAbortSignal(signal, 'options.signal');
  if (signal?.aborted) throw abortErrorFor(signal);
  return new Promise((resolve, reject) => {
    let disposeAbort;
    const onError = (err) => {
      unlisten(emitter, name, onEvent);
      disposeAbort?.();
      reject(err);
    };
    const onEvent = (...args) => {
      if (typeof emitter.removeListener === 'function') emitter.removeListener('error', onError);
      disposeAbort?.();
      resolve(args);
    };
    listen(emitter, name, onEvent, true);
    if (name !== 'error' && typeof emitter.once === 'function') emitter.once('error', onError);
    if (signal !== undefined) {
      const abortListener = () => {
        unlisten(emitter, name, onEvent);
        if (typeof emitter.removeListener === 'function') emitter.removeListener('error', onError);
        reject(abortErrorFor(signal));
      };
      disposeAbort = onAbort(signal, abortListener);
    }
  });
}

const AsyncIteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf(async function* () {}).prototype);

// An async iterator over `event` (each value the listener's arguments as an
// array). Ends on `options.close` events, on return(), or with the error of an
// 'error' event or an abort. Above `highWaterMark` queued values an emitter
// with pause() is paused, and resumed at `lowWaterMark`.
function on(emitter, event, options = {}) {
  const signal = options?.signal;
  validateAbortSignal(signal, 'options.signal');
  if (signal?.aborted) throw abortErrorFor(signal);
  const highWaterMark = options?.highWaterMark ?? Number.MAX_SAFE_INTEGER;
  validateInteger(highWaterMark, 'options.highWaterMark', 1);
  const lowWaterMark = options?.lowWaterMark ?? 1;
  validateInteger(lowWaterMark, 'options.lowWaterMark', 1);

  const values = [];
  const waiting = [];  // {resolve, reject} of next() calls before a value
  let error = null;
  let finished = false;
  let paused = false;
  const cleanups = [];

  function onEvent(...args) {
    if (waiting.length > 0) {
      waiting.shift().resolve({ value: args, done: false });
      return;
    }
    values.push(args);
    if (!paused && values.length > highWaterMark && typeof emitter.pause === 'function') {
      paused = true;
      emitter.pause();
    }
  }

  function closeHandler() {
    for (const cleanup of cleanups.splice(0)) cleanup();
    finished = true;
    while (waiting.length > 0) waiting.shift().resolve({ value: undefined, done: true });
    return Promise.resolve({ value: undefined, done: true });
  }

  function errorHandler(err) {
    if (waiting.length > 0) waiting.shift().reject(err);
    else error = err;
    closeHandler();
  }

  const iterator = Object.setPrototypeOf({
    next() {
      if (values.length > 0) {
        const value = values.shift();
        if (paused && values.length < lowWaterMark && typeof emitter.resume === 'function') {
          paused = false;
          emitter.resume();
        }
        return Promise.resolve({ value, done: false });
      }
      if (error !== null) {
        const err = error;
        error = null;
        return Promise.reject(err);
      }
      if (finished) return closeHandler();
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    },
    return() {
      return closeHandler();
    },
    throw(err) {
      if (!(err instanceof Error)) {
        throw new codes.ERR_INVALID_ARG_TYPE('EventEmitter.AsyncIterator', 'Error', err);
      }
      errorHandler(err);
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  }, AsyncIteratorPrototype);

  if (typeof emitter?.on === 'function') {
    emitter.on(event, onEvent);
    cleanups.push(() => emitter.removeListener(event, onEvent));
    if (event !== 'error') {
      emitter.on('error', errorHandler);
      cleanups.push(() => emitter.removeListener('error', errorHandler));
    }
  } else if (typeof emitter?.addEventListener === 'function') {
    const listener = (ev) => onEvent(ev);
    emitter.addEventListener(event, listener);
    cleanups.push(() => emitter.removeEventListener(event, listener));
  } else {
    throw new codes.ERR_INVALID_ARG_TYPE('emitter', 'EventEmitter', emitter);
  }
  const closeEvents = options?.close;
  if (closeEvents != null && typeof closeEvents[Symbol.iterator] === 'function' && typeof closeEvents !== 'string') {
    for (const name of closeEvents) {
      listen(emitter, name, closeHandler, false);
      cleanups.push(() => unlisten(emitter, name, closeHandler));
    }
  }
  if (signal !== undefined) {
    cleanups.push(onAbort(signal, () => errorHandler(abortErrorFor(signal))));
  }
  return iterator;
}

// Calls `listener` once `signal` aborts (in a microtask if it already has);
// the returned object's [Symbol.dispose]() takes the listener back.
function addAbortListener(signal, listener) {
  if (signal === undefined) throw new codes.ERR_INVALID_ARG_TYPE('signal', 'AbortSignal', signal);
  validateAbortSignal(signal, 'signal');
  validateFunction(listener, 'listener');
  let remove;
  if (signal.aborted) {
    queueMicrotask(() => listener());
  } else {
    remove = onAbort(signal, listener);
  }
  return {
    __proto__: null,
    [kDispose]() {
      remove?.();
    },
  };
}

// EventEmitterAsyncResource needs async_hooks' AsyncResource: made on first
// read, from whatever async_hooks module the runtime has.
let EventEmitterAsyncResource;
function makeEventEmitterAsyncResource() {
  if (!binding.hasBuiltin('node/async_hooks')) {
    throw new codes.ERR_NOT_AVAILABLE_IN_WORKER('events.EventEmitterAsyncResource (it needs async_hooks)');
  }
  const { AsyncResource } = internalRequire('node/async_hooks');
  const kResource = Symbol('kAsyncResource');
  const kEmitter = Symbol('kEventEmitter');

  class EventEmitterReferencingAsyncResource extends AsyncResource {
    constructor(emitter, type, options) {
      super(type, options);
      this[kEmitter] = emitter;
    }

    get eventEmitter() {
      return this[kEmitter];
    }
  }

  return class EventEmitterAsyncResource extends EventEmitter {
    constructor(options = undefined) {
      let name;
      if (typeof options === 'string') {
        name = options;
        options = undefined;
      } else {
        name = options?.name || new.target.name;
      }
      super(options);
      this[kResource] = new EventEmitterReferencingAsyncResource(this, name, options);
    }

    emit(event, ...args) {
      return this[kResource].runInAsyncScope(EventEmitter.prototype.emit, this, event, ...args);
    }

    emitDestroy() {
      this[kResource].emitDestroy();
    }

    get asyncId() {
      return this[kResource].asyncId();
    }

    get triggerAsyncId() {
      return this[kResource].triggerAsyncId();
    }

    get asyncResource() {
      return this[kResource];
    }
  };
}

function listenerCount(emitter, type) {
  if (typeof emitter.listenerCount === 'function') return emitter.listenerCount(type);
  return Reflect.apply(core.listenerCount, emitter, [type]);
}

// The statics, in Node's order so that Object.keys(require('events')) and
// util.inspect() read the same.
const fixed = { enumerable: true, configurable: false };
Object.defineProperties(EventEmitter, {
  addAbortListener: { value: addAbortListener, writable: true, enumerable: true, configurable: true },
  once: { value: once, writable: true, enumerable: true, configurable: true },
  on: { value: on, writable: true, enumerable: true, configurable: true },
  getEventListeners: { value: getEventListeners, writable: true, enumerable: true, configurable: true },
  getMaxListeners: { value: getMaxListeners, writable: true, enumerable: true, configurable: true },
  EventEmitter: { value: EventEmitter, writable: true, enumerable: true, configurable: true },
  usingDomains: { value: false, writable: true, enumerable: true, configurable: true },
  captureRejectionSymbol: { value: core.kRejection, writable: true, enumerable: true, configurable: true },
  captureRejections: {
    ...fixed,
    get() {
      return EventEmitter.prototype[kCapture];
    },
    set(value) {
      validateBoolean(value, 'EventEmitter.captureRejections');
      EventEmitter.prototype[kCapture] = value;
    },
  },
  EventEmitterAsyncResource: {
    enumerable: true,
    configurable: true,
    get() {
      EventEmitterAsyncResource ??= makeEventEmitterAsyncResource();
      return EventEmitterAsyncResource;
    },
  },
  errorMonitor: { value: core.kErrorMonitor, writable: true, enumerable: true, configurable: true },
  defaultMaxListeners: {
    ...fixed,
    get: core.getDefaultMaxListeners,
    set(value) {
      validateNumber(value, 'defaultMaxListeners', 0);
      core.setDefaultMaxListeners(value);
    },
  },
  setMaxListeners: { value: setMaxListeners, writable: true, enumerable: true, configurable: true },
});
// init was made by the core, for the bootstrap; it moves after the others.
const { init } = EventEmitter;
delete EventEmitter.init;
EventEmitter.init = init;
EventEmitter.listenerCount = listenerCount;

module.exports = EventEmitter;
