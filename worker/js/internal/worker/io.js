'use strict';
// MessageChannel, MessagePort, MessageEvent, receiveMessageOnPort and
// BroadcastChannel (require('worker_threads') and the globals), built on
// first use.
//
// A port is a JS object over an endpoint; the endpoint holds the queue of
// messages that reached it and its entangled peer. Messages travel as bytes
// (worker/messaging/port_message.h): V8's structured clone, in which each transferred
// port is a token for its place in the message's list of endpoints. When a
// port is transferred its endpoint moves, queue included, to the port the
// receiver makes; the old object is left detached. An ArrayBuffer in a
// transfer list is copied into the bytes and detached at the sender.
//
// Delivery is a macrotask, as Node's is: one immediate per round delivers
// the messages queued so far, with ticks and microtasks run between them.
// A port keeps the loop alive while it is ref'd and receiving (a 'message'
// listener or start()) and not closed.

const {
  NodeEventTarget, Event, kStrongListenersChanged, dispatchWithValue, defineEventHandler, inspectAs,
} = internalRequire('internal/event_target');
const { codes, nativeError } = internalRequire('internal/errors');
const timers = internalRequire('internal/timers/globals');
const tick = internalRequire('internal/process/tick');
const workerThreads = internalRequire('node/worker_threads');
const native = binding.internalBinding('worker_threads');

const customInspect = Symbol.for('nodejs.util.inspect.custom');

// Node throws these from its native layer: a plain TypeError with a code,
// no "[CODE]" in its stack.
function nativeTypeError(code, message) {
  const err = new TypeError(message);
  err.code = code;
  return err;
}

function dataCloneError(message) {
  const DOMException = internalRequire('internal/dom_exception');
  return new DOMException(message, 'DataCloneError');
}

// --- keeping the loop alive -----------------------------------------------------

let refedEndpoints = 0;

function setKeepAlive(endpoint, alive) {
  if (endpoint.keepingAlive === alive) return;
  endpoint.keepingAlive = alive;
  refedEndpoints += alive ? 1 : -1;
  workerThreads._setChannelRef(refedEndpoints > 0);
}

// --- endpoints -------------------------------------------------------------------

// One end of a channel. `port` is the MessagePort that owns it now (null
// while it travels inside a message).
class Endpoint {
  constructor() {
    this.port = null;
    this.peer = null;
    this.queue = [];
    this.closed = false;
    this.started = false;
    this.refed = false;
    this.keepingAlive = false;
    // An end the worker's loop never waits for, ref'd or not: one handed to
    // module customization hooks, which run on an unref'd thread in Node.
    this.weak = false;
    // The pending immediate, if any; true for a BroadcastChannel's end
    // waiting in the immediate they share (scheduleBroadcast).
    this.delivery = null;
    this.closeEmitted = false;
    // The host's name for this end when its peer is in another process
    // (then `peer` is null and messages go through the host or the link);
    // 0 otherwise.
    this.remote = 0;
    this.sendLink = 0;     // the link its messages go on, if any
    this.inbound = null;   // what comes from the other process, once it needs ordering
    // The vm context the port of this end lives in since
    // moveMessagePortToContext() (internal/worker/port_in_context.js); null
    // for the worker's own.
    this.realm = null;
    // A BroadcastChannel's end: its place among them, in the order they
    // were made (see scheduleBroadcast); undefined for a port's.
    this.broadcastOrder = undefined;
  }

  // Whether a pending delivery to this end should keep the loop alive.
  wantsDeliveryRef() {
    return (this.refed && !this.weak) || this.closed;
  }

  // Whether this end should keep the loop alive now.
  updateRef() {
    setKeepAlive(this, this.port !== null && !this.closed && this.refed && this.started && !this.weak);
    if (this.broadcastOrder !== undefined) {
      refBroadcastDelivery();
    } else if (this.delivery !== null) {
      if (this.wantsDeliveryRef()) this.delivery.ref();
      else this.delivery.unref();
    }
  }

  enqueue(message) {
    if (this.closed) return;
    this.queue.push(message);
    // A close reaches even a port nobody started, unless messages wait for
    // it to start: as in Node, they are delivered first, and the close with
    // them, once it starts.
    if (message === kCloseMessage && this.port !== null && !this.started) {
      if (this.queue.length > 1) return;
      timers.setImmediate(() => {
        if (this.closed) return;
        this.queue.length = 0;
        markClosed(this);
      });
      return;
    }
    this.schedule();
  }

  schedule() {
    if (this.delivery !== null || this.port === null || !this.started) return;
    if (this.queue.length === 0 && !(this.closed && !this.closeEmitted)) return;
    if (this.broadcastOrder !== undefined) {
      scheduleBroadcast(this);
      return;
    }
    this.delivery = timers.setImmediate(deliver, this);
    // A close on its way keeps the loop alive until it is delivered.
    if ((!this.refed || this.weak) && !this.closed) this.delivery.unref();
  }
}

// BroadcastChannels take their messages in the order the channels were
// made, each all of its own in turn, as Node's do (each is a handle of the
// loop there, and the loop runs its handles in that order), not in the
// order the messages came: one immediate delivers to every channel that
// has messages waiting.
let broadcastDelivery = null;
let pendingBroadcasts = [];

function scheduleBroadcast(endpoint) {
  pendingBroadcasts.push(endpoint);
  endpoint.delivery = true;
  if (broadcastDelivery === null) broadcastDelivery = timers.setImmediate(deliverBroadcasts);
  refBroadcastDelivery();
}

function refBroadcastDelivery() {
  if (broadcastDelivery === null) return;
  if (pendingBroadcasts.some((endpoint) => endpoint.wantsDeliveryRef())) broadcastDelivery.ref();
  else broadcastDelivery.unref();
}

function deliverBroadcasts() {
  broadcastDelivery = null;
  const due = pendingBroadcasts.sort((a, b) => a.broadcastOrder - b.broadcastOrder);
  pendingBroadcasts = [];
  for (const endpoint of due) deliver(endpoint);
}

// Makes the ports among `list` weak ends (Endpoint.weak); other values are
// left alone.
function keepNotAlive(list) {
  for (const item of list) {
    const endpoint = item !== null && typeof item === 'object' ? endpointOf(item) : null;
    if (endpoint === null) continue;
    endpoint.weak = true;
    endpoint.updateRef();
  }
}

