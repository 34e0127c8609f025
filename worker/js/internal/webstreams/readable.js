'use strict';
// ReadableStream of the Streams standard (streams.spec.whatwg.org, section
// 4): default and byte streams, their controllers, the default and BYOB
// readers and async iteration; tee, pipeTo/pipeThrough and
// ReadableStream.from are beside it (readable_tee.js, readable_pipe_to.js,
// readable_from.js), loaded on first use.
//
// Each public object holds its internal slots in one record under a symbol
// of its class (which is also its brand check); the abstract operations,
// named as in the spec, work on those records. A record keeps its public
// object in `self`.

const { codes } = internalRequire('internal/errors');
const {
  Queue, kControllerErrorFunction, kInspect, kIsClosedPromise, kIsDisturbed, kIsErrored, kIsReadable,
  callbackMember, copyBytes, defineToStringTag, deferred, dequeueValue, dictionary,
  enqueueValueWithSize, enumerableMembers, extractHighWaterMark, extractSizeAlgorithm, inspectAs, isDetached, noop,
  promiseCall, react, rejected, resetQueue, resolved, setHandled, then, transferArrayBuffer,
  brandedSlots, setSlots, slotsOf, stateError,
} = internalRequire('internal/webstreams/util');
const { kState } = internalRequire('internal/webstreams/util');

const {
  ERR_ARG_NOT_ITERABLE,
  ERR_ILLEGAL_CONSTRUCTOR,
  ERR_INVALID_ARG_TYPE,
  ERR_INVALID_ARG_VALUE,
  ERR_INVALID_STATE,
  ERR_INVALID_THIS,
  ERR_OUT_OF_RANGE,
} = codes;

// The stream's slots are under util's kState, shared by the three stream
// classes; a record's `brand` tells them apart.
const kStream = kState;
const kDefaultReader = Symbol('kReadableStreamDefaultReader');
const kBYOBReader = Symbol('kReadableStreamBYOBReader');
const kDefaultController = Symbol('kReadableStreamDefaultController');
const kByteController = Symbol('kReadableByteStreamController');
const kBYOBRequest = Symbol('kReadableStreamBYOBRequest');
const kIterator = Symbol('kReadableStreamAsyncIterator');
// Passed to a constructor by this module to build an object without the
// public constructor's steps.
const kCreate = Symbol('kCreate');

const inspect = (value, options) => internalRequire('internal/util/inspect').inspect(value, options);
const writable = () => internalRequire('internal/webstreams/writable');
// What a stream does more rarely, loaded when first done.
const tee = () => internalRequire('internal/webstreams/readable_tee');
const pipeTo = () => internalRequire('internal/webstreams/readable_pipe_to');
const from = () => internalRequire('internal/webstreams/readable_from');

const typedArrayTag = (() => {
  const getter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), Symbol.toStringTag).get;
  return (view) => Reflect.apply(getter, view, []);
})();
const typedArrayConstructors = {
  __proto__: null, Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array,
  Float32Array, Float64Array, BigInt64Array, BigUint64Array,
};

const AsyncIteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf(async function* () {}).prototype);

// The stream's slots, or undefined for anything else.
function streamSlots(value) {
  return brandedSlots(value, kStream, 'ReadableStream');
}

function isReadableStream(value) {
  return streamSlots(value) !== undefined;
}

// --- ReadableStream ----------------------------------------------------------------

class ReadableStream {
  constructor(underlyingSource = undefined, strategy = undefined) {
    if (underlyingSource === kCreate) {
      strategy.self = this;
      setSlots(this, kStream, strategy);
      return;
    }
    if (underlyingSource !== undefined && (underlyingSource === null || (typeof underlyingSource !== 'object' &&
        typeof underlyingSource !== 'function'))) {
      throw new ERR_INVALID_ARG_TYPE('source', 'object', underlyingSource);
    }
    const source = underlyingSource ?? {};
    strategy = dictionary(strategy, 'strategy');
    const stream = newStreamRecord(this);
    setSlots(this, kStream, stream);
    const type = source.type;
    if (type !== undefined && `${type}` !== 'bytes') throw new ERR_INVALID_ARG_VALUE('source.type', type);
    if (type !== undefined) {
      if (strategy.size !== undefined) throw new (ERR_INVALID_ARG_VALUE.RangeError)('strategy.size', strategy.size);
      const highWaterMark = extractHighWaterMark(strategy, 0);
      setUpByteControllerFromSource(stream, source, highWaterMark);
    } else {
      const size = extractSizeAlgorithm(strategy);
      const highWaterMark = extractHighWaterMark(strategy, 1);
      setUpDefaultControllerFromSource(stream, source, highWaterMark, size);
    }
  }

  get locked() {
    return isLocked(slotsOf(this, kStream, 'ReadableStream'));
  }

  cancel(reason = undefined) {
    const stream = streamSlots(this);
    if (stream === undefined) return rejected(new ERR_INVALID_THIS('ReadableStream'));
    if (isLocked(stream)) return rejected(stateError('ReadableStream is locked'));
    return readableStreamCancel(stream, reason);
  }

  getReader(options = undefined) {
    const stream = slotsOf(this, kStream, 'ReadableStream');
    options = dictionary(options, 'options');
    const mode = options.mode;
    if (mode === undefined) return new ReadableStreamDefaultReader(this);
    if (`${mode}` !== 'byob') throw new ERR_INVALID_ARG_VALUE('options.mode', mode);
    if (stream.controllerSlots.kind !== 'byte') {
      throw new ERR_INVALID_ARG_VALUE('stream', this, 'must be a byte stream');
    }
    return new ReadableStreamBYOBReader(this);
  }

  pipeThrough(transform, options = undefined) {
    const stream = slotsOf(this, kStream, 'ReadableStream');
    if (transform === null || typeof transform !== 'object') {
      throw new ERR_INVALID_ARG_TYPE('transform.readable', 'ReadableStream', undefined);
    }
    // Read in the dictionary's order, each checked as it is read.
    const readable = transform.readable;
    if (!isReadableStream(readable)) throw new ERR_INVALID_ARG_TYPE('transform.readable', 'ReadableStream', readable);
    const dest = transform.writable;
    const writableModule = writable();
    if (!writableModule.isWritableStream(dest)) {
      throw new ERR_INVALID_ARG_TYPE('transform.writable', 'WritableStream', dest);
    }
    const { preventAbort, preventCancel, preventClose, signal } = pipeOptions(options);
    if (isLocked(stream)) throw stateError('The ReadableStream is locked');
    if (writableModule.isLocked(dest)) throw stateError('The WritableStream is locked');
    const promise = pipeTo().readableStreamPipeTo(stream, writableModule.slotsOf(dest), preventClose, preventAbort,
                                         preventCancel, signal);
    setHandled(promise);
    return readable;
  }

