'use strict';
// Between Node's streams and web streams: Readable.toWeb/fromWeb,
// Writable.toWeb/fromWeb and Duplex.toWeb/fromWeb (node/stream.js installs
// them). Each side's end, error and destruction reach the other; a web
// stream's backpressure pauses a Readable, a Writable's holds back a
// WritableStream's writes.

const { codes, AbortError } = internalRequire('internal/errors');
const { Buffer } = internalRequire('internal/buffer/buffer');
const { validateBoolean, validateObject } = internalRequire('internal/validators');
const { deferred, then, resolved } = internalRequire('internal/webstreams/util');
const { ReadableStream, isReadableStream } = internalRequire('internal/webstreams/readable');
const { WritableStream, isWritableStream } = internalRequire('internal/webstreams/writable');
const { CountQueuingStrategy } = internalRequire('internal/webstreams/queuing_strategies');

const { ERR_INVALID_ARG_TYPE, ERR_INVALID_ARG_VALUE, ERR_STREAM_PREMATURE_CLOSE } = codes;

const stream = () => internalRequire('node/stream');
const streamUtils = () => internalRequire('internal/deps/readable_stream/internal/streams/utils');

function destroy(nodeStream, error) {
  if (typeof nodeStream.destroy === 'function') nodeStream.destroy(error);
}

// A cancel or an abort without a reason destroys the Node stream with an
// AbortError, as in Node.
function destroyForAbort(nodeStream, reason) {
  destroy(nodeStream, reason === undefined ? new AbortError() : reason);
}

// A callback's own throw is the process's problem, not the stream's.
function callSafely(callback, error) {
  try {
    callback(error);
  } catch (thrown) {
    process.nextTick(() => {
      throw thrown;
    });
  }
}

function prematureCloseAsAbort(error) {
  if (error?.code === 'ERR_STREAM_PREMATURE_CLOSE') return new AbortError(undefined, { cause: error });
  return error;
}

// A Node stream not in object mode counts bytes; a string that reaches it
// counts as its UTF-8 length, anything else (refused later) as 1.
function bytesStrategy(highWaterMark) {
  return {
    highWaterMark,
    size(chunk) {
      if (typeof chunk === 'string') return Buffer.byteLength(chunk);
      const size = chunk?.byteLength;
      return typeof size === 'number' ? size : 1;
    },
  };
}

function closedReadableStream() {
  const readable = new ReadableStream();
  readable.cancel();
  return readable;
}

function closedWritableStream() {
  const writable = new WritableStream();
  writable.close();
  return writable;
}

// --- Readable -> ReadableStream -------------------------------------------------------

function newReadableStreamFromStreamReadable(streamReadable, options = {}) {
  const utils = streamUtils();
  if (!utils.isNodeStream(streamReadable)) {
    throw new ERR_INVALID_ARG_TYPE('streamReadable', 'stream.Readable', streamReadable);
  }
  validateObject(options, 'options');
  if (utils.isDestroyed(streamReadable) || !utils.isReadable(streamReadable)) return closedReadableStream();
  const objectMode = streamReadable.readableObjectMode;
  const highWaterMark = streamReadable.readableHighWaterMark;
  const bytes = options.type === 'bytes';
  if (options.type !== undefined && !bytes) throw new ERR_INVALID_ARG_VALUE('options.type', options.type);
  let strategy = options.strategy;
  if (strategy === undefined && !bytes) {
    strategy = objectMode ? new CountQueuingStrategy({ highWaterMark }) : bytesStrategy(highWaterMark);
  }
  let controller;
  let done = false;

  const onData = (chunk) => {
    if (done) return;
    // A Buffer becomes a Uint8Array over its own memory (a copy, for a byte
    // stream takes the memory it is given).
    if (!objectMode && Buffer.isBuffer(chunk)) chunk = new Uint8Array(chunk);
    controller.enqueue(chunk);
    if (controller.desiredSize <= 0) streamReadable.pause();
  };
  const onFinished = (error) => {
    cleanup();
    if (done) return;
    done = true;
    // Listeners no one removes: an error after the end is not unhandled.
    streamReadable.on('error', () => {});
    if (error) {
      controller.error(prematureCloseAsAbort(error));
      return;
    }
    controller.close();
    // A BYOB read still waiting on the closed stream ends empty.
    if (bytes && controller.byobRequest) controller.byobRequest.respond(0);
  };

  streamReadable.pause();
  const cleanup = stream().finished(streamReadable, onFinished);
  streamReadable.on('data', onData);
  const source = {
    start(c) {
      controller = c;
    },
    pull() {
      streamReadable.resume();
    },
    cancel(reason) {
      done = true;
      destroyForAbort(streamReadable, reason);
    },
  };
  if (bytes) source.type = 'bytes';
  return new ReadableStream(source, strategy);
}