// One round of delivery: the messages queued when it started, then the
// 'close' of a closed end.
function deliver(endpoint) {
  endpoint.delivery = null;
  let count = endpoint.queue.length;
  while (count-- > 0 && endpoint.started && endpoint.port !== null && endpoint.queue.length > 0) {
    const message = endpoint.queue.shift();
    if (message === kCloseMessage) {
      markClosed(endpoint);
      break;
    }
    dispatchMessage(endpoint, message);
    if (endpoint.queue.length > 0) tick.runNextTicks();
  }
  if (endpoint.closed && endpoint.port !== null && !endpoint.closeEmitted) {
    emitClose(endpoint);
  } else if (endpoint.queue.length > 0) {
    endpoint.schedule();
  }
}

function emitClose(endpoint) {
  endpoint.closeEmitted = true;
  endpoint.queue.length = 0;
  const port = endpoint.port;
  setKeepAlive(endpoint, false);
  if (port === null) return;
  if (endpoint.realm !== null) {
    endpoint.realm.closed(port);
  } else {
    MessagePortImpl._gone(port);
    port.emit('close');
  }
}

// The value of `message` for its receiver; the ports it carries become
// MessagePorts of this process, of `realm`'s vm context if given.
function receive(message, realm = null) {
  if (realm !== null) {
    const ports = message.endpoints.map((endpoint) => realm.adopt(endpoint));
    return { value: native.deserializeMessage(message.bytes, ports, realm.anchor), ports };
  }
  const ports = message.endpoints.map((endpoint) => adopt(endpoint));
  if (message.transferred !== undefined) {
    const { deserialize } = internalRequire('internal/worker/js_transferable');
    const objects = native.deserializeMessage(message.transferred, undefined)
      .map(({ data, deserializeInfo }) => deserialize(deserializeInfo, data));
    return { value: native.deserializeMessage(message.bytes, [...ports, ...objects]), ports };
  }
  const value = native.deserializeMessage(message.bytes, ports);
  return { value, ports };
}

function dispatchMessage(endpoint, message) {
  const port = endpoint.port;
  if (endpoint.realm !== null) {
    endpoint.realm.dispatch(port, message);
    return;
  }
  let received;
  try {
    received = receive(message);
  } catch (err) {
    const event = new MessageEvent('messageerror', { data: err });
    dispatchWithValue(port, event, err);
    return;
  }
  const event = new MessageEvent('message', { data: received.value, ports: received.ports });
  dispatchWithValue(port, event, received.value);
}

function adopt(endpoint) {
  return new MessagePortImpl(endpoint);
}

// --- transfer lists -----------------------------------------------------------------

function notIterable(name) {
  return nativeTypeError('ERR_INVALID_ARG_TYPE', `Optional ${name} argument must be an iterable`);
}

// [arrayBuffers, ports] of a transfer list, or of options.transfer.
function readTransferList(list, source) {
  let name = 'transferList';
  if (list === undefined || list === null) return null;
  if (typeof list !== 'object' && typeof list !== 'function') throw notIterable(name);
  if (typeof list[Symbol.iterator] !== 'function') {
    list = list.transfer;
    name = 'options.transfer';
    if (list === undefined) return null;
    if (list === null || (typeof list !== 'object' && typeof list !== 'function') ||
        typeof list[Symbol.iterator] !== 'function') {
      throw notIterable(name);
    }
  }
  const buffers = [];
  const ports = [];
  const transferables = [];  // objects of built-in classes (internal/worker/js_transferable.js)
  let items;
  try {
    items = Array.from(list);
  } catch (err) {
    if (err instanceof TypeError) throw notIterable(name);
    throw err;
  }
  for (const item of items) {
    if (item instanceof ArrayBuffer) {
      if (buffers.includes(item)) throw dataCloneError('Transfer list contains duplicate ArrayBuffer');
      // One marked with markAsUntransferable() is copied, not detached.
      if (!workerThreads.untransferable.has(item)) buffers.push(item);
    } else if (item instanceof MessagePort || movedPorts.has(item)) {
      if (ports.includes(item)) throw dataCloneError('Transfer list contains duplicate MessagePort');
      ports.push(item);
    } else if (item !== null && typeof item === 'object' && typeof item.byteLength === 'number' &&
               Object.prototype.toString.call(item) === '[object SharedArrayBuffer]') {
      // Shared memory cannot be shared between processes; it is copied.
    } else if (internalRequire('internal/worker/js_transferable').isTransferable(item)) {
      if (transferables.includes(item)) throw dataCloneError('Transfer list contains duplicate object');
      transferables.push(item);
    } else {
      throw nativeTypeError('ERR_INVALID_TRANSFER_OBJECT', 'Found invalid object in transferList');
    }
  }
  for (const port of ports) {
    const endpoint = endpointOf(port);
    if (endpoint !== null && endpoint === source) throw dataCloneError('Transfer list contains source port');
    if (endpoint === null || endpoint.closed) throw dataCloneError('MessagePort in transfer list is already detached');
  }
  return { buffers, ports, transferables };
}

// `value` with each port of `ports` replaced by its token. Only plain
// objects and arrays are walked (where ports travel in practice); the walk
// runs only for a message that transfers ports.
function replacePorts(value, ports) {
  const tokens = new Map(ports.map((port, i) => [port, native.portToken(i)]));
  return replaceTokens(value, tokens);
}

function replaceTokens(value, tokens) {
  const copies = new Map();
  const walk = (item) => {
    if (item === null || typeof item !== 'object') return item;
    const token = tokens.get(item);
    if (token !== undefined) return token;
    const seen = copies.get(item);
    if (seen !== undefined) return seen;
    if (isPort(item)) throw missingTransferable();
    if (Array.isArray(item)) {
      const copy = [];
      copies.set(item, copy);
      for (let i = 0; i < item.length; i++) copy[i] = walk(item[i]);
      return copy;
    }
    const proto = Object.getPrototypeOf(item);
    if (proto === Map.prototype) {
      const copy = new Map();
      copies.set(item, copy);
      Reflect.apply(MapForEach, item, [(entry, key) => Reflect.apply(MapSet, copy, [walk(key), walk(entry)])]);
      return copy;
    }
    if (proto === Set.prototype) {
      const copy = new Set();
      copies.set(item, copy);
      Reflect.apply(SetForEach, item, [(entry) => Reflect.apply(SetAdd, copy, [walk(entry)])]);
      return copy;
    }
    if (proto !== Object.prototype && proto !== null) return item;
    const copy = {};
    copies.set(item, copy);
    for (const key of Object.keys(item)) copy[key] = walk(item[key]);
    return copy;
  };
  return walk(value);
}

