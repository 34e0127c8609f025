'use strict';
// node:fs on libuv's file-system calls: the synchronous API runs each call
// on the worker's loop thread, the callback API queues it on libuv's thread
// pool and calls back from the loop. Both come from one implementation of
// each operation (internal/fs/operations.js, read_write.js); fs.promises is
// node:fs/promises, made when first read. Dir (internal/fs/dir.js) loads on
// the first opendir, ReadStream and WriteStream (internal/fs/streams.js) with
// `stream` when first named, the watchers (internal/fs/watchers.js) on the
// first watch.

const utils = internalRequire('internal/fs/utils');
const ops = internalRequire('internal/fs/operations');
const rw = internalRequire('internal/fs/read_write');
const { runSync, runAsync, runPromise } = internalRequire('internal/fs/run');
const { nativeError } = internalRequire('internal/errors');
const { validateFunction, validateObject, validateString } = internalRequire('internal/validators');
const { nextTick } = internalRequire('internal/process/tick');

const { makeCallback, constants, Stats, Dirent } = utils;
const kCustomPromisified = Symbol.for('nodejs.util.promisify.custom');
// util.promisify resolves a callback's values under these names.
const kCustomPromisifyArgs = Symbol.for('isohost.util.promisify.customArgs');

// name -> [the operation both forms share, Node's length of the callback
// form, of the synchronous one].
const kOperations = {
  access: [ops.access, 3, 2],
  chmod: [ops.chmod, 3, 2],
  chown: [ops.chown, 4, 3],
  copyFile: [ops.copyFile, 4, 3],
  cp: [ops.cp, 4, 3],
  fchmod: [ops.fchmod, 3, 2],
  fchown: [ops.fchown, 4, 3],
  fdatasync: [ops.fdatasync, 2, 1],
  fstat: [ops.fstat, 1, 1],
  fsync: [ops.fsync, 2, 1],
  ftruncate: [ops.ftruncate, 1, 1],
  futimes: [ops.futimes, 4, 3],
  lchown: [ops.lchown, 4, 3],
  link: [ops.link, 3, 2],
  lutimes: [ops.lutimes, 4, 3],
  mkdir: [ops.mkdir, 3, 2],
  open: [ops.open, 4, 3],
  readdir: [ops.readdir, 3, 2],
  readlink: [ops.readlink, 3, 2],
  rename: [ops.rename, 3, 2],
  rm: [ops.rm, 3, 2],
  rmdir: [ops.rmdir, 3, 2],
  statfs: [ops.statfs, 1, 1],
  symlink: [ops.symlink, 4, 3],
  truncate: [ops.truncate, 3, 2],
  unlink: [ops.unlink, 2, 1],
  utimes: [ops.utimes, 4, 3],
};

// Node's callbacks get (err) on failure, (null) for nothing, else (null, value).
function settle(cb) {
  return (err, value) => {
    if (err) cb(err);
    else if (value === undefined) cb(null);
    else cb(null, value);
  };
}

function setLength(fn, length) {
  Object.defineProperty(fn, 'length', { __proto__: null, value: length, configurable: true });
  return fn;
}

for (const name of Object.keys(kOperations)) {
  const [operation, length, syncLength] = kOperations[name];
  exports[name] = setLength({ [name](...args) {
    // As in Node, the other arguments are checked before the callback.
    const cb = args.length > 0 && typeof args[args.length - 1] === 'function' ? args.pop() : undefined;
    const op = operation(...args);
    makeCallback(cb);
    // cp calls back with (null, undefined), as Node's does.
    runAsync(op, name === 'cp' ? (err) => (err ? cb(err) : cb(null, undefined)) : settle(cb));
  } }[name], length);
  exports[`${name}Sync`] = setLength({ [`${name}Sync`](...args) {
    return runSync(operation(...args));
  } }[`${name}Sync`], syncLength);
}

// close(fd) may go without a callback: a failure is then thrown on a later tick.
exports.close = function close(fd, callback = undefined) {
  const op = ops.close(fd);
  if (callback !== undefined) makeCallback(callback);
  runAsync(op, (err) => {
    if (callback !== undefined) callback(err || null);
    else if (err) throw err;
  });
};
exports.closeSync = function closeSync(fd) {
  return runSync(ops.close(fd));
};

// stat and lstat: the synchronous forms take throwIfNoEntry.
exports.stat = function stat(path, options = { bigint: false }, cb) {
  if (typeof options === 'function') [options, cb] = [undefined, options];
  cb = makeCallback(cb);
  runAsync(ops.stat(path, options, false), settle(cb));
};
exports.lstat = function lstat(path, options = { bigint: false }, cb) {
  if (typeof options === 'function') [options, cb] = [undefined, options];
  cb = makeCallback(cb);
  runAsync(ops.lstat(path, options, false), settle(cb));
};
exports.statSync = function statSync(path, options = { bigint: false, throwIfNoEntry: true }) {
  return runSync(ops.stat(path, options, true));
};
exports.lstatSync = function lstatSync(path, options = { bigint: false, throwIfNoEntry: true }) {
  return runSync(ops.lstat(path, options, true));
};

