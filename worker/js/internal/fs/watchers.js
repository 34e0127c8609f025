'use strict';
// fs.watch, fs.watchFile/unwatchFile and fs.promises.watch, as Node 20 has
// them, loaded on the first of them. A watch is a native watcher of one path
// (worker/api/fs/event_watcher.h, inotify); with `recursive` it is a tree of them
// (internal/fs/recursive_watch.js). watchFile polls a stat
// (worker/api/fs/stat_watcher.h), one poller per file however many listeners.
// A closed or unreferenced watcher never keeps the worker alive.

const native = binding.internalBinding('fs_watch');
const utils = internalRequire('internal/fs/utils');
const { EventEmitter } = internalRequire('internal/events/emitter');
const { nextTick } = internalRequire('internal/process/tick');
const { codes, uvException, AbortError } = internalRequire('internal/errors');
const {
  validateBoolean, validateFunction, validateObject, validateUint32, validateAbortSignal,
} = internalRequire('internal/validators');
const { Buffer } = internalRequire('internal/buffer/buffer');

const { ERR_INVALID_ARG_TYPE, ERR_INVALID_ARG_VALUE } = codes;
const { statsOf } = utils;

const kStatFields = 18;
// Events a fs.promises.watch iterator keeps while its consumer is busy;
// later ones are dropped until it reads again.
const kMaxQueuedEvents = 2048;

const lazyPath = () => internalRequire('node/path');

// Node's error for a watch that could not start: `errno` from `syscall` on
// `path`, which the error also names as `filename`.
function watchError(errno, syscall, path) {
  const err = uvException({
    errno,
    code: utils.native.errname(errno),
    message: errno === native.UV_ENOSPC ? 'System limit for number of file watchers reached' : utils.native.strerror(errno),
    syscall,
    path,
  });
  err.filename = path;
  return err;
}

