'use strict';
// Every operation of `fs`, checked as Node checks its arguments (a bad
// argument throws before anything runs) and written once as a generator of
// native calls (internal/fs/run.js drives it synchronously or on the thread
// pool). Each export takes the public arguments, without the callback, and
// returns the generator.

const utils = internalRequire('internal/fs/utils');
const { codes, systemError, nativeError } = internalRequire('internal/errors');
const { validateBoolean, validateInteger, validateObject, validateInt32 } =
  internalRequire('internal/validators');
const pathModule = internalRequire('internal/path/posix');
const { Buffer, FastBuffer } = internalRequire('internal/buffer/buffer');

const {
  native, constants, check, failed, uvError, toPath, pathString, toFd, toFlags, toMode, getOptions, getFlush,
  wantsBytes, decodeName, abortedError, kIoMaxLength, statsOf, Dirent, direntTypeOf, UV_ENOENT, UV_EEXIST,
  UV_EISDIR, UV_ENOTDIR,
} = utils;
const { ERR_INVALID_ARG_TYPE, ERR_FS_INVALID_SYMLINK_TYPE, ERR_FS_FILE_TOO_LARGE, ERR_OUT_OF_RANGE } = codes;
const { S_IFMT, S_IFDIR, S_IFLNK, S_IFIFO, S_IFSOCK } = constants;
const ArrayBufferIsView = ArrayBuffer.isView;

const toBuffer = (arrayBuffer) => new FastBuffer(arrayBuffer, 0, arrayBuffer.byteLength);
const isDirMode = (mode) => (mode & S_IFMT) === S_IFDIR;
// readFile and writeFile take a descriptor where a path may be.
const isFd = (value) => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0x7fffffff;

// The bytes of `data` for a write: a string in `encoding`, or a view.
function bytesOf(data, encoding, name = 'data') {
  if (typeof data === 'string') return Buffer.from(data, encoding || 'utf8');
  if (ArrayBufferIsView(data)) {
    if (data instanceof Uint8Array) return data;
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  }
  throw new ERR_INVALID_ARG_TYPE(name, ['string', 'Buffer', 'TypedArray', 'DataView'], data);
}

// --- descriptors ---------------------------------------------------------------

function* openOp(path, flags, mode) {
  return check(yield [native.open, path, flags, mode], 'open', path);
}

exports.open = (path, flags, mode) => openOp(toPath(path), toFlags(flags), toMode(mode, 'mode', 0o666));

function* closeOp(fd) {
  check(yield [native.close, fd], 'close');
}

exports.close = (fd) => closeOp(toFd(fd));

// --- stat ------------------------------------------------------------------------

function* statOp(fn, syscall, target, bigint, throwIfNoEntry) {
  const result = yield [fn, target, bigint];
  if (result === UV_ENOENT && !throwIfNoEntry) return undefined;
  return statsOf(check(result, syscall, typeof target === 'number' ? undefined : target));
}

function statOptions(options) {
  if (options == null || typeof options !== 'object') return { bigint: false, throwIfNoEntry: true };
  return { bigint: !!options.bigint, throwIfNoEntry: options.throwIfNoEntry !== false };
}

exports.stat = (path, options, sync) => {
  const { bigint, throwIfNoEntry } = statOptions(options);
  return statOp(native.stat, 'stat', toPath(path), bigint, !sync || throwIfNoEntry);
};
exports.lstat = (path, options, sync) => {
  const { bigint, throwIfNoEntry } = statOptions(options);
  return statOp(native.lstat, 'lstat', toPath(path), bigint, !sync || throwIfNoEntry);
};
exports.fstat = (fd, options) => statOp(native.fstat, 'fstat', toFd(fd), statOptions(options).bigint, true);

class StatFs {
  constructor(type, bsize, blocks, bfree, bavail, files, ffree) {
    this.type = type;
    this.bsize = bsize;
    this.blocks = blocks;
    this.bfree = bfree;
    this.bavail = bavail;
    this.files = files;
    this.ffree = ffree;
  }
}

function* statfsOp(path, bigint) {
  const f = check(yield [native.statfs, path, bigint], 'statfs', pathString(path));
  return new StatFs(f[0], f[1], f[2], f[3], f[4], f[5], f[6]);
}
exports.statfs = (path, options) => statfsOp(toPath(path), statOptions(options).bigint);

// --- sizes and syncs ------------------------------------------------------------

