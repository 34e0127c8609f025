'use strict';
// Event, CustomEvent and EventTarget (WHATWG DOM) as Node 20 has them: no
// propagation path (an event is only ever at its target), the `once`,
// `capture` and `signal` options (`passive` is read and, as in Node, has no
// effect), handleEvent objects, and a listener that
// throws (or returns a promise that rejects) reported as an uncaught
// exception on the next tick while the other listeners still run.
// Internal state lives in private fields; brand checks throw ERR_INVALID_THIS.

const { getDefaultMaxListeners, emitWarning } = internalRequire('events');
const { codes } = internalRequire('internal/errors');
const { validateObject, validateAbortSignal } = internalRequire('internal/validators');
const { nextTick } = internalRequire('tick');

const kIsEventTarget = Symbol.for('nodejs.event_target');
const customInspect = Symbol.for('nodejs.util.inspect.custom');
// Options only the runtime passes: a trusted event (isTrusted === true), a
// listener that stopImmediatePropagation() does not skip.
const kTrustEvent = Symbol('kTrustEvent');
const kResistStopPropagation = Symbol('kResistStopPropagation');

const now = () => (binding.hrtime() - binding.timeOrigin) / 1e6;
const inspect = (value, options) => internalRequire('inspect').inspect(value, options);

// How Node prints these objects: `Name { ...fields }`, one level shallower;
// past the depth limit, as `deep` says: 'name' (Name), 'brackets' ([Name])
// or 'empty' (Name {}).
function inspectAs(name, depth, options, fields, deep = 'name') {
  if (depth < 0) {
    if (deep === 'brackets') return options.stylize(`[${name}]`, 'special');
    return deep === 'empty' ? `${name} {}` : name;
  }
  const nested = { ...options, depth: Number.isInteger(options.depth) ? options.depth - 1 : options.depth };
  return `${name} ${inspect(fields, nested)}`;
}

// A listener that throws must not stop the others: its error reaches the
// process on the next tick, as an uncaught exception.
function reportUncaught(err) {
  nextTick(() => {
    throw err;
  });
}

function reportRejection(result) {
  try {
    const then = result.then;
    if (typeof then === 'function') Reflect.apply(then, result, [undefined, reportUncaught]);
  } catch (err) {
    reportUncaught(err);
  }
}

// handleEvent is looked up at dispatch time; Node calls it from an async
// function, so that what it throws is reported as a rejection is.
async function callHandleEvent(listener, event) {
  if (listener.handleEvent) await Reflect.apply(listener.handleEvent, listener, [event]);
}

class Event {
  #type;
  #cancelable;
  #bubbles;
  #composed;
  #timeStamp;
  #trusted;
  #defaultPrevented = false;
  #propagationStopped = false;
  #immediateStopped = false;
  #target = null;
  #dispatching = false;

  constructor(type, options = null) {
    if (arguments.length === 0) throw new codes.ERR_MISSING_ARGS('type');
    validateObject(options, 'options', { allowArray: true, allowFunction: true, nullable: true });
    const { cancelable, bubbles, composed } = { ...options };
    this.#cancelable = !!cancelable;
    this.#bubbles = !!bubbles;
    this.#composed = !!composed;
    this.#type = `${type}`;
    this.#timeStamp = now();
    this.#trusted = options?.[kTrustEvent] === true;
  }

