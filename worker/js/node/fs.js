'use strict';
// node:fs on libuv's file-system calls: the synchronous API runs each call
// on the worker's loop thread, the callback API queues it on libuv's thread
// pool and calls back from the loop. Both come from one implementation of
// each operation (internal/fs/operations.js); fs.promises is node:fs/promises,
// made when first read. ReadStream and WriteStream (internal/fs/streams.js)
// load with `stream` when first named, the watchers on the first watch.

const utils = internalRequire('internal/fs/utils');
const ops = internalRequire('internal/fs/operations');
const { runSync, runAsync } = internalRequire('internal/fs/run');
const { codes } = internalRequire('internal/errors');

const { makeCallback, constants, Stats, BigIntStats, Dirent } = utils;
const { ERR_NOT_AVAILABLE_IN_WORKER } = codes;

// name -> the operation both forms share.
const kOperations = {
  access: ops.access,
  appendFile: ops.appendFile,
  chmod: ops.chmod,
  chown: ops.chown,
  close: ops.close,
  copyFile: ops.copyFile,
  cp: ops.cp,
  fchmod: ops.fchmod,
  fchown: ops.fchown,
  fdatasync: ops.fdatasync,
  fstat: ops.fstat,
  fsync: ops.fsync,
  ftruncate: ops.ftruncate,
  futimes: ops.futimes,
  lchown: ops.lchown,
  link: ops.link,
  lutimes: ops.lutimes,
  mkdir: ops.mkdir,
  mkdtemp: ops.mkdtemp,
  open: ops.open,
  readdir: ops.readdir,
  readFile: ops.readFile,
  readlink: ops.readlink,
  rename: ops.rename,
  rm: ops.rm,
  rmdir: ops.rmdir,
  statfs: ops.statfs,
  symlink: ops.symlink,
  truncate: ops.truncate,
  unlink: ops.unlink,
  utimes: ops.utimes,
  writeFile: ops.writeFile,
};

// Node's callbacks get (err) on failure, (null) for nothing, else (null, value).
function settle(cb) {
  return (err, value) => {
    if (err) cb(err);
    else if (value === undefined) cb(null);
    else cb(null, value);
  };
}

// The callback is the last argument, when that is a function.
function takeCallback(args) {
  return makeCallback(args.length > 0 && typeof args[args.length - 1] === 'function' ? args.pop() : undefined);
}

for (const name of Object.keys(kOperations)) {
  const operation = kOperations[name];
  exports[name] = { [name](...args) {
    // As in Node, the other arguments are checked before the callback.
    const cb = args.length > 0 && typeof args[args.length - 1] === 'function' ? args.pop() : undefined;
    const op = operation(...args);
    makeCallback(cb);
    // cp calls back with (null, undefined), as Node's does.
    runAsync(op, name === 'cp' ? (err) => (err ? cb(err) : cb(null, undefined)) : settle(cb));
  } }[name];
  exports[`${name}Sync`] = { [`${name}Sync`](...args) {
    return runSync(operation(...args));
  } }[`${name}Sync`];
}

// stat and lstat: the synchronous forms take throwIfNoEntry.
exports.stat = function stat(path, options, cb) {
  if (typeof options === 'function') [options, cb] = [undefined, options];
  cb = makeCallback(cb);
  runAsync(ops.stat(path, options, false), settle(cb));
};
exports.lstat = function lstat(path, options, cb) {
  if (typeof options === 'function') [options, cb] = [undefined, options];
  cb = makeCallback(cb);
  runAsync(ops.lstat(path, options, false), settle(cb));
};
exports.statSync = function statSync(path, options) {
  return runSync(ops.stat(path, options, true));
};
exports.lstatSync = function lstatSync(path, options) {
  return runSync(ops.lstat(path, options, true));
};