function toLength(len) {
  if (len === undefined) return 0;
  validateInteger(len, 'len');
  return Math.max(0, len);
}

function* ftruncateOp(fd, len) {
  check(yield [native.ftruncate, fd, len], 'ftruncate');
}
exports.ftruncate = (fd, len) => ftruncateOp(toFd(fd), toLength(len));

function* truncateOp(path, len) {
  const fd = check(yield [native.open, path, constants.O_RDWR, 0o666], 'open', path);
  const result = yield [native.ftruncate, fd, len];
  yield [native.close, fd];
  check(result, 'ftruncate');
}
let truncateFdWarned = false;
exports.truncate = (path, len) => {
  if (typeof path === 'number') {
    if (!truncateFdWarned) {
      truncateFdWarned = true;
      process.emitWarning('Using fs.truncate with a file descriptor is deprecated. Please use fs.ftruncate with a ' +
        'file descriptor instead.', 'DeprecationWarning', 'DEP0081');
    }
    return ftruncateOp(toFd(path), toLength(len));
  }
  return truncateOp(toPath(path), toLength(len));
};

function* fsyncOp(fn, syscall, fd) {
  check(yield [fn, fd], syscall);
}
exports.fsync = (fd) => fsyncOp(native.fsync, 'fsync', toFd(fd));
exports.fdatasync = (fd) => fsyncOp(native.fdatasync, 'fdatasync', toFd(fd));

// --- directories -----------------------------------------------------------------

function* readdirOp(path, encoding, withFileTypes, recursive) {
  const shown = pathString(path);
  const raw = wantsBytes(encoding);
  if (!recursive) {
    const [names, types] = check(yield [native.scandir, path, raw], 'scandir', shown);
    if (!withFileTypes) return raw ? names.map((n) => decodeName(n, encoding)) : names;
    return yield* direntsOf(shown, names, types, encoding);
  }
  // Breadth first, names relative to `path`, as Node lists them.
  const out = [];
  const queue = [''];
  for (let i = 0; i < queue.length; i++) {
    const relative = queue[i];
    const dir = relative === '' ? shown : pathModule.join(shown, relative);
    const [names, types] = check(yield [native.scandir, dir, false], 'scandir', dir);
    const dirents = yield* direntsOf(dir, names, types, withFileTypes ? encoding : undefined);
    for (const dirent of dirents) {
      const name = relative === '' ? dirent.name : pathModule.join(relative, dirent.name);
      if (dirent.isDirectory()) queue.push(relative === '' ? dirent.name : name);
      out.push(withFileTypes ? dirent : decodeName(name, encoding));
    }
  }
  return out;
}

// Dirents of one directory (names as the binding gave them, strings or
// bytes); entries scandir could not type are lstat'ed.
function* direntsOf(dir, names, types, encoding) {
  const out = new Array(names.length);
  for (let i = 0; i < names.length; i++) {
    let type = types[i];
    if (type === 0) {
      const st = yield [native.lstat, pathModule.join(dir, pathString(names[i])), false];
      if (!failed(st)) type = direntTypeOf(st[1]);
    }
    out[i] = new Dirent(decodeName(names[i], encoding), type, dir);
  }
  return out;
}
exports.direntsOf = direntsOf;

exports.readdir = (path, options) => {
  path = toPath(path);
  options = getOptions(options);
  return readdirOp(path, options.encoding, !!options.withFileTypes, !!options.recursive);
};

// The first directory made, or undefined when `path` already was one.
function* mkdirpOp(path, mode) {
  const result = yield [native.mkdir, path, mode];
  if (result === undefined) return path;
  if (result === UV_EEXIST) {
    const st = yield [native.stat, path, false];
    if (!failed(st) && isDirMode(st[1])) return undefined;
    throw uvError(result, 'mkdir', path);
  }
  const parent = pathModule.dirname(path);
  if (result !== UV_ENOENT || parent === path) throw uvError(result, 'mkdir', path);
  const first = yield* mkdirpOp(parent, mode);
  const again = yield [native.mkdir, path, mode];
  if (again !== undefined) {
    const st = again === UV_EEXIST ? yield [native.stat, path, false] : again;
    if (failed(st) || !isDirMode(st[1])) throw uvError(again, 'mkdir', path);
  }
  return first === undefined ? path : first;
}

function* mkdirOp(path, mode) {
  check(yield [native.mkdir, path, mode], 'mkdir', path);
}

