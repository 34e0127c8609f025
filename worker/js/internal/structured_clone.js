'use strict';
// structuredClone(value, { transfer }) with Node 20's argument checks: the
// value is required, options must be an object, `transfer` an iterable of
// ArrayBuffers (each moved to the copy and detached here), or an object read
// as options again. Node throws these errors from native code: a plain
// TypeError with a `code`, no "[CODE]" in its stack.

const { untransferable } = internalRequire('node/worker_threads');

function nativeTypeError(code, message) {
  const err = new TypeError(message);
  err.code = code;
  return err;
}

// A web stream (stream/web), which a transfer list may name too; the
// module is not loaded for a list of ArrayBuffers.
function isStream(item) {
  return item !== null && typeof item === 'object' &&
    internalRequire('internal/webstreams/transfer').isTransferableStream(item);
}

// The ArrayBuffers listed by `transfer`, as Node reads a transfer list; the
// web streams it names go to `streams`.
function transferList(transfer, streams) {
  if (transfer === undefined || transfer === null) return undefined;
  if (typeof transfer !== 'object' && typeof transfer !== 'function') {
    throw nativeTypeError('ERR_INVALID_ARG_TYPE', 'Optional transferList argument must be an iterable');
  }
  if (typeof transfer[Symbol.iterator] !== 'function') return transferList(transfer.transfer, streams);
  const list = [];
  for (const item of transfer) {
    if (!(item instanceof ArrayBuffer) && isStream(item)) {
      streams.push(item);
      continue;
    }
    if (!(item instanceof ArrayBuffer)) {
      throw nativeTypeError('ERR_INVALID_TRANSFER_OBJECT', 'Found invalid object in transferList');
    }
    if (list.includes(item)) {
      const DOMException = internalRequire('internal/dom_exception');
      throw new DOMException('Transfer list contains duplicate ArrayBuffer', 'DataCloneError');
    }
    // One marked with worker_threads.markAsUntransferable() is copied.
    if (!untransferable.has(item)) list.push(item);
  }
  return list.length === 0 ? undefined : list;
}

function structuredClone(value = undefined, options = undefined) {
  if (arguments.length === 0) {
    throw nativeTypeError('ERR_MISSING_ARGS', 'The value argument must be specified');
  }
  let transfer;
  const streams = [];
  if (options !== undefined && options !== null) {
    if (typeof options !== 'object' && typeof options !== 'function') {
      throw nativeTypeError('ERR_INVALID_ARG_TYPE', 'The options argument must be either an object or undefined');
    }
    transfer = transferList(options.transfer, streams);
  }
  if (streams.length === 0) return binding.structuredClone(value, transfer);
  const webTransfer = internalRequire('internal/webstreams/transfer');
  const replacements = new Map();
  for (const stream of streams) {
    if (replacements.has(stream)) {
      const DOMException = internalRequire('internal/dom_exception');
      throw new DOMException('Transfer list contains duplicate stream', 'DataCloneError');
    }
    webTransfer.checkTransferable(stream);
    replacements.set(stream, undefined);
  }
  const copy = binding.structuredClone(value, transfer);
  for (const stream of streams) replacements.set(stream, webTransfer.transferStream(stream));
  return webTransfer.substitute(value, copy, replacements);
}

exports.structuredClone = structuredClone;