  pipeTo(destination, options = undefined) {
    const stream = streamSlots(this);
    if (stream === undefined) return rejected(new ERR_INVALID_THIS('ReadableStream'));
    const writableModule = writable();
    if (!writableModule.isWritableStream(destination)) {
      return rejected(new ERR_INVALID_ARG_TYPE('transform.writable', 'WritableStream', destination));
    }
    let parsed;
    try {
      parsed = pipeOptions(options);
    } catch (error) {
      return rejected(error);
    }
    if (isLocked(stream)) return rejected(stateError('The ReadableStream is locked'));
    if (writableModule.isLocked(destination)) return rejected(stateError('The WritableStream is locked'));
    return pipeTo().readableStreamPipeTo(stream, writableModule.slotsOf(destination), parsed.preventClose,
                                parsed.preventAbort, parsed.preventCancel, parsed.signal);
  }

  tee() {
    const stream = slotsOf(this, kStream, 'ReadableStream');
    return tee().readableStreamTee(stream);
  }

  values(options = undefined) {
    const stream = slotsOf(this, kStream, 'ReadableStream');
    options = dictionary(options, 'options');
    const reader = acquireDefaultReader(stream);
    return createAsyncIterator(reader, !!options.preventCancel);
  }

  static from(iterable) {
    return from().readableStreamFromIterable(iterable);
  }

  // What Node's stream utilities (stream.finished, isDisturbed, isErrored,
  // isReadable, addAbortSignal) read of a web stream.
  get [kIsDisturbed]() {
    return this[kStream].disturbed;
  }

  get [kIsErrored]() {
    return this[kStream].state === 'errored';
  }

  get [kIsReadable]() {
    return this[kStream].state === 'readable';
  }

  get [kIsClosedPromise]() {
    return closedPromiseOf(this[kStream]);
  }

  get [kControllerErrorFunction]() {
    const stream = this[kStream];
    return (error) => controllerError(stream.controllerSlots, error);
  }

  [kInspect](depth, options) {
    const stream = slotsOf(this, kStream, 'ReadableStream');
    return inspectAs(this, 'ReadableStream', {
      locked: isLocked(stream),
      state: stream.state,
      supportsBYOB: stream.controllerSlots?.kind === 'byte',
    }, depth, options, inspect);
  }
}

Object.defineProperty(ReadableStream.prototype, Symbol.asyncIterator, {
  __proto__: null, value: ReadableStream.prototype.values, writable: true, enumerable: false, configurable: true,
});
enumerableMembers(ReadableStream, ['locked', 'cancel', 'getReader', 'pipeThrough', 'pipeTo', 'tee', 'values']);
defineToStringTag(ReadableStream, 'ReadableStream');

function newStreamRecord(self) {
  return {
    brand: 'ReadableStream',
    self,
    state: 'readable',
    reader: undefined,
    storedError: undefined,
    disturbed: false,
    // The controller's slots; `controller` is the public object.
    controllerSlots: undefined,
    get controller() {
      return this.controllerSlots?.self;
    },
    // Made when first asked for (stream.finished).
    closedPromise: undefined,
  };
}

function closedPromiseOf(stream) {
  if (stream.closedPromise === undefined) {
    const closed = deferred();
    setHandled(closed.promise);
    if (stream.state === 'closed') closed.resolve();
    else if (stream.state === 'errored') closed.reject(stream.storedError);
    stream.closedPromise = closed;
  }
  return stream.closedPromise;
}

// An AbortSignal's own brand check (its `aborted` getter), which an object
// that merely inherits from AbortSignal.prototype fails.
function isAbortSignal(value) {
  const { AbortSignal } = internalRequire('internal/abort_controller');
  if (!(value instanceof AbortSignal)) return false;
  try {
    Reflect.apply(Object.getOwnPropertyDescriptor(AbortSignal.prototype, 'aborted').get, value, []);
    return true;
  } catch {
    return false;
  }
}

function pipeOptions(options) {
  options = dictionary(options, 'options');
  const preventAbort = !!options.preventAbort;
  const preventCancel = !!options.preventCancel;
  const preventClose = !!options.preventClose;
  const signal = options.signal;
  if (signal !== undefined) {
    if (!isAbortSignal(signal)) throw new ERR_INVALID_ARG_TYPE('options.signal', 'AbortSignal', signal);
  }
  return { preventAbort, preventCancel, preventClose, signal };
}

// A stream whose controller this module sets up (tee, from, TransformStream,
// the Node adapters): CreateReadableStream.
function createReadableStream(startAlgorithm, pullAlgorithm, cancelAlgorithm, highWaterMark = 1,
                              sizeAlgorithm = () => 1) {
  const stream = newStreamRecord(undefined);
  // eslint-disable-next-line no-new
  new ReadableStream(kCreate, stream);
  const controller = newDefaultControllerRecord();
  setUpDefaultController(stream, controller, startAlgorithm, pullAlgorithm, cancelAlgorithm, highWaterMark,
                         sizeAlgorithm);
  return stream;
}

function createReadableByteStream(startAlgorithm, pullAlgorithm, cancelAlgorithm, highWaterMark = 0,
                                  autoAllocateChunkSize = undefined) {
  const stream = newStreamRecord(undefined);
  // eslint-disable-next-line no-new
  new ReadableStream(kCreate, stream);
  const controller = newByteControllerRecord();
  setUpByteController(stream, controller, startAlgorithm, pullAlgorithm, cancelAlgorithm, highWaterMark,
                      autoAllocateChunkSize);
  return stream;
}

function isLocked(stream) {
  return stream.reader !== undefined;
}

function readableStreamCancel(stream, reason) {
  stream.disturbed = true;
  if (stream.state === 'closed') return resolved(undefined);
  if (stream.state === 'errored') return rejected(stream.storedError);
  readableStreamClose(stream);
  const reader = stream.reader;
  if (reader !== undefined && reader.kind === 'byob') {
    const requests = reader.requests;
    reader.requests = new Queue();
    for (const request of requests) request.close(undefined);
  }
  const sourceCancelPromise = stream.controllerSlots.cancelSteps(reason);
  return then(sourceCancelPromise, noop);
}

function readableStreamClose(stream) {
  stream.state = 'closed';
  if (stream.closedPromise !== undefined) stream.closedPromise.resolve();
  const reader = stream.reader;
  if (reader === undefined) return;
  reader.closed.resolve(undefined);
  if (reader.kind === 'default') {
    const requests = reader.requests;
    reader.requests = new Queue();
    for (const request of requests) request.close();
  }
}

function readableStreamError(stream, error) {
  stream.state = 'errored';
  stream.storedError = error;
  if (stream.closedPromise !== undefined) stream.closedPromise.reject(error);
  const reader = stream.reader;
  if (reader === undefined) return;
  reader.closed.reject(error);
  setHandled(reader.closed.promise);
  errorReaderRequests(reader, error);
}

function errorReaderRequests(reader, error) {
  const requests = reader.requests;
  reader.requests = new Queue();
  for (const request of requests) request.error(error);
}

function addReadRequest(stream, request) {
  stream.reader.requests.push(request);
}