exports.mkdir = (path, options) => {
  path = toPath(path);
  let mode = 0o777;
  let recursive = false;
  if (typeof options === 'number' || typeof options === 'string') {
    mode = toMode(options, 'mode', 0o777);
  } else if (options != null) {
    validateObject(options, 'options');
    if (options.recursive !== undefined) validateBoolean(options.recursive, 'options.recursive');
    recursive = !!options.recursive;
    mode = toMode(options.mode, 'mode', 0o777);
  }
  return recursive ? mkdirpOp(pathString(path), mode) : mkdirOp(path, mode);
};

function* mkdtempOp(prefix, encoding) {
  const made = check(yield [native.mkdtemp, `${prefix}XXXXXX`, wantsBytes(encoding)], 'mkdtemp', `${prefix}XXXXXX`);
  return decodeName(made, encoding);
}

let nonPortableTemplateWarned = false;
exports.mkdtemp = (prefix, options) => {
  options = getOptions(options);
  prefix = pathString(toPath(prefix, 'prefix'));
  if (!nonPortableTemplateWarned && prefix.endsWith('X')) {
    nonPortableTemplateWarned = true;
    process.emitWarning('mkdtemp() templates ending with X are not portable. For details see: https://nodejs.org/api/fs.html');
  }
  return mkdtempOp(prefix, options.encoding);
};

const kSlash = Buffer.from('/');

// Removes what is at `path`, whatever it is: a directory with what it holds.
// Below `path` names stay bytes, so that one that is not UTF-8 is removed too.
function* removeTree(path) {
  const st = yield [native.lstat, path, false];
  if (st === UV_ENOENT) return;
  check(st, 'lstat', path);
  if (!isDirMode(st[1])) {
    check(yield [native.unlink, path], 'unlink', path);
    return;
  }
  const [names] = check(yield [native.scandir, path, true], 'scandir', path);
  const prefix = Buffer.concat([typeof path === 'string' ? Buffer.from(path) : path, kSlash]);
  for (const name of names) yield* removeTree(Buffer.concat([prefix, name]));
  const result = yield [native.rmdir, path];
  if (result !== UV_ENOENT) check(result, 'rmdir', path);
}

function* rmOp(path, recursive, force) {
  const st = yield [native.lstat, path, false];
  if (st === UV_ENOENT && force) return;
  check(st, 'lstat', path);
  if (isDirMode(st[1])) {
    if (!recursive) {
      throw systemError({ code: 'EISDIR', message: 'is a directory', path, syscall: 'rm', errno: -UV_EISDIR },
        'ERR_FS_EISDIR', 'Path is a directory');
    }
    yield* removeTree(path);
    return;
  }
  check(yield [native.unlink, path], 'unlink', path);
}

function rmOptions(options) {
  if (options === undefined) return { recursive: false, force: false };
  validateObject(options, 'options');
  const { recursive = false, force = false, maxRetries = 0, retryDelay = 100 } = options;
  validateBoolean(recursive, 'options.recursive');
  validateBoolean(force, 'options.force');
  validateInt32(maxRetries, 'options.maxRetries', 0);
  validateInt32(retryDelay, 'options.retryDelay', 0);
  return { recursive, force };
}

exports.rm = (path, options) => {
  path = pathString(toPath(path));
  const { recursive, force } = rmOptions(options);
  return rmOp(path, recursive, force);
};

let rmdirRecursiveWarned = false;

function* rmdirOp(path) {
  check(yield [native.rmdir, path], 'rmdir', path);
}

function* rmdirRecursiveOp(path) {
  const st = yield [native.lstat, path, false];
  check(st, 'lstat', path);
  if (!isDirMode(st[1])) throw uvError(UV_ENOTDIR, 'rmdir', path);
  yield* removeTree(path);
}

exports.rmdir = (path, options) => {
  path = toPath(path);
  if (options !== undefined && options.recursive) {
    rmOptions({ ...options, force: undefined });
    if (!rmdirRecursiveWarned) {
      rmdirRecursiveWarned = true;
      process.emitWarning('In future versions of Node.js, fs.rmdir(path, { recursive: true }) will be removed. ' +
        'Use fs.rm(path, { recursive: true }) instead', 'DeprecationWarning', 'DEP0147');
    }
    return rmdirRecursiveOp(pathString(path));
  }
  return rmdirOp(path);
};

// --- names -------------------------------------------------------------------------