// Taken at load: a script's own Map.prototype.set cannot change a message.
const MapForEach = Map.prototype.forEach;
const MapSet = Map.prototype.set;
const SetForEach = Set.prototype.forEach;
const SetAdd = Set.prototype.add;

// A MessagePort, of this worker's context or moved into a vm context.
function isPort(item) {
  return item instanceof MessagePortImpl || movedPorts.has(item);
}

// Node's error for a port in a message that the transfer list does not name.
function missingTransferable() {
  return nativeTypeError('ERR_MISSING_TRANSFERABLE_IN_TRANSFER_LIST',
    'Object that needs transfer was found in message but not listed in transferList');
}

// Whether this worker has made a MessagePort: until it has, no value can
// hold one.
let portsMade = false;

// Throws Node's error when `value` holds a port (where replaceTokens looks)
// that nothing transfers. For a message whose transfer list names no port:
// one that names ports is checked as its ports are replaced. Nothing to
// look for in a worker that has made no port.
function checkNoPorts(value) {
  if (!portsMade) return;
  const seen = new Set();
  const walk = (item) => {
    if (item === null || typeof item !== 'object' || seen.has(item)) return;
    seen.add(item);
    if (isPort(item)) throw missingTransferable();
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) walk(item[i]);
      return;
    }
    const proto = Object.getPrototypeOf(item);
    if (proto === Map.prototype) {
      Reflect.apply(MapForEach, item, [(entry, key) => { walk(key); walk(entry); }]);
    } else if (proto === Set.prototype) {
      Reflect.apply(SetForEach, item, [walk]);
    } else if (proto === Object.prototype || proto === null) {
      for (const key of Object.keys(item)) walk(item[key]);
    }
  };
  walk(value);
}

// Takes the endpoint away from `port` (it travels in a message now).
function detach(port) {
  const endpoint = endpointOf(port);
  if (movedPorts.has(port)) {
    movedPorts.set(port, null);
  } else {
    MessagePortImpl._setEndpoint(port, null);
    MessagePortImpl._gone(port);
  }
  if (endpoint.delivery !== null) {
    timers.clearImmediate(endpoint.delivery);
    endpoint.delivery = null;
  }
  setKeepAlive(endpoint, false);
  endpoint.port = null;
  endpoint.started = false;
  endpoint.refed = false;
  return endpoint;
}

// Serialises `value` for `source`'s peer; throws Node's errors.
function encode(value, transfer, source) {
  const list = readTransferList(transfer, source);
  if (list === null) return { bytes: native.serializeMessage(value, undefined), endpoints: [] };
  if (list.transferables.length > 0) return encodeWithTransferables(value, list, source);
  const subject = list.ports.length > 0 ? replacePorts(value, list.ports) : value;
  const bytes = native.serializeMessage(subject, list.buffers);
  return { bytes, endpoints: list.ports.map(detach) };
}

// A message that transfers objects of built-in classes: each is a token
// after the ports', and what its kTransfer gave travels beside the value
// (`transferred`), for receive() to rebuild. Only to a peer in this process.
function encodeWithTransferables(value, list, source) {
  if (source === null || source.remote !== 0) {
    throw dataCloneError('An object of this kind cannot be transferred to another process');
  }
  const { kTransfer } = internalRequire('internal/worker/js_transferable');
  const tokens = new Map(list.ports.map((port, i) => [port, native.portToken(i)]));
  const described = list.transferables.map((item, i) => {
    tokens.set(item, native.portToken(list.ports.length + i));
    const { data, deserializeInfo } = item[kTransfer]();
    return { data, deserializeInfo };
  });
  const bytes = native.serializeMessage(replaceTokens(value, tokens), list.buffers);
  const transferred = native.serializeMessage(described, undefined);
  return { bytes, endpoints: list.ports.map(detach), transferred };
}

// --- MessagePort ------------------------------------------------------------------

class MessagePortImpl extends NodeEventTarget {
  #endpoint;
  #asyncId = 0;  // as async_hooks knows it ('MESSAGEPORT'), while it has an end

  constructor(endpoint) {
    super();
    this.#endpoint = endpoint;
    endpoint.port = this;
    portsMade = true;
    // No hook can exist before async_hooks is loaded.
    if (internalRequire('internal/modules/cjs/loader').builtinLoaded('async_hooks')) {
      this.#asyncId = internalRequire('node/async_hooks')._emitInitFor(this, 'MESSAGEPORT');
    }
  }

