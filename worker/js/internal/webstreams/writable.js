'use strict';
// WritableStream of the Streams standard (streams.spec.whatwg.org, section
// 5): the stream, its default writer and its default controller. As in
// readable.js, each public object keeps its slots in a record under a symbol
// of its class, and the abstract operations work on records.

const { codes } = internalRequire('internal/errors');
const {
  Queue, kControllerErrorFunction, kInspect, kIsClosedPromise, callbackMember, defineToStringTag, deferred,
  dequeueValue, dictionary, enqueueValueWithSize, enumerableMembers, extractHighWaterMark, extractSizeAlgorithm,
  inspectAs, peekQueueValue, promiseCall, react, rejected, resetQueue, resolved, setHandled,
  brandedSlots, setSlots, slotsOf, stateError,
} = internalRequire('internal/webstreams/util');
const { kState } = internalRequire('internal/webstreams/util');

const {
  ERR_ILLEGAL_CONSTRUCTOR,
  ERR_INVALID_ARG_TYPE,
  ERR_INVALID_ARG_VALUE,
  ERR_INVALID_THIS,
} = codes;

// The stream's slots are under util's kState, shared by the three stream
// classes; a record's `brand` tells them apart.
const kStream = kState;
const kWriter = Symbol('kWritableStreamDefaultWriter');
const kController = Symbol('kWritableStreamDefaultController');
const kCreate = Symbol('kCreate');
// What the controller's queue holds for close(), after the last chunk.
const kCloseSentinel = Symbol('kCloseSentinel');

const inspect = (value, options) => internalRequire('internal/util/inspect').inspect(value, options);

// The stream's slots, or undefined for anything else.
function streamSlots(value) {
  return brandedSlots(value, kStream, 'WritableStream');
}

function isWritableStream(value) {
  return streamSlots(value) !== undefined;
}

// --- WritableStream ----------------------------------------------------------------

class WritableStream {
  constructor(underlyingSink = undefined, strategy = undefined) {
    if (underlyingSink === kCreate) {
      strategy.self = this;
      setSlots(this, kStream, strategy);
      return;
    }
    if (underlyingSink !== undefined && (underlyingSink === null || (typeof underlyingSink !== 'object' &&
        typeof underlyingSink !== 'function'))) {
      throw new ERR_INVALID_ARG_TYPE('sink', 'object', underlyingSink);
    }
    const sink = underlyingSink ?? {};
    strategy = dictionary(strategy, 'strategy');
    const type = sink.type;
    if (type !== undefined) throw new ERR_INVALID_ARG_VALUE.RangeError('type', type);
    const stream = newStreamRecord(this);
    setSlots(this, kStream, stream);
    const size = extractSizeAlgorithm(strategy);
    const highWaterMark = extractHighWaterMark(strategy, 1);
    setUpControllerFromSink(stream, sink, highWaterMark, size);
  }

  get locked() {
    return isLocked(slotsOf(this, kStream, 'WritableStream'));
  }

  abort(reason = undefined) {
    const stream = streamSlots(this);
    if (stream === undefined) return rejected(new ERR_INVALID_THIS('WritableStream'));
    if (isLocked(stream)) return rejected(stateError('WritableStream is locked'));
    return writableStreamAbort(stream, reason);
  }

  close() {
    const stream = streamSlots(this);
    if (stream === undefined) return rejected(new ERR_INVALID_THIS('WritableStream'));
    if (isLocked(stream)) return rejected(stateError('WritableStream is locked'));
    if (closeQueuedOrInFlight(stream)) return rejected(stateError('Failure closing WritableStream'));
    return writableStreamClose(stream);
  }

  getWriter() {
    slotsOf(this, kStream, 'WritableStream');
    return new WritableStreamDefaultWriter(this);
  }

  // What stream.finished and addAbortSignal read of a web stream.
  get [kIsClosedPromise]() {
    const stream = this[kStream];
    if (stream.closedPromise === undefined) {
      const closed = deferred();
      setHandled(closed.promise);
      if (stream.state === 'closed') closed.resolve();
      else if (stream.state === 'errored') closed.reject(stream.storedError);
      stream.closedPromise = closed;
    }
    return stream.closedPromise;
  }