function* oneOp(fn, syscall, path) {
  check(yield [fn, path], syscall, pathString(path));
}
exports.unlink = (path) => oneOp(native.unlink, 'unlink', toPath(path));

function* twoOp(fn, syscall, from, to, extra) {
  const call = extra === undefined ? [fn, from, to] : [fn, from, to, extra];
  check(yield call, syscall, pathString(from), pathString(to));
}
exports.rename = (from, to) => twoOp(native.rename, 'rename', toPath(from, 'oldPath'), toPath(to, 'newPath'));
exports.link = (existing, created) =>
  twoOp(native.link, 'link', toPath(existing, 'existingPath'), toPath(created, 'newPath'));

// The mode of access() and copyFile(), checked as Node's native layer
// checks it.
function smallMode(mode, fallback) {
  if (mode == null) return fallback;
  if (typeof mode !== 'number' || !Number.isInteger(mode)) {
    throw nativeError('ERR_INVALID_ARG_TYPE', 'mode must be int32 or null/undefined');
  }
  if (mode < 0 || mode > 7) throw nativeError('ERR_OUT_OF_RANGE', 'mode is out of range: >= 0 && <= 7');
  return mode;
}
const copyMode = (mode) => smallMode(mode, 0);
exports.copyFile = (src, dest, mode) =>
  twoOp(native.copyfile, 'copyfile', toPath(src, 'src'), toPath(dest, 'dest'), copyMode(mode));

exports.symlink = (target, path, type) => {
  if (type != null && type !== 'dir' && type !== 'file' && type !== 'junction') {
    throw new ERR_FS_INVALID_SYMLINK_TYPE(type);
  }
  target = toPath(target, 'target');
  path = toPath(path);
  return twoOp(native.symlink, 'symlink', target, path, type === 'dir' ? constants.UV_FS_SYMLINK_DIR : 0);
};

function* readlinkOp(path, encoding) {
  return decodeName(check(yield [native.readlink, path, wantsBytes(encoding)], 'readlink', pathString(path)), encoding);
}
exports.readlink = (path, options) => readlinkOp(toPath(path), getOptions(options).encoding);

// realpath(3) fails on a path that leads to a pipe or a socket through
// /proc/PID/fd (/dev/stdin of a process whose stdin is one), where Node's
// own walk answers the last link's target as it reads it:
// '/proc/PID/fd/pipe:[N]'. Null for any other path.
function* pipeOrSocketPath(full) {
  const st = yield [native.stat, full, false];
  if (failed(st) || ((st[1] & S_IFMT) !== S_IFIFO && (st[1] & S_IFMT) !== S_IFSOCK)) return null;
  let path = full;
  for (let links = 0; links < 40; links++) {
    // Follows the first component that is a link.
    let at = path.indexOf('/', 1);
    for (;;) {
      const part = at === -1 ? path : path.slice(0, at);
      const lst = yield [native.lstat, part, false];
      if (failed(lst)) return part === path ? path : null;
      if ((lst[1] & S_IFMT) === S_IFLNK) {
        const target = yield [native.readlink, part];
        if (failed(target)) return null;
        path = pathModule.resolve(pathModule.dirname(part), target) + (at === -1 ? '' : path.slice(at));
        break;
      }
      if (at === -1) return path;
      at = path.indexOf('/', at + 1);
    }
  }
  return null;
}

function* realpathOp(path, encoding, syscall) {
  const result = yield [native.realpath, path, wantsBytes(encoding)];
  if (failed(result)) {
    if (syscall === 'realpath') throw uvError(result, 'realpath', pathString(path));
    const pipePath = yield* pipeOrSocketPath(pathModule.resolve(pathString(path)));
    if (pipePath !== null) return encodeName(pipePath, encoding);
    // As Node's own walk does: name the first component that lstat fails on.
    const full = pathModule.resolve(pathString(path));
    let at = full.indexOf('/', 1);
    for (;;) {
      const part = at === -1 ? full : full.slice(0, at);
      const st = yield [native.lstat, part, false];
      if (failed(st)) throw uvError(st, 'lstat', part);
      if (at === -1) break;
      at = full.indexOf('/', at + 1);
    }
    throw uvError(result, 'realpath', pathString(path));
  }
  return decodeName(result, encoding);
}
exports.realpath = (path, options) => realpathOp(toPath(path), getOptions(options).encoding, 'lstat');
exports.realpathNative = (path, options) => realpathOp(toPath(path), getOptions(options).encoding, 'realpath');

