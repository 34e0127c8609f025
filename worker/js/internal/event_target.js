'use strict';
// Event, CustomEvent and EventTarget (WHATWG DOM) as Node 20 has them: no
// propagation path (an event is only ever at its target), the `once`,
// `capture` and `signal` options (`passive` is read and, as in Node, has no
// effect), handleEvent objects, and a listener that
// throws (or returns a promise that rejects) reported as an uncaught
// exception on the next tick while the other listeners still run.
// Internal state lives in private fields; brand checks throw ERR_INVALID_THIS.
// Also Node's NodeEventTarget (an EventTarget with EventEmitter's methods)
// and weak listeners (kWeakHandler), which the runtime uses where a
// long-lived signal must not keep alive what listens to it.

const { getDefaultMaxListeners, emitWarning } = internalRequire('internal/events/emitter');
const { codes } = internalRequire('internal/errors');
const { validateObject, validateAbortSignal, validateString } = internalRequire('internal/validators');
const { nextTick } = internalRequire('internal/process/tick');

const kIsEventTarget = Symbol.for('nodejs.event_target');
const customInspect = Symbol.for('nodejs.util.inspect.custom');
// Options only the runtime passes: a trusted event (isTrusted === true), a
// listener that stopImmediatePropagation() does not skip.
const kTrustEvent = Symbol('kTrustEvent');
const kResistStopPropagation = Symbol('kResistStopPropagation');
// A weak listener: `{ [kWeakHandler]: owner }` holds the listener only while
// `owner` lives; once it is collected the listener goes from the list.
const kWeakHandler = Symbol('kWeak');
// A listener added by NodeEventTarget#on/once: emit(type, value) calls it
// with `value`, where other listeners get an event.
const kNodeStyleListener = Symbol('kNodeStyleListener');
// Called on a target that has it as `target[kStrongListenersChanged](type,
// count)` when the number of its listeners of `type` that are not weak
// changes (AbortSignal keeps a pending timeout alive while it has some).
const kStrongListenersChanged = Symbol('kStrongListenersChanged');

const now = () => (binding.hrtime() - binding.timeOrigin) / 1e6;
const inspect = (value, options) => internalRequire('internal/util/inspect/format').inspect(value, options);

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

// Weak listeners: each is held by its owner (a WeakMap entry lives as long
// as its key), and the registry takes its registration off the list once
// the listener itself is collected.
const weakListenerOwners = new WeakMap();  // owner -> Map(listener -> registrations)
let weakListenerRegistry = null;

function holdWeakly(record, listener, owner) {
  let owned = weakListenerOwners.get(owner);
  if (owned === undefined) {
    owned = new Map();
    weakListenerOwners.set(owner, owned);
  }
  owned.set(listener, (owned.get(listener) ?? 0) + 1);
  weakListenerRegistry ??= new FinalizationRegistry((collected) => collected.detach());
  weakListenerRegistry.register(listener, record, record);
}

// A removed weak listener is no longer held by its owner on its account.
function releaseWeakly(listener, owner) {
  const owned = owner === undefined ? undefined : weakListenerOwners.get(owner);
  const count = owned?.get(listener);
  if (count > 1) owned.set(listener, count - 1);
  else if (count !== undefined) owned.delete(listener);
}

// One registration: listeners of a type form a linked list, walked the way
// Node walks it (a listener added during a dispatch runs in it unless the
// last listener added it).
class Listener {
  // `root` is the list's root ({ size, strong, next, type, events }),
  // `previous` the root or another Listener.
  constructor(root, previous, listener, options) {
    this.next = undefined;
    this.previous = previous;
    previous.next = this;
    this.root = root;
    this.once = options.once;
    this.capture = options.capture;
    this.resist = options.resist;
    this.nodeStyle = options.nodeStyle;
    this.weak = options.weak !== undefined;
    // A weak listener and its owner are WeakRefs, dereferenced at each use:
    // the list (reachable from the target) must reach neither.
    this.held = listener;
    this.owner = null;
    if (this.weak) {
      holdWeakly(this, listener, options.weak);
      this.held = new WeakRef(listener);
      this.owner = new WeakRef(options.weak);
    }
    this.removed = false;
  }

  // The listener; undefined once a weak one was collected.
  get listener() {
    return this.weak ? this.held.deref() : this.held;
  }

  same(listener, capture) {
    return this.listener === listener && this.capture === capture;
  }

