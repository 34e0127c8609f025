'use strict';
// What `fs`, its callbacks and `fs/promises` share: the native binding, the
// checks of paths, descriptors, flags, modes and options with Node's errors,
// and Node's error for a failed call. A native call answers a negative
// number (libuv's error code) when it fails; everything else is its result.

// Under the permission model, each call that names a path is checked first
// (internal/permission.js); a worker is given its permissions before any of
// this loads.
const native = binding.internalBinding('permission').enabled
  ? internalRequire('internal/permission').guardFs(binding.internalBinding('fs'))
  : binding.internalBinding('fs');
const { codes, uvException, AbortError } = internalRequire('internal/errors');
const { Buffer, FastBuffer } = internalRequire('internal/buffer/buffer');
const {
  validateInt32, validateUint32, validateFunction, validateObject, validateBoolean, validateAbortSignal,
} = internalRequire('internal/validators');
const { isEncoding } = Buffer;
const { nextTick } = internalRequire('internal/process/tick');

const { ERR_INVALID_ARG_TYPE, ERR_INVALID_ARG_VALUE, ERR_INVALID_URL_SCHEME } = codes;
const { constants } = native;
const {
  O_RDONLY, O_WRONLY, O_RDWR, O_CREAT, O_EXCL, O_TRUNC, O_APPEND, O_SYNC,
  S_IFMT, S_IFREG, S_IFDIR, S_IFCHR, S_IFBLK, S_IFIFO, S_IFLNK, S_IFSOCK,
} = constants;

// The largest file readFile reads, as in Node.
const kIoMaxLength = 2 ** 31 - 1;

// libuv's codes on Linux that the JS side tests for.
const UV_EBADF = -9;
const UV_ENOENT = -2;
const UV_EEXIST = -17;
const UV_ENOTDIR = -20;
const UV_EISDIR = -21;
const UV_ENOTEMPTY = -39;
const UV_EPERM = -1;

const isUint8Array = (value) => value instanceof Uint8Array;

// Node's error for libuv code `errno` from `syscall` on `path` (-> `dest`).
function uvError(errno, syscall, path, dest) {
  return uvException({
    errno,
    code: native.errname(errno),
    message: native.strerror(errno),
    syscall,
    path: path === undefined ? undefined : `${path}`,
    dest: dest === undefined ? undefined : `${dest}`,
  });
}

const failed = (result) => typeof result === 'number' && result < 0;

// Throws when a synchronous native call failed; returns its result.
function check(result, syscall, path, dest) {
  if (typeof result === 'number' && result < 0) throw uvError(result, syscall, path, dest);
  return result;
}

function isURL(value) {
  return value != null && typeof value === 'object' && typeof value.href === 'string' &&
    typeof value.protocol === 'string' && value.auth === undefined && value.path === undefined;
}

// A path argument (string, Buffer or file: URL) as a string or Uint8Array
// for the binding, checked as Node checks it.
function toPath(path, name = 'path') {
  if (typeof path === 'string') {
    if (path.includes('\u0000')) {
      throw new ERR_INVALID_ARG_VALUE(name, path, 'must be a string, Uint8Array, or URL without null bytes');
    }
    return path;
  }
  if (isUint8Array(path)) {
    if (path.includes(0)) {
      throw new ERR_INVALID_ARG_VALUE(name, path, 'must be a string, Uint8Array, or URL without null bytes');
    }
    return path;
  }
  if (isURL(path)) {
    if (path.protocol !== 'file:') throw new ERR_INVALID_URL_SCHEME('file');
    return toPath(internalRequire('node/url').fileURLToPath(path), name);
  }
  throw new ERR_INVALID_ARG_TYPE(name, ['string', 'Buffer', 'URL'], path);
}

// The path as a string, for messages and for path arithmetic.
function pathString(path) {
  if (typeof path === 'string') return path;
  return Buffer.prototype.toString.call(path);
}