const accessMode = (mode) => smallMode(mode, constants.F_OK);
function* accessOp(path, mode) {
  check(yield [native.access, path, mode], 'access', pathString(path));
}
exports.access = (path, mode) => accessOp(toPath(path), accessMode(mode));

function* existsOp(path) {
  return (yield [native.access, path, constants.F_OK]) === undefined;
}
function* falseOp() {
  return false;
}
// A path that cannot name a file does not exist: no error, false.
exports.exists = (path) => {
  try {
    path = toPath(path);
  } catch {
    return falseOp();
  }
  return existsOp(path);
};

// --- modes, owners, times ----------------------------------------------------------

function* pathValueOp(fn, syscall, path, ...values) {
  check(yield [fn, path, ...values], syscall, pathString(path));
}
function* fdValueOp(fn, syscall, fd, ...values) {
  check(yield [fn, fd, ...values], syscall);
}

exports.chmod = (path, mode) => pathValueOp(native.chmod, 'chmod', toPath(path), toMode(mode, 'mode'));
exports.fchmod = (fd, mode) => fdValueOp(native.fchmod, 'fchmod', toFd(fd), toMode(mode, 'mode'));

function toId(id, name) {
  validateInteger(id, name, -1, 4294967295);
  return id;
}
exports.chown = (path, uid, gid) => pathValueOp(native.chown, 'chown', toPath(path), toId(uid, 'uid'), toId(gid, 'gid'));
exports.lchown = (path, uid, gid) =>
  pathValueOp(native.lchown, 'lchown', toPath(path), toId(uid, 'uid'), toId(gid, 'gid'));
exports.fchown = (fd, uid, gid) => fdValueOp(native.fchown, 'fchown', toFd(fd), toId(uid, 'uid'), toId(gid, 'gid'));

// A time in seconds, as libuv wants it, from a Date, a finite number of
// seconds (a negative one is now) or a numeric string.
function toUnixTimestamp(time, name = 'time') {
  if (typeof time === 'string' && +time == time) return +time;  // eslint-disable-line eqeqeq
  if (Number.isFinite(time)) return time < 0 ? Date.now() / 1000 : time;
  if (time instanceof Date) return time.getTime() / 1000;
  throw new ERR_INVALID_ARG_TYPE(name, ['Date', 'Time in seconds'], time);
}
exports.toUnixTimestamp = toUnixTimestamp;

exports.utimes = (path, atime, mtime) => pathValueOp(native.utime, 'utime', toPath(path),
  toUnixTimestamp(atime), toUnixTimestamp(mtime));
exports.lutimes = (path, atime, mtime) => pathValueOp(native.lutime, 'lutime', toPath(path),
  toUnixTimestamp(atime), toUnixTimestamp(mtime));
exports.futimes = (fd, atime, mtime) => fdValueOp(native.futime, 'futime', toFd(fd),
  toUnixTimestamp(atime), toUnixTimestamp(mtime));

// --- whole files ---------------------------------------------------------------------

// The largest piece one write or read of a whole file takes while a signal
// may cancel it: an abort is seen between pieces.
const kChunkSize = 512 * 1024;

function throwIfAborted(signal) {
  const err = abortedError(signal);
  if (err !== null) throw err;
}

// The whole file in one native request (open, fstat, reads, close).
function* readFileOp(target, flags, encoding) {
  const result = yield [native.readFile, target, flags];
  if (typeof result === 'number') throw new ERR_FS_FILE_TOO_LARGE(result);
  if (Array.isArray(result)) {
    throw uvError(result[0], result[1], result[1] === 'open' ? pathString(target) : undefined);
  }
  const buffer = toBuffer(result);
  return encoding && encoding !== 'buffer' ? buffer.toString(encoding) : buffer;
}