function fulfillReadRequest(stream, chunk, done) {
  const request = stream.reader.requests.shift();
  if (done) request.close();
  else request.chunk(chunk);
}

function fulfillReadIntoRequest(stream, chunk, done) {
  const request = stream.reader.requests.shift();
  if (done) request.close(chunk);
  else request.chunk(chunk);
}

function numReadRequests(stream) {
  return stream.reader.requests.length;
}

function hasDefaultReader(stream) {
  return stream.reader !== undefined && stream.reader.kind === 'default';
}

function hasBYOBReader(stream) {
  return stream.reader !== undefined && stream.reader.kind === 'byob';
}

// --- readers -----------------------------------------------------------------------

function newReaderRecord(self, kind) {
  return { self, kind, stream: undefined, closed: undefined, requests: new Queue() };
}

function readerGenericInitialize(reader, stream) {
  reader.stream = stream;
  stream.reader = reader;
  reader.closed = deferred();
  if (stream.state === 'closed') {
    reader.closed.resolve(undefined);
  } else if (stream.state === 'errored') {
    reader.closed.reject(stream.storedError);
    setHandled(reader.closed.promise);
  }
}

function readerGenericRelease(reader) {
  const stream = reader.stream;
  const error = stateError('Reader released');
  if (stream.state === 'readable') {
    reader.closed.reject(error);
  } else {
    reader.closed = deferred();
    reader.closed.reject(error);
  }
  setHandled(reader.closed.promise);
  stream.controllerSlots.releaseSteps();
  stream.reader = undefined;
  reader.stream = undefined;
}

function readerRelease(reader) {
  readerGenericRelease(reader);
  errorReaderRequests(reader, stateError('Releasing reader'));
}

function acquireDefaultReader(stream) {
  const reader = new ReadableStreamDefaultReader(kCreate, stream);
  return reader[kDefaultReader];
}

function defaultReaderRead(reader, request) {
  const stream = reader.stream;
  stream.disturbed = true;
  if (stream.state === 'closed') request.close();
  else if (stream.state === 'errored') request.error(stream.storedError);
  else stream.controllerSlots.pullSteps(request);
}

function checkCanLock(stream) {
  if (!isReadableStream(stream)) throw new ERR_INVALID_ARG_TYPE('stream', 'ReadableStream', stream);
  const slots = stream[kStream];
  if (isLocked(slots)) throw stateError('ReadableStream is locked');
  return slots;
}

// The members both readers share (the spec's ReadableStreamGenericReader);
// `reader` is the reader's slots, undefined when `this` is no such reader.
function genericReleaseLock(reader) {
  if (reader.stream === undefined) return;
  readerRelease(reader);
}

function genericClosed(reader, name) {
  if (reader === undefined) return rejected(new ERR_INVALID_THIS(name));
  return reader.closed.promise;
}

function genericCancel(reader, name, reason) {
  if (reader === undefined) return rejected(new ERR_INVALID_THIS(name));
  if (reader.stream === undefined) return rejected(stateError('The reader is not attached to a stream'));
  return readableStreamCancel(reader.stream, reason);
}

class ReadableStreamDefaultReader {
  constructor(stream) {
    let slots;
    if (stream === kCreate) {
      slots = arguments[1];
      if (isLocked(slots)) throw stateError('ReadableStream is locked');
    } else {
      slots = checkCanLock(stream);
    }
    const reader = newReaderRecord(this, 'default');
    setSlots(this, kDefaultReader, reader);
    readerGenericInitialize(reader, slots);
  }

  read() {
    const reader = this?.[kDefaultReader];
    if (reader === undefined) return rejected(new ERR_INVALID_THIS('ReadableStreamDefaultReader'));
    if (reader.stream === undefined) return rejected(stateError('The reader is not attached to a stream'));
    const result = deferred();
    defaultReaderRead(reader, {
      chunk: (value) => result.resolve({ value, done: false }),
      close: () => result.resolve({ value: undefined, done: true }),
      error: result.reject,
    });
    return result.promise;
  }

  releaseLock() {
    genericReleaseLock(slotsOf(this, kDefaultReader, 'ReadableStreamDefaultReader'));
  }

  get closed() {
    return genericClosed(this?.[kDefaultReader], 'ReadableStreamDefaultReader');
  }

  cancel(reason = undefined) {
    return genericCancel(this?.[kDefaultReader], 'ReadableStreamDefaultReader', reason);
  }

  [kInspect](depth, options) {
    const reader = slotsOf(this, kDefaultReader, 'ReadableStreamDefaultReader');
    return inspectAs(this, 'ReadableStreamDefaultReader', {
      stream: reader.stream?.self,
      readRequests: reader.requests.length,
      close: reader.closed.promise,
    }, depth, options, inspect);
  }
}

enumerableMembers(ReadableStreamDefaultReader, ['read', 'releaseLock', 'closed', 'cancel']);
defineToStringTag(ReadableStreamDefaultReader, 'ReadableStreamDefaultReader');

class ReadableStreamBYOBReader {
  constructor(stream) {
    const slots = checkCanLock(stream);
    if (slots.controllerSlots.kind !== 'byte') {
      throw new ERR_INVALID_ARG_VALUE('stream', stream, 'must be a byte stream');
    }
    const reader = newReaderRecord(this, 'byob');
    setSlots(this, kBYOBReader, reader);
    readerGenericInitialize(reader, slots);
  }

  read(view, options = undefined) {
    const reader = this?.[kBYOBReader];
    if (reader === undefined) return rejected(new ERR_INVALID_THIS('ReadableStreamBYOBReader'));
    if (!ArrayBuffer.isView(view)) {
      return rejected(new ERR_INVALID_ARG_TYPE('view', ['Buffer', 'TypedArray', 'DataView'], view));
    }
    if (view.byteLength === 0 || isDetached(view.buffer)) {
      return rejected(stateError('View or Viewed ArrayBuffer is zero-length or detached'));
    }
    let min = 1;
    try {
      options = dictionary(options, 'options');
      if (options.min !== undefined) {
        min = +options.min;
        if (!Number.isInteger(min) || min < 0) throw new ERR_INVALID_ARG_VALUE('options.min', options.min);
      }
    } catch (error) {
      return rejected(error);
    }
    if (min === 0) return rejected(new ERR_INVALID_ARG_VALUE('options.min', min, 'must be greater than 0'));
    const limit = view instanceof DataView ? view.byteLength : view.length;
    if (min > limit) return rejected(new (ERR_OUT_OF_RANGE)('options.min', `<= ${limit}`, min));
    if (reader.stream === undefined) return rejected(stateError('The reader is not attached to a stream'));
    const result = deferred();
    byobReaderRead(reader, view, min, {
      chunk: (value) => result.resolve({ value, done: false }),
      close: (value) => result.resolve({ value, done: true }),
      error: result.reject,
    });
    return result.promise;
  }