function toFd(fd, name = 'fd') {
  validateInt32(fd, name, 0);
  return fd;
}

const kFlags = {
  __proto__: null,
  'r': O_RDONLY,
  'rs': O_RDONLY | O_SYNC,
  'sr': O_RDONLY | O_SYNC,
  'r+': O_RDWR,
  'rs+': O_RDWR | O_SYNC,
  'sr+': O_RDWR | O_SYNC,
  'w': O_TRUNC | O_CREAT | O_WRONLY,
  'wx': O_TRUNC | O_CREAT | O_WRONLY | O_EXCL,
  'xw': O_TRUNC | O_CREAT | O_WRONLY | O_EXCL,
  'w+': O_TRUNC | O_CREAT | O_RDWR,
  'wx+': O_TRUNC | O_CREAT | O_RDWR | O_EXCL,
  'xw+': O_TRUNC | O_CREAT | O_RDWR | O_EXCL,
  'a': O_APPEND | O_CREAT | O_WRONLY,
  'ax': O_APPEND | O_CREAT | O_WRONLY | O_EXCL,
  'xa': O_APPEND | O_CREAT | O_WRONLY | O_EXCL,
  'as': O_APPEND | O_CREAT | O_WRONLY | O_SYNC,
  'sa': O_APPEND | O_CREAT | O_WRONLY | O_SYNC,
  'a+': O_APPEND | O_CREAT | O_RDWR,
  'ax+': O_APPEND | O_CREAT | O_RDWR | O_EXCL,
  'xa+': O_APPEND | O_CREAT | O_RDWR | O_EXCL,
  'as+': O_APPEND | O_CREAT | O_RDWR | O_SYNC,
  'sa+': O_APPEND | O_CREAT | O_RDWR | O_SYNC,
};

function toFlags(flags, fallback = 'r') {
  if (flags == null) flags = fallback;
  if (typeof flags === 'number') return flags;
  const value = typeof flags === 'string' ? kFlags[flags] : undefined;
  if (value === undefined) throw new ERR_INVALID_ARG_VALUE('flags', flags);
  return value;
}

// A mode given as a number or an octal string.
function toMode(mode, name, fallback) {
  mode ??= fallback;
  if (typeof mode === 'string') {
    if (!/^[0-7]+$/.test(mode)) {
      throw new ERR_INVALID_ARG_VALUE(name, mode, 'must be a 32-bit unsigned integer or an octal string');
    }
    mode = parseInt(mode, 8);
  }
  validateUint32(mode, name);
  return mode;
}

function checkEncoding(encoding) {
  if (encoding && encoding !== 'buffer' && !isEncoding(encoding)) {
    throw new ERR_INVALID_ARG_VALUE('encoding', encoding, 'is invalid encoding');
  }
}

// The options argument of most calls: a string is the encoding.
function getOptions(options, defaults = {}) {
  if (options == null || typeof options === 'function') return defaults;
  if (typeof options === 'string') {
    options = { ...defaults, encoding: options };
  } else if (typeof options === 'object') {
    options = { ...defaults, ...options };
  } else {
    throw new ERR_INVALID_ARG_TYPE('options', ['string', 'object'], options);
  }
  checkEncoding(options.encoding);
  if (options.signal !== undefined) validateAbortSignal(options.signal, 'options.signal');
  return options;
}

// The `flush` option of the calls that write a whole file.
function getFlush(options) {
  const flush = options.flush ?? false;
  validateBoolean(flush, 'options.flush');
  return flush;
}

// Names (of entries, links, paths) come from the binding as strings, or as
// bytes when they are to be decoded in another encoding than utf8.
const wantsBytes = (encoding) => !!encoding && encoding !== 'utf8' && encoding !== 'utf-8';

// A name from the binding (string or bytes) in `encoding`.
function decodeName(name, encoding) {
  if (!wantsBytes(encoding)) return typeof name === 'string' ? name : Buffer.prototype.toString.call(name);
  const bytes = typeof name === 'string' ? Buffer.from(name) : new FastBuffer(name.buffer, name.byteOffset, name.byteLength);
  return encoding === 'buffer' ? bytes : bytes.toString(encoding);
}

