'use strict';
// AbortController and AbortSignal: abort(reason) with an 'AbortError'
// DOMException by default, the trusted 'abort' event and `onabort`,
// throwIfAborted(), AbortSignal.abort(), AbortSignal.timeout() (an unref'd
// timer: a pending timeout does not keep the worker alive, nor its signal
// once nothing could see it abort) and AbortSignal.any().

const { EventTarget, Event, defineEventHandler, kTrustEvent, kStrongListenersChanged, inspectAs } =
  internalRequire('internal/event_target');
const { codes } = internalRequire('internal/errors');
const { validateUint32, validateAbortSignal } = internalRequire('internal/validators');
const timers = internalRequire('internal/timers/globals');
// Loaded when the first one is made.
const domException = (message, name) => new (internalRequire('internal/dom_exception'))(message, name);

const kCreate = Symbol('kCreate');
const customInspect = Symbol.for('nodejs.util.inspect.custom');

// The timer of AbortSignal.timeout() holds its signal weakly: a signal that
// nothing references and that has no listener but weak ones could abort
// unseen, so it is collected and its timer cleared with it. One with such a
// listener is held here until it aborts.
const watchedTimeouts = new Set();
let timeoutRegistry = null;

class AbortSignal extends EventTarget {
  #aborted = false;
  #reason = undefined;
  // Signals made by AbortSignal.any() from this one; they abort with it.
  // Held strongly: a composite signal with listeners must outlive its maker's
  // reference to it, and the set is dropped once this signal aborts.
  #dependents = null;
  #timeoutPending = false;

  constructor() {
    if (arguments[0] !== kCreate) throw new codes.ERR_ILLEGAL_CONSTRUCTOR();
    super();
  }

  static #check(value) {
    if (value === null || typeof value !== 'object' || !(#aborted in value)) {
      throw new codes.ERR_INVALID_THIS('AbortSignal');
    }
  }

  get aborted() {
    AbortSignal.#check(this);
    return this.#aborted;
  }

  get reason() {
    AbortSignal.#check(this);
    return this.#reason;
  }

  throwIfAborted() {
    AbortSignal.#check(this);
    if (this.#aborted) throw this.#reason;
  }

  [customInspect](depth, options) {
    return inspectAs(this.constructor.name, depth, options, { aborted: this.#aborted }, 'brackets');
  }

  static abort(reason = domException('This operation was aborted', 'AbortError')) {
    const signal = new AbortSignal(kCreate);
    signal.#aborted = true;
    signal.#reason = reason;
    return signal;
  }

  static timeout(delay) {
    validateUint32(delay, 'delay', false);
    const signal = new AbortSignal(kCreate);
    signal.#timeoutPending = true;
    const ref = new WeakRef(signal);
    const timer = timers.setUnrefTimeout(() => {
      const pending = ref.deref();
      if (pending !== undefined) {
        AbortSignal.#abort(pending, domException('The operation was aborted due to timeout', 'TimeoutError'));
      }
    }, delay);
    timeoutRegistry ??= new FinalizationRegistry((orphaned) => timers.clearTimeout(orphaned));
    timeoutRegistry.register(signal, timer);
    return signal;
  }

  [kStrongListenersChanged](type, count) {
    if (type !== 'abort' || !this.#timeoutPending) return;
    if (count > 0) watchedTimeouts.add(this);
    else watchedTimeouts.delete(this);
  }

  static any(signals) {
    if (!Array.isArray(signals)) throw new codes.ERR_INVALID_ARG_TYPE('signals', 'Array', signals);
    for (let i = 0; i < signals.length; ++i) {
      const source = signals[i];
      validateAbortSignal(source, `signals[${i}]`);
      if (source === undefined || !(source instanceof AbortSignal)) {
        throw new codes.ERR_INVALID_ARG_TYPE(`signals[${i}]`, 'AbortSignal', source);
      }
    }
    const signal = new AbortSignal(kCreate);
    for (const source of signals) {
      if (source.#aborted) {
        signal.#aborted = true;
        signal.#reason = source.#reason;
        return signal;
      }
    }
    for (const source of signals) {
      source.#dependents ??= new Set();
      source.#dependents.add(signal);
    }
    return signal;
  }

  // Sets the reason, fires 'abort', then aborts the signals made from this one.
  static #abort(signal, reason) {
    if (signal.#aborted) return;
    signal.#aborted = true;
    signal.#reason = reason;
    if (signal.#timeoutPending) {
      signal.#timeoutPending = false;
      watchedTimeouts.delete(signal);
    }
    signal.dispatchEvent(new Event('abort', { [kTrustEvent]: true }));
    const dependents = signal.#dependents;
    signal.#dependents = null;
    if (dependents !== null) for (const dependent of dependents) AbortSignal.#abort(dependent, reason);
  }

  static abortSignal(signal, reason) {
    AbortSignal.#abort(signal, reason);
  }
}

const { abortSignal } = AbortSignal;
delete AbortSignal.abortSignal;

function makeEnumerable(target, keys) {
  for (const key of keys) Object.defineProperty(target, key, { __proto__: null, enumerable: true });
}

defineEventHandler(AbortSignal.prototype, 'abort');
makeEnumerable(AbortSignal.prototype, ['aborted', 'reason', 'throwIfAborted']);
makeEnumerable(AbortSignal, ['abort', 'timeout', 'any']);
Object.defineProperty(AbortSignal.prototype, Symbol.toStringTag, {
  __proto__: null,
  value: 'AbortSignal', writable: false, enumerable: false, configurable: true,
});

class AbortController {
  #signal = new AbortSignal(kCreate);

  get signal() {
    return this.#signal;
  }

  abort(reason = domException('This operation was aborted', 'AbortError')) {
    abortSignal(this.#signal, reason);
  }

  [customInspect](depth, options) {
    return inspectAs(this.constructor.name, depth, options, { signal: this.#signal }, 'empty');
  }
}

makeEnumerable(AbortController.prototype, ['signal', 'abort']);
Object.defineProperty(AbortController.prototype, Symbol.toStringTag, {
  __proto__: null,
  value: 'AbortController', writable: false, enumerable: false, configurable: true,
});

module.exports = { AbortController, AbortSignal, abortSignal };
