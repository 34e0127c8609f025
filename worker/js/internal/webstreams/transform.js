'use strict';
// TransformStream of the Streams standard (streams.spec.whatwg.org, section
// 6): a writable side whose chunks, through the transformer, become the
// readable side's, with backpressure from the readable side to the writable.

const { codes } = internalRequire('internal/errors');
const {
  kInspect, callbackMember, defineToStringTag, deferred, dictionary, enumerableMembers, extractHighWaterMark,
  extractSizeAlgorithm, inspectAs, promiseCall, react, rejected, resolved, then, brandedSlots, setSlots, slotsOf,
} = internalRequire('internal/webstreams/util');
const { kState } = internalRequire('internal/webstreams/util');
const readable = internalRequire('internal/webstreams/readable');
const writable = internalRequire('internal/webstreams/writable');

const {
  ERR_ILLEGAL_CONSTRUCTOR,
  ERR_INVALID_ARG_TYPE,
  ERR_INVALID_ARG_VALUE,
  ERR_INVALID_STATE,
} = codes;

// The stream's slots are under util's kState, shared by the three stream
// classes; a record's `brand` tells them apart.
const kStream = kState;
const kController = Symbol('kTransformStreamDefaultController');
const kCreate = Symbol('kCreate');

const inspect = (value, options) => internalRequire('internal/util/inspect').inspect(value, options);

// The stream's slots, or undefined for anything else.
function streamSlots(value) {
  return brandedSlots(value, kStream, 'TransformStream');
}

class TransformStream {
  constructor(transformer = undefined, writableStrategy = undefined, readableStrategy = undefined) {
    if (transformer === kCreate) {
      writableStrategy.self = this;
      setSlots(this, kStream, writableStrategy);
      return;
    }
    if (transformer !== undefined && transformer !== null && typeof transformer !== 'object' &&
        typeof transformer !== 'function') {
      throw new ERR_INVALID_ARG_TYPE('transformer', 'object', transformer);
    }
    transformer = transformer ?? {};
    writableStrategy = dictionary(writableStrategy, 'writableStrategy');
    readableStrategy = dictionary(readableStrategy, 'readableStrategy');
    if (transformer.readableType !== undefined) {
      throw new ERR_INVALID_ARG_VALUE.RangeError('transformer.readableType', transformer.readableType);
    }
    if (transformer.writableType !== undefined) {
      throw new ERR_INVALID_ARG_VALUE.RangeError('transformer.writableType', transformer.writableType);
    }
    const readableHighWaterMark = extractHighWaterMark(readableStrategy, 0);
    const readableSize = extractSizeAlgorithm(readableStrategy);
    const writableHighWaterMark = extractHighWaterMark(writableStrategy, 1);
    const writableSize = extractSizeAlgorithm(writableStrategy);
    const start = callbackMember(transformer, 'start', 'transformer');
    const transform = callbackMember(transformer, 'transform', 'transformer');
    const flush = callbackMember(transformer, 'flush', 'transformer');
    const cancel = callbackMember(transformer, 'cancel', 'transformer');
    const startPromise = deferred();
    const stream = newStreamRecord(this);
    setSlots(this, kStream, stream);
    initializeTransformStream(stream, startPromise.promise, writableHighWaterMark, writableSize,
                              readableHighWaterMark, readableSize);
    const controller = newControllerRecord();
    const self = new TransformStreamDefaultController(kCreate, controller);
    const transformAlgorithm = transform === undefined ?
      (chunk) => {
        try {
          controllerEnqueue(controller, chunk);
          return resolved(undefined);
        } catch (error) {
          return rejected(error);
        }
      } :
      (chunk) => promiseCall(transform, transformer, [chunk, self]);
    setUpController(stream, controller, transformAlgorithm,
                    () => promiseCall(flush, transformer, [self]),
                    (reason) => promiseCall(cancel, transformer, [reason]));
    if (start !== undefined) startPromise.resolve(Reflect.apply(start, transformer, [self]));
    else startPromise.resolve(undefined);
  }

  get readable() {
    return slotsOf(this, kStream, 'TransformStream').readable.self;
  }

  get writable() {
    return slotsOf(this, kStream, 'TransformStream').writable.self;
  }

  [kInspect](depth, options) {
    const stream = slotsOf(this, kStream, 'TransformStream');
    return inspectAs(this, 'TransformStream', {
      readable: stream.readable?.self,
      writable: stream.writable?.self,
      backpressure: stream.backpressure,
    }, depth, options, inspect);
  }
}