  get [kControllerErrorFunction]() {
    const stream = this[kStream];
    return (error) => controllerErrorIfNeeded(stream.controller, error);
  }

  [kInspect](depth, options) {
    const stream = slotsOf(this, kStream, 'WritableStream');
    return inspectAs(this, 'WritableStream', { locked: isLocked(stream), state: stream.state }, depth, options,
                     inspect);
  }
}

enumerableMembers(WritableStream, ['locked', 'abort', 'close', 'getWriter']);
defineToStringTag(WritableStream, 'WritableStream');

function newStreamRecord(self) {
  return {
    brand: 'WritableStream',
    self,
    state: 'writable',
    storedError: undefined,
    writer: undefined,
    controller: undefined,
    inFlightWriteRequest: undefined,
    closeRequest: undefined,
    inFlightCloseRequest: undefined,
    pendingAbortRequest: undefined,
    writeRequests: new Queue(),
    backpressure: false,
    closedPromise: undefined,
  };
}

// CreateWritableStream, for TransformStream and the adapters.
function createWritableStream(startAlgorithm, writeAlgorithm, closeAlgorithm, abortAlgorithm, highWaterMark = 1,
                              sizeAlgorithm = () => 1) {
  const stream = newStreamRecord(undefined);
  // eslint-disable-next-line no-new
  new WritableStream(kCreate, stream);
  setUpController(stream, newControllerRecord(), startAlgorithm, writeAlgorithm, closeAlgorithm, abortAlgorithm,
                  highWaterMark, sizeAlgorithm);
  return stream;
}

function isLocked(stream) {
  if (stream[kStream] !== undefined) stream = stream[kStream];
  return stream.writer !== undefined;
}

function writableStreamAbort(stream, reason) {
  if (stream.state === 'closed' || stream.state === 'errored') return resolved(undefined);
  controllerSignalAbort(stream.controller, reason);
  const state = stream.state;
  if (state === 'closed' || state === 'errored') return resolved(undefined);
  if (stream.pendingAbortRequest !== undefined) return stream.pendingAbortRequest.promise.promise;
  let wasAlreadyErroring = false;
  if (state === 'erroring') {
    wasAlreadyErroring = true;
    reason = undefined;
  }
  const promise = deferred();
  stream.pendingAbortRequest = { promise, reason, wasAlreadyErroring };
  if (!wasAlreadyErroring) startErroring(stream, reason);
  return promise.promise;
}

function writableStreamClose(stream) {
  const state = stream.state;
  if (state === 'closed' || state === 'errored') {
    return rejected(stateError(`WritableStream is ${state === 'closed' ? 'closed' : 'errored'}`));
  }
  const promise = deferred();
  stream.closeRequest = promise;
  const writer = stream.writer;
  if (writer !== undefined && stream.backpressure && state === 'writable') writer.ready.resolve(undefined);
  controllerClose(stream.controller);
  return promise.promise;
}

function addWriteRequest(stream) {
  const request = deferred();
  stream.writeRequests.push(request);
  return request.promise;
}

function dealWithRejection(stream, error) {
  if (stream.state === 'writable') {
    startErroring(stream, error);
    return;
  }
  finishErroring(stream);
}

function startErroring(stream, reason) {
  const controller = stream.controller;
  stream.state = 'erroring';
  stream.storedError = reason;
  const writer = stream.writer;
  if (writer !== undefined) writerEnsureReadyPromiseRejected(writer, reason);
  if (!hasOperationMarkedInFlight(stream) && controller.started) finishErroring(stream);
}

function finishErroring(stream) {
  stream.state = 'errored';
  resetQueue(stream.controller);
  const storedError = stream.storedError;
  const requests = stream.writeRequests;
  stream.writeRequests = new Queue();
  for (const request of requests) request.reject(storedError);
  const abortRequest = stream.pendingAbortRequest;
  if (abortRequest === undefined) {
    rejectCloseAndClosedPromiseIfNeeded(stream);
    return;
  }
  stream.pendingAbortRequest = undefined;
  if (abortRequest.wasAlreadyErroring) {
    abortRequest.promise.reject(storedError);
    rejectCloseAndClosedPromiseIfNeeded(stream);
    return;
  }
  const promise = stream.controller.abortSteps(abortRequest.reason);
  react(promise, () => {
    abortRequest.promise.resolve(undefined);
    rejectCloseAndClosedPromiseIfNeeded(stream);
  }, (reason) => {
    abortRequest.promise.reject(reason);
    rejectCloseAndClosedPromiseIfNeeded(stream);
  });
}

