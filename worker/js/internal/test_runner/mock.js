'use strict';
// mock and t.mock: functions that record their calls (mock.fn), and methods,
// getters and setters replaced by such functions until restored. A mock is a
// Proxy of the original function, so its name and length stay the original's;
// `fn.mock` is its MockFunctionContext. A test's own tracker (t.mock) is
// reset when the test ends.

const { codes } = internalRequire('internal/errors');
const { validateFunction, validateObject, validateInteger, validateBoolean } = internalRequire('internal/validators');

const kDefault = Symbol('default');

// One mock's calls and implementations.
class MockFunctionContext {
  #calls = [];
  #once = new Map();
  #implementation;
  #restore;

  constructor(implementation, restore, times, onceImplementation) {
    this.#implementation = implementation;
    this.#restore = restore;
    for (let call = 0; call < times; call++) this.#once.set(call, onceImplementation);
  }

  get calls() {
    return this.#calls.slice();
  }

  callCount() {
    return this.#calls.length;
  }

  mockImplementation(implementation) {
    validateFunction(implementation, 'implementation');
    this.#implementation = implementation;
  }

  // For call number `onCall` (the next one by default) only.
  mockImplementationOnce(implementation, onCall) {
    validateFunction(implementation, 'implementation');
    const next = this.#calls.length;
    const call = onCall === undefined ? next : onCall;
    validateInteger(call, 'onCall', next);
    this.#once.set(call, implementation);
  }

  resetCalls() {
    this.#calls = [];
  }

  restore() {
    if (this.#restore !== undefined) this.#restore();
  }

  nextImplementation() {
    const call = this.#calls.length;
    const once = this.#once.get(call);
    if (once === undefined) return this.#implementation;
    this.#once.delete(call);
    return once;
  }

  record(args, error, result, target, thisArg) {
    this.#calls.push({ __proto__: null, arguments: args, error, result, stack: new Error(), target, this: thisArg });
  }
}

function makeMock(original, implementation, restore, times) {
  const once = times === Infinity ? 0 : times;
  const context = new MockFunctionContext(once > 0 ? original : implementation, restore, once, implementation);
  const proxy = new Proxy(original, {
    apply(fn, thisArg, args) {
      const impl = context.nextImplementation();
      let result;
      try {
        result = Reflect.apply(impl, thisArg, args);
      } catch (error) {
        context.record(args, error, undefined, undefined, thisArg);
        throw error;
      }
      context.record(args, undefined, result, undefined, thisArg);
      return result;
    },
    construct(fn, args, newTarget) {
      const impl = context.nextImplementation();
      let result;
      try {
        result = Reflect.construct(impl, args, newTarget === proxy ? impl : newTarget);
      } catch (error) {
        context.record(args, error, undefined, newTarget, undefined);
        throw error;
      }
      context.record(args, undefined, result, newTarget, result);
      return result;
    },
    get(fn, property, receiver) {
      if (property === 'mock') return context;
      return Reflect.get(fn, property, receiver);
    },
  });
  return { proxy, context };
}

function validateTimes(options) {
  if (options.times === undefined) return Infinity;
  validateInteger(options.times, 'options.times', 1);
  return options.times;
}

// The property `name` of `object` or of the nearest prototype that has it.
function findDescriptor(object, name) {
  for (let target = object; target !== null && target !== undefined; target = Object.getPrototypeOf(target)) {
    const descriptor = Object.getOwnPropertyDescriptor(target, name);
    if (descriptor !== undefined) return { descriptor, own: target === object };
  }
  return { descriptor: undefined, own: false };
}

class MockTracker {
  #contexts = [];

  fn(original = function() {}, implementation = original, options = {}) {
    if (original !== null && typeof original === 'object') {
      options = original;
      original = function() {};
      implementation = original;
    } else if (implementation !== null && typeof implementation === 'object') {
      options = implementation;
      implementation = original;
    }
    validateFunction(original, 'original');
    validateFunction(implementation, 'implementation');
    validateObject(options, 'options');
    const { proxy, context } = makeMock(original, implementation, undefined, validateTimes(options));
    this.#contexts.push(context);
    return proxy;
  }

  method(object, methodName, implementation = kDefault, options = {}) {
    if (typeof methodName !== 'string' && typeof methodName !== 'symbol') {
      throw new codes.ERR_INVALID_ARG_TYPE('methodName', ['string', 'symbol'], methodName);
    }
    if (typeof object !== 'function') validateObject(object, 'object');
    if (implementation !== null && typeof implementation === 'object') {
      options = implementation;
      implementation = kDefault;
    }
    if (implementation !== kDefault) validateFunction(implementation, 'implementation');
    validateObject(options, 'options');
    const getter = options.getter === undefined ? false : options.getter;
    const setter = options.setter === undefined ? false : options.setter;
    validateBoolean(getter, 'options.getter');
    validateBoolean(setter, 'options.setter');
    if (getter && setter) {
      throw new codes.ERR_INVALID_ARG_VALUE('options.setter', setter, "cannot be used with 'options.getter'");
    }
    const times = validateTimes(options);
    const { descriptor, own } = findDescriptor(object, methodName);
    let original;
    if (descriptor !== undefined) original = getter ? descriptor.get : setter ? descriptor.set : descriptor.value;
    if (typeof original !== 'function') {
      throw new codes.ERR_INVALID_ARG_VALUE('methodName', original,
        `must be a ${getter ? 'getter' : setter ? 'setter' : 'method'}`);
    }
    const restore = () => {
      if (own) Object.defineProperty(object, methodName, descriptor);
      else delete object[methodName];
    };
    const { proxy, context } = makeMock(original, implementation === kDefault ? original : implementation, restore, times);
    const replaced = { __proto__: null, configurable: descriptor.configurable, enumerable: descriptor.enumerable };
    if (getter) {
      replaced.get = proxy;
      replaced.set = descriptor.set;
    } else if (setter) {
      replaced.get = descriptor.get;
      replaced.set = proxy;
    } else {
      replaced.value = proxy;
      replaced.writable = descriptor.writable;
    }
    Object.defineProperty(object, methodName, replaced);
    this.#contexts.push(context);
    return proxy;
  }

  getter(object, methodName, implementation = kDefault, options = {}) {
    if (implementation !== null && typeof implementation === 'object') {
      options = implementation;
      implementation = kDefault;
    }
    if (options !== null && typeof options === 'object' && options.getter === false) {
      throw new codes.ERR_INVALID_ARG_VALUE('options.getter', false, 'cannot be false');
    }
    return this.method(object, methodName, implementation, { ...options, getter: true });
  }

  setter(object, methodName, implementation = kDefault, options = {}) {
    if (implementation !== null && typeof implementation === 'object') {
      options = implementation;
      implementation = kDefault;
    }
    if (options !== null && typeof options === 'object' && options.setter === false) {
      throw new codes.ERR_INVALID_ARG_VALUE('options.setter', false, 'cannot be false');
    }
    return this.method(object, methodName, implementation, { ...options, setter: true });
  }

  // Fake timers (mock.timers) are not offered by a worker.
  get timers() {
    throw new codes.ERR_NOT_AVAILABLE_IN_WORKER('test.mock.timers');
  }

  restoreAll() {
    for (const context of this.#contexts) context.restore();
  }

  reset() {
    this.restoreAll();
    this.#contexts = [];
  }
}

module.exports = { MockTracker };