  // The port closed or gave its end away: async_hooks hears of its destroy.
  static _gone(port) {
    // A BroadcastChannel's end has no port.
    if (!(#asyncId in port) || port.#asyncId === 0) return;
    internalRequire('node/async_hooks')._emitDestroyOf(port.#asyncId);
    port.#asyncId = 0;
  }

  // The endpoint of `port`; null for a detached port or a fake one.
  static _endpoint(port) {
    return #endpoint in port ? port.#endpoint : null;
  }

  static _setEndpoint(port, endpoint) {
    port.#endpoint = endpoint;
  }

  static #check(value) {
    if (value === null || typeof value !== 'object' || !(#endpoint in value)) {
      throw new codes.ERR_INVALID_THIS('MessagePort');
    }
  }

  postMessage(value, transfer = undefined) {
    MessagePortImpl.#check(this);
    if (arguments.length === 0) {
      throw nativeError('ERR_MISSING_ARGS', 'Not enough arguments to MessagePort.postMessage');
    }
    postOn(this.#endpoint, value, transfer);
  }

  start() {
    MessagePortImpl.#check(this);
    startEnd(this.#endpoint);
  }

  close(callback = undefined) {
    MessagePortImpl.#check(this);
    if (typeof callback === 'function') this.once('close', callback);
    const endpoint = this.#endpoint;
    if (endpoint === null || endpoint.closed) return;
    closeChannel(endpoint);
  }

  ref() {
    MessagePortImpl.#check(this);
    const endpoint = this.#endpoint;
    if (endpoint === null) return this;
    endpoint.refed = true;
    endpoint.updateRef();
    return this;
  }

  unref() {
    MessagePortImpl.#check(this);
    const endpoint = this.#endpoint;
    if (endpoint === null) return this;
    endpoint.refed = false;
    endpoint.updateRef();
    return this;
  }

  hasRef() {
    MessagePortImpl.#check(this);
    const endpoint = this.#endpoint;
    return endpoint !== null && endpoint.keepingAlive;
  }

  [kStrongListenersChanged](type, count) {
    if (type !== 'message') return;
    const endpoint = this.#endpoint;
    if (endpoint === null) return;
    if (count > 0) {
      endpoint.refed = true;
      this.start();
    } else {
      endpoint.refed = false;
      endpoint.started = false;
      endpoint.updateRef();
    }
  }

  [customInspect](depth, options) {
    const endpoint = this.#endpoint;
    const active = endpoint !== null && !endpoint.closed;
    return inspectAs('MessagePort [EventTarget]', depth, options, {
      active,
      refed: active && endpoint.keepingAlive,
    });
  }
}

// Posts `value` from `endpoint` (null: a detached port) to its peer.
function postOn(endpoint, value, transfer) {
  // Over a link, a message that transfers nothing is serialised straight
  // onto it.
  if (endpoint !== null && endpoint.sendLink !== 0 && (transfer === undefined || transfer === null) &&
      native.linkPost(endpoint.sendLink, value)) {
    return;
  }
  const message = encode(value, transfer, endpoint);
  if (endpoint === null || endpoint.closed) return;
  if (endpoint.remote !== 0) {
    sendRemote(endpoint, message);
    return;
  }
  const peer = endpoint.peer;
  if (peer === null) return;
  if (message.endpoints.includes(peer)) {
    // The target went inside a message to itself: nobody can ever read it.
    process.emitWarning('The target port was posted to itself, and the communication channel was lost');
    closeChannel(endpoint);
    return;
  }
  peer.enqueue(message);
}

function startEnd(endpoint) {
  if (endpoint === null || endpoint.started) return;
  endpoint.started = true;
  endpoint.updateRef();
  endpoint.schedule();
}

// Ports moved into a vm context (moveMessagePortToContext) -> their
// endpoint, null once transferred.
const movedPorts = new WeakMap();

function endpointOf(port) {
  const endpoint = MessagePortImpl._endpoint(port);
  if (endpoint !== null) return endpoint;
  return movedPorts.get(port) ?? null;
}

// moveMessagePortToContext(port, contextifiedSandbox): the port's end, with
// what it has queued, now belongs to a port of that vm context, whose
// objects (the port, its methods, the messages it receives) are the
// context's. `port` is left detached.
function moveMessagePortToContext(port, context) {
  if (!(port instanceof MessagePort)) {
    throw nativeTypeError('ERR_INVALID_ARG_TYPE', 'The "port" argument must be a MessagePort instance');
  }
  const endpoint = MessagePortImpl._endpoint(port);
  if (endpoint === null || endpoint.closed) {
    throw nativeError('ERR_CLOSED_MESSAGE_PORT', 'Cannot send data on closed MessagePort');
  }
  const realm = internalRequire('internal/worker/port_in_context').realmOf(context, {
    post(moved, value, transfer) { postOn(movedPorts.get(moved) ?? null, value, transfer); },
    start(moved) { startEnd(movedPorts.get(moved) ?? null); },
    close(moved) {
      const end = movedPorts.get(moved) ?? null;
      if (end !== null && !end.closed) closeChannel(end);
    },
    ref(moved, refed) {
      const end = movedPorts.get(moved) ?? null;
      if (end === null) return;
      end.refed = refed;
      end.updateRef();
    },
    hasRef(moved) { return movedPorts.get(moved)?.keepingAlive === true; },
    receive,
    bind(moved, end, realm) {
      movedPorts.set(moved, end);
      end.port = moved;
      end.realm = realm;
    },
  });
  if (realm === null) throw nativeTypeError('ERR_INVALID_ARG_TYPE', 'Invalid context argument');
  detach(port);
  // As a new native port: ref'd, receiving once started (in a vm context
  // setting onmessage does not start it).
  endpoint.refed = true;
  return realm.adopt(endpoint);
}

// What scripts see: a constructor they cannot call, whose prototype is the
// ports' (Node's MessagePort is made by its native layer only).
function MessagePort() {
  throw nativeTypeError('ERR_CONSTRUCT_CALL_INVALID', 'Constructor cannot be called');
}
MessagePort.prototype = MessagePortImpl.prototype;
Object.defineProperty(MessagePortImpl.prototype, 'constructor', {
  __proto__: null, value: MessagePort, writable: true, enumerable: false, configurable: true,
});
Object.setPrototypeOf(MessagePort, NodeEventTarget);

defineEventHandler(MessagePort.prototype, 'messageerror');

// `onmessage` starts the port, as the web's does.
Object.defineProperty(MessagePort.prototype, 'onmessage', {
  __proto__: null,
  enumerable: true,
  configurable: true,
  get() {
    return onmessageHandlers.get(this) ?? null;
  },
  set(value) {
    const previous = onmessageListeners.get(this);
    if (previous !== undefined) {
      this.removeEventListener('message', previous);
      onmessageListeners.delete(this);
    }
    onmessageHandlers.set(this, typeof value === 'function' || (value !== null && typeof value === 'object') ? value : null);
    if (typeof value === 'function') {
      const listener = (event) => Reflect.apply(value, this, [event]);
      onmessageListeners.set(this, listener);
      this.addEventListener('message', listener);
    }
  },
});
const onmessageHandlers = new WeakMap();
const onmessageListeners = new WeakMap();

// Closes both ends: this one at once (it can no longer send, nor be
// transferred), the other when the close reaches it after the messages
// queued before it. Each emits 'close' once its queued messages are
// delivered.
function closeChannel(endpoint) {
  const peer = endpoint.peer;
  if (endpoint.remote !== 0) {
    // On the link after what we sent on it, and to the host for its record.
    if (endpoint.sendLink !== 0) native.linkControl(endpoint.sendLink, kLinkClose);
    dropLinks(endpoint);
    native.portClose(endpoint.remote);
    remoteEndpoints.delete(endpoint.remote);
    endpoint.remote = 0;
  }
  markClosed(endpoint);
  if (peer !== null && !peer.closed) peer.enqueue(kCloseMessage);
}

function markClosed(end) {
  end.closed = true;
  end.peer = null;
  setKeepAlive(end, false);
  if (end.port !== null) {
    // 'close' comes even to a port nobody started.
    end.started = true;
    end.schedule();
  }
}

// In a queue: the other end closed here.
const kCloseMessage = { bytes: null, endpoints: [] };

// --- MessageEvent ------------------------------------------------------------------

class MessageEvent extends Event {
  #data;
  #origin;
  #lastEventId;
  #source;
  #ports;

  constructor(type, options = undefined) {
    if (arguments.length === 0) throw new codes.ERR_MISSING_ARGS('type');
    super(type, options);
    const { data = null, origin = '', lastEventId = '', source = null, ports = [] } = options ?? {};
    this.#data = data;
    this.#origin = `${origin}`;
    this.#lastEventId = `${lastEventId}`;
    this.#source = source;
    this.#ports = Object.freeze([...ports]);
  }

  static #check(value) {
    if (value === null || typeof value !== 'object' || !(#data in value)) {
      throw new codes.ERR_INVALID_THIS('MessageEvent');
    }
  }

  get data() { MessageEvent.#check(this); return this.#data; }
  get origin() { MessageEvent.#check(this); return this.#origin; }
  get lastEventId() { MessageEvent.#check(this); return this.#lastEventId; }
  get source() { MessageEvent.#check(this); return this.#source; }
  get ports() { MessageEvent.#check(this); return this.#ports; }
}

for (const key of ['data', 'origin', 'lastEventId', 'source', 'ports']) {
  Object.defineProperty(MessageEvent.prototype, key, { __proto__: null, enumerable: true });
}

// --- MessageChannel ---------------------------------------------------------------

function MessageChannel() {
  if (new.target === undefined) {
    throw nativeTypeError('ERR_CONSTRUCT_CALL_REQUIRED', 'Class constructor MessageChannel cannot be invoked without \'new\'');
  }
  const a = new Endpoint();
  const b = new Endpoint();
  a.peer = b;
  b.peer = a;
  this.port1 = new MessagePortImpl(a);
  this.port2 = new MessagePortImpl(b);
}

function receiveMessageOnPort(port) {
  if (!(port instanceof MessagePort)) {
    throw nativeTypeError('ERR_INVALID_ARG_TYPE', 'The "port" argument must be a MessagePort instance');
  }
  const endpoint = MessagePortImpl._endpoint(port);
  if (endpoint === null || endpoint.queue.length === 0 || endpoint.queue[0] === kCloseMessage) return undefined;
  const message = endpoint.queue.shift();
  return { message: receive(message).value };
}

// --- BroadcastChannel --------------------------------------------------------------

// By name, among the channels of this worker and, through the host, of all
// the workers of its supervisor: the host learns which names this worker
// has channels of, and fans a message out to the other workers that have.
const broadcastChannels = new Map();  // name -> Set of BroadcastChannel
const kBroadcastPost = 0;
const kBroadcastJoin = 1;
const kBroadcastLeave = 2;

// A message from another worker for the channels named `name`.
function onBroadcast(name, bytes) {
  for (const channel of broadcastChannels.get(name) ?? []) BroadcastChannel._deliver(channel, bytes);
}

class BroadcastChannel extends NodeEventTarget {
  #name;
  #closed = false;
  #refed = true;
  #endpoint = new Endpoint();
  static #made = 0;

  constructor(name) {
    if (arguments.length === 0) throw new codes.ERR_MISSING_ARGS('name');
    super();
    this.#endpoint.broadcastOrder = BroadcastChannel.#made++;
    this.#name = `${name}`;
    let members = broadcastChannels.get(this.#name);
    if (members === undefined) {
      members = new Set();
      broadcastChannels.set(this.#name, members);
      native.broadcastSend(this.#name, undefined, kBroadcastJoin);
    }
    members.add(this);
    this.#endpoint.started = true;
    this.#endpoint.refed = true;
    this.#endpoint.port = this;
    this.#endpoint.updateRef();
  }

  static #check(value) {
    if (value === null || typeof value !== 'object' || !(#name in value)) {
      throw new codes.ERR_INVALID_THIS('BroadcastChannel');
    }
  }

  get name() {
    BroadcastChannel.#check(this);
    return this.#name;
  }

  postMessage(message) {
    BroadcastChannel.#check(this);
    if (arguments.length === 0) throw new codes.ERR_MISSING_ARGS('message');
    if (this.#closed) {
      const DOMException = internalRequire('internal/dom_exception');
      throw new DOMException('BroadcastChannel is closed.', 'InvalidStateError');
    }
    const bytes = native.serializeMessage(message, undefined);
    for (const other of broadcastChannels.get(this.#name) ?? []) {
      if (other !== this) other.#endpoint.enqueue({ bytes, endpoints: [] });
    }
    native.broadcastSend(this.#name, bytes, kBroadcastPost);
  }

  static _deliver(channel, bytes) {
    channel.#endpoint.enqueue({ bytes, endpoints: [] });
  }

  close() {
    BroadcastChannel.#check(this);
    if (this.#closed) return;
    this.#closed = true;
    const members = broadcastChannels.get(this.#name);
    members.delete(this);
    if (members.size === 0) {
      broadcastChannels.delete(this.#name);
      native.broadcastSend(this.#name, undefined, kBroadcastLeave);
    }
    this.#endpoint.closed = true;
    this.#endpoint.queue.length = 0;
    this.#endpoint.updateRef();
  }

  ref() {
    BroadcastChannel.#check(this);
    this.#endpoint.refed = true;
    this.#endpoint.updateRef();
    return this;
  }

  unref() {
    BroadcastChannel.#check(this);
    this.#endpoint.refed = false;
    this.#endpoint.updateRef();
    return this;
  }

  [customInspect](depth, options) {
    return inspectAs('BroadcastChannel', depth, options, { name: this.#name, active: !this.#closed });
  }
}

defineEventHandler(BroadcastChannel.prototype, 'message');
defineEventHandler(BroadcastChannel.prototype, 'messageerror');

// --- ports between processes ----------------------------------------------------------
//
// An end whose peer is in another process has the host's name for it
// (Endpoint.remote); the host relays its messages to the holder of the
// other end (proto ChannelMessage, host/ports/port_relay.h). A message to
// another process that transfers an end whose peer is here splits their
// channel: this process keeps the peer under a name of its own choosing
// (odd), and the messages already queued for the transferred end follow it.
//
// Once a channel carries messages between two processes the host links
// them (PortLink): messages without transfers then go on the link, those
// with transfers still through the host, with a placeholder on the link
// where they belong. What comes in is put back in the sender's order:
// relayed messages until the peer's marker (it sends the rest on the link),
// then the link's, each placeholder taking the next relayed message that
// was fenced for it. An end transferred away drains: all that reaches it
// from the host or its link is forwarded to the host, which holds what the
// peer sends meanwhile and lets it follow in order.

// Kinds of channel frames (worker/messaging/port_links.h).
const kFrameFenced = 1;
const kFrameMarker = 2;
const kFrameLinkAttached = 3;
const kFrameDrainAck = 4;
const kFrameBroadcast = 5;
const kFrameThreadMessage = 6;
const kFrameThreadResult = 7;
const kFrameLinkData = 10;
const kFrameLinkPlaceholder = 11;
const kFrameLinkClose = 13;
// channelSend flags, and linkControl's frames.
const kSendFenced = 1;
const kSendLinked = 2;
const kSendForwarded = 4;
const kLinkPlaceholder = 0;
const kLinkEnd = 1;
const kLinkClose = 2;
const kEmpty = new ArrayBuffer(0);
// Taken at load: a script's own ArrayBuffer.prototype.slice cannot change it.

const remoteEndpoints = new Map();  // the host's name -> Endpoint (ends draining too)
const links = new Map();  // link id -> { id, endpoint, marked, peerDone, items }
let nextOwnName = 1;

// The transfer list of a message that leaves this process, as the host
// reads it: [name, newPair, ...]. The endpoints leave for good.
function describeForHost(endpoints, followers) {
  const list = [];
  for (const endpoint of endpoints) {
    if (endpoint.remote !== 0) {
      const name = endpoint.remote;
      list.push(name, false);
      endpoint.remote = 0;
      endpoint.closed = true;
      followers.push(() => startDrain(endpoint, name));
      continue;
    }
    const name = nextOwnName;
    nextOwnName += 2;
    list.push(name, true);
    const peer = endpoint.peer;
    endpoint.peer = null;
    endpoint.closed = true;
    if (peer !== null) {
      peer.peer = null;
      peer.remote = name;
      remoteEndpoints.set(name, peer);
    }
    // What it had not read yet goes after it, in order.
    for (const queued of endpoint.queue) {
      if (queued === kCloseMessage) {
        followers.push(() => native.portClose(name));
        remoteEndpoints.delete(name);
        break;
      }
      if (peer !== null) followers.push(() => sendThroughHost(name, 0, queued, 0));
    }
    endpoint.queue.length = 0;
    if (peer === null) followers.push(() => native.portClose(name));
  }
  return list;
}

// Sends `message` ({ bytes, endpoints }) through end `port`, or when 0
// through the link to nested worker `nestedId` (0: to this worker's parent).
function sendThroughHost(port, nestedId, message, flags) {
  const followers = [];
  const list = describeForHost(message.endpoints, followers);
  native.channelSend(port, nestedId, message.bytes, list, flags);
  for (const follow of followers) follow();
}

function sendRemote(endpoint, message) {
  const link = endpoint.sendLink;
  if (link !== 0) {
    if (message.endpoints.length === 0) {
      if (native.linkSend(link, message.bytes)) return;
      // The link failed: its peer is gone, and the host says so soon.
      endpoint.sendLink = 0;
    } else {
      native.linkControl(link, kLinkPlaceholder);
      sendThroughHost(endpoint.remote, 0, message, kSendFenced);
      return;
    }
  }
  sendThroughHost(endpoint.remote, 0, message, 0);
}

// A postMessageToThread message ({ bytes, endpoints }), our number `request`.
function sendToThread(threadId, request, message) {
  const followers = [];
  const list = describeForHost(message.endpoints, followers);
  native.channelSend(0, 0, message.bytes, list, 0, threadId, request);
  for (const follow of followers) follow();
}

// workerData that transfers ports to a nested worker, with the environment
// data (a Map, or undefined): their bytes, the transfer list as the host
// reads it (NestedSpawn's), the messages queued for the ports that go with
// it ([index, bytes, ...]), and what has to follow the spawn (afterSpawn).
// Throws Node's errors, before anything leaves.
function encodeForSpawn(value, transfer, environment) {
  const list = readTransferList(transfer, null);
  if (list.transferables.length > 0) {
    throw dataCloneError('An object of this kind cannot be transferred to another process');
  }
  // The environment data may hold ports of the list too, as in Node, where
  // it travels in the same message: the same tokens, so that the nested
  // worker sees the same ports in both. Both are written before anything
  // is detached.
  const tokens = new Map(list.ports.map((port, i) => [port, native.portToken(i)]));
  const environmentBytes = environment === undefined
    ? undefined : native.serializeMessage(replaceTokens(environment, tokens), undefined);
  const bytes = native.serializeMessage(replaceTokens(value, tokens), list.buffers);
  const message = { bytes, endpoints: list.ports.map(detach) };
  // What the ends have queued goes inside the spawn, so that the nested
  // worker has it from its first line (receiveMessageOnPort), up to the
  // first message that cannot (one that transfers something, or past the
  // budget): that one and the rest follow the spawn through the host.
  const queued = [];
  let budget = kSpawnQueueBudget;
  message.endpoints.forEach((endpoint, index) => {
    let taken = 0;
    for (const item of endpoint.queue) {
      if (item === kCloseMessage || item.endpoints.length > 0 || item.transferred !== undefined ||
          item.bytes.byteLength > budget || !native.embeddableMessage(item.bytes)) {
        break;
      }
      budget -= item.bytes.byteLength;
      queued.push(index, item.bytes);
      taken++;
    }
    endpoint.queue.splice(0, taken);
  });
  const followers = [];
  const ports = describeForHost(message.endpoints, followers);
  return { bytes: message.bytes, environment: environmentBytes, ports, queued, followers };
}

// The most bytes of queued messages a spawn carries (the rest follow it).
const kSpawnQueueBudget = 256 * 1024;

// Once the spawn has gone to the host: what the ends had queued follows
// them, as after a message that transfers them.
function afterSpawn(sent) {
  for (const follow of sent.followers) follow();
}

// The ports of a nested worker's workerData, which its environment data
// may name too (internal/worker.js); null when it came with none.
let startPorts = null;

// In a nested worker, while it starts: workerData, whose ports are the
// ends the host gave it (Start.worker_data_ports). Bytes that do not read
// give undefined, and those ends close.
function startWorkerData() {
  const ends = remoteEnds(native.startWorkerDataPorts());
  const ports = ends.map(adopt);
  startPorts = ports;
  const queued = native.startWorkerDataQueued();
  for (let i = 0; i + 1 < queued.length; i += 2) ends[queued[i]]?.enqueue({ bytes: queued[i + 1], endpoints: [] });
  try {
    return native.startWorkerData(ports);
  } catch {
    for (const port of ports) port.close();
    return undefined;
  }
}

// A message to the parent (parentPort) or to a nested worker with a
// transfer list.
function postToLink(nestedId, value, transfer) {
  sendThroughHost(0, nestedId, encode(value, transfer, null), 0);
}

function inboundOf(endpoint) {
  if (endpoint.inbound === null) {
    endpoint.inbound = { held: [], links: [], draining: false, acked: false, closedOnWay: false, name: 0, done: false };
  }
  return endpoint.inbound;
}

// The other end was closed, or its holder is gone.
function remoteClosed(endpoint) {
  if (endpoint.remote !== 0) remoteEndpoints.delete(endpoint.remote);
  endpoint.remote = 0;
  dropLinks(endpoint);
  endpoint.enqueue(kCloseMessage);
}

function dropLinks(endpoint) {
  endpoint.sendLink = 0;
  const state = endpoint.inbound;
  if (state === null) return;
  for (const link of state.links) {
    links.delete(link.id);
    native.linkDrop(link.id);
  }
  state.links.length = 0;
  state.held.length = 0;
}

// A message (or kCloseMessage) for `endpoint` in its sender's order.
function emit(endpoint, message) {
  const state = endpoint.inbound;
  if (state !== null && state.draining) {
    if (message !== kCloseMessage) sendThroughHost(state.name, 0, message, kSendForwarded);
    return;
  }
  if (message === kCloseMessage) remoteClosed(endpoint);
  else endpoint.enqueue(message);
}

// A message that arrived alone in its callback from the loop, to an end
// with nothing queued: dispatched now, as Node dispatches a message in the
// callback that brought it (the callback's checkpoint follows), rather than
// on a later turn of the loop.
// With `transient`, the bytes are valid only during this call (a link's
// buffer): kept for later, they are copied.
function emitNow(endpoint, message, transient = false) {
  if (endpoint.queue.length === 0 && endpoint.delivery === null && endpoint.started &&
      endpoint.port !== null && !endpoint.closed &&
      (endpoint.inbound === null || !endpoint.inbound.draining)) {
    dispatchMessage(endpoint, message);
    return;
  }
  if (transient) message.bytes = native.copyMessage(message.bytes);
  emit(endpoint, message);
}

// From the host: { message, fenced } or { marker }.
function hostIn(endpoint, item) {
  const state = endpoint.inbound;
  if (state !== null && state.draining && item.message === kCloseMessage) {
    // Closed before the host saw the transfer: it holds no drain for it.
    state.acked = true;
    state.closedOnWay = true;
    pumpIn(endpoint);
    return;
  }
  if (state === null || (state.links.length === 0 && state.held.length === 0)) {
    if (item.marker === true) return;
    if (item.message === kCloseMessage) emit(endpoint, item.message);
    else emitNow(endpoint, item.message);
    return;
  }
  state.held.push(item);
  pumpIn(endpoint);
}

function pumpIn(endpoint) {
  const state = endpoint.inbound;
  for (;;) {
    const link = state.links.length > 0 ? state.links[0] : null;
    if (link === null || !link.marked) {
      // The peer still sends through the host.
      if (link !== null && link.items.length > 0 && link.items[0].end) {
        // It never used the link (it closes through the host too).
        finishLink(endpoint, link, false);
        continue;
      }
      if (state.held.length > 0) {
        const item = state.held.shift();
        if (item.marker) {
          if (link !== null) link.marked = true;
          continue;
        }
        emit(endpoint, item.message);
        continue;
      }
      if (link !== null && link.items.length > 0 && state.draining && state.acked) {
        // Its marker reached the host after our transfer: the host lets
        // through what it held up to it.
        native.channelSend(state.name, 0, kEmpty, [], kSendForwarded | kSendLinked);
        link.marked = true;
        continue;
      }
      break;
    }
    if (link.items.length === 0) break;
    const item = link.items[0];
    if (item.end) {
      finishLink(endpoint, link, item.close);
      continue;
    }
    if (item.placeholder) {
      const at = state.held.findIndex((held) => held.fenced === true);
      if (at === -1) {
        if (!(state.draining && state.acked)) break;
        // The host holds the message it stands for.
        native.channelSend(state.name, 0, kEmpty, [], kSendForwarded | kSendFenced);
        link.items.shift();
        continue;
      }
      const held = state.held.splice(at, 1)[0];
      link.items.shift();
      emit(endpoint, held.message);
      continue;
    }
    link.items.shift();
    emit(endpoint, item.message);
  }
  if (state.draining) maybeDrained(endpoint);
}

function finishLink(endpoint, link, close) {
  const state = endpoint.inbound;
  state.links.shift();
  links.delete(link.id);
  if (close && link.marked) emit(endpoint, kCloseMessage);
}

// An end this process transferred: what it has for the end goes to the
// host, which passes it to the new holder before anything newer.
function startDrain(endpoint, name) {
  const state = inboundOf(endpoint);
  state.draining = true;
  state.name = name;
  remoteEndpoints.set(name, endpoint);
  if (endpoint.sendLink !== 0) {
    native.linkControl(endpoint.sendLink, kLinkEnd);
    endpoint.sendLink = 0;
  }
  if (state.held.some((item) => item.message === kCloseMessage)) {
    state.acked = true;
    state.closedOnWay = true;
  }
  const queued = endpoint.queue;
  endpoint.queue = [];
  for (const message of queued) {
    if (message === kCloseMessage) {
      state.acked = true;
      state.closedOnWay = true;
      break;
    }
    sendThroughHost(name, 0, message, kSendForwarded);
  }
  pumpIn(endpoint);
}

function maybeDrained(endpoint) {
  const state = endpoint.inbound;
  if (state.done || !state.acked || state.links.length > 0 || state.held.length > 0) return;
  state.done = true;
  remoteEndpoints.delete(state.name);
  if (!state.closedOnWay) native.portDrained(state.name);
}

function onLinkAttached(port, id) {
  const endpoint = remoteEndpoints.get(port);
  if (endpoint === undefined) {
    // Closed here meanwhile: the peer hears it on the link too.
    native.linkControl(id, kLinkClose);
    native.linkDrop(id);
    return;
  }
  const state = inboundOf(endpoint);
  const link = { id, endpoint, marked: false, peerDone: false, items: [] };
  links.set(id, link);
  state.links.push(link);
  if (state.draining) {
    // Given away before the link came: it only drains what the peer sends.
    native.linkControl(id, kLinkEnd);
    return;
  }
  endpoint.sendLink = id;
  native.channelSend(port, 0, kEmpty, [], kSendLinked);
}

function onLinkFrame(id, kind, bytes) {
  const link = links.get(id);
  if (link === undefined || link.peerDone) return;
  let item;
  if (kind === kFrameLinkData) {
    const message = { bytes, endpoints: [] };
    const state = link.endpoint.inbound;
    if (state.links[0] === link && link.marked && link.items.length === 0) {
      emitNow(link.endpoint, message, true);  // the common case: nothing to put in order
      return;
    }
    message.bytes = native.copyMessage(bytes);
    item = { message };
  } else if (kind === kFrameLinkPlaceholder) {
    item = { placeholder: true };
  } else {
    // The peer sends nothing more on it: nor do we, and it closes.
    link.peerDone = true;
    const endpoint = link.endpoint;
    if (endpoint.sendLink === id) {
      if (kind !== kFrameLinkClose) native.linkControl(id, kLinkEnd);
      endpoint.sendLink = 0;
    }
    native.linkDrop(id);
    item = { end: true, close: kind === kFrameLinkClose };
  }
  const endpoint = link.endpoint;
  link.items.push(item);
  pumpIn(endpoint);
}

// Ends that came in a message from the host, by its names for them.
function remoteEnds(names) {
  return names.map((name) => {
    const endpoint = new Endpoint();
    endpoint.remote = name;
    remoteEndpoints.set(name, endpoint);
    return endpoint;
  });
}

// A frame from the host: (port, nestedId, bytes, names, kind) for a
// message, (port) for the close of the other end of `port`; or about a
// link (kind, link); or postMessageToThread's (kind, source, request) for
// a message, (request, kind, status) for an answer.
function onChannelFrame(port, nestedId, bytes, names, kind = 0, linkId = 0, request = 0) {
  if (kind >= kFrameLinkData) return onLinkFrame(linkId, kind, bytes);
  if (kind === kFrameThreadMessage) {
    const message = { bytes, endpoints: remoteEnds(names) };
    return internalRequire('internal/worker/messaging').onThreadMessage(message, linkId, request);
  }
  if (kind === kFrameThreadResult) return internalRequire('internal/worker/messaging').onThreadResult(port, linkId);
  if (kind === kFrameBroadcast) return onBroadcast(linkId, bytes);
  if (kind === kFrameLinkAttached) return onLinkAttached(port, linkId);
  if (kind === kFrameDrainAck) {
    const endpoint = remoteEndpoints.get(port);
    if (endpoint === undefined || endpoint.inbound === null || !endpoint.inbound.draining) return;
    endpoint.inbound.acked = true;
    pumpIn(endpoint);
    return;
  }
  if (bytes === undefined) {
    const endpoint = remoteEndpoints.get(port);
    if (endpoint !== undefined) hostIn(endpoint, { message: kCloseMessage, fenced: false });
    return;
  }
  if (kind === kFrameMarker) {
    const endpoint = remoteEndpoints.get(port);
    if (endpoint !== undefined) hostIn(endpoint, { marker: true });
    return;
  }
  const endpoints = remoteEnds(names);
  const message = { bytes, endpoints };
  if (port !== 0) {
    const endpoint = remoteEndpoints.get(port);
    if (endpoint !== undefined) {
      hostIn(endpoint, { message, fenced: kind === kFrameFenced });
      return;
    }
    // Its end was closed here: what it carried closes too.
    for (const carried of endpoints) closeChannel(carried);
    return;
  }
  let value;
  try {
    value = receive(message).value;
  } catch (err) {
    if (nestedId !== 0) internalRequire('internal/worker/worker').onLinkMessage(nestedId, err, true);
    return;
  }
  if (nestedId === 0) workerThreads.parentPort._deliver(value);
  else internalRequire('internal/worker/worker').onLinkMessage(nestedId, value, false);
}

// The types of the messages between a worker and its Worker object, by
// Node's names (internal/worker/worker.js handles them).
const messageTypes = {
  UP_AND_RUNNING: 'upAndRunning',
  COULD_NOT_SERIALIZE_ERROR: 'couldNotSerializeError',
  ERROR_MESSAGE: 'errorMessage',
  STDIO_PAYLOAD: 'stdioPayload',
  STDIO_WANTS_MORE_DATA: 'stdioWantsMoreData',
  LOAD_SCRIPT: 'loadScript',
};

module.exports = {
  messageTypes,
  onChannelFrame,
  postToLink,
  MessageChannel,
  MessagePort,
  MessageEvent,
  BroadcastChannel,
  receiveMessageOnPort,
  moveMessagePortToContext,
  keepNotAlive,
  // For the parts that carry ports between processes and nested workers.
  setKeepAlive,
  Endpoint,
  encode,
  receive,
  adopt,
  sendToThread,
  encodeForSpawn,
  afterSpawn,
  startPorts: () => startPorts,
  startWorkerData,
  checkNoPorts,
  isPort,
};