  releaseLock() {
    genericReleaseLock(slotsOf(this, kBYOBReader, 'ReadableStreamBYOBReader'));
  }

  get closed() {
    return genericClosed(this?.[kBYOBReader], 'ReadableStreamBYOBReader');
  }

  cancel(reason = undefined) {
    return genericCancel(this?.[kBYOBReader], 'ReadableStreamBYOBReader', reason);
  }

  [kInspect](depth, options) {
    const reader = slotsOf(this, kBYOBReader, 'ReadableStreamBYOBReader');
    return inspectAs(this, 'ReadableStreamBYOBReader', {
      stream: reader.stream?.self,
      readIntoRequests: reader.requests.length,
      close: reader.closed.promise,
    }, depth, options, inspect);
  }
}

enumerableMembers(ReadableStreamBYOBReader, ['read', 'releaseLock', 'closed', 'cancel']);
defineToStringTag(ReadableStreamBYOBReader, 'ReadableStreamBYOBReader');

function byobReaderRead(reader, view, min, request) {
  const stream = reader.stream;
  stream.disturbed = true;
  if (stream.state === 'errored') request.error(stream.storedError);
  else bytePullInto(stream.controllerSlots, view, min, request);
}

// --- default controller ----------------------------------------------------------------

function newDefaultControllerRecord() {
  return {
    kind: 'default',
    self: undefined,
    stream: undefined,
    queue: new Queue(),
    queueTotalSize: 0,
    started: false,
    closeRequested: false,
    pullAgain: false,
    pulling: false,
    strategySizeAlgorithm: undefined,
    strategyHWM: 0,
    pullAlgorithm: undefined,
    cancelAlgorithm: undefined,
    cancelSteps(reason) {
      resetQueue(this);
      const result = this.cancelAlgorithm(reason);
      defaultControllerClearAlgorithms(this);
      return result;
    },
    pullSteps(request) {
      const stream = this.stream;
      if (this.queue.length > 0) {
        const chunk = dequeueValue(this);
        if (this.closeRequested && this.queue.length === 0) {
          defaultControllerClearAlgorithms(this);
          readableStreamClose(stream);
        } else {
          defaultControllerCallPullIfNeeded(this);
        }
        request.chunk(chunk);
      } else {
        addReadRequest(stream, request);
        defaultControllerCallPullIfNeeded(this);
      }
    },
    releaseSteps() {},
  };
}

class ReadableStreamDefaultController {
  constructor(token, controller) {
    if (token !== kCreate) throw new ERR_ILLEGAL_CONSTRUCTOR();
    setSlots(this, kDefaultController, controller);
    controller.self = this;
  }

  get desiredSize() {
    return defaultControllerGetDesiredSize(slotsOf(this, kDefaultController, 'ReadableStreamDefaultController'));
  }

  close() {
    const controller = slotsOf(this, kDefaultController, 'ReadableStreamDefaultController');
    if (!defaultControllerCanCloseOrEnqueue(controller)) throw stateError('Controller is already closed');
    defaultControllerClose(controller);
  }

  enqueue(chunk = undefined) {
    const controller = slotsOf(this, kDefaultController, 'ReadableStreamDefaultController');
    if (!defaultControllerCanCloseOrEnqueue(controller)) throw stateError('Controller is already closed');
    defaultControllerEnqueue(controller, chunk);
  }

  error(error = undefined) {
    const controller = slotsOf(this, kDefaultController, 'ReadableStreamDefaultController');
    defaultControllerError(controller, error);
  }

  [kInspect](depth, options) {
    slotsOf(this, kDefaultController, 'ReadableStreamDefaultController');
    return inspectAs(this, 'ReadableStreamDefaultController', {}, depth, options, inspect);
  }
}

enumerableMembers(ReadableStreamDefaultController, ['desiredSize', 'close', 'enqueue', 'error']);
defineToStringTag(ReadableStreamDefaultController, 'ReadableStreamDefaultController');

function setUpDefaultController(stream, controller, startAlgorithm, pullAlgorithm, cancelAlgorithm, highWaterMark,
                                sizeAlgorithm) {
  // eslint-disable-next-line no-new
  if (controller.self === undefined) new ReadableStreamDefaultController(kCreate, controller);
  controller.stream = stream;
  controller.strategySizeAlgorithm = sizeAlgorithm;
  controller.strategyHWM = highWaterMark;
  controller.pullAlgorithm = pullAlgorithm;
  controller.cancelAlgorithm = cancelAlgorithm;
  stream.controllerSlots = controller;
  const startResult = startAlgorithm(controller.self);
  react(resolved(startResult), () => {
    controller.started = true;
    defaultControllerCallPullIfNeeded(controller);
  }, (reason) => defaultControllerError(controller, reason));
}

function setUpDefaultControllerFromSource(stream, source, highWaterMark, sizeAlgorithm) {
  const controller = newDefaultControllerRecord();
  const start = callbackMember(source, 'start', 'source');
  const pull = callbackMember(source, 'pull', 'source');
  const cancel = callbackMember(source, 'cancel', 'source');
  const self = new ReadableStreamDefaultController(kCreate, controller);
  setUpDefaultController(
    stream, controller,
    () => (start === undefined ? undefined : Reflect.apply(start, source, [self])),
    () => promiseCall(pull, source, [self]),
    (reason) => promiseCall(cancel, source, [reason]),
    highWaterMark, sizeAlgorithm);
}

function defaultControllerCallPullIfNeeded(controller) {
  if (!defaultControllerShouldCallPull(controller)) return;
  if (controller.pulling) {
    controller.pullAgain = true;
    return;
  }
  controller.pulling = true;
  react(controller.pullAlgorithm(), () => {
    controller.pulling = false;
    if (controller.pullAgain) {
      controller.pullAgain = false;
      defaultControllerCallPullIfNeeded(controller);
    }
  }, (reason) => defaultControllerError(controller, reason));
}

function defaultControllerShouldCallPull(controller) {
  const stream = controller.stream;
  if (!defaultControllerCanCloseOrEnqueue(controller)) return false;
  if (!controller.started) return false;
  if (isLocked(stream) && numReadRequests(stream) > 0) return true;
  return defaultControllerGetDesiredSize(controller) > 0;
}

function defaultControllerClearAlgorithms(controller) {
  controller.pullAlgorithm = undefined;
  controller.cancelAlgorithm = undefined;
  controller.strategySizeAlgorithm = undefined;
}

function defaultControllerClose(controller) {
  if (!defaultControllerCanCloseOrEnqueue(controller)) return;
  controller.closeRequested = true;
  if (controller.queue.length === 0) {
    defaultControllerClearAlgorithms(controller);
    readableStreamClose(controller.stream);
  }
}