function finishInFlightWrite(stream) {
  stream.inFlightWriteRequest.resolve(undefined);
  stream.inFlightWriteRequest = undefined;
}

function finishInFlightWriteWithError(stream, error) {
  stream.inFlightWriteRequest.reject(error);
  stream.inFlightWriteRequest = undefined;
  dealWithRejection(stream, error);
}

function finishInFlightClose(stream) {
  stream.inFlightCloseRequest.resolve(undefined);
  stream.inFlightCloseRequest = undefined;
  if (stream.state === 'erroring') {
    stream.storedError = undefined;
    if (stream.pendingAbortRequest !== undefined) {
      stream.pendingAbortRequest.promise.resolve(undefined);
      stream.pendingAbortRequest = undefined;
    }
  }
  stream.state = 'closed';
  if (stream.closedPromise !== undefined) stream.closedPromise.resolve();
  const writer = stream.writer;
  if (writer !== undefined) writer.closed.resolve(undefined);
}

function finishInFlightCloseWithError(stream, error) {
  stream.inFlightCloseRequest.reject(error);
  stream.inFlightCloseRequest = undefined;
  if (stream.pendingAbortRequest !== undefined) {
    stream.pendingAbortRequest.promise.reject(error);
    stream.pendingAbortRequest = undefined;
  }
  dealWithRejection(stream, error);
}

function closeQueuedOrInFlight(stream) {
  return stream.closeRequest !== undefined || stream.inFlightCloseRequest !== undefined;
}

function hasOperationMarkedInFlight(stream) {
  return stream.inFlightWriteRequest !== undefined || stream.inFlightCloseRequest !== undefined;
}

function rejectCloseAndClosedPromiseIfNeeded(stream) {
  if (stream.closeRequest !== undefined) {
    stream.closeRequest.reject(stream.storedError);
    stream.closeRequest = undefined;
  }
  if (stream.closedPromise !== undefined) stream.closedPromise.reject(stream.storedError);
  const writer = stream.writer;
  if (writer !== undefined) {
    writer.closed.reject(stream.storedError);
    setHandled(writer.closed.promise);
  }
}

function updateBackpressure(stream, backpressure) {
  const writer = stream.writer;
  if (writer !== undefined && backpressure !== stream.backpressure) {
    if (backpressure) writer.ready = deferred();
    else writer.ready.resolve(undefined);
  }
  stream.backpressure = backpressure;
}

// --- writer ------------------------------------------------------------------------

function settledDeferred(error, isError) {
  const result = deferred();
  if (isError) {
    result.reject(error);
    setHandled(result.promise);
  } else {
    result.resolve(undefined);
  }
  return result;
}

class WritableStreamDefaultWriter {
  constructor(stream) {
    let slots;
    if (stream === kCreate) {
      slots = arguments[1];
    } else {
      if (!isWritableStream(stream)) throw new ERR_INVALID_ARG_TYPE('stream', 'WritableStream', stream);
      slots = stream[kStream];
    }
    if (isLocked(slots)) throw stateError('WritableStream is locked');
    const writer = { self: this, stream: slots, ready: undefined, closed: undefined };
    setSlots(this, kWriter, writer);
    slots.writer = writer;
    const state = slots.state;
    if (state === 'writable') {
      writer.ready = !closeQueuedOrInFlight(slots) && slots.backpressure ? deferred() : settledDeferred();
      writer.closed = deferred();
    } else if (state === 'erroring') {
      writer.ready = settledDeferred(slots.storedError, true);
      writer.closed = deferred();
    } else if (state === 'closed') {
      writer.ready = settledDeferred();
      writer.closed = settledDeferred();
    } else {
      writer.ready = settledDeferred(slots.storedError, true);
      writer.closed = settledDeferred(slots.storedError, true);
    }
  }