// read and write call back with the count and the buffer.
exports.read = function read(fd, buffer, offset, length, position, cb) {
  const args = [fd, buffer, offset, length, position, cb];
  let count = args.length;
  while (count > 1 && args[count - 1] === undefined) count--;
  cb = makeCallback(args[count - 1]);
  args.length = count - 1;
  if (args.length === 1 || (args.length === 2 && !ArrayBuffer.isView(args[1]))) {
    // read(fd, [options,] cb): into a new 16 KiB buffer unless one is given.
    const options = args[1] || {};
    const target = options.buffer || internalRequire('internal/buffer/buffer').Buffer.alloc(16384);
    args[1] = target;
    args[2] = { offset: options.offset, length: options.length, position: options.position };
  }
  const checked = ops.readArgs(...args);
  runAsync(ops.read(...checked), (err, bytesRead) => (err ? cb(err) : cb(null, bytesRead, checked[1])));
};
exports.readSync = function readSync(fd, buffer, offset, length, position) {
  return runSync(ops.read(fd, buffer, offset, length, position));
};
exports.write = function write(fd, data, ...rest) {
  const cb = takeCallback(rest);
  runAsync(ops.write(fd, data, ...rest), (err, written) => (err ? cb(err) : cb(null, written, data)));
};
exports.writeSync = function writeSync(fd, data, offset, length, position) {
  return runSync(ops.write(fd, data, offset, length, position));
};

function* readvOp(fd, buffers, position) {
  let total = 0;
  for (const buffer of buffers) {
    if (buffer.byteLength === 0) continue;
    const n = yield* ops.read(fd, buffer, 0, buffer.byteLength, position);
    total += n;
    if (position >= 0) position += n;
    if (n < buffer.byteLength) break;
  }
  return total;
}
function* writevOp(fd, buffers, position) {
  let total = 0;
  for (const buffer of buffers) {
    yield* ops.writeAllOp(fd, buffer, position);
    total += buffer.byteLength;
    if (position >= 0) position += buffer.byteLength;
  }
  return total;
}
function vectorArgs(fd, buffers, position) {
  utils.toFd(fd);
  if (!Array.isArray(buffers) || !buffers.every((b) => ArrayBuffer.isView(b))) {
    throw new codes.ERR_INVALID_ARG_TYPE('buffers', 'ArrayBufferView[]', buffers);
  }
  return [fd, buffers, typeof position === 'number' ? position : -1];
}
exports.readv = function readv(fd, buffers, position, cb) {
  if (typeof position === 'function') [position, cb] = [null, position];
  cb = makeCallback(cb);
  runAsync(readvOp(...vectorArgs(fd, buffers, position)), (err, n) => (err ? cb(err) : cb(null, n, buffers)));
};
exports.readvSync = (fd, buffers, position) => runSync(readvOp(...vectorArgs(fd, buffers, position)));
exports.writev = function writev(fd, buffers, position, cb) {
  if (typeof position === 'function') [position, cb] = [null, position];
  cb = makeCallback(cb);
  runAsync(writevOp(...vectorArgs(fd, buffers, position)), (err, n) => (err ? cb(err) : cb(null, n, buffers)));
};
exports.writevSync = (fd, buffers, position) => runSync(writevOp(...vectorArgs(fd, buffers, position)));

exports.exists = function exists(path, cb) {
  makeCallback(cb);
  runAsync(ops.exists(path), (err, found) => cb(!err && found));
};
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

const unavailable = (name) => function notAvailable() {
  throw new ERR_NOT_AVAILABLE_IN_WORKER(`fs.${name}`);
};
for (const name of ['openAsBlob', 'opendir', 'opendirSync', 'Dir']) {
  exports[name] = unavailable(name);
}

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
// The classes, under their names of old too; assignable, as in Node.
for (const [name, className] of [['ReadStream', 'ReadStream'], ['WriteStream', 'WriteStream'],
  ['FileReadStream', 'ReadStream'], ['FileWriteStream', 'WriteStream']]) {
  Object.defineProperty(exports, name, {
    __proto__: null,
    enumerable: true,
    configurable: true,
    get() { return streams()[className]; },
    set(value) {
      Object.defineProperty(exports, name, { __proto__: null, value, writable: true, enumerable: true, configurable: true });
    },
  });
}

exports._toUnixTimestamp = ops.toUnixTimestamp;
exports.Stats = Stats;
exports.BigIntStats = BigIntStats;
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