// --- ReadableStream -> Readable -------------------------------------------------------

function streamOptions(options) {
  validateObject(options, 'options');
  const { highWaterMark, encoding, objectMode = false, signal } = options;
  if (encoding !== undefined && !Buffer.isEncoding(encoding)) {
    throw new ERR_INVALID_ARG_VALUE('options.encoding', encoding);
  }
  validateBoolean(objectMode, 'options.objectMode');
  return { highWaterMark, encoding, objectMode, signal };
}

function newStreamReadableFromReadableStream(readableStream, options = {}) {
  if (!isReadableStream(readableStream)) {
    throw new ERR_INVALID_ARG_TYPE('readableStream', 'ReadableStream', readableStream);
  }
  const { highWaterMark, encoding, objectMode, signal } = streamOptions(options);
  const reader = readableStream.getReader();
  let closed = false;
  const readable = new (stream().Readable)({
    objectMode,
    highWaterMark,
    encoding,
    signal,
    read() {
      then(reader.read(), (result) => {
        if (result.done) readable.push(null);
        else readable.push(result.value);
      }, (error) => destroy(readable, error));
    },
    destroy(error, callback) {
      const done = () => callSafely(callback, error);
      if (!closed) {
        then(reader.cancel(error), done, done);
        return;
      }
      done();
    },
  });
  then(reader.closed, () => {
    closed = true;
  }, (error) => {
    closed = true;
    destroy(readable, error);
  });
  return readable;
}

// --- Writable -> WritableStream -------------------------------------------------------

function newWritableStreamFromStreamWritable(streamWritable) {
  const utils = streamUtils();
  if (!utils.isNodeStream(streamWritable)) {
    throw new ERR_INVALID_ARG_TYPE('streamWritable', 'stream.Writable', streamWritable);
  }
  if (utils.isDestroyed(streamWritable) || !utils.isWritable(streamWritable)) return closedWritableStream();
  const highWaterMark = streamWritable.writableHighWaterMark;
  const strategy = streamWritable.writableObjectMode ?
    new CountQueuingStrategy({ highWaterMark }) :
    bytesStrategy(highWaterMark);
  let controller;
  let backpressure;
  let closed;

  const onDrain = () => {
    if (backpressure !== undefined) backpressure.resolve();
  };
  const cleanup = stream().finished(streamWritable, (error) => {
    error = prematureCloseAsAbort(error);
    cleanup();
    streamWritable.removeListener('drain', onDrain);
    // An error after this is not unhandled.
    streamWritable.on('error', () => {});
    if (error != null) {
      if (backpressure !== undefined) backpressure.reject(error);
      if (closed !== undefined) {
        closed.reject(error);
        closed = undefined;
      }
      controller.error(error);
      controller = undefined;
      return;
    }
    if (closed !== undefined) {
      closed.resolve();
      closed = undefined;
      return;
    }
    controller.error(new AbortError());
    controller = undefined;
  });
  streamWritable.on('drain', onDrain);

  return new WritableStream({
    start(c) {
      controller = c;
    },
    write(chunk) {
      if (streamWritable.writableNeedDrain || !streamWritable.write(chunk)) {
        backpressure = deferred();
        const wait = backpressure.promise;
        return then(wait, () => {
          backpressure = undefined;
        }, (error) => {
          backpressure = undefined;
          throw error;
        });
      }
      return undefined;
    },
    abort(reason) {
      destroyForAbort(streamWritable, reason);
    },
    close() {
      if (closed === undefined && !utils.isWritableEnded(streamWritable)) {
        closed = deferred();
        streamWritable.end();
        return closed.promise;
      }
      controller = undefined;
      return resolved(undefined);
    },
  }, strategy);
}

// --- WritableStream -> Writable -------------------------------------------------------

// _write(), _final() and _destroy() that go through a WritableStream's
// writer; `target` is the Writable or Duplex they serve.
function writerMethods(writer, isClosed, getTarget) {
  return {
    write(chunk, encoding, callback) {
      const done = (error) => {
        try {
          callback(error);
        } catch (thrown) {
          destroy(getTarget(), thrown);
        }
      };
      then(writer.ready, () => then(writer.write(chunk), () => done(), done), done);
    },
    final(callback) {
      const done = (error) => {
        try {
          callback(error);
        } catch (thrown) {
          process.nextTick(() => destroy(getTarget(), thrown));
        }
      };
      if (!isClosed()) then(writer.close(), () => done(), done);
    },
  };
}