// --- whole files: the callback is checked first, as in Node --------------------------

exports.readFile = function readFile(path, options, callback) {
  callback ||= options;
  validateFunction(callback, 'cb');
  runAsync(ops.readFile(path, options), settle(callback));
};
exports.readFileSync = function readFileSync(path, options) {
  return runSync(ops.readFile(path, options));
};

// fs.fsync as a step of an operation, called as Node's writeFile calls it
// (the public function, which a caller may have replaced), in either driver:
// with no `done` it is the synchronous step.
function publicFsync(fd, done) {
  if (done === undefined) {
    try {
      exports.fsyncSync(fd);
      return undefined;
    } catch (err) {
      return err;
    }
  }
  try {
    exports.fsync(fd, (err) => done(err || undefined));
  } catch (err) {
    nextTick(done, err);
  }
}
function* publicFlush(fd) {
  const failure = yield [publicFsync, fd];
  if (failure !== undefined) throw failure;
}

function writeFileWith(defaultFlag, path, data, options) {
  const [target, bytes, flags, mode, signal, flush] = ops.writeFileArgs(path, data, options, defaultFlag);
  return ops.writeFileOp(target, bytes, flags, mode, signal, flush ? publicFlush : null);
}
exports.writeFile = function writeFile(path, data, options, callback) {
  callback ||= options;
  validateFunction(callback, 'cb');
  runAsync(writeFileWith('w', path, data, options), settle(callback));
};
exports.writeFileSync = function writeFileSync(path, data, options) {
  runSync(writeFileWith('w', path, data, options));
};
exports.appendFile = function appendFile(path, data, options, callback) {
  callback ||= options;
  validateFunction(callback, 'cb');
  runAsync(writeFileWith('a', path, data, options), settle(callback));
};
exports.appendFileSync = function appendFileSync(path, data, options) {
  runSync(writeFileWith('a', path, data, options));
};

exports.mkdtemp = function mkdtemp(prefix, options, callback) {
  callback = makeCallback(typeof options === 'function' ? options : callback);
  runAsync(ops.mkdtemp(prefix, options), settle(callback));
};
exports.mkdtempSync = function mkdtempSync(prefix, options) {
  return runSync(ops.mkdtemp(prefix, options));
};

// --- read and write: the callbacks also get the buffer, failed or not ---------------

exports.read = function read(fd, buffer, offsetOrOptions, length, position, callback) {
  const { cb, request } = rw.readCallbackArgs(arguments.length, fd, buffer, offsetOrOptions, length, position,
    callback);
  if (request.zero) {
    nextTick(cb, null, 0, request.buffer);
    return;
  }
  runAsync(rw.readOp(request), (err, bytesRead) => cb(err, bytesRead || 0, request.buffer));
};
exports.readSync = function readSync(fd, buffer, offsetOrOptions, length, position) {
  const request = rw.readSyncArgs(arguments.length, fd, buffer, offsetOrOptions, length, position);
  return request.zero ? 0 : runSync(rw.readOp(request));
};
exports.write = function write(fd, buffer, offsetOrOptions, length, position, callback) {
  const { cb, request } = rw.writeCallbackArgs(fd, buffer, offsetOrOptions, length, position, callback);
  runAsync(rw.writeOp(request), (err, written) => cb(err, written || 0, buffer));
};
exports.writeSync = function writeSync(fd, buffer, offsetOrOptions, length, position) {
  return runSync(rw.writeOp(rw.writeSyncArgs(fd, buffer, offsetOrOptions, length, position)));
};

exports.readv = function readv(fd, buffers, position, callback) {
  const request = rw.vectorArgs(fd, buffers, position);
  callback ||= position;
  validateFunction(callback, 'cb');
  runAsync(rw.readvOp(request), (err, bytesRead) => callback(err, bytesRead || 0, buffers));
};
exports.readvSync = function readvSync(fd, buffers, position) {
  return runSync(rw.readvOp(rw.vectorArgs(fd, buffers, position)));
};
exports.writev = function writev(fd, buffers, position, callback) {
  const request = rw.vectorArgs(fd, buffers, position);
  callback ||= position;
  validateFunction(callback, 'cb');
  if (buffers.length === 0) {
    nextTick(callback, null, 0, buffers);
    return;
  }
  runAsync(rw.writevOp(request), (err, written) => callback(err, written || 0, buffers));
};
exports.writevSync = function writevSync(fd, buffers, position) {
  return runSync(rw.writevOp(rw.vectorArgs(fd, buffers, position)));
};