function defaultControllerEnqueue(controller, chunk) {
  if (!defaultControllerCanCloseOrEnqueue(controller)) return;
  const stream = controller.stream;
  if (isLocked(stream) && numReadRequests(stream) > 0) {
    fulfillReadRequest(stream, chunk, false);
  } else {
    let size;
    try {
      size = controller.strategySizeAlgorithm(chunk);
      enqueueValueWithSize(controller, chunk, size);
    } catch (error) {
      defaultControllerError(controller, error);
      throw error;
    }
  }
  defaultControllerCallPullIfNeeded(controller);
}

function defaultControllerError(controller, error) {
  const stream = controller.stream;
  if (stream.state !== 'readable') return;
  resetQueue(controller);
  defaultControllerClearAlgorithms(controller);
  readableStreamError(stream, error);
}

function defaultControllerGetDesiredSize(controller) {
  const state = controller.stream.state;
  if (state === 'errored') return null;
  if (state === 'closed') return 0;
  return controller.strategyHWM - controller.queueTotalSize;
}

function defaultControllerHasBackpressure(controller) {
  return !defaultControllerShouldCallPull(controller);
}

function defaultControllerCanCloseOrEnqueue(controller) {
  return !controller.closeRequested && controller.stream.state === 'readable';
}

// Either kind of controller, for code that serves both.
function controllerError(controller, error) {
  if (controller.kind === 'byte') byteControllerError(controller, error);
  else defaultControllerError(controller, error);
}

// --- byte controller -------------------------------------------------------------------

function newByteControllerRecord() {
  return {
    kind: 'byte',
    self: undefined,
    stream: undefined,
    queue: new Queue(),
    queueTotalSize: 0,
    started: false,
    closeRequested: false,
    pullAgain: false,
    pulling: false,
    byobRequest: null,
    strategyHWM: 0,
    pullAlgorithm: undefined,
    cancelAlgorithm: undefined,
    autoAllocateChunkSize: undefined,
    pendingPullIntos: new Queue(),
    cancelSteps(reason) {
      byteControllerClearPendingPullIntos(this);
      resetQueue(this);
      const result = this.cancelAlgorithm(reason);
      byteControllerClearAlgorithms(this);
      return result;
    },
    pullSteps(request) {
      const stream = this.stream;
      if (this.queueTotalSize > 0) {
        byteControllerFillReadRequestFromQueue(this, request);
        return;
      }
      const autoAllocateChunkSize = this.autoAllocateChunkSize;
      if (autoAllocateChunkSize !== undefined) {
        let buffer;
        try {
          buffer = new ArrayBuffer(autoAllocateChunkSize);
        } catch (error) {
          request.error(error);
          return;
        }
        this.pendingPullIntos.push({
          buffer,
          bufferByteLength: autoAllocateChunkSize,
          byteOffset: 0,
          byteLength: autoAllocateChunkSize,
          bytesFilled: 0,
          minimumFill: 1,
          elementSize: 1,
          viewConstructor: Uint8Array,
          readerType: 'default',
        });
      }
      addReadRequest(stream, request);
      byteControllerCallPullIfNeeded(this);
    },
    releaseSteps() {
      if (this.pendingPullIntos.length > 0) {
        const first = this.pendingPullIntos.peek();
        first.readerType = 'none';
        this.pendingPullIntos.clear();
        this.pendingPullIntos.push(first);
      }
    },
  };
}

class ReadableByteStreamController {
  constructor(token, controller) {
    if (token !== kCreate) throw new ERR_ILLEGAL_CONSTRUCTOR();
    setSlots(this, kByteController, controller);
    controller.self = this;
  }

  get byobRequest() {
    const controller = slotsOf(this, kByteController, 'ReadableByteStreamController');
    return byteControllerGetBYOBRequest(controller);
  }

  get desiredSize() {
    return byteControllerGetDesiredSize(slotsOf(this, kByteController, 'ReadableByteStreamController'));
  }

  close() {
    const controller = slotsOf(this, kByteController, 'ReadableByteStreamController');
    if (controller.closeRequested) throw stateError('Controller is already closed');
    if (controller.stream.state !== 'readable') throw stateError('ReadableStream is already closed');
    byteControllerClose(controller);
  }

  enqueue(chunk) {
    const controller = slotsOf(this, kByteController, 'ReadableByteStreamController');
    if (!ArrayBuffer.isView(chunk)) {
      throw new ERR_INVALID_ARG_TYPE('buffer', ['Buffer', 'TypedArray', 'DataView'], chunk);
    }
    if (chunk.byteLength === 0 || isDetached(chunk.buffer)) {
      throw stateError('chunk ArrayBuffer is zero-length or detached');
    }
    if (controller.closeRequested) throw stateError('Controller is already closed');
    if (controller.stream.state !== 'readable') throw stateError('ReadableStream is already closed');
    byteControllerEnqueue(controller, chunk);
  }

  error(error = undefined) {
    byteControllerError(slotsOf(this, kByteController, 'ReadableByteStreamController'), error);
  }

  [kInspect](depth, options) {
    slotsOf(this, kByteController, 'ReadableByteStreamController');
    return inspectAs(this, 'ReadableByteStreamController', {}, depth, options, inspect);
  }
}

enumerableMembers(ReadableByteStreamController, ['byobRequest', 'desiredSize', 'close', 'enqueue', 'error']);
defineToStringTag(ReadableByteStreamController, 'ReadableByteStreamController');

class ReadableStreamBYOBRequest {
  constructor(token, controller, view) {
    if (token !== kCreate) throw new ERR_ILLEGAL_CONSTRUCTOR();
    setSlots(this, kBYOBRequest, { controller, view });
  }

  get view() {
    return slotsOf(this, kBYOBRequest, 'ReadableStreamBYOBRequest').view;
  }

  respond(bytesWritten) {
    const request = slotsOf(this, kBYOBRequest, 'ReadableStreamBYOBRequest');
    if (request.controller === undefined) throw stateError('This BYOB request has been invalidated');
    const number = +bytesWritten;
    if (!Number.isFinite(number) || number < 0) {
      throw new ERR_INVALID_ARG_VALUE.RangeError('bytesWritten', bytesWritten);
    }
    if (isDetached(request.view.buffer)) throw stateError('Viewed ArrayBuffer is detached');
    byteControllerRespond(request.controller, Math.trunc(number));
  }

  respondWithNewView(view) {
    const request = slotsOf(this, kBYOBRequest, 'ReadableStreamBYOBRequest');
    if (!ArrayBuffer.isView(view)) throw new ERR_INVALID_ARG_TYPE('view', ['Buffer', 'TypedArray', 'DataView'], view);
    if (request.controller === undefined) throw stateError('This BYOB request has been invalidated');
    if (isDetached(view.buffer)) throw stateError('Viewed ArrayBuffer is detached');
    byteControllerRespondWithNewView(request.controller, view);
  }

  [kInspect](depth, options) {
    const request = slotsOf(this, kBYOBRequest, 'ReadableStreamBYOBRequest');
    return inspectAs(this, 'ReadableStreamBYOBRequest', {
      view: request.view,
      controller: request.controller?.self,
    }, depth, options, inspect);
  }
}

