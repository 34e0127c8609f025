'use strict';
// worker_threads.postMessageToThread(threadId, value[, transferList][, timeout])
// and the 'workerMessage' process event. Every worker is a process: the
// message goes through the host to the worker of that threadId among the
// workers of this one's supervisor (or of its tree of workers without
// one), which emits 'workerMessage' and answers how that went; the host
// answers itself when there is no such worker. Ports in the transfer list
// reach a worker of the same tree only. Loaded on first use.

const { codes } = internalRequire('internal/errors');
const { validateNumber } = internalRequire('internal/validators');
const io = internalRequire('internal/worker/io');
const workerThreads = internalRequire('node/worker_threads');
const native = binding.internalBinding('worker_threads');

// proto ThreadMessageStatus
const kDelivered = 1;
const kNoListeners = 2;
const kErrored = 3;

const pending = new Map();  // our request number -> { resolve, reject, timer, keepAlive }
let nextRequest = 1;

function settle(request) {
  const entry = pending.get(request);
  if (entry === undefined) return undefined;
  pending.delete(request);
  if (entry.timer !== null) clearTimeout(entry.timer);
  // A message on its way keeps the worker alive until it is answered.
  io.setKeepAlive(entry.keepAlive, false);
  return entry;
}

async function postMessageToThread(threadId, value, transferList = undefined, timeout = undefined) {
  if (typeof transferList === 'number' && timeout === undefined) {
    timeout = transferList;
    transferList = [];
  }
  if (timeout !== undefined) validateNumber(timeout, 'timeout', 0);
  if (threadId === workerThreads.threadId) throw new codes.ERR_WORKER_MESSAGING_SAME_THREAD();
  const message = io.encode(value, transferList, null);
  // No thread has such an id.
  if (!Number.isInteger(threadId) || threadId <= 0 || threadId > 0xffffffff) {
    throw new codes.ERR_WORKER_MESSAGING_FAILED();
  }
  const request = nextRequest++;
  const entry = { resolve: null, reject: null, timer: null, keepAlive: { keepingAlive: false } };
  const answered = new Promise((resolve, reject) => {
    entry.resolve = resolve;
    entry.reject = reject;
  });
  pending.set(request, entry);
  io.setKeepAlive(entry.keepAlive, true);
  if (timeout !== undefined) {
    entry.timer = setTimeout(() => {
      if (settle(request) !== undefined) entry.reject(new codes.ERR_WORKER_MESSAGING_TIMEOUT());
    }, timeout);
  }
  io.sendToThread(threadId, request, message);
  return answered;
}

// The host's answer to our message `request`.
function onThreadResult(request, status) {
  const entry = settle(request);
  if (entry === undefined) return;  // timed out meanwhile
  if (status === kDelivered) entry.resolve();
  else if (status === kErrored) entry.reject(new codes.ERR_WORKER_MESSAGING_ERRORED());
  else entry.reject(new codes.ERR_WORKER_MESSAGING_FAILED());
}

// A message from thread `source`, which the host numbered `request`: the
// 'workerMessage' listeners get it; what one throws goes no further, as in
// Node, but the sender hears of it.
function onThreadMessage(message, source, request) {
  let status;
  try {
    const { value } = io.receive(message);
    status = process.emit('workerMessage', value, source) ? kDelivered : kNoListeners;
  } catch {
    status = kErrored;
  }
  native.threadMessageResult(request, status);
}

module.exports = { postMessageToThread, onThreadMessage, onThreadResult };