for (const [fn, names] of [[exports.read, ['bytesRead', 'buffer']], [exports.write, ['bytesWritten', 'buffer']],
  [exports.readv, ['bytesRead', 'buffers']], [exports.writev, ['bytesWritten', 'buffer']]]) {
  Object.defineProperty(fn, kCustomPromisifyArgs, { __proto__: null, value: names, enumerable: false });
}

// --- exists: a callback of one boolean ------------------------------------------------

exports.exists = function exists(path, cb) {
  validateFunction(cb, 'cb');
  runAsync(ops.exists(path), (err, found) => cb(!err && found));
};
Object.defineProperty(exports.exists, kCustomPromisified, {
  __proto__: null,
  value: function exists(path) {
    return new Promise((resolve) => exports.exists(path, resolve));
  },
});
exports.existsSync = function existsSync(path) {
  try {
    return runSync(ops.exists(path));
  } catch {
    return false;
  }
};

exports.realpath = function realpath(path, options, cb) {
  if (typeof options === 'function') [options, cb] = [undefined, options];
  cb = makeCallback(cb);
  runAsync(ops.realpath(path, options), settle(cb));
};
exports.realpath.native = function realpath(path, options, cb) {
  if (typeof options === 'function') [options, cb] = [undefined, options];
  cb = makeCallback(cb);
  runAsync(ops.realpathNative(path, options), settle(cb));
};
exports.realpathSync = function realpathSync(path, options) {
  return runSync(ops.realpath(path, options));
};
exports.realpathSync.native = function realpathSync(path, options) {
  return runSync(ops.realpathNative(path, options));
};

// --- directories as streams of entries, and files as Blobs --------------------------

const dir = () => internalRequire('internal/fs/dir');
exports.opendir = function opendir(path, options, callback) {
  callback = typeof options === 'function' ? options : callback;
  validateFunction(callback, 'callback');
  runAsync(dir().opendir(path, options), settle(callback));
};
exports.opendirSync = function opendirSync(path, options) {
  return runSync(dir().opendir(path, options, true));
};

// A Blob of the file's bytes, read on the thread pool when opened (Node
// reads its file-backed Blob when the Blob is read). A path that names
// nothing throws at once, as in Node.
exports.openAsBlob = function openAsBlob(path, options = {}) {
  validateObject(options, 'options');
  const type = options.type || '';
  validateString(type, 'options.type');
  path = utils.toPath(path);
  if (utils.failed(utils.native.stat(path, false))) {
    throw nativeError('ERR_INVALID_ARG_VALUE', 'Unable to open file as blob');
  }
  return runPromise(ops.readFileOp(path, constants.O_RDONLY, undefined)).then(
    (bytes) => new (internalRequire('internal/buffer/blob').Blob)([bytes], { type }),
    () => {
      const DOMException = internalRequire('internal/dom_exception');
      throw new DOMException('The blob could not be read', 'NotReadableError');
    });
};
// Only macOS has lchmod; Node lists it everywhere.
exports.lchmod = undefined;
exports.lchmodSync = undefined;

// Watchers (internal/fs/watchers.js) load on the first call.
const watchers = () => internalRequire('internal/fs/watchers');
exports.watch = function watch(filename, options, listener) {
  return watchers().watch(filename, options, listener);
};
exports.watchFile = function watchFile(filename, options, listener) {
  return watchers().watchFile(filename, options, listener);
};
exports.unwatchFile = function unwatchFile(filename, listener) {
  return watchers().unwatchFile(filename, listener);
};

const streams = () => internalRequire('internal/fs/streams');
exports.createReadStream = function createReadStream(path, options) {
  return new (streams().ReadStream)(path, options);
};
exports.createWriteStream = function createWriteStream(path, options) {
  return new (streams().WriteStream)(path, options);
};

// Classes loaded on first use; assignable, as in Node.
function defineLazyClass(name, load) {
  Object.defineProperty(exports, name, {
    __proto__: null,
    enumerable: true,
    configurable: true,
    get() { return load(); },
    set(value) {
      Object.defineProperty(exports, name, { __proto__: null, value, writable: true, enumerable: true, configurable: true });
    },
  });
}
defineLazyClass('Dir', () => dir().Dir);
// The stream classes, under their names of old too.
for (const [name, className] of [['ReadStream', 'ReadStream'], ['WriteStream', 'WriteStream'],
  ['FileReadStream', 'ReadStream'], ['FileWriteStream', 'WriteStream']]) {
  defineLazyClass(name, () => streams()[className]);
}

exports._toUnixTimestamp = ops.toUnixTimestamp;
exports.Stats = Stats;
exports.Dirent = Dirent;
exports.constants = constants;
exports.F_OK = constants.F_OK;
exports.R_OK = constants.R_OK;
exports.W_OK = constants.W_OK;
exports.X_OK = constants.X_OK;

Object.defineProperty(exports, 'promises', {
  __proto__: null,
  enumerable: true,
  configurable: true,
  get() {
    return internalRequire('node/fs/promises');
  },
});