enumerableMembers(ReadableStreamBYOBRequest, ['view', 'respond', 'respondWithNewView']);
defineToStringTag(ReadableStreamBYOBRequest, 'ReadableStreamBYOBRequest');

function setUpByteController(stream, controller, startAlgorithm, pullAlgorithm, cancelAlgorithm, highWaterMark,
                             autoAllocateChunkSize) {
  // eslint-disable-next-line no-new
  if (controller.self === undefined) new ReadableByteStreamController(kCreate, controller);
  controller.stream = stream;
  controller.strategyHWM = highWaterMark;
  controller.pullAlgorithm = pullAlgorithm;
  controller.cancelAlgorithm = cancelAlgorithm;
  controller.autoAllocateChunkSize = autoAllocateChunkSize;
  stream.controllerSlots = controller;
  const startResult = startAlgorithm(controller.self);
  react(resolved(startResult), () => {
    controller.started = true;
    byteControllerCallPullIfNeeded(controller);
  }, (reason) => byteControllerError(controller, reason));
}

function setUpByteControllerFromSource(stream, source, highWaterMark) {
  const controller = newByteControllerRecord();
  const start = callbackMember(source, 'start', 'source');
  const pull = callbackMember(source, 'pull', 'source');
  const cancel = callbackMember(source, 'cancel', 'source');
  let autoAllocateChunkSize = source.autoAllocateChunkSize;
  if (autoAllocateChunkSize !== undefined) {
    const number = +autoAllocateChunkSize;
    if (!Number.isInteger(number) || number <= 0) {
      throw new ERR_INVALID_ARG_VALUE('source.autoAllocateChunkSize', autoAllocateChunkSize);
    }
    autoAllocateChunkSize = number;
  }
  const self = new ReadableByteStreamController(kCreate, controller);
  setUpByteController(
    stream, controller,
    () => (start === undefined ? undefined : Reflect.apply(start, source, [self])),
    () => promiseCall(pull, source, [self]),
    (reason) => promiseCall(cancel, source, [reason]),
    highWaterMark, autoAllocateChunkSize);
}

function byteControllerCallPullIfNeeded(controller) {
  if (!byteControllerShouldCallPull(controller)) return;
  if (controller.pulling) {
    controller.pullAgain = true;
    return;
  }
  controller.pulling = true;
  react(controller.pullAlgorithm(), () => {
    controller.pulling = false;
    if (controller.pullAgain) {
      controller.pullAgain = false;
      byteControllerCallPullIfNeeded(controller);
    }
  }, (reason) => byteControllerError(controller, reason));
}

function byteControllerShouldCallPull(controller) {
  const stream = controller.stream;
  if (stream.state !== 'readable') return false;
  if (controller.closeRequested) return false;
  if (!controller.started) return false;
  if (hasDefaultReader(stream) && numReadRequests(stream) > 0) return true;
  if (hasBYOBReader(stream) && numReadRequests(stream) > 0) return true;
  return byteControllerGetDesiredSize(controller) > 0;
}

function byteControllerClearAlgorithms(controller) {
  controller.pullAlgorithm = undefined;
  controller.cancelAlgorithm = undefined;
}

function byteControllerClearPendingPullIntos(controller) {
  byteControllerInvalidateBYOBRequest(controller);
  controller.pendingPullIntos = new Queue();
}

function byteControllerInvalidateBYOBRequest(controller) {
  if (controller.byobRequest === null) return;
  const request = controller.byobRequest[kBYOBRequest];
  request.controller = undefined;
  request.view = null;
  controller.byobRequest = null;
}

function byteControllerGetBYOBRequest(controller) {
  if (controller.byobRequest === null && controller.pendingPullIntos.length > 0) {
    const first = controller.pendingPullIntos.peek();
    const view = new Uint8Array(first.buffer, first.byteOffset + first.bytesFilled, first.byteLength - first.bytesFilled);
    controller.byobRequest = new ReadableStreamBYOBRequest(kCreate, controller, view);
  }
  return controller.byobRequest;
}

function byteControllerGetDesiredSize(controller) {
  const state = controller.stream.state;
  if (state === 'errored') return null;
  if (state === 'closed') return 0;
  return controller.strategyHWM - controller.queueTotalSize;
}

function byteControllerClose(controller) {
  const stream = controller.stream;
  if (controller.closeRequested || stream.state !== 'readable') return;
  if (controller.queueTotalSize > 0) {
    controller.closeRequested = true;
    return;
  }
  if (controller.pendingPullIntos.length > 0) {
    const first = controller.pendingPullIntos.peek();
    if (first.bytesFilled % first.elementSize !== 0) {
      const error = stateError('Partial read');
      byteControllerError(controller, error);
      throw error;
    }
  }
  byteControllerClearAlgorithms(controller);
  readableStreamClose(stream);
}

function byteControllerError(controller, error) {
  const stream = controller.stream;
  if (stream.state !== 'readable') return;
  byteControllerClearPendingPullIntos(controller);
  resetQueue(controller);
  byteControllerClearAlgorithms(controller);
  readableStreamError(stream, error);
}

function byteControllerEnqueue(controller, chunk) {
  const stream = controller.stream;
  if (controller.closeRequested || stream.state !== 'readable') return;
  const { byteOffset, byteLength } = chunk;
  if (isDetached(chunk.buffer)) throw stateError('chunk ArrayBuffer is detached');
  const transferredBuffer = transferArrayBuffer(chunk.buffer);
  if (controller.pendingPullIntos.length > 0) {
    const first = controller.pendingPullIntos.peek();
    if (isDetached(first.buffer)) throw stateError('The BYOB request\'s buffer has been detached');
    byteControllerInvalidateBYOBRequest(controller);
    first.buffer = transferArrayBuffer(first.buffer);
    if (first.readerType === 'none') byteControllerEnqueueDetachedPullIntoToQueue(controller, first);
  }
  if (hasDefaultReader(stream)) {
    byteControllerProcessReadRequestsUsingQueue(controller);
    if (numReadRequests(stream) === 0) {
      byteControllerEnqueueChunkToQueue(controller, transferredBuffer, byteOffset, byteLength);
    } else {
      if (controller.pendingPullIntos.length > 0) byteControllerShiftPendingPullInto(controller);
      fulfillReadRequest(stream, new Uint8Array(transferredBuffer, byteOffset, byteLength), false);
    }
  } else if (hasBYOBReader(stream)) {
    byteControllerEnqueueChunkToQueue(controller, transferredBuffer, byteOffset, byteLength);
    const filled = byteControllerProcessPullIntoDescriptorsUsingQueue(controller);
    for (const descriptor of filled) byteControllerCommitPullIntoDescriptor(stream, descriptor);
  } else {
    byteControllerEnqueueChunkToQueue(controller, transferredBuffer, byteOffset, byteLength);
  }
  byteControllerCallPullIfNeeded(controller);
}