// An AbortError for `signal` when it has been aborted.
function abortedError(signal) {
  return signal?.aborted ? new AbortError(undefined, { cause: signal.reason }) : null;
}

function makeCallback(cb) {
  validateFunction(cb, 'cb');
  return cb;
}

// A native call's callback that hands Node's error or `transform(result)`
// to `cb`.
function completion(cb, syscall, path, dest, transform) {
  return (result) => {
    if (failed(result)) return cb(uvError(result, syscall, path, dest));
    cb(null, transform === undefined ? undefined : transform(result));
  };
}

// Runs `start(callback)`, a native call queued with `callback`; a call
// refused before it was queued still calls back on a later tick.
function queue(start, callback) {
  const refused = start(callback);
  if (failed(refused)) nextTick(callback, refused);
}

// The same as a promise of the transformed result.
function promiseCall(start, syscall, path, dest, transform) {
  return new Promise((resolve, reject) => {
    queue(start, (result) => {
      if (failed(result)) reject(uvError(result, syscall, path, dest));
      else resolve(transform === undefined ? result : transform(result));
    });
  });
}

// --- Stats -------------------------------------------------------------------

function StatsBase(dev, mode, nlink, uid, gid, rdev, blksize, ino, size, blocks) {
  this.dev = dev;
  this.mode = mode;
  this.nlink = nlink;
  this.uid = uid;
  this.gid = gid;
  this.rdev = rdev;
  this.blksize = blksize;
  this.ino = ino;
  this.size = size;
  this.blocks = blocks;
}

StatsBase.prototype._checkModeProperty = function _checkModeProperty(property) {
  if (typeof this.mode === 'bigint') return (this.mode & BigInt(S_IFMT)) === BigInt(property);
  return (this.mode & S_IFMT) === property;
};
StatsBase.prototype.isDirectory = function isDirectory() { return this._checkModeProperty(S_IFDIR); };
StatsBase.prototype.isFile = function isFile() { return this._checkModeProperty(S_IFREG); };
StatsBase.prototype.isBlockDevice = function isBlockDevice() { return this._checkModeProperty(S_IFBLK); };
StatsBase.prototype.isCharacterDevice = function isCharacterDevice() { return this._checkModeProperty(S_IFCHR); };
StatsBase.prototype.isSymbolicLink = function isSymbolicLink() { return this._checkModeProperty(S_IFLNK); };
StatsBase.prototype.isFIFO = function isFIFO() { return this._checkModeProperty(S_IFIFO); };
StatsBase.prototype.isSocket = function isSocket() { return this._checkModeProperty(S_IFSOCK); };

const dateOf = (ms) => new Date(Math.round(Number(ms)));

function Stats(dev, mode, nlink, uid, gid, rdev, blksize, ino, size, blocks, atimeMs, mtimeMs, ctimeMs, birthtimeMs) {
  StatsBase.call(this, dev, mode, nlink, uid, gid, rdev, blksize, ino, size, blocks);
  this.atimeMs = atimeMs;
  this.mtimeMs = mtimeMs;
  this.ctimeMs = ctimeMs;
  this.birthtimeMs = birthtimeMs;
  this.atime = dateOf(atimeMs);
  this.mtime = dateOf(mtimeMs);
  this.ctime = dateOf(ctimeMs);
  this.birthtime = dateOf(birthtimeMs);
}
Object.setPrototypeOf(Stats.prototype, StatsBase.prototype);
Object.setPrototypeOf(Stats, StatsBase);
Stats.prototype.isFile = StatsBase.prototype.isFile;