function newStreamWritableFromWritableStream(writableStream, options = {}) {
  if (!isWritableStream(writableStream)) {
    throw new ERR_INVALID_ARG_TYPE('writableStream', 'WritableStream', writableStream);
  }
  validateObject(options, 'options');
  const { highWaterMark, decodeStrings = true, objectMode = false, signal } = options;
  validateBoolean(objectMode, 'options.objectMode');
  validateBoolean(decodeStrings, 'options.decodeStrings');
  const writer = writableStream.getWriter();
  let closed = false;
  const methods = writerMethods(writer, () => closed, () => writable);
  const writable = new (stream().Writable)({
    highWaterMark,
    objectMode,
    decodeStrings,
    signal,
    write: methods.write,
    final: methods.final,
    destroy(error, callback) {
      const done = () => callSafely(callback, error);
      if (!closed) {
        if (error != null) then(writer.abort(error), done, done);
        else then(writer.close(), done, done);
        return;
      }
      done();
    },
  });
  then(writer.closed, () => {
    closed = true;
    if (!streamUtils().isWritableEnded(writable)) destroy(writable, new ERR_STREAM_PREMATURE_CLOSE());
  }, (error) => {
    closed = true;
    destroy(writable, error);
  });
  return writable;
}

// --- Duplex <-> { readable, writable } -------------------------------------------------

function newReadableWritablePairFromDuplex(duplex) {
  const utils = streamUtils();
  if (!utils.isDuplexNodeStream(duplex)) throw new ERR_INVALID_ARG_TYPE('duplex', 'stream.Duplex', duplex);
  if (utils.isDestroyed(duplex)) return { readable: closedReadableStream(), writable: closedWritableStream() };
  const writable = utils.isWritable(duplex) ? newWritableStreamFromStreamWritable(duplex) : closedWritableStream();
  const readable = utils.isReadable(duplex) ? newReadableStreamFromStreamReadable(duplex) : closedReadableStream();
  return { readable, writable };
}

function newStreamDuplexFromReadableWritablePair(pair = {}, options = {}) {
  validateObject(pair, 'pair');
  const { readable: readableStream, writable: writableStream } = pair;
  if (!isReadableStream(readableStream)) {
    throw new ERR_INVALID_ARG_TYPE('pair.readable', 'ReadableStream', readableStream);
  }
  if (!isWritableStream(writableStream)) {
    throw new ERR_INVALID_ARG_TYPE('pair.writable', 'WritableStream', writableStream);
  }
  validateObject(options, 'options');
  const { allowHalfOpen = false, objectMode = false, encoding, decodeStrings = true, highWaterMark, signal } = options;
  validateBoolean(objectMode, 'options.objectMode');
  if (encoding !== undefined && !Buffer.isEncoding(encoding)) {
    throw new ERR_INVALID_ARG_VALUE(encoding, 'options.encoding');
  }
  const writer = writableStream.getWriter();
  const reader = readableStream.getReader();
  let writableClosed = false;
  let readableClosed = false;
  const methods = writerMethods(writer, () => writableClosed, () => duplex);
  const duplex = new (stream().Duplex)({
    allowHalfOpen,
    highWaterMark,
    objectMode,
    encoding,
    decodeStrings,
    signal,
    write: methods.write,
    final: methods.final,
    read() {
      then(reader.read(), (result) => {
        if (result.done) duplex.push(null);
        else duplex.push(result.value);
      }, (error) => destroy(duplex, error));
    },
    destroy(error, callback) {
      const done = () => callSafely(callback, error);
      const pending = [];
      if (!writableClosed) pending.push(then(writer.abort(error), undefined, () => {}));
      if (!readableClosed) pending.push(then(reader.cancel(error), undefined, () => {}));
      if (pending.length === 0) {
        done();
        return;
      }
      then(Promise.all(pending), done, done);
    },
  });
  then(writer.closed, () => {
    writableClosed = true;
    if (!streamUtils().isWritableEnded(duplex)) destroy(duplex, new ERR_STREAM_PREMATURE_CLOSE());
  }, (error) => {
    writableClosed = true;
    readableClosed = true;
    destroy(duplex, error);
  });
  then(reader.closed, () => {
    readableClosed = true;
  }, (error) => {
    writableClosed = true;
    readableClosed = true;
    destroy(duplex, error);
  });
  return duplex;
}

module.exports = {
  newReadableStreamFromStreamReadable,
  newReadableWritablePairFromDuplex,
  newStreamDuplexFromReadableWritablePair,
  newStreamReadableFromReadableStream,
  newStreamWritableFromWritableStream,
  newWritableStreamFromStreamWritable,
};
