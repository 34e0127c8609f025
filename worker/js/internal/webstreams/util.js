'use strict';
// What the stream classes of the Streams standard (streams.spec.whatwg.org)
// share: promises as the spec handles them, the queue-with-sizes, queuing
// strategies, byte-buffer helpers, and the symbols through which Node's
// stream utilities (stream.finished, pipeline, addAbortSignal) see a web
// stream's state.

const { codes } = internalRequire('internal/errors');
const native = binding.internalBinding('buffer');

const {
  ERR_INVALID_ARG_TYPE,
  ERR_INVALID_ARG_VALUE,
  ERR_INVALID_STATE,
  ERR_INVALID_THIS,
} = codes;

// Node's error for a stream in the wrong state: an ERR_INVALID_STATE TypeError.
function stateError(message) {
  return new ERR_INVALID_STATE.TypeError(message);
}

// The internal slots of `value` under `symbol`, checked to be those of the
// class `name` (a slot record without a brand passes); else ERR_INVALID_THIS.
// The slots under `symbol` of a value its class `brand` made, or undefined
// for anything else (brand checks that must not throw).
function brandedSlots(value, symbol, brand) {
  const slots = value !== null && value !== undefined ? value[symbol] : undefined;
  return slots !== undefined && slots.brand === brand ? slots : undefined;
}

function slotsOf(value, symbol, name) {
  const slots = value !== null && value !== undefined ? value[symbol] : undefined;
  if (slots === undefined || (slots.brand !== undefined && slots.brand !== name)) throw new ERR_INVALID_THIS(name);
  return slots;
}

// Taken once, so that user code that replaces Promise.prototype.then cannot
// change how a stream settles its promises.
const PromiseCtor = Promise;
const promiseThen = Promise.prototype.then;
const promiseResolve = Promise.resolve.bind(Promise);
const promiseReject = Promise.reject.bind(Promise);
const ReflectApply = Reflect.apply;

// Symbols Node's stream utilities read (the readable-stream package names
// the same ones).
const kIsClosedPromise = Symbol.for('nodejs.webstream.isClosedPromise');
const kControllerErrorFunction = Symbol.for('nodejs.webstream.controllerErrorFunction');
const kIsDisturbed = Symbol.for('nodejs.stream.disturbed');
const kIsErrored = Symbol.for('nodejs.stream.errored');
const kIsReadable = Symbol.for('nodejs.stream.readable');
const kInspect = Symbol.for('nodejs.util.inspect.custom');
// Where a ReadableStream, WritableStream or TransformStream keeps its slots.
const kState = Symbol('kState');

function noop() {}

// An object's internal slots: a symbol-keyed property that neither
// enumeration nor util.inspect shows.
function setSlots(object, key, value) {
  Object.defineProperty(object, key, { __proto__: null, value, writable: false, enumerable: false, configurable: false });
}

function then(promise, onFulfilled, onRejected) {
  return ReflectApply(promiseThen, promise, [onFulfilled, onRejected]);
}

// A promise the caller settles: { promise, resolve, reject, pending }.
function deferred() {
  const result = { promise: undefined, resolve: undefined, reject: undefined, pending: true };
  result.promise = new PromiseCtor((resolve, reject) => {
    result.resolve = (value) => {
      result.pending = false;
      resolve(value);
    };
    result.reject = (reason) => {
      result.pending = false;
      reject(reason);
    };
  });
  return result;
}

// The spec's "set promise.[[PromiseIsHandled]] to true": a rejection nobody
// waits for is not reported as unhandled.
function setHandled(promise) {
  then(promise, undefined, noop);
}

function resolved(value) {
  return promiseResolve(value);
}

function rejected(reason) {
  return promiseReject(reason);
}

// The spec's "react to a promise": the result is marked handled, as the spec's
// uses of it never surface it.
function react(promise, onFulfilled, onRejected) {
  setHandled(then(promise, onFulfilled, onRejected));
}

// Calls an underlying source's, sink's or transformer's method, turning a
// throw into a rejected promise and any result into a promise.
function promiseCall(method, receiver, args) {
  if (method === undefined) return resolved(undefined);
  try {
    return promiseResolve(ReflectApply(method, receiver, args));
  } catch (error) {
    return rejected(error);
  }
}

// --- queue ---------------------------------------------------------------------

// A FIFO that stays O(1) at both ends however long it grows: a list of
// blocks, the first small (an idle stream holds little) and each next one
// twice as large, up to kMaxBlock. Index writes only, never Array.prototype
// methods that user code may have replaced.
const kFirstBlock = 8;
const kMaxBlock = 2048;
class Queue {
  // Fields, not assignments: a setter that user code put on
  // Object.prototype never sees them.
  head = { items: new Array(kFirstBlock), next: null };
  tail = this.head;
  start = 0;
  end = 0;
  length = 0;

  push(value) {
    if (this.end === this.tail.items.length) {
      const size = this.tail.items.length < kMaxBlock ? this.tail.items.length * 2 : kMaxBlock;
      const block = { items: new Array(size), next: null };
      this.tail.next = block;
      this.tail = block;
      this.end = 0;
    }
    this.tail.items[this.end++] = value;
    this.length++;
  }

  shift() {
    const items = this.head.items;
    const value = items[this.start];
    items[this.start] = undefined;
    this.start++;
    this.length--;
    if (this.length === 0) {
      // Empty: the newest block is reused from its start.
      this.head = this.tail;
      this.head.next = null;
      this.start = 0;
      this.end = 0;
    } else if (this.start === items.length) {
      this.head = this.head.next;
      this.start = 0;
    }
    return value;
  }