// How a filename reaches JS: the native side makes UTF-8 strings itself;
// any other encoding gets the bytes, as a Buffer or encoded from one.
function nameEncoder(encoding) {
  if (encoding == null || /^utf-?8$/i.test(encoding)) return null;
  if (encoding === 'buffer') return (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(encoding);
}

// Starts watching `path` (checked by utils.toPath). `onchange(eventType,
// filename)` gets each event; `onerror(err, fatal)` an error of the watch,
// fatal when the watch can report nothing more. Returns the handle
// ({ close, ref, unref }); throws Node's error when the watch cannot start.
function openWatch(path, { persistent, recursive, encoding }, onchange, onerror) {
  if (recursive) {
    const { RecursiveWatch } = internalRequire('internal/fs/recursive_watch');
    const root = lazyPath().resolve(path);
    const encode = nameEncoder(encoding);
    const watch = new RecursiveWatch(root, persistent,
      encode === null ? onchange : (eventType, name) => onchange(eventType, encode(Buffer.from(name))), onerror);
    watch.start();
    return watch;
  }
  const decode = nameEncoder(encoding);
  const handle = native.watch(path, decode !== null, (status, eventType, filename) => {
    if (status < 0) return onerror(watchError(status, 'watch', utils.pathString(path)), true);
    onchange(eventType, decode === null || filename === null ? filename : decode(filename));
  });
  if (typeof handle === 'number') throw watchError(handle, 'watch', utils.pathString(path));
  if (!persistent) handle.unref();
  return handle;
}

// --- fs.watch -----------------------------------------------------------------

function emitClose(watcher) {
  watcher.emit('close');
}

class FSWatcher extends EventEmitter {
  #recursive = false;

  constructor(recursive = false) {
    super();
    this._handle = null;
    this.#recursive = recursive;
  }

  // Closing twice, or after an error, does nothing. 'close' follows on the
  // next tick; at once for a recursive watch, as in Node 20 on Linux.
  close() {
    if (this._handle === null) return;
    this._handle.close();
    this._handle = null;
    if (this.#recursive) this.emit('close');
    else nextTick(emitClose, this);
  }

  ref() {
    if (this._handle !== null) this._handle.ref();
    return this;
  }

  unref() {
    if (this._handle !== null) this._handle.unref();
    return this;
  }
}

function watch(filename, options, listener) {
  if (typeof options === 'function') listener = options;
  options = utils.getOptions(options);
  const path = utils.toPath(filename);
  // As in Node: only `true` keeps the worker alive (persistent: 1 does not),
  // and the booleans are checked only for a recursive watch.
  const persistent = options.persistent === undefined ? true : options.persistent;
  const recursive = options.recursive === undefined ? false : options.recursive;
  if (recursive) {
    validateBoolean(recursive, 'options.recursive');
    validateBoolean(persistent, 'options.persistent');
  }
  const { signal } = options;
  validateAbortSignal(signal, 'options.signal');
  // Node checks the listener only after the watch started, and leaks the
  // watch when it throws; here it is checked first, with the same error.
  if (listener && typeof listener !== 'function') throw new ERR_INVALID_ARG_TYPE('listener', 'Function', listener);

  const watcher = new FSWatcher(Boolean(recursive));
  watcher._handle = openWatch(path, { persistent: persistent === true, recursive, encoding: options.encoding },
    (eventType, name) => watcher.emit('change', eventType, name),
    (err, fatal) => {
      if (fatal && watcher._handle !== null) {
        // Without 'close': the watch failed, nobody closed it.
        watcher._handle.close();
        watcher._handle = null;
      }
      watcher.emit('error', err);
    });
  if (listener) watcher.addListener('change', listener);
  if (signal) {
    if (signal.aborted) {
      nextTick(() => watcher.close());
    } else {
      const { kResistStopPropagation } = internalRequire('internal/event_target');
      const onAbort = () => watcher.close();
      signal.addEventListener('abort', onAbort, { __proto__: null, [kResistStopPropagation]: true });
      watcher.once('close', () => signal.removeEventListener('abort', onAbort));
    }
  }
  return watcher;
}

// --- fs.watchFile ---------------------------------------------------------------

function emitStop(watcher) {
  watcher.emit('stop');
}

// The poller of one file, shared by every watchFile() of it: `users` counts
// those calls still registered, `refs` those of them that keep the worker
// alive, so that ref() and unref() cannot push the count past either end.
class StatWatcher extends EventEmitter {
  #bigint;
  #users = 1;
  #refs = 1;

  constructor(bigint) {
    super();
    this._handle = null;
    this.#bigint = bigint;
  }

  start(filename, persistent, interval) {
    if (this._handle !== null) return;
    const handle = native.watchFile(filename, interval, this.#bigint === true, (status, fields) => {
      this.emit('change', statsOf(fields.subarray(0, kStatFields)), statsOf(fields.subarray(kStatFields)));
    });
    if (typeof handle === 'number') throw watchError(handle, 'watch', filename);
    this._handle = handle;
    if (!persistent) this.unref();
  }

  // Stopping twice does nothing; 'stop' follows on the next tick.
  stop() {
    if (this._handle === null) return;
    nextTick(emitStop, this);
    this._handle.close();
    this._handle = null;
  }

  ref() {
    if (this.#refs === this.#users) return this;
    if (this.#refs++ === 0 && this._handle !== null) this._handle.ref();
    return this;
  }

  unref() {
    if (this.#refs === 0) return this;
    if (--this.#refs === 0 && this._handle !== null) this._handle.unref();
    return this;
  }

  // Another watchFile() of the same file.
  addUser(persistent) {
    this.#users++;
    if (persistent) this.ref();
  }

  // An unwatchFile() of one listener, or of all of them (`all`).
  dropUser(all) {
    const refs = this.#refs;
    this.#users = all ? 0 : Math.max(this.#users - 1, 0);
    this.#refs = Math.min(all ? 0 : Math.max(refs - 1, 0), this.#users);
    if (refs > 0 && this.#refs === 0 && this._handle !== null) this._handle.unref();
  }
}

// Resolved path -> its StatWatcher.
const statWatchers = new Map();

function resolvedPath(filename) {
  return lazyPath().resolve(utils.toPath(filename));
}

function watchFile(filename, options, listener) {
  const path = resolvedPath(filename);
  if (options === null || typeof options !== 'object') {
    listener = options;
    options = null;
  }
  // 5007 ms is Node's default.
  options = { interval: 5007, persistent: true, ...options };
  validateFunction(listener, 'listener');
  let watcher = statWatchers.get(path);
  if (watcher === undefined) {
    validateUint32(options.interval, 'interval');
    watcher = new StatWatcher(options.bigint);
    watcher.start(path, options.persistent, options.interval);
    statWatchers.set(path, watcher);
  } else {
    watcher.addUser(options.persistent);
  }
  watcher.addListener('change', listener);
  return watcher;
}

function unwatchFile(filename, listener) {
  const path = resolvedPath(filename);
  const watcher = statWatchers.get(path);
  if (watcher === undefined) return;
  if (typeof listener === 'function') {
    const before = watcher.listenerCount('change');
    watcher.removeListener('change', listener);
    if (watcher.listenerCount('change') < before) watcher.dropUser(false);
  } else {
    watcher.removeAllListeners('change');
    watcher.dropUser(true);
  }
  if (watcher.listenerCount('change') === 0) {
    watcher.stop();
    statWatchers.delete(path);
  }
}

// --- fs.promises.watch -----------------------------------------------------------

// An async iterator of { eventType, filename }. Events that come while the
// consumer is busy wait in a queue; ending the iteration (break, return) or
// aborting `signal` closes the watch.
async function* watchPromise(filename, options = {}) {
  const path = utils.toPath(filename);
  validateObject(options, 'options');
  const { persistent = true, recursive = false, encoding = 'utf8', signal } = options;
  validateBoolean(persistent, 'options.persistent');
  validateBoolean(recursive, 'options.recursive');
  validateAbortSignal(signal, 'options.signal');
  if (encoding && encoding !== 'buffer' && !Buffer.isEncoding(encoding)) {
    // Node words this one with the value and the name swapped.
    throw new ERR_INVALID_ARG_VALUE(`${encoding}`, 'encoding', 'is invalid encoding');
  }
  if (signal !== undefined && signal.aborted) throw new AbortError(undefined, { cause: signal.reason });

  const queue = [];
  let failure = null;
  let wake = null;
  const notify = () => {
    if (wake === null) return;
    const resolve = wake;
    wake = null;
    resolve();
  };
  const handle = openWatch(path, { persistent, recursive, encoding },
    (eventType, name) => {
      if (queue.length < kMaxQueuedEvents) queue.push({ eventType, filename: name });
      notify();
    },
    (err, fatal) => {
      if (!fatal) return;
      failure = err;
      notify();
    });
  if (signal !== undefined) signal.addEventListener('abort', notify);
  try {
    while (true) {
      if (signal !== undefined && signal.aborted) throw new AbortError(undefined, { cause: signal.reason });
      if (queue.length > 0) {
        yield queue.shift();
      } else if (failure !== null) {
        throw failure;
      } else {
        await new Promise((resolve) => { wake = resolve; });
      }
    }
  } finally {
    handle.close();
    if (signal !== undefined) signal.removeEventListener('abort', notify);
  }
}

module.exports = {
  FSWatcher,
  StatWatcher,
  watch,
  watchFile,
  unwatchFile,
  watchPromise,
  watchError,
};