function byteControllerEnqueueChunkToQueue(controller, buffer, byteOffset, byteLength) {
  controller.queue.push({ buffer, byteOffset, byteLength });
  controller.queueTotalSize += byteLength;
}

function byteControllerEnqueueClonedChunkToQueue(controller, buffer, byteOffset, byteLength) {
  let clone;
  try {
    clone = buffer.slice(byteOffset, byteOffset + byteLength);
  } catch (error) {
    byteControllerError(controller, error);
    throw error;
  }
  byteControllerEnqueueChunkToQueue(controller, clone, 0, byteLength);
}

function byteControllerEnqueueDetachedPullIntoToQueue(controller, descriptor) {
  if (descriptor.bytesFilled > 0) {
    byteControllerEnqueueClonedChunkToQueue(controller, descriptor.buffer, descriptor.byteOffset,
                                            descriptor.bytesFilled);
  }
  byteControllerShiftPendingPullInto(controller);
}

function byteControllerFillReadRequestFromQueue(controller, request) {
  const entry = controller.queue.shift();
  controller.queueTotalSize -= entry.byteLength;
  byteControllerHandleQueueDrain(controller);
  request.chunk(new Uint8Array(entry.buffer, entry.byteOffset, entry.byteLength));
}

function byteControllerHandleQueueDrain(controller) {
  if (controller.queueTotalSize === 0 && controller.closeRequested) {
    byteControllerClearAlgorithms(controller);
    readableStreamClose(controller.stream);
  } else {
    byteControllerCallPullIfNeeded(controller);
  }
}

function byteControllerProcessReadRequestsUsingQueue(controller) {
  const reader = controller.stream.reader;
  while (reader.requests.length > 0) {
    if (controller.queueTotalSize === 0) return;
    byteControllerFillReadRequestFromQueue(controller, reader.requests.shift());
  }
}

function byteControllerProcessPullIntoDescriptorsUsingQueue(controller) {
  const filled = [];
  while (controller.pendingPullIntos.length > 0) {
    if (controller.queueTotalSize === 0) break;
    const descriptor = controller.pendingPullIntos.peek();
    if (byteControllerFillPullIntoDescriptorFromQueue(controller, descriptor)) {
      byteControllerShiftPendingPullInto(controller);
      filled.push(descriptor);
    }
  }
  return filled;
}

function byteControllerFillPullIntoDescriptorFromQueue(controller, descriptor) {
  const maxBytesToCopy = Math.min(controller.queueTotalSize, descriptor.byteLength - descriptor.bytesFilled);
  const maxBytesFilled = descriptor.bytesFilled + maxBytesToCopy;
  let totalBytesToCopyRemaining = maxBytesToCopy;
  let ready = false;
  const maxAlignedBytes = maxBytesFilled - (maxBytesFilled % descriptor.elementSize);
  if (maxAlignedBytes >= descriptor.minimumFill) {
    totalBytesToCopyRemaining = maxAlignedBytes - descriptor.bytesFilled;
    ready = true;
  }
  const queue = controller.queue;
  while (totalBytesToCopyRemaining > 0) {
    const head = queue.peek();
    const bytesToCopy = Math.min(totalBytesToCopyRemaining, head.byteLength);
    const destStart = descriptor.byteOffset + descriptor.bytesFilled;
    copyBytes(descriptor.buffer, destStart, head.buffer, head.byteOffset, bytesToCopy);
    if (head.byteLength === bytesToCopy) {
      queue.shift();
    } else {
      head.byteOffset += bytesToCopy;
      head.byteLength -= bytesToCopy;
    }
    controller.queueTotalSize -= bytesToCopy;
    descriptor.bytesFilled += bytesToCopy;
    totalBytesToCopyRemaining -= bytesToCopy;
  }
  return ready;
}

function byteControllerShiftPendingPullInto(controller) {
  return controller.pendingPullIntos.shift();
}

function byteControllerConvertPullIntoDescriptor(descriptor) {
  const buffer = transferArrayBuffer(descriptor.buffer);
  const Ctor = descriptor.viewConstructor;
  return new Ctor(buffer, descriptor.byteOffset, descriptor.bytesFilled / descriptor.elementSize);
}

function byteControllerCommitPullIntoDescriptor(stream, descriptor) {
  const done = stream.state === 'closed';
  const filledView = byteControllerConvertPullIntoDescriptor(descriptor);
  if (descriptor.readerType === 'default') fulfillReadRequest(stream, filledView, done);
  else fulfillReadIntoRequest(stream, filledView, done);
}

function bytePullInto(controller, view, min, request) {
  const stream = controller.stream;
  let elementSize = 1;
  let Ctor = DataView;
  if (!(view instanceof DataView)) {
    elementSize = view.BYTES_PER_ELEMENT;
    // The view's intrinsic kind (a Buffer's is Uint8Array), never a subclass.
    Ctor = typedArrayConstructors[typedArrayTag(view)];
  }
  const { byteOffset, byteLength } = view;
  let buffer;
  try {
    buffer = transferArrayBuffer(view.buffer);
  } catch (error) {
    request.error(error);
    return;
  }
  const descriptor = {
    buffer,
    bufferByteLength: buffer.byteLength,
    byteOffset,
    byteLength,
    bytesFilled: 0,
    minimumFill: min * elementSize,
    elementSize,
    viewConstructor: Ctor,
    readerType: 'byob',
  };
  if (controller.pendingPullIntos.length > 0) {
    controller.pendingPullIntos.push(descriptor);
    addReadRequest(stream, request);
    return;
  }
  if (stream.state === 'closed') {
    request.close(new Ctor(descriptor.buffer, descriptor.byteOffset, 0));
    return;
  }
  if (controller.queueTotalSize > 0) {
    if (byteControllerFillPullIntoDescriptorFromQueue(controller, descriptor)) {
      const filledView = byteControllerConvertPullIntoDescriptor(descriptor);
      byteControllerHandleQueueDrain(controller);
      request.chunk(filledView);
      return;
    }
    if (controller.closeRequested) {
      const error = stateError('ReadableStream is already closed');
      byteControllerError(controller, error);
      request.error(error);
      return;
    }
  }
  controller.pendingPullIntos.push(descriptor);
  addReadRequest(stream, request);
  byteControllerCallPullIfNeeded(controller);
}

function byteControllerRespond(controller, bytesWritten) {
  const first = controller.pendingPullIntos.peek();
  const state = controller.stream.state;
  if (state === 'closed') {
    if (bytesWritten !== 0) {
      throw new ERR_INVALID_ARG_VALUE('bytesWritten', bytesWritten, 'must be 0 when the stream is closed');
    }
  } else {
    if (bytesWritten === 0) {
      throw new ERR_INVALID_ARG_VALUE('bytesWritten', bytesWritten, 'must be greater than 0');
    }
    if (first.bytesFilled + bytesWritten > first.byteLength) {
      throw new ERR_INVALID_ARG_VALUE.RangeError('bytesWritten', bytesWritten);
    }
  }
  first.buffer = transferArrayBuffer(first.buffer);
  byteControllerRespondInternal(controller, bytesWritten);
}