  peek() {
    return this.head.items[this.start];
  }

  clear() {
    this.head = { items: new Array(kFirstBlock), next: null };
    this.tail = this.head;
    this.start = 0;
    this.end = 0;
    this.length = 0;
  }

  *[Symbol.iterator]() {
    let block = this.head;
    let index = this.start;
    for (let seen = 0; seen < this.length; seen++) {
      if (index === block.items.length) {
        block = block.next;
        index = 0;
      }
      yield block.items[index++];
    }
  }
}

// The spec's queue-with-sizes, on any record with `queue` and
// `queueTotalSize`.
function enqueueValueWithSize(container, value, size) {
  if (typeof size !== 'number' || size !== size || size < 0 || size === Infinity) {
    throw new (ERR_INVALID_ARG_VALUE.RangeError)('size', size);
  }
  container.queue.push({ value, size });
  container.queueTotalSize += size;
}

function dequeueValue(container) {
  const { value, size } = container.queue.shift();
  container.queueTotalSize -= size;
  if (container.queueTotalSize < 0) container.queueTotalSize = 0;
  return value;
}

function peekQueueValue(container) {
  return container.queue.peek().value;
}

function resetQueue(container) {
  container.queue.clear();
  container.queueTotalSize = 0;
}

// --- queuing strategies ------------------------------------------------------------

function extractHighWaterMark(strategy, defaultHWM) {
  const highWaterMark = strategy?.highWaterMark;
  if (highWaterMark === undefined) return defaultHWM;
  const number = +highWaterMark;
  if (number !== number || number < 0) {
    throw new (ERR_INVALID_ARG_VALUE.RangeError)('strategy.highWaterMark', highWaterMark);
  }
  return number;
}

function defaultSize() {
  return 1;
}

function extractSizeAlgorithm(strategy) {
  const size = strategy?.size;
  if (size === undefined) return defaultSize;
  if (typeof size !== 'function') throw new ERR_INVALID_ARG_TYPE('strategy.size', 'Function', size);
  // The result is a WebIDL unrestricted double: undefined becomes NaN.
  return (chunk) => +size(chunk);
}

// A dictionary argument: undefined and null are an empty one; anything else
// must be an object.
function dictionary(value, name) {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' && typeof value !== 'function') throw new ERR_INVALID_ARG_TYPE(name, 'object', value);
  return value;
}

// A callback member of an underlying source, sink or transformer.
function callbackMember(object, key, name) {
  const value = object[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'function') throw new ERR_INVALID_ARG_TYPE(`${name}.${key}`, 'Function', value);
  return value;
}

// --- bytes ---------------------------------------------------------------------

function isDetached(buffer) {
  if (buffer.byteLength !== 0) return false;
  try {
    // eslint-disable-next-line no-new
    new Uint8Array(buffer);
    return false;
  } catch {
    return true;
  }
}

// The spec's TransferArrayBuffer.
function transferArrayBuffer(buffer) {
  const transferred = native.transferArrayBuffer(buffer);
  if (transferred === undefined) throw new ERR_INVALID_STATE.TypeError('ArrayBuffer cannot be transferred');
  return transferred;
}

function copyBytes(dest, destOffset, source, sourceOffset, length) {
  new Uint8Array(dest, destOffset, length).set(new Uint8Array(source, sourceOffset, length));
}

// Whether a promise is still pending (Node exposes this to its tests).
function isPromisePending(promise) {
  const state = binding.promiseState(promise);
  return state !== undefined && state[0] === 0;
}

// --- inspection ----------------------------------------------------------------

// What util.inspect shows of a stream object: its class and a few facts, one
// level deeper than the object itself.
function inspectAs(self, name, facts, depth, options, inspect) {
  if (depth < 0) return self;
  return `${name} ${inspect(facts, { ...options, depth: options.depth == null ? null : options.depth - 1 })}`;
}

function defineToStringTag(ctor, name) {
  Object.defineProperty(ctor.prototype, Symbol.toStringTag, {
    __proto__: null, value: name, writable: false, enumerable: false, configurable: true,
  });
}

// The spec's IDL makes getters, methods and the tag enumerable on the
// prototype; Node's classes keep the class's defaults except for these.
function enumerableMembers(ctor, names) {
  for (const name of names) {
    const descriptor = Object.getOwnPropertyDescriptor(ctor.prototype, name);
    descriptor.enumerable = true;
    Object.defineProperty(ctor.prototype, name, descriptor);
  }
}

module.exports = {
  brandedSlots,
  slotsOf,
  stateError,
  Queue,
  kControllerErrorFunction,
  kInspect,
  kIsClosedPromise,
  kIsDisturbed,
  kIsErrored,
  kIsReadable,
  kState,
  callbackMember,
  copyBytes,
  defineToStringTag,
  deferred,
  dequeueValue,
  dictionary,
  enqueueValueWithSize,
  enumerableMembers,
  extractHighWaterMark,
  extractSizeAlgorithm,
  inspectAs,
  isDetached,
  isPromisePending,
  noop,
  peekQueueValue,
  promiseCall,
  react,
  rejected,
  resetQueue,
  resolved,
  setHandled,
  setSlots,
  then,
  transferArrayBuffer,
};