enumerableMembers(TransformStream, ['readable', 'writable']);
defineToStringTag(TransformStream, 'TransformStream');

function newStreamRecord(self) {
  return {
    brand: 'TransformStream',
    self,
    readable: undefined,
    writable: undefined,
    backpressure: undefined,
    backpressureChangePromise: undefined,
    controller: undefined,
  };
}

// A TransformStream from algorithms (the encoding streams build theirs so).
function createTransformStream(transformAlgorithm, flushAlgorithm, cancelAlgorithm = () => resolved(undefined),
                               writableHighWaterMark = 1, readableHighWaterMark = 0) {
  const stream = newStreamRecord(undefined);
  // eslint-disable-next-line no-new
  new TransformStream(kCreate, stream);
  initializeTransformStream(stream, resolved(undefined), writableHighWaterMark, () => 1, readableHighWaterMark,
                            () => 1);
  const controller = newControllerRecord();
  // eslint-disable-next-line no-new
  new TransformStreamDefaultController(kCreate, controller);
  setUpController(stream, controller, (chunk) => transformAlgorithm(chunk, controller), () => flushAlgorithm(controller),
                  cancelAlgorithm);
  return stream;
}

function initializeTransformStream(stream, startPromise, writableHighWaterMark, writableSize, readableHighWaterMark,
                                   readableSize) {
  const startAlgorithm = () => startPromise;
  stream.writable = writable.createWritableStream(
    startAlgorithm,
    (chunk) => sinkWriteAlgorithm(stream, chunk),
    () => sinkCloseAlgorithm(stream),
    (reason) => sinkAbortAlgorithm(stream, reason),
    writableHighWaterMark, writableSize);
  stream.readable = readable.createReadableStream(
    startAlgorithm,
    () => sourcePullAlgorithm(stream),
    (reason) => sourceCancelAlgorithm(stream, reason),
    readableHighWaterMark, readableSize);
  setBackpressure(stream, true);
}

function errorStream(stream, error) {
  readable.defaultControllerError(stream.readable.controllerSlots, error);
  errorWritableAndUnblockWrite(stream, error);
}

function errorWritableAndUnblockWrite(stream, error) {
  controllerClearAlgorithms(stream.controller);
  writable.controllerErrorIfNeeded(stream.writable.controller, error);
  unblockWrite(stream);
}

function unblockWrite(stream) {
  if (stream.backpressure) setBackpressure(stream, false);
}

function setBackpressure(stream, backpressure) {
  if (stream.backpressureChangePromise !== undefined) stream.backpressureChangePromise.resolve(undefined);
  stream.backpressureChangePromise = deferred();
  stream.backpressure = backpressure;
}

// --- controller --------------------------------------------------------------------

function newControllerRecord() {
  return {
    self: undefined,
    stream: undefined,
    transformAlgorithm: undefined,
    flushAlgorithm: undefined,
    cancelAlgorithm: undefined,
    finishPromise: undefined,
  };
}

class TransformStreamDefaultController {
  constructor(token, controller) {
    if (token !== kCreate) throw new ERR_ILLEGAL_CONSTRUCTOR();
    setSlots(this, kController, controller);
    controller.self = this;
  }

  get desiredSize() {
    const controller = slotsOf(this, kController, 'TransformStreamDefaultController');
    return readable.defaultControllerGetDesiredSize(controller.stream.readable.controllerSlots);
  }

  enqueue(chunk = undefined) {
    controllerEnqueue(slotsOf(this, kController, 'TransformStreamDefaultController'), chunk);
  }

  error(reason = undefined) {
    errorStream(slotsOf(this, kController, 'TransformStreamDefaultController').stream, reason);
  }

  terminate() {
    controllerTerminate(slotsOf(this, kController, 'TransformStreamDefaultController'));
  }

  [kInspect](depth, options) {
    const controller = slotsOf(this, kController, 'TransformStreamDefaultController');
    return inspectAs(this, 'TransformStreamDefaultController', { stream: controller.stream?.self }, depth, options,
                     inspect);
  }
}

enumerableMembers(TransformStreamDefaultController, ['desiredSize', 'enqueue', 'error', 'terminate']);
defineToStringTag(TransformStreamDefaultController, 'TransformStreamDefaultController');

function setUpController(stream, controller, transformAlgorithm, flushAlgorithm, cancelAlgorithm) {
  controller.stream = stream;
  stream.controller = controller;
  controller.transformAlgorithm = transformAlgorithm;
  controller.flushAlgorithm = flushAlgorithm;
  controller.cancelAlgorithm = cancelAlgorithm;
}