  get closed() {
    const writer = this?.[kWriter];
    if (writer === undefined) return rejected(new ERR_INVALID_THIS('WritableStreamDefaultWriter'));
    return writer.closed.promise;
  }

  get desiredSize() {
    const writer = slotsOf(this, kWriter, 'WritableStreamDefaultWriter');
    if (writer.stream === undefined) throw stateError('Writer is not bound to a WritableStream');
    return writerGetDesiredSize(writer);
  }

  get ready() {
    const writer = this?.[kWriter];
    if (writer === undefined) return rejected(new ERR_INVALID_THIS('WritableStreamDefaultWriter'));
    return writer.ready.promise;
  }

  abort(reason = undefined) {
    const writer = this?.[kWriter];
    if (writer === undefined) return rejected(new ERR_INVALID_THIS('WritableStreamDefaultWriter'));
    if (writer.stream === undefined) return rejected(stateError('Writer is not bound to a WritableStream'));
    return writableStreamAbort(writer.stream, reason);
  }

  close() {
    const writer = this?.[kWriter];
    if (writer === undefined) return rejected(new ERR_INVALID_THIS('WritableStreamDefaultWriter'));
    const stream = writer.stream;
    if (stream === undefined) return rejected(stateError('Writer is not bound to a WritableStream'));
    if (closeQueuedOrInFlight(stream)) return rejected(stateError('Failure to close WritableStream'));
    return writableStreamClose(stream);
  }

  releaseLock() {
    const writer = slotsOf(this, kWriter, 'WritableStreamDefaultWriter');
    if (writer.stream === undefined) return;
    writerRelease(writer);
  }

  write(chunk = undefined) {
    const writer = this?.[kWriter];
    if (writer === undefined) return rejected(new ERR_INVALID_THIS('WritableStreamDefaultWriter'));
    if (writer.stream === undefined) return rejected(stateError('Writer is not bound to a WritableStream'));
    return writerWrite(writer, chunk);
  }

  [kInspect](depth, options) {
    const writer = slotsOf(this, kWriter, 'WritableStreamDefaultWriter');
    return inspectAs(this, 'WritableStreamDefaultWriter', {
      stream: writer.stream?.self,
      close: writer.closed.promise,
      ready: writer.ready.promise,
      desiredSize: writer.stream === undefined ? undefined : writerGetDesiredSize(writer),
    }, depth, options, inspect);
  }
}

enumerableMembers(WritableStreamDefaultWriter, ['closed', 'desiredSize', 'ready', 'abort', 'close', 'releaseLock',
                                                'write']);
defineToStringTag(WritableStreamDefaultWriter, 'WritableStreamDefaultWriter');

function acquireWriter(stream) {
  return new WritableStreamDefaultWriter(kCreate, stream)[kWriter];
}

function writerCloseWithErrorPropagation(writer) {
  const stream = writer.stream;
  const state = stream.state;
  if (closeQueuedOrInFlight(stream) || state === 'closed') return resolved(undefined);
  if (state === 'errored') return rejected(stream.storedError);
  return writableStreamClose(stream);
}

function writerEnsureClosedPromiseRejected(writer, error) {
  if (writer.closed.pending) writer.closed.reject(error);
  else writer.closed = settledDeferred(error, true);
  setHandled(writer.closed.promise);
}

function writerEnsureReadyPromiseRejected(writer, error) {
  if (writer.ready.pending) writer.ready.reject(error);
  else writer.ready = settledDeferred(error, true);
  setHandled(writer.ready.promise);
}

function writerGetDesiredSize(writer) {
  const stream = writer.stream;
  const state = stream.state;
  if (state === 'errored' || state === 'erroring') return null;
  if (state === 'closed') return 0;
  return controllerGetDesiredSize(stream.controller);
}

function writerRelease(writer) {
  const stream = writer.stream;
  const releasedError = stateError('Writer has been released');
  writerEnsureReadyPromiseRejected(writer, releasedError);
  writerEnsureClosedPromiseRejected(writer, releasedError);
  stream.writer = undefined;
  writer.stream = undefined;
}