function BigIntStats(dev, mode, nlink, uid, gid, rdev, blksize, ino, size, blocks, atimeNs, mtimeNs, ctimeNs, birthtimeNs) {
  StatsBase.call(this, dev, mode, nlink, uid, gid, rdev, blksize, ino, size, blocks);
  this.atimeMs = atimeNs / 1000000n;
  this.mtimeMs = mtimeNs / 1000000n;
  this.ctimeMs = ctimeNs / 1000000n;
  this.birthtimeMs = birthtimeNs / 1000000n;
  this.atimeNs = atimeNs;
  this.mtimeNs = mtimeNs;
  this.ctimeNs = ctimeNs;
  this.birthtimeNs = birthtimeNs;
  this.atime = dateOf(this.atimeMs);
  this.mtime = dateOf(this.mtimeMs);
  this.ctime = dateOf(this.ctimeMs);
  this.birthtime = dateOf(this.birthtimeMs);
}
Object.setPrototypeOf(BigIntStats.prototype, StatsBase.prototype);
Object.setPrototypeOf(BigIntStats, StatsBase);

// A Stats from the binding's 18 fields (see worker/api/fs/fs_binding.cc).
function statsOf(f) {
  if (f instanceof BigInt64Array) {
    return new BigIntStats(f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9],
      f[10] * 1000000000n + f[11], f[12] * 1000000000n + f[13],
      f[14] * 1000000000n + f[15], f[16] * 1000000000n + f[17]);
  }
  return new Stats(f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9],
    f[10] * 1e3 + f[11] / 1e6, f[12] * 1e3 + f[13] / 1e6, f[14] * 1e3 + f[15] / 1e6, f[16] * 1e3 + f[17] / 1e6);
}

// --- Dirent ------------------------------------------------------------------

const kType = Symbol('type');
const {
  UV_DIRENT_FILE, UV_DIRENT_DIR, UV_DIRENT_LINK, UV_DIRENT_FIFO, UV_DIRENT_SOCKET, UV_DIRENT_CHAR, UV_DIRENT_BLOCK,
} = constants;

class Dirent {
  constructor(name, type, path) {
    this.name = name;
    this.parentPath = path;
    this.path = path;
    this[kType] = type;
  }

  isDirectory() { return this[kType] === UV_DIRENT_DIR; }
  isFile() { return this[kType] === UV_DIRENT_FILE; }
  isBlockDevice() { return this[kType] === UV_DIRENT_BLOCK; }
  isCharacterDevice() { return this[kType] === UV_DIRENT_CHAR; }
  isSymbolicLink() { return this[kType] === UV_DIRENT_LINK; }
  isFIFO() { return this[kType] === UV_DIRENT_FIFO; }
  isSocket() { return this[kType] === UV_DIRENT_SOCKET; }
}

// The dirent type of a stat's mode, for entries scandir could not type.
function direntTypeOf(mode) {
  switch (mode & S_IFMT) {
    case S_IFREG: return UV_DIRENT_FILE;
    case S_IFDIR: return UV_DIRENT_DIR;
    case S_IFLNK: return UV_DIRENT_LINK;
    case S_IFIFO: return UV_DIRENT_FIFO;
    case S_IFSOCK: return UV_DIRENT_SOCKET;
    case S_IFCHR: return UV_DIRENT_CHAR;
    case S_IFBLK: return UV_DIRENT_BLOCK;
    default: return 0;
  }
}

module.exports = {
  native,
  constants,
  UV_EBADF,
  UV_ENOENT,
  UV_EEXIST,
  UV_ENOTDIR,
  UV_EISDIR,
  UV_ENOTEMPTY,
  UV_EPERM,
  uvError,
  failed,
  check,
  toPath,
  pathString,
  toFd,
  toFlags,
  toMode,
  checkEncoding,
  getOptions,
  getFlush,
  wantsBytes,
  decodeName,
  abortedError,
  kIoMaxLength,
  makeCallback,
  completion,
  queue,
  promiseCall,
  validateObject,
  Stats,
  BigIntStats,
  statsOf,
  Dirent,
  direntTypeOf,
  kType,
};