function controllerClearAlgorithms(controller) {
  controller.transformAlgorithm = undefined;
  controller.flushAlgorithm = undefined;
  controller.cancelAlgorithm = undefined;
}

function controllerEnqueue(controller, chunk) {
  const stream = controller.stream;
  const readableController = stream.readable.controllerSlots;
  if (!readable.defaultControllerCanCloseOrEnqueue(readableController)) {
    throw new ERR_INVALID_STATE.TypeError('Unable to enqueue');
  }
  try {
    readable.defaultControllerEnqueue(readableController, chunk);
  } catch (error) {
    errorWritableAndUnblockWrite(stream, error);
    throw stream.readable.storedError;
  }
  const backpressure = readable.defaultControllerHasBackpressure(readableController);
  if (backpressure !== stream.backpressure) setBackpressure(stream, true);
}

function controllerTerminate(controller) {
  const stream = controller.stream;
  readable.defaultControllerClose(stream.readable.controllerSlots);
  errorWritableAndUnblockWrite(stream, new ERR_INVALID_STATE.TypeError('TransformStream terminated'));
}

function controllerPerformTransform(controller, chunk) {
  return then(controller.transformAlgorithm(chunk), undefined, (reason) => {
    errorStream(controller.stream, reason);
    throw reason;
  });
}

// --- the algorithms of the two sides ---------------------------------------------------

function sinkWriteAlgorithm(stream, chunk) {
  const controller = stream.controller;
  if (stream.backpressure) {
    return then(stream.backpressureChangePromise.promise, () => {
      const dest = stream.writable;
      if (dest.state === 'erroring') throw dest.storedError;
      return controllerPerformTransform(controller, chunk);
    });
  }
  return controllerPerformTransform(controller, chunk);
}

function sinkAbortAlgorithm(stream, reason) {
  const controller = stream.controller;
  if (controller.finishPromise !== undefined) return controller.finishPromise.promise;
  const source = stream.readable;
  const finish = deferred();
  controller.finishPromise = finish;
  const cancelPromise = controller.cancelAlgorithm(reason);
  controllerClearAlgorithms(controller);
  react(cancelPromise, () => {
    if (source.state === 'errored') {
      finish.reject(source.storedError);
    } else {
      readable.defaultControllerError(source.controllerSlots, reason);
      finish.resolve(undefined);
    }
  }, (error) => {
    readable.defaultControllerError(source.controllerSlots, error);
    finish.reject(error);
  });
  return finish.promise;
}

function sinkCloseAlgorithm(stream) {
  const controller = stream.controller;
  if (controller.finishPromise !== undefined) return controller.finishPromise.promise;
  const source = stream.readable;
  const finish = deferred();
  controller.finishPromise = finish;
  const flushPromise = controller.flushAlgorithm();
  controllerClearAlgorithms(controller);
  react(flushPromise, () => {
    if (source.state === 'errored') {
      finish.reject(source.storedError);
    } else {
      readable.defaultControllerClose(source.controllerSlots);
      finish.resolve(undefined);
    }
  }, (error) => {
    readable.defaultControllerError(source.controllerSlots, error);
    finish.reject(error);
  });
  return finish.promise;
}

function sourcePullAlgorithm(stream) {
  setBackpressure(stream, false);
  return stream.backpressureChangePromise.promise;
}

function sourceCancelAlgorithm(stream, reason) {
  const controller = stream.controller;
  if (controller.finishPromise !== undefined) return controller.finishPromise.promise;
  const dest = stream.writable;
  const finish = deferred();
  controller.finishPromise = finish;
  const cancelPromise = controller.cancelAlgorithm(reason);
  controllerClearAlgorithms(controller);
  react(cancelPromise, () => {
    if (dest.state === 'errored') {
      finish.reject(dest.storedError);
    } else {
      writable.controllerErrorIfNeeded(dest.controller, reason);
      unblockWrite(stream);
      finish.resolve(undefined);
    }
  }, (error) => {
    writable.controllerErrorIfNeeded(dest.controller, error);
    unblockWrite(stream);
    finish.reject(error);
  });
  return finish.promise;
}

module.exports = {
  TransformStream,
  isTransformStream: (value) => streamSlots(value) !== undefined,
  TransformStreamDefaultController,
  controllerEnqueue,
  createTransformStream,
  slotsOf: (stream) => stream[kStream],
};