function writerWrite(writer, chunk) {
  const stream = writer.stream;
  const controller = stream.controller;
  const chunkSize = controllerGetChunkSize(controller, chunk);
  if (stream !== writer.stream) return rejected(stateError('Writer is not bound to a WritableStream'));
  const state = stream.state;
  if (state === 'errored') return rejected(stream.storedError);
  if (closeQueuedOrInFlight(stream) || state === 'closed') return rejected(stateError('WritableStream is closed'));
  if (state === 'erroring') return rejected(stream.storedError);
  const promise = addWriteRequest(stream);
  controllerWrite(controller, chunk, chunkSize);
  return promise;
}

// --- controller --------------------------------------------------------------------

function newControllerRecord() {
  return {
    self: undefined,
    stream: undefined,
    queue: new Queue(),
    queueTotalSize: 0,
    // The AbortController behind `signal`, made when first asked for; until
    // then, whether the stream was aborted and why.
    abortController: undefined,
    aborted: false,
    abortReason: undefined,
    started: false,
    strategySizeAlgorithm: undefined,
    strategyHWM: 1,
    writeAlgorithm: undefined,
    closeAlgorithm: undefined,
    abortAlgorithm: undefined,
    abortSteps(reason) {
      const result = this.abortAlgorithm(reason);
      controllerClearAlgorithms(this);
      return result;
    },
  };
}

function controllerSignalAbort(controller, reason) {
  if (controller.abortController !== undefined) {
    controller.abortController.abort(reason);
  } else if (!controller.aborted) {
    controller.aborted = true;
    controller.abortReason = reason;
  }
}

function controllerSignal(controller) {
  if (controller.abortController === undefined) {
    const { AbortController } = internalRequire('internal/abort_controller');
    controller.abortController = new AbortController();
    if (controller.aborted) controller.abortController.abort(controller.abortReason);
  }
  return controller.abortController.signal;
}

class WritableStreamDefaultController {
  constructor(token, controller) {
    if (token !== kCreate) throw new ERR_ILLEGAL_CONSTRUCTOR();
    setSlots(this, kController, controller);
    controller.self = this;
  }

  get signal() {
    return controllerSignal(slotsOf(this, kController, 'WritableStreamDefaultController'));
  }

  error(error = undefined) {
    const controller = slotsOf(this, kController, 'WritableStreamDefaultController');
    if (controller.stream.state !== 'writable') return;
    controllerError(controller, error);
  }

  [kInspect](depth, options) {
    const controller = slotsOf(this, kController, 'WritableStreamDefaultController');
    return inspectAs(this, 'WritableStreamDefaultController', { stream: controller.stream.self }, depth, options,
                     inspect);
  }
}

enumerableMembers(WritableStreamDefaultController, ['signal', 'error']);
defineToStringTag(WritableStreamDefaultController, 'WritableStreamDefaultController');

function setUpController(stream, controller, startAlgorithm, writeAlgorithm, closeAlgorithm, abortAlgorithm,
                         highWaterMark, sizeAlgorithm) {
  // eslint-disable-next-line no-new
  if (controller.self === undefined) new WritableStreamDefaultController(kCreate, controller);
  controller.stream = stream;
  stream.controller = controller;
  controller.strategySizeAlgorithm = sizeAlgorithm;
  controller.strategyHWM = highWaterMark;
  controller.writeAlgorithm = writeAlgorithm;
  controller.closeAlgorithm = closeAlgorithm;
  controller.abortAlgorithm = abortAlgorithm;
  updateBackpressure(stream, controllerGetBackpressure(controller));
  const startResult = startAlgorithm(controller.self);
  react(resolved(startResult), () => {
    controller.started = true;
    controllerAdvanceQueueIfNeeded(controller);
  }, (reason) => {
    controller.started = true;
    dealWithRejection(stream, reason);
  });
}

function setUpControllerFromSink(stream, sink, highWaterMark, sizeAlgorithm) {
  const controller = newControllerRecord();
  const start = callbackMember(sink, 'start', 'sink');
  const write = callbackMember(sink, 'write', 'sink');
  const close = callbackMember(sink, 'close', 'sink');
  const abort = callbackMember(sink, 'abort', 'sink');
  const self = new WritableStreamDefaultController(kCreate, controller);
  setUpController(
    stream, controller,
    () => (start === undefined ? undefined : Reflect.apply(start, sink, [self])),
    (chunk) => promiseCall(write, sink, [chunk, self]),
    () => promiseCall(close, sink, []),
    (reason) => promiseCall(abort, sink, [reason]),
    highWaterMark, sizeAlgorithm);
}