// The same a step at a time, for a read that `signal` may cancel.
function* readFileStepsOp(target, flags, encoding, signal) {
  throwIfAborted(signal);
  const own = typeof target !== 'number';
  const fd = own ? check(yield [native.open, target, flags, 0o666], 'open', pathString(target)) : target;
  try {
    throwIfAborted(signal);
    const st = check(yield [native.fstat, fd, false], 'fstat');
    const size = (st[1] & S_IFMT) === constants.S_IFREG ? st[8] : 0;
    if (size > kIoMaxLength) throw new ERR_FS_FILE_TOO_LARGE(size);
    const chunks = [];
    let total = 0;
    // A regular file is read to the size stat gave, anything else to its end.
    while (size === 0 || total < size) {
      throwIfAborted(signal);
      const chunk = Buffer.allocUnsafeSlow(size > 0 ? Math.min(size - total, kChunkSize) : 64 * 1024);
      const n = check(yield [native.read, fd, chunk, 0, chunk.byteLength, -1], 'read');
      if (n === 0) break;
      chunks.push(n === chunk.byteLength ? chunk : chunk.subarray(0, n));
      total += n;
      if (total > kIoMaxLength) throw new ERR_FS_FILE_TOO_LARGE(total);
    }
    const buffer = Buffer.concat(chunks, total);
    return encoding && encoding !== 'buffer' ? buffer.toString(encoding) : buffer;
  } finally {
    if (own) yield [native.close, fd];
  }
}

// readFile(path | fd, options): the options are checked here; with a
// signal the read goes step by step.
function readFileArgs(path, options) {
  options = getOptions(options, { flag: 'r' });
  const target = isFd(path) ? path : toPath(path);
  return [target, toFlags(options.flag || 'r'), options.encoding, options.signal];
}

exports.readFile = (path, options) => {
  const [target, flags, encoding, signal] = readFileArgs(path, options);
  return signal === undefined ? readFileOp(target, flags, encoding) : readFileStepsOp(target, flags, encoding, signal);
};
exports.readFileOp = readFileOp;

// Writes all of `bytes` at `position` (-1: the current one), in pieces when
// a signal may cancel it.
function* writeAllOp(fd, bytes, position, signal) {
  let offset = 0;
  while (offset < bytes.byteLength) {
    throwIfAborted(signal);
    const length = Math.min(bytes.byteLength - offset, signal === undefined ? Infinity : kChunkSize);
    const written = check(yield [native.write, fd, bytes, offset, length, position], 'write');
    offset += written;
    if (position >= 0) position += written;
  }
}

// The native fsync, as a flush step; fs.writeFile passes its own (the
// public fs.fsync), which Node calls.
function* nativeFlush(fd) {
  check(yield [native.fsync, fd], 'fsync');
}

// Opens `target` (unless it is a descriptor), writes `bytes`, flushes when
// asked (`flush` is a generator function of the descriptor) and closes what
// it opened, whatever happened. An abort or a failed write leaves what was
// written, as Node's does.
function* writeFileOp(target, bytes, flags, mode, signal, flush) {
  throwIfAborted(signal);
  const own = typeof target !== 'number';
  const fd = own ? check(yield [native.open, target, flags, mode], 'open', pathString(target)) : target;
  try {
    yield* writeAllOp(fd, bytes, -1, signal);
    if (flush) yield* flush(fd);
  } finally {
    if (own) yield [native.close, fd];
  }
}

// writeFile/appendFile(path | fd, data, options) checked: [target, bytes,
// flags, mode, signal, flush (a boolean)]. A descriptor always appends.
function writeFileArgs(path, data, options, defaultFlag) {
  options = getOptions(options, { encoding: 'utf8', mode: 0o666, flag: defaultFlag });
  const flush = getFlush(options);
  const bytes = bytesOf(data, options.encoding);
  const fd = isFd(path);
  const target = fd ? path : toPath(path);
  const flag = defaultFlag === 'a' && fd ? 'a' : options.flag || defaultFlag;
  return [target, bytes, toFlags(flag), toMode(options.mode, 'mode', 0o666), options.signal, flush];
}

exports.writeFileArgs = writeFileArgs;
exports.writeFile = (path, data, options) => {
  const args = writeFileArgs(path, data, options, 'w');
  return writeFileOp(...args.slice(0, 5), args[5] ? nativeFlush : null);
};
exports.appendFile = (path, data, options) => {
  const args = writeFileArgs(path, data, options, 'a');
  return writeFileOp(...args.slice(0, 5), args[5] ? nativeFlush : null);
};
exports.writeFileOp = writeFileOp;
exports.writeAllOp = writeAllOp;
exports.nativeFlush = nativeFlush;
exports.throwIfAborted = throwIfAborted;
exports.bytesOf = bytesOf;

// --- cp -------------------------------------------------------------------------------

// In a file of its own (internal/fs/cp.js), loaded on the first copy.
exports.cp = (src, dest, options) => internalRequire('internal/fs/cp').cp(src, dest, options);