  static #check(value, name = 'Event') {
    if (value === null || typeof value !== 'object' || !(#type in value)) throw new codes.ERR_INVALID_THIS(name);
  }

  static isEvent(value) {
    return value !== null && typeof value === 'object' && #type in value;
  }

  // What EventTarget#dispatchEvent needs of an event it dispatches.
  static beginDispatch(event, target) {
    if (event.#dispatching) throw new codes.ERR_EVENT_RECURSION(event.#type);
    event.#dispatching = true;
    event.#target = target;
    event.#immediateStopped = false;
  }

  static endDispatch(event) {
    event.#dispatching = false;
  }

  static immediateStopped(event) {
    return event.#immediateStopped;
  }

  [customInspect](depth, options) {
    return inspectAs(this.constructor.name, depth, options, {
      type: this.#type,
      defaultPrevented: this.#defaultPrevented,
      cancelable: this.#cancelable,
      timeStamp: this.#timeStamp,
    });
  }

  initEvent(type, bubbles = false, cancelable = false) {
    Event.#check(this);
    if (arguments.length === 0) throw new codes.ERR_MISSING_ARGS('type');
    if (this.#dispatching) return;
    this.#type = `${type}`;
    this.#bubbles = !!bubbles;
    this.#cancelable = !!cancelable;
  }

  stopImmediatePropagation() {
    Event.#check(this);
    this.#propagationStopped = true;
    this.#immediateStopped = true;
  }

  preventDefault() {
    Event.#check(this);
    this.#defaultPrevented = true;
  }

  get target() {
    Event.#check(this);
    return this.#target;
  }

  get currentTarget() {
    Event.#check(this);
    return this.#dispatching ? this.#target : null;
  }

  get srcElement() {
    Event.#check(this);
    return this.#target;
  }

  get type() {
    Event.#check(this);
    return this.#type;
  }

  get cancelable() {
    Event.#check(this);
    return this.#cancelable;
  }

  get defaultPrevented() {
    Event.#check(this);
    return this.#cancelable && this.#defaultPrevented;
  }

  get timeStamp() {
    Event.#check(this);
    return this.#timeStamp;
  }

  composedPath() {
    Event.#check(this);
    return this.#dispatching ? [this.#target] : [];
  }

  get returnValue() {
    Event.#check(this);
    return !(this.#cancelable && this.#defaultPrevented);
  }

  get bubbles() {
    Event.#check(this);
    return this.#bubbles;
  }

  get composed() {
    Event.#check(this);
    return this.#composed;
  }

  get eventPhase() {
    Event.#check(this);
    return this.#dispatching ? Event.AT_TARGET : Event.NONE;
  }

  get cancelBubble() {
    Event.#check(this);
    return this.#propagationStopped;
  }

  set cancelBubble(value) {
    Event.#check(this);
    if (value) this.#propagationStopped = true;
  }

  stopPropagation() {
    Event.#check(this);
    this.#propagationStopped = true;
  }

  get isTrusted() {
    Event.#check(this);
    return this.#trusted;
  }

  static NONE = 0;
  static CAPTURING_PHASE = 1;
  static AT_TARGET = 2;
  static BUBBLING_PHASE = 3;
}

// The runtime's hooks into Event, kept off the public class.
const { isEvent, beginDispatch, endDispatch, immediateStopped } = Event;
for (const name of ['isEvent', 'beginDispatch', 'endDispatch', 'immediateStopped']) delete Event[name];

function makeEnumerable(prototype, tag) {
  for (const key of Object.getOwnPropertyNames(prototype)) {
    if (key !== 'constructor') Object.defineProperty(prototype, key, { __proto__: null, enumerable: true });
  }
  Object.defineProperty(prototype, Symbol.toStringTag, {
    __proto__: null,
    value: tag, writable: false, enumerable: false, configurable: true,
  });
}

makeEnumerable(Event.prototype, 'Event');
// isTrusted is [LegacyUnforgeable]: it cannot be redefined.
Object.defineProperty(Event.prototype, 'isTrusted', { __proto__: null, configurable: false });

class CustomEvent extends Event {
  #detail;

  constructor(type, options = {}) {
    if (arguments.length === 0) throw new codes.ERR_MISSING_ARGS('type');
    super(type, options);
    this.#detail = options?.detail ?? null;
  }

  get detail() {
    if (this === null || typeof this !== 'object' || !(#detail in this)) {
      throw new codes.ERR_INVALID_THIS('CustomEvent');
    }
    return this.#detail;
  }
}

makeEnumerable(CustomEvent.prototype, 'CustomEvent');

// One registration: listeners of a type form a linked list, walked the way
// Node walks it (a listener added during a dispatch runs in it unless the
// last listener added it).
class Listener {
  // `previous` is the list's root ({ size, next }) or another Listener.
  constructor(previous, listener, once, capture, resist) {
    this.next = undefined;
    this.previous = previous;
    previous.next = this;
    this.listener = listener;
    this.once = once;
    this.capture = capture;
    this.resist = resist;
    this.removed = false;
  }

  same(listener, capture) {
    return this.listener === listener && this.capture === capture;
  }

  remove() {
    this.previous.next = this.next;
    if (this.next !== undefined) this.next.previous = this.previous;
    this.removed = true;
  }
}

function parseListenerOptions(options) {
  if (typeof options === 'boolean') return { capture: options };
  if (options === null || options === undefined) return {};
  validateObject(options, 'options', { allowArray: true, allowFunction: true });
  const parsed = {
    once: Boolean(options.once),
    capture: Boolean(options.capture),
    passive: Boolean(options.passive),
    signal: options.signal,
    resist: options[kResistStopPropagation] === true,
  };
  validateAbortSignal(parsed.signal, 'options.signal');
  return parsed;
}

function isListener(listener, warnTarget, type) {
  if (typeof listener === 'function' || (listener !== null && typeof listener === 'object')) return true;
  if (listener === null || listener === undefined) {
    if (warnTarget !== undefined) {
      const warning = new Error(`addEventListener called with ${listener} which has no effect.`);
      warning.name = 'AddEventListenerArgumentTypeWarning';
      warning.target = warnTarget;
      warning.type = type;
      emitWarning(warning);
    }
    return false;
  }
  throw new codes.ERR_INVALID_ARG_TYPE('listener', 'EventListener', listener);
}

class EventTarget {
  static [kIsEventTarget] = true;

  #events = new Map();  // type -> { size, next: first Listener }
  #maxListeners = getDefaultMaxListeners();
  #warned = false;

  static #check(value) {
    if (value === null || typeof value !== 'object' || !(#events in value)) {
      throw new codes.ERR_INVALID_THIS('EventTarget');
    }
  }

  addEventListener(type, listener, options = undefined) {
    EventTarget.#check(this);
    if (arguments.length < 2) throw new codes.ERR_MISSING_ARGS('type', 'listener');
    // `passive` is read, as the spec asks, and has no effect, as in Node.
    const { once = false, capture = false, signal, resist = false } =
      parseListenerOptions(options);
    if (!isListener(listener, this, type)) return;
    type = String(type);
    if (signal !== undefined) {
      if (signal.aborted) return;
      signal.addEventListener('abort', () => this.removeEventListener(type, listener, capture), { once: true });
    }
    let root = this.#events.get(type);
    if (root === undefined) {
      root = { size: 0, next: undefined };
      this.#events.set(type, root);
    }
    let previous = root;
    for (let handler = root.next; handler !== undefined; handler = handler.next) {
      if (handler.same(listener, capture)) return;
      previous = handler;
    }
    new Listener(previous, listener, once, capture, resist);
    ++root.size;
    this.#checkLimit(root.size, type);
  }

  #checkLimit(size, type) {
    const limit = this.#maxListeners;
    if (limit > 0 && size > limit && !this.#warned) {
      this.#warned = true;
      const warning = new Error(
        `Possible EventTarget memory leak detected. ${size} ${type} listeners added to ` +
        `${inspect(this, { depth: -1 })}. MaxListeners is ${limit}. Use events.setMaxListeners() to increase limit`);
      warning.name = 'MaxListenersExceededWarning';
      warning.target = this;
      warning.type = type;
      warning.count = size;
      emitWarning(warning);
    }
  }

  removeEventListener(type, listener, options = undefined) {
    EventTarget.#check(this);
    if (arguments.length < 2) throw new codes.ERR_MISSING_ARGS('type', 'listener');
    if (!isListener(listener)) return;
    type = String(type);
    const capture = typeof options === 'boolean' ? options : options?.capture === true;
    const root = this.#events.get(type);
    if (root === undefined) return;
    for (let handler = root.next; handler !== undefined; handler = handler.next) {
      if (handler.same(listener, capture)) {
        handler.remove();
        if (--root.size === 0) this.#events.delete(type);
        return;
      }
    }
  }

  dispatchEvent(event) {
    if (arguments.length === 0) throw new codes.ERR_MISSING_ARGS('event');
    if (!isEvent(event)) throw new codes.ERR_INVALID_ARG_TYPE('event', 'Event', event);
    EventTarget.#check(this);
    beginDispatch(event, this);
    try {
      this.#invoke(event);
    } finally {
      endDispatch(event);
    }
    return event.defaultPrevented !== true;
  }

  #invoke(event) {
    const type = event.type;
    const root = this.#events.get(type);
    if (root === undefined) return;
    let handler = root.next;
    while (handler !== undefined && (handler.resist || !immediateStopped(event))) {
      const next = handler.next;
      if (!handler.removed) {
        if (handler.once) {
          handler.remove();
          --root.size;
        }
        try {
          const { listener } = handler;
          const result = typeof listener === 'function' ?
            Reflect.apply(listener, this, [event]) :
            callHandleEvent(listener, event);
          if (result !== undefined && result !== null) reportRejection(result);
        } catch (err) {
          reportUncaught(err);
        }
      }
      handler = next;
    }
  }

  [customInspect](depth, options) {
    return inspectAs(this.constructor.name, depth, options, {});
  }

  static listenersOf(target, type) {
    EventTarget.#check(target);
    const result = [];
    const root = target.#events.get(String(type));
    for (let handler = root?.next; handler !== undefined; handler = handler.next) result.push(handler.listener);
    return result;
  }

  static getMaxListeners(target) {
    EventTarget.#check(target);
    return target.#maxListeners;
  }

  static setMaxListeners(target, n) {
    EventTarget.#check(target);
    target.#maxListeners = n;
    target.#warned = false;
  }
}

const { listenersOf, getMaxListeners, setMaxListeners } = EventTarget;
for (const name of ['listenersOf', 'getMaxListeners', 'setMaxListeners']) delete EventTarget[name];
makeEnumerable(EventTarget.prototype, 'EventTarget');

// An `on<type>` attribute (AbortSignal#onabort): the first assignment adds a
// listener that calls whatever the attribute holds at dispatch time, so the
// handler keeps the place of its first assignment.
const eventHandlers = new WeakMap();  // target -> Map(type -> { value })

function defineEventHandler(prototype, type) {
  Object.defineProperty(prototype, `on${type}`, {
    __proto__: null,
    enumerable: true,
    configurable: true,
    get() {
      return eventHandlers.get(this)?.get(type)?.value ?? null;
    },
    set(value) {
      let handlers = eventHandlers.get(this);
      if (handlers === undefined) {
        handlers = new Map();
        eventHandlers.set(this, handlers);
      }
      const existing = handlers.get(type);
      if (existing !== undefined) {
        existing.value = value;
        return;
      }
      const record = { value };
      handlers.set(type, record);
      this.addEventListener(type, function eventHandler(event) {
        if (typeof record.value === 'function') return Reflect.apply(record.value, this, [event]);
        return undefined;
      });
    },
  });
}

module.exports = {
  Event,
  CustomEvent,
  EventTarget,
  defineEventHandler,
  listenersOf,
  getMaxListeners,
  setMaxListeners,
  isEvent,
  kTrustEvent,
  kResistStopPropagation,
  inspectAs,
};
