'use strict';
// require('async_hooks'): AsyncLocalStorage and AsyncResource over the
// worker's async context (internal/async_context), which carries a store
// through promises, ticks, timers, immediates and fs callbacks.
//
// Async ids are honest only for AsyncResource: each has its own id, and
// executionAsyncId() is that of the AsyncResource whose runInAsyncScope() is
// running, else 1 (the top level and every other callback, which have no
// resource of their own here). Hooks made with createHook() likewise fire for
// AsyncResource alone, never for the worker's internal resources (promises,
// timers, fs requests); a nested Worker's handle ('WORKER') is one.

const asyncContext = internalRequire('internal/async_context');
const { codes } = internalRequire('internal/errors');
const { validateFunction, validateString, validateObject } = internalRequire('internal/validators');

const ReflectApply = Reflect.apply;
const kRootAsyncId = 1;

let nextAsyncId = kRootAsyncId;
// AsyncResources whose runInAsyncScope() is running, innermost last.
const executionStack = [];
const rootResource = {};
// Enabled hooks (AsyncHook), in the order they were enabled.
const enabledHooks = [];

function executionAsyncId() {
  const top = executionStack[executionStack.length - 1];
  return top === undefined ? kRootAsyncId : top.asyncId();
}

function triggerAsyncId() {
  const top = executionStack[executionStack.length - 1];
  return top === undefined ? 0 : top.triggerAsyncId();
}

function executionAsyncResource() {
  const top = executionStack[executionStack.length - 1];
  return top === undefined ? rootResource : top;
}

function emitHooks(name, ...args) {
  if (enabledHooks.length === 0) return;
  for (const hook of enabledHooks.slice()) {
    const fn = hook._callbacks[name];
    if (fn !== undefined) ReflectApply(fn, hook, args);
  }
}

// ---------------------------------------------------------- AsyncResource

const kFrame = Symbol('frame');
const kAsyncId = Symbol('asyncId');
const kTriggerAsyncId = Symbol('triggerAsyncId');

class AsyncResource {
  constructor(type, options = {}) {
    validateString(type, 'type');
    let trigger = options;
    let requireManualDestroy = false;
    if (typeof options !== 'number') {
      trigger = options.triggerAsyncId === undefined ? executionAsyncId() : options.triggerAsyncId;
      requireManualDestroy = !!options.requireManualDestroy;
    }
    if (!Number.isSafeInteger(trigger) || trigger < -1) {
      throw new codes.ERR_INVALID_ASYNC_ID('triggerAsyncId', trigger);
    }
    void requireManualDestroy;  // nothing is destroyed on collection here
    this[kFrame] = asyncContext.currentFrame();
    this[kAsyncId] = ++nextAsyncId;
    this[kTriggerAsyncId] = trigger;
    emitHooks('init', this[kAsyncId], type, trigger, this);
  }

  runInAsyncScope(fn, thisArg, ...args) {
    const frame = this[kFrame];
    const previous = asyncContext.enterContinuation(frame);
    executionStack.push(this);
    emitHooks('before', this[kAsyncId]);
    try {
      return ReflectApply(fn, thisArg, args);
    } finally {
      emitHooks('after', this[kAsyncId]);
      executionStack.pop();
      asyncContext.leaveContinuation(frame, previous);
    }
  }

  // The destroy hooks run soon after, never inside the caller, as in Node.
  emitDestroy() {
    if (enabledHooks.length !== 0) {
      const asyncId = this[kAsyncId];
      setImmediate(() => emitHooks('destroy', asyncId)).unref();
    }
    return this;
  }

  asyncId() {
    return this[kAsyncId];
  }

  triggerAsyncId() {
    return this[kTriggerAsyncId];
  }

  bind(fn, thisArg) {
    validateFunction(fn, 'fn');
    const resource = this;
    let bound;
    if (thisArg === undefined) {
      bound = function(...args) {
        return resource.runInAsyncScope(fn, this, ...args);
      };
    } else {
      bound = (...args) => resource.runInAsyncScope(fn, thisArg, ...args);
    }
    let asyncResource = this;
    Object.defineProperties(bound, {
      length: { configurable: true, enumerable: false, value: fn.length, writable: false },
      asyncResource: {
        configurable: true,
        enumerable: true,
        get() {
          warnAsyncResourceProperty();
          return asyncResource;
        },
        set(value) {
          asyncResource = value;
        },
      },
    });
    return bound;
  }

  static bind(fn, type, thisArg) {
    type = type || fn.name || 'bound-anonymous-fn';
    return new AsyncResource(type).bind(fn, thisArg);
  }
}

