'use strict';
// fs.Dir, fs.opendir and fs.opendirSync: a directory read a batch of
// entries at a time (bufferSize of them per native read) and handed out one
// Dirent at a time, by callback, promise, synchronously or by async
// iteration. Every step is a generator of native calls (internal/fs/run.js),
// so the asynchronous forms, the recursive walk included, run on the thread
// pool. Asynchronous operations on one Dir run one after another; a
// synchronous one while they are pending is refused, as in Node.

const utils = internalRequire('internal/fs/utils');
const { direntsOf } = internalRequire('internal/fs/operations');
const { runSync, runAsync } = internalRequire('internal/fs/run');
const { codes } = internalRequire('internal/errors');
const { validateFunction, validateUint32 } = internalRequire('internal/validators');
const { nextTick } = internalRequire('internal/process/tick');
const pathModule = internalRequire('internal/path/posix');

const { native, check, toPath, pathString, getOptions, wantsBytes } = utils;
const { ERR_DIR_CLOSED, ERR_DIR_CONCURRENT_OPERATION, ERR_MISSING_ARGS } = codes;

// Every entry of `path`, closing it whatever happens.
function* readAllOp(path, bufferSize, encoding) {
  const handle = check(yield [native.opendir, path], 'opendir', path);
  const entries = [];
  try {
    for (;;) {
      const batch = check(yield [native.dirRead, handle, bufferSize, wantsBytes(encoding)], 'readdir', path);
      if (batch === null) break;
      entries.push(...(yield* direntsOfBatch(path, batch, encoding)));
    }
  } finally {
    yield [native.dirClose, handle];
  }
  return entries;
}

// The Dirents of one batch of [name, type, name, type, ...].
function* direntsOfBatch(path, batch, encoding) {
  const names = [];
  const types = [];
  for (let i = 0; i < batch.length; i += 2) {
    names.push(batch[i]);
    types.push(batch[i + 1]);
  }
  return yield* direntsOf(path, names, types, encoding);
}

class Dir {
  #handle;
  #path;
  #shownPath;
  #buffered = [];
  #closed = false;
  // Operations waiting for the asynchronous one under way; null when none is.
  #pending = null;
  #bufferSize;
  #encoding;
  #recursive;

  constructor(handle, path, options) {
    if (handle == null) throw new ERR_MISSING_ARGS('handle');
    options = { bufferSize: 32, ...getOptions(options, { encoding: 'utf8' }) };
    validateUint32(options.bufferSize, 'options.bufferSize', true);
    this.#handle = handle;
    this.#path = path;
    this.#shownPath = pathString(path);
    this.#bufferSize = options.bufferSize;
    this.#encoding = options.encoding;
    this.#recursive = !!options.recursive;
  }

  // On Dir.prototype itself undefined, as in Node 20.
  get path() {
    return #path in this ? this.#path : undefined;
  }

  // The next entry (null at the end): a buffered one, else a new batch;
  // a directory met in a recursive walk adds its entries behind the rest.
  * #nextOp() {
    // A read queued behind a close finds the Dir closed.
    if (this.#closed) throw new ERR_DIR_CLOSED();
    if (this.#buffered.length === 0) {
      const batch = check(yield [native.dirRead, this.#handle, this.#bufferSize, wantsBytes(this.#encoding)],
        'readdir', this.#shownPath);
      if (batch === null) return null;
      this.#buffered.push(...(yield* direntsOfBatch(this.#shownPath, batch, this.#encoding)));
    }
    const dirent = this.#buffered.shift();
    if (this.#recursive && dirent.isDirectory()) {
      const path = pathModule.join(dirent.parentPath, pathString(dirent.name));
      this.#buffered.push(...(yield* readAllOp(path, this.#bufferSize, this.#encoding)));
    }
    return dirent;
  }

  // Runs `operation` (a generator function) on the thread pool once the
  // operations before it are done; `done(err, value)`.
  #queue(operation, done) {
    if (this.#pending !== null) {
      this.#pending.push(() => this.#queue(operation, done));
      return;
    }
    this.#pending = [];
    runAsync(operation(), (err, value) => {
      const waiting = this.#pending;
      this.#pending = null;
      try {
        done(err, value);
      } finally {
        for (const next of waiting) next();
      }
    });
  }

  read(callback) {
    if (this.#closed) throw new ERR_DIR_CLOSED();
    if (callback === undefined) {
      return new Promise((resolve, reject) => this.read((err, dirent) => (err ? reject(err) : resolve(dirent))));
    }
    validateFunction(callback, 'callback');
    this.#queue(() => this.#nextOp(), (err, dirent) => (err ? callback(err) : callback(null, dirent)));
  }

  readSync() {
    if (this.#closed) throw new ERR_DIR_CLOSED();
    if (this.#pending !== null) throw new ERR_DIR_CONCURRENT_OPERATION();
    return runSync(this.#nextOp());
  }

  close(callback) {
    if (callback === undefined) {
      if (this.#closed) return Promise.reject(new ERR_DIR_CLOSED());
      return new Promise((resolve, reject) => this.close((err) => (err ? reject(err) : resolve())));
    }
    validateFunction(callback, 'callback');
    if (this.#closed) {
      nextTick(callback, new ERR_DIR_CLOSED());
      return;
    }
    if (this.#pending !== null) {
      this.#pending.push(() => this.close(callback));
      return;
    }
    this.#closed = true;
    this.#queue(() => this.#closeOp(), (err) => (err ? callback(err) : callback(null)));
  }

  * #closeOp() {
    check(yield [native.dirClose, this.#handle], 'closedir', this.#shownPath);
  }

  closeSync() {
    if (this.#closed) throw new ERR_DIR_CLOSED();
    if (this.#pending !== null) throw new ERR_DIR_CONCURRENT_OPERATION();
    this.#closed = true;
    runSync(this.#closeOp());
  }

  async* entries() {
    try {
      for (;;) {
        const dirent = await this.read();
        if (dirent === null) break;
        yield dirent;
      }
    } finally {
      await this.close();
    }
  }
}

Object.defineProperty(Dir.prototype, Symbol.asyncIterator, {
  __proto__: null,
  value: Dir.prototype.entries,
  enumerable: false,
  writable: true,
  configurable: true,
});

// Node's opendirSync names no path in its error; the other forms do.
function* opendirOp(path, options, sync) {
  const handle = check(yield [native.opendir, path], 'opendir', sync ? undefined : pathString(path));
  return new Dir(handle, path, options);
}

// opendir(path, options) checked: the operation that opens it. The options
// are checked before the directory is opened, so a bad one costs no handle.
function opendir(path, options, sync = false) {
  path = toPath(path);
  options = getOptions(options, { encoding: 'utf8' });
  validateUint32({ bufferSize: 32, ...options }.bufferSize, 'options.bufferSize', true);
  return opendirOp(path, options, sync);
}

module.exports = { Dir, opendir };
