'use strict';
// structuredClone(value, { transfer: [stream] }) within one worker: the copy
// holds a new ReadableStream or WritableStream that reads from (or writes
// to) the transferred one, which stays locked to it, as a transferred stream
// is in Node. Streams cannot cross to another worker.

const readable = internalRequire('internal/webstreams/readable');
const writable = internalRequire('internal/webstreams/writable');
const { then } = internalRequire('internal/webstreams/util');

function dataCloneError(message) {
  return new (internalRequire('internal/dom_exception'))(message, 'DataCloneError');
}

// A web stream, which a transfer list may name (a TransformStream only to
// be refused).
function isTransferableStream(value) {
  return readable.isReadableStream(value) || writable.isWritableStream(value) ||
    internalRequire('internal/webstreams/transform').isTransformStream(value);
}

// Throws the DataCloneError that transferring `stream` would meet, before
// anything is cloned or detached.
function checkTransferable(stream) {
  if (!readable.isReadableStream(stream) && !writable.isWritableStream(stream)) {
    throw dataCloneError('A TransformStream cannot be transferred within a worker');
  }
  if (stream.locked) throw dataCloneError(`${stream[Symbol.toStringTag]} is locked and cannot be transferred`);
}

// The stream that stands for `stream` in the copy; locks `stream`.
function transferStream(stream) {
  if (readable.isReadableStream(stream)) {
    const reader = stream.getReader();
    return new readable.ReadableStream({
      pull(controller) {
        // Once the stream has ended, it is no longer locked to the copy.
        return then(reader.read(), ({ value, done }) => {
          if (!done) {
            controller.enqueue(value);
            return;
          }
          controller.close();
          reader.releaseLock();
        }, (error) => {
          reader.releaseLock();
          throw error;
        });
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    }, { highWaterMark: 0 });
  }
  const writer = stream.getWriter();
  return new writable.WritableStream({
    write(chunk) {
      return then(writer.ready, () => writer.write(chunk));
    },
    close() {
      return then(writer.close(), () => writer.releaseLock());
    },
    abort(reason) {
      return writer.abort(reason);
    },
  }, { highWaterMark: 1 });
}

// Puts each transferred stream's replacement where the copy has the
// stream's (empty) clone, walking the original and the copy side by side.
function substitute(original, copy, replacements, seen = new Set()) {
  if (original === null || typeof original !== 'object' || copy === null || typeof copy !== 'object') return copy;
  if (replacements.has(original)) return replacements.get(original);
  if (isTransferableStream(original)) throw dataCloneError('A stream that is not transferred cannot be cloned');
  if (seen.has(original)) return copy;
  seen.add(original);
  if (original instanceof Map && copy instanceof Map) {
    const originals = [...original];
    const copies = [...copy];
    copy.clear();
    for (let i = 0; i < copies.length; i++) {
      copy.set(substitute(originals[i][0], copies[i][0], replacements, seen),
               substitute(originals[i][1], copies[i][1], replacements, seen));
    }
    return copy;
  }
  if (original instanceof Set && copy instanceof Set) {
    const originals = [...original];
    const copies = [...copy];
    copy.clear();
    for (let i = 0; i < copies.length; i++) copy.add(substitute(originals[i], copies[i], replacements, seen));
    return copy;
  }
  if (ArrayBuffer.isView(original) || original instanceof ArrayBuffer) return copy;
  for (const key of Object.keys(copy)) copy[key] = substitute(original[key], copy[key], replacements, seen);
  return copy;
}

module.exports = { checkTransferable, isTransferableStream, substitute, transferStream };