let warnedAsyncResourceProperty = false;
function warnAsyncResourceProperty() {
  if (warnedAsyncResourceProperty) return;
  warnedAsyncResourceProperty = true;
  process.emitWarning('The asyncResource property on bound functions is deprecated', 'DeprecationWarning', 'DEP0172');
}

// ------------------------------------------------------ AsyncLocalStorage

class AsyncLocalStorage {
  constructor() {
    asyncContext.activate();
    this._enabled = false;
  }

  static bind(fn) {
    validateFunction(fn, 'fn');
    const frame = asyncContext.currentFrame();
    return function(...args) {
      return asyncContext.runInFrame(frame, fn, this, args);
    };
  }

  static snapshot() {
    const frame = asyncContext.currentFrame();
    return function runInAsyncScope(fn, ...args) {
      return asyncContext.runInFrame(frame, fn, this, args);
    };
  }

  disable() {
    if (!this._enabled) return;
    this._enabled = false;
    const frame = asyncContext.currentFrame();
    if (frame.has(this)) asyncContext.enter(without(frame, this));
  }

  getStore() {
    if (!this._enabled) return undefined;
    return asyncContext.currentFrame().get(this);
  }

  enterWith(store) {
    this._enabled = true;
    asyncContext.enter(with_(asyncContext.currentFrame(), this, store));
  }

  run(store, callback, ...args) {
    this._enabled = true;
    const outer = asyncContext.currentFrame();
    asyncContext.enter(with_(outer, this, store));
    try {
      return ReflectApply(callback, null, args);
    } finally {
      this._restore(outer);
    }
  }

  exit(callback, ...args) {
    const outer = asyncContext.currentFrame();
    if (!this._enabled || !outer.has(this)) return ReflectApply(callback, null, args);
    asyncContext.enter(without(outer, this));
    try {
      return ReflectApply(callback, null, args);
    } finally {
      this._restore(outer);
    }
  }

  // Puts back this storage's entry of `outer` and keeps what the callback
  // entered into other storages with enterWith(), as Node does.
  _restore(outer) {
    const now = asyncContext.currentFrame();
    if (outer.has(this)) {
      asyncContext.enter(now.get(this) === outer.get(this) && now.has(this) ? now : with_(now, this, outer.get(this)));
    } else {
      asyncContext.enter(now.has(this) ? without(now, this) : now);
    }
  }
}

// Frames are never changed once made: a new one is a copy.
function with_(frame, storage, store) {
  const next = new Map(frame);
  next.set(storage, store);
  return next;
}

function without(frame, storage) {
  const next = new Map(frame);
  next.delete(storage);
  return next;
}

// --------------------------------------------------------------- createHook

class AsyncHook {
  constructor(callbacks) {
    this._callbacks = {};
    for (const name of ['init', 'before', 'after', 'destroy', 'promiseResolve']) {
      const fn = callbacks[name];
      if (fn !== undefined && typeof fn !== 'function') throw new codes.ERR_ASYNC_CALLBACK(`hook.${name}`);
      if (fn !== undefined) this._callbacks[name] = fn;
    }
  }

  enable() {
    if (!enabledHooks.includes(this)) enabledHooks.push(this);
    return this;
  }

  disable() {
    const index = enabledHooks.indexOf(this);
    if (index !== -1) enabledHooks.splice(index, 1);
    return this;
  }
}

function createHook(callbacks) {
  validateObject(callbacks, 'callbacks', { allowFunction: true });
  return new AsyncHook(callbacks);
}

// For a built-in object that is its own resource, as Node's native handles
// are (a MessagePort): emits init for it, returns its async id; then
// _emitDestroy(asyncId) when it is gone.
function emitInitFor(resource, type) {
  const asyncId = ++nextAsyncId;
  emitHooks('init', asyncId, type, executionAsyncId(), resource);
  return asyncId;
}

function emitDestroyOf(asyncId) {
  if (enabledHooks.length !== 0) setImmediate(() => emitHooks('destroy', asyncId)).unref();
}

module.exports = {
  AsyncLocalStorage,
  createHook,
  executionAsyncId,
  triggerAsyncId,
  executionAsyncResource,
  asyncWrapProviders: Object.freeze({ __proto__: null }),
  AsyncResource,
};
Object.defineProperty(module.exports, '_emitInitFor', { __proto__: null, value: emitInitFor });
Object.defineProperty(module.exports, '_emitDestroyOf', { __proto__: null, value: emitDestroyOf });