function controllerClearAlgorithms(controller) {
  controller.writeAlgorithm = undefined;
  controller.closeAlgorithm = undefined;
  controller.abortAlgorithm = undefined;
  controller.strategySizeAlgorithm = undefined;
}

function controllerClose(controller) {
  enqueueValueWithSize(controller, kCloseSentinel, 0);
  controllerAdvanceQueueIfNeeded(controller);
}

function controllerGetChunkSize(controller, chunk) {
  if (controller.strategySizeAlgorithm === undefined) return 1;
  try {
    return controller.strategySizeAlgorithm(chunk);
  } catch (error) {
    controllerErrorIfNeeded(controller, error);
    return 1;
  }
}

function controllerGetDesiredSize(controller) {
  return controller.strategyHWM - controller.queueTotalSize;
}

function controllerWrite(controller, chunk, chunkSize) {
  try {
    enqueueValueWithSize(controller, chunk, chunkSize);
  } catch (error) {
    controllerErrorIfNeeded(controller, error);
    return;
  }
  const stream = controller.stream;
  if (!closeQueuedOrInFlight(stream) && stream.state === 'writable') {
    updateBackpressure(stream, controllerGetBackpressure(controller));
  }
  controllerAdvanceQueueIfNeeded(controller);
}

function controllerAdvanceQueueIfNeeded(controller) {
  const stream = controller.stream;
  if (!controller.started) return;
  if (stream.inFlightWriteRequest !== undefined) return;
  const state = stream.state;
  if (state === 'closed' || state === 'errored') return;
  if (state === 'erroring') {
    finishErroring(stream);
    return;
  }
  if (controller.queue.length === 0) return;
  const value = peekQueueValue(controller);
  if (value === kCloseSentinel) controllerProcessClose(controller);
  else controllerProcessWrite(controller, value);
}

function controllerErrorIfNeeded(controller, error) {
  if (controller.stream.state === 'writable') controllerError(controller, error);
}

function controllerProcessClose(controller) {
  const stream = controller.stream;
  stream.inFlightCloseRequest = stream.closeRequest;
  stream.closeRequest = undefined;
  dequeueValue(controller);
  const sinkClosePromise = controller.closeAlgorithm();
  controllerClearAlgorithms(controller);
  react(sinkClosePromise, () => finishInFlightClose(stream), (reason) => finishInFlightCloseWithError(stream, reason));
}

function controllerProcessWrite(controller, chunk) {
  const stream = controller.stream;
  stream.inFlightWriteRequest = stream.writeRequests.shift();
  const sinkWritePromise = controller.writeAlgorithm(chunk);
  react(sinkWritePromise, () => {
    finishInFlightWrite(stream);
    dequeueValue(controller);
    if (!closeQueuedOrInFlight(stream) && stream.state === 'writable') {
      updateBackpressure(stream, controllerGetBackpressure(controller));
    }
    controllerAdvanceQueueIfNeeded(controller);
  }, (reason) => {
    if (stream.state === 'writable') controllerClearAlgorithms(controller);
    finishInFlightWriteWithError(stream, reason);
  });
}

function controllerGetBackpressure(controller) {
  return controllerGetDesiredSize(controller) <= 0;
}

function controllerError(controller, error) {
  controllerClearAlgorithms(controller);
  startErroring(controller.stream, error);
}

module.exports = {
  WritableStream,
  WritableStreamDefaultWriter,
  WritableStreamDefaultController,
  acquireWriter,
  closeQueuedOrInFlight,
  controllerErrorIfNeeded,
  createWritableStream,
  isLocked,
  isWritableStream,
  slotsOf: (stream) => stream[kStream],
  writableStreamAbort,
  writableStreamClose,
  writerCloseWithErrorPropagation,
  writerGetDesiredSize,
  writerRelease,
  writerWrite,
};
