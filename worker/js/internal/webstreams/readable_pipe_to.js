'use strict';
// ReadableStream's pipeTo() and pipeThrough() (the Streams standard, 4.9.4
// ReadableStreamPipeTo): what reads one stream into a writable one
// (readable.js loads this when a stream is first piped).

const { deferred, noop, react, resolved, then, stateError } = internalRequire('internal/webstreams/util');
const {
  readableStreamCancel, readerRelease, acquireDefaultReader, defaultReaderRead,
} = internalRequire('internal/webstreams/readable');
const writable = () => internalRequire('internal/webstreams/writable');

function readableStreamPipeTo(source, dest, preventClose, preventAbort, preventCancel, signal) {
  const ws = writable();
  const reader = acquireDefaultReader(source);
  const writer = ws.acquireWriter(dest);
  source.disturbed = true;
  let shuttingDown = false;
  let currentWrite = resolved(undefined);
  const result = deferred();
  let abortAlgorithm;

  const finalize = (isError, error) => {
    ws.writerRelease(writer);
    readerRelease(reader);
    if (signal !== undefined) signal.removeEventListener('abort', abortAlgorithm);
    if (isError) result.reject(error);
    else result.resolve(undefined);
  };
  const waitForWritesToFinish = () => {
    const old = currentWrite;
    return then(old, () => (old !== currentWrite ? waitForWritesToFinish() : undefined));
  };
  const destWritable = () => dest.state === 'writable' && !ws.closeQueuedOrInFlight(dest);
  const shutdownWithAction = (action, originalIsError, originalError) => {
    if (shuttingDown) return;
    shuttingDown = true;
    const doTheRest = () => {
      react(action(), () => finalize(originalIsError, originalError), (newError) => finalize(true, newError));
    };
    if (destWritable()) react(waitForWritesToFinish(), doTheRest);
    else doTheRest();
  };
  const shutdown = (isError, error) => {
    if (shuttingDown) return;
    shuttingDown = true;
    if (destWritable()) react(waitForWritesToFinish(), () => finalize(isError, error));
    else finalize(isError, error);
  };

  if (signal !== undefined) {
    abortAlgorithm = () => {
      let error = signal.reason;
      // Node's own AbortError becomes the web's, as Node 20 does.
      if (error instanceof internalRequire('internal/errors').AbortError) {
        error = new (internalRequire('internal/dom_exception'))(error.message, 'AbortError');
      }
      const actions = [];
      if (!preventAbort) {
        actions.push(() => (dest.state === 'writable' ? ws.writableStreamAbort(dest, error) : resolved(undefined)));
      }
      if (!preventCancel) {
        actions.push(() => (source.state === 'readable' ? readableStreamCancel(source, error) : resolved(undefined)));
      }
      shutdownWithAction(() => Promise.all(actions.map((action) => action())), true, error);
    };
    if (signal.aborted) {
      abortAlgorithm();
      return result.promise;
    }
    signal.addEventListener('abort', abortAlgorithm, { once: true });
  }

  // Errors and closes, on either side, as they are now or when they happen.
  const sourceErrored = (storedError) => {
    if (!preventAbort) shutdownWithAction(() => ws.writableStreamAbort(dest, storedError), true, storedError);
    else shutdown(true, storedError);
  };
  const destErrored = (storedError) => {
    if (!preventCancel) shutdownWithAction(() => readableStreamCancel(source, storedError), true, storedError);
    else shutdown(true, storedError);
  };
  const sourceClosed = () => {
    if (!preventClose) shutdownWithAction(() => ws.writerCloseWithErrorPropagation(writer));
    else shutdown();
  };
  if (source.state === 'errored') sourceErrored(source.storedError);
  else react(reader.closed.promise, undefined, sourceErrored);
  if (dest.state === 'errored') destErrored(dest.storedError);
  else react(writer.closed.promise, undefined, destErrored);
  if (source.state === 'closed') sourceClosed();
  else react(reader.closed.promise, sourceClosed);
  if (ws.closeQueuedOrInFlight(dest) || dest.state === 'closed') {
    const destClosed = stateError('the destination writable stream closed before all data could be piped to it');
    if (!preventCancel) shutdownWithAction(() => readableStreamCancel(source, destClosed), true, destClosed);
    else shutdown(true, destClosed);
  }

  // One chunk at a time, each once the destination is ready for it.
  const step = () => {
    if (shuttingDown) return;
    react(writer.ready.promise, () => {
      if (shuttingDown) return;
      defaultReaderRead(reader, {
        // The write happens a microtask later: a source's enqueue() never
        // runs the destination's write algorithm synchronously.
        chunk(chunk) {
          const written = deferred();
          currentWrite = written.promise;
          queueMicrotask(() => {
            then(ws.writerWrite(writer, chunk), written.resolve, written.resolve);
            step();
          });
        },
        close: noop,
        error: noop,
      });
    });
  };
  step();
  return result.promise;
}

exports.readableStreamPipeTo = readableStreamPipeTo;