function byteControllerRespondWithNewView(controller, view) {
  const first = controller.pendingPullIntos.peek();
  const state = controller.stream.state;
  if (state === 'closed') {
    if (view.byteLength !== 0) throw new ERR_INVALID_ARG_VALUE('view', view, 'must be empty when the stream is closed');
  } else if (view.byteLength === 0) {
    throw new ERR_INVALID_ARG_VALUE('view', view, 'must not be empty');
  }
  if (first.byteOffset + first.bytesFilled !== view.byteOffset) {
    throw new ERR_INVALID_ARG_VALUE.RangeError('view', view, 'has an invalid byte offset');
  }
  if (first.bufferByteLength !== view.buffer.byteLength) {
    throw new ERR_INVALID_ARG_VALUE.RangeError('view', view, 'has an invalid buffer length');
  }
  if (first.bytesFilled + view.byteLength > first.byteLength) {
    throw new ERR_INVALID_ARG_VALUE.RangeError('view', view, 'is too large');
  }
  const viewByteLength = view.byteLength;
  first.buffer = transferArrayBuffer(view.buffer);
  byteControllerRespondInternal(controller, viewByteLength);
}

function byteControllerRespondInternal(controller, bytesWritten) {
  const first = controller.pendingPullIntos.peek();
  byteControllerInvalidateBYOBRequest(controller);
  if (controller.stream.state === 'closed') {
    byteControllerRespondInClosedState(controller, first);
  } else {
    byteControllerRespondInReadableState(controller, bytesWritten, first);
  }
  byteControllerCallPullIfNeeded(controller);
}

function byteControllerRespondInClosedState(controller, first) {
  if (first.readerType === 'none') byteControllerShiftPendingPullInto(controller);
  const stream = controller.stream;
  if (hasBYOBReader(stream)) {
    while (numReadRequests(stream) > 0) {
      byteControllerCommitPullIntoDescriptor(stream, byteControllerShiftPendingPullInto(controller));
    }
  }
}

function byteControllerRespondInReadableState(controller, bytesWritten, descriptor) {
  descriptor.bytesFilled += bytesWritten;
  if (descriptor.readerType === 'none') {
    byteControllerEnqueueDetachedPullIntoToQueue(controller, descriptor);
    const filled = byteControllerProcessPullIntoDescriptorsUsingQueue(controller);
    for (const each of filled) byteControllerCommitPullIntoDescriptor(controller.stream, each);
    return;
  }
  if (descriptor.bytesFilled < descriptor.minimumFill) return;
  byteControllerShiftPendingPullInto(controller);
  const remainder = descriptor.bytesFilled % descriptor.elementSize;
  if (remainder > 0) {
    const end = descriptor.byteOffset + descriptor.bytesFilled;
    byteControllerEnqueueClonedChunkToQueue(controller, descriptor.buffer, end - remainder, remainder);
  }
  descriptor.bytesFilled -= remainder;
  const filled = byteControllerProcessPullIntoDescriptorsUsingQueue(controller);
  byteControllerCommitPullIntoDescriptor(controller.stream, descriptor);
  for (const each of filled) byteControllerCommitPullIntoDescriptor(controller.stream, each);
}

// --- async iteration ----------------------------------------------------------------

// The async iterator of WebIDL: each next() and return() runs after the
// previous one settles; a finished iterator answers { done: true }.
const iteratorMethods = {
  next() {
    const iterator = this?.[kIterator];
    if (iterator === undefined) return rejected(new ERR_INVALID_THIS('ReadableStreamAsyncIterator'));
    const nextSteps = () => {
      if (iterator.finished) return resolved({ value: undefined, done: true });
      const reader = iterator.reader;
      if (reader.stream === undefined) return rejected(stateError('The reader is not attached to a stream'));
      const result = deferred();
      defaultReaderRead(reader, {
        chunk: (value) => result.resolve({ value, done: false }),
        close() {
          readerRelease(reader);
          result.resolve({ value: undefined, done: true });
        },
        error(error) {
          readerRelease(reader);
          result.reject(error);
        },
      });
      return then(result.promise, (step) => {
        iterator.ongoing = undefined;
        if (step.done) iterator.finished = true;
        return step;
      }, (error) => {
        iterator.ongoing = undefined;
        iterator.finished = true;
        throw error;
      });
    };
    iterator.ongoing = iterator.ongoing === undefined ? nextSteps() : then(iterator.ongoing, nextSteps, nextSteps);
    return iterator.ongoing;
  },

  return(value) {
    const iterator = this?.[kIterator];
    if (iterator === undefined) return rejected(new ERR_INVALID_THIS('ReadableStreamAsyncIterator'));
    const returnSteps = () => {
      if (iterator.finished) return resolved(undefined);
      iterator.finished = true;
      const reader = iterator.reader;
      if (reader.stream === undefined) return resolved(undefined);
      if (iterator.preventCancel) {
        readerRelease(reader);
        return resolved(undefined);
      }
      const cancelled = readableStreamCancel(reader.stream, value);
      readerRelease(reader);
      return cancelled;
    };
    const returned = iterator.ongoing === undefined ? returnSteps() : then(iterator.ongoing, returnSteps, returnSteps);
    iterator.ongoing = returned;
    return then(returned, () => ({ value, done: true }));
  },
};
const ReadableStreamAsyncIteratorPrototype = Object.create(AsyncIteratorPrototype,
                                                         Object.getOwnPropertyDescriptors(iteratorMethods));

function createAsyncIterator(reader, preventCancel) {
  const iterator = Object.create(ReadableStreamAsyncIteratorPrototype);
  setSlots(iterator, kIterator, { reader, preventCancel, ongoing: undefined, finished: false });
  return iterator;
}

module.exports = {
  ReadableStream,
  ReadableStreamDefaultReader,
  ReadableStreamBYOBReader,
  ReadableStreamBYOBRequest,
  ReadableByteStreamController,
  ReadableStreamDefaultController,
  // For the other stream classes and the adapters, on records.
  acquireDefaultReader,
  byteControllerClose,
  byteControllerEnqueue,
  byteControllerError,
  byteControllerGetBYOBRequest,
  byteControllerRespond,
  controllerError,
  createReadableByteStream,
  createReadableStream,
  defaultControllerCanCloseOrEnqueue,
  defaultControllerClose,
  defaultControllerEnqueue,
  defaultControllerError,
  defaultControllerGetDesiredSize,
  defaultControllerHasBackpressure,
  defaultReaderRead,
  isLocked,
  isReadableStream,
  readableStreamCancel,
  readerRelease,
  // For tee, pipeTo and ReadableStream.from (readable_tee.js,
  // readable_pipe_to.js, readable_from.js).
  byobReaderRead,
  byteControllerRespondWithNewView,
  kBYOBReader,
  kBYOBRequest,
  slotsOf: (stream) => stream[kStream],
};