  remove() {
    this.previous.next = this.next;
    if (this.next !== undefined) this.next.previous = this.previous;
    this.removed = true;
    if (this.weak) {
      weakListenerRegistry.unregister(this);
      releaseWeakly(this.held.deref(), this.owner.deref());
    }
  }

  // A weak listener was collected: its registration goes, as a removal would.
  detach() {
    if (this.removed) return;
    this.remove();
    const root = this.root;
    if (--root.size === 0 && root.events.get(root.type) === root) root.events.delete(root.type);
  }
}

const kNoOptions = Object.freeze({
  __proto__: null, once: false, capture: false, signal: undefined, resist: false, nodeStyle: false, weak: undefined,
});

function parseListenerOptions(options) {
  if (typeof options === 'boolean') return options ? { ...kNoOptions, capture: true } : kNoOptions;
  if (options === null || options === undefined) return kNoOptions;
  validateObject(options, 'options', { allowArray: true, allowFunction: true });
  const weak = options[kWeakHandler];
  const parsed = {
    __proto__: null,
    once: Boolean(options.once),
    capture: Boolean(options.capture),
    passive: Boolean(options.passive),
    signal: options.signal,
    resist: options[kResistStopPropagation] === true,
    nodeStyle: options[kNodeStyleListener] === true,
    // Only an object can own a listener (a WeakMap key).
    weak: weak !== null && (typeof weak === 'object' || typeof weak === 'function') ? weak : undefined,
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
    const parsed = parseListenerOptions(options);
    const { capture, signal } = parsed;
    if (!isListener(listener, this, type)) return;
    type = String(type);
    if (signal !== undefined) {
      if (signal.aborted) return;
      // Held by this target: a signal that outlives it does not keep it alive.
      signal.addEventListener('abort', () => this.removeEventListener(type, listener, capture),
                              { once: true, [kWeakHandler]: this });
    }
    let root = this.#events.get(type);
    if (root === undefined) {
      root = { size: 0, strong: 0, next: undefined, type, events: this.#events };
      this.#events.set(type, root);
    }
    let previous = root;
    for (let handler = root.next; handler !== undefined; handler = handler.next) {
      if (handler.same(listener, capture)) return;
      previous = handler;
    }
    const added = new Listener(root, previous, listener, parsed);
    ++root.size;
    if (!added.weak) this.#strongCountChanged(root, 1);
    this.#checkLimit(root.size, type);
  }

  #strongCountChanged(root, delta) {
    root.strong += delta;
    const hook = this[kStrongListenersChanged];
    if (hook !== undefined) Reflect.apply(hook, this, [root.type, root.strong]);
  }

  // Takes `handler` off the list of `root`.
  #remove(root, handler) {
    handler.remove();
    if (--root.size === 0 && this.#events.get(root.type) === root) this.#events.delete(root.type);
    if (!handler.weak) this.#strongCountChanged(root, -1);
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
        this.#remove(root, handler);
        return;
      }
    }
  }

  dispatchEvent(event) {
    EventTarget.#check(this);
    if (arguments.length === 0) throw new codes.ERR_MISSING_ARGS('event');
    if (!isEvent(event)) throw new codes.ERR_INVALID_ARG_TYPE('event', 'Event', event);
    beginDispatch(event, this);
    try {
      this.#invoke(event.type, event, event);
    } finally {
      endDispatch(event);
    }
    return event.defaultPrevented !== true;
  }

  // Calls the listeners of `type`: node-style ones with `nodeValue`, the
  // others with `event`. NodeEventTarget#emit passes no event: one is made,
  // a CustomEvent whose detail is the value, for the first listener that
  // takes an event.
  #invoke(type, event, nodeValue) {
    const root = this.#events.get(type);
    if (root === undefined) return;
    let made = null;
    try {
      let handler = root.next;
      while (handler !== undefined && (handler.resist || event === null || !immediateStopped(event))) {
        const next = handler.next;
        const listener = handler.listener;
        if (!handler.removed && listener !== undefined) {
          if (handler.once) this.#remove(root, handler);
          let argument = nodeValue;
          if (!handler.nodeStyle) {
            if (event === null) {
              event = made = new CustomEvent(type, { detail: nodeValue });
              beginDispatch(made, this);
            }
            argument = event;
          }
          try {
            const result = typeof listener === 'function' ?
              Reflect.apply(listener, this, [argument]) :
              callHandleEvent(listener, argument);
            if (result !== undefined && result !== null) reportRejection(result);
          } catch (err) {
            reportUncaught(err);
          }
        }
        handler = next;
      }
    } finally {
      if (made !== null) endDispatch(made);
    }
  }

  [customInspect](depth, options) {
    return inspectAs(this.constructor.name, depth, options, {});
  }

  static listenersOf(target, type) {
    EventTarget.#check(target);
    const result = [];
    const root = target.#events.get(String(type));
    for (let handler = root?.next; handler !== undefined; handler = handler.next) {
      const { listener } = handler;
      if (listener !== undefined) result.push(listener);
    }
    return result;
  }

  // What NodeEventTarget needs of the list.
  static eventTypes(target) {
    return Array.from(target.#events.keys());
  }

  static listenerCountOf(target, type) {
    return target.#events.get(String(type))?.size ?? 0;
  }

  static removeAllOf(target, type) {
    const types = type === undefined ? Array.from(target.#events.keys()) : [String(type)];
    for (const name of types) {
      const root = target.#events.get(name);
      for (let handler = root?.next; handler !== undefined; handler = handler.next) target.#remove(root, handler);
    }
  }

  static emitOn(target, type, value) {
    target.#invoke(type, null, value);
  }

  // Dispatches `event`, but node-style listeners get `value` (a
  // MessagePort's on('message') listeners get the data, not the event).
  static dispatchWithValue(target, event, value) {
    beginDispatch(event, target);
    try {
      target.#invoke(event.type, event, value);
    } finally {
      endDispatch(event);
    }
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

const {
  listenersOf, getMaxListeners, setMaxListeners, eventTypes, listenerCountOf, removeAllOf, emitOn,
  dispatchWithValue,
} = EventTarget;
for (const name of ['listenersOf', 'getMaxListeners', 'setMaxListeners', 'eventTypes', 'listenerCountOf',
  'removeAllOf', 'emitOn', 'dispatchWithValue']) {
  delete EventTarget[name];
}
makeEnumerable(EventTarget.prototype, 'EventTarget');

// Node's EventTarget with EventEmitter's methods (the base of its
// MessagePort): on/once/addListener add listeners that emit(type, value)
// calls with the value itself.
class NodeEventTarget extends EventTarget {
  #nodeEventTarget = true;

  // What a new one's limit is, as for an EventEmitter.
  static get defaultMaxListeners() {
    return getDefaultMaxListeners();
  }

  static #check(value) {
    if (value === null || typeof value !== 'object' || !(#nodeEventTarget in value)) {
      throw new codes.ERR_INVALID_THIS('NodeEventTarget');
    }
  }

  setMaxListeners(n) {
    NodeEventTarget.#check(this);
    internalRequire('node/events').setMaxListeners(n, this);
  }

  getMaxListeners() {
    NodeEventTarget.#check(this);
    return getMaxListeners(this);
  }

  eventNames() {
    NodeEventTarget.#check(this);
    return eventTypes(this);
  }

  listenerCount(type) {
    NodeEventTarget.#check(this);
    return listenerCountOf(this, type);
  }

  off(type, listener, options) {
    NodeEventTarget.#check(this);
    this.removeEventListener(type, listener, options);
    return this;
  }

  removeListener(type, listener, options) {
    NodeEventTarget.#check(this);
    this.removeEventListener(type, listener, options);
    return this;
  }

  on(type, listener) {
    NodeEventTarget.#check(this);
    this.addEventListener(type, listener, { [kNodeStyleListener]: true });
    return this;
  }

  addListener(type, listener) {
    NodeEventTarget.#check(this);
    this.addEventListener(type, listener, { [kNodeStyleListener]: true });
    return this;
  }

  emit(type, arg) {
    NodeEventTarget.#check(this);
    validateString(type, 'type');
    const hadListeners = listenerCountOf(this, type) > 0;
    emitOn(this, type, arg);
    return hadListeners;
  }

  once(type, listener) {
    NodeEventTarget.#check(this);
    this.addEventListener(type, listener, { once: true, [kNodeStyleListener]: true });
    return this;
  }

  removeAllListeners(type) {
    NodeEventTarget.#check(this);
    removeAllOf(this, type);
    return this;
  }
}

for (const key of Object.getOwnPropertyNames(NodeEventTarget.prototype)) {
  if (key !== 'constructor') Object.defineProperty(NodeEventTarget.prototype, key, { __proto__: null, enumerable: true });
}

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
  NodeEventTarget,
  defineEventHandler,
  listenersOf,
  getMaxListeners,
  setMaxListeners,
  isEvent,
  kTrustEvent,
  kResistStopPropagation,
  kWeakHandler,
  kStrongListenersChanged,
  inspectAs,
  dispatchWithValue,
  listenerCountOf,
};
