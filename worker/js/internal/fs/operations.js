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
  native, constants, check, failed, uvError, toPath, pathString, toFd, toFlags, toMode, getOptions,
  statsOf, Dirent, direntTypeOf, UV_ENOENT, UV_EEXIST, UV_EISDIR, UV_ENOTDIR,
} = utils;
const { ERR_INVALID_ARG_TYPE, ERR_FS_INVALID_SYMLINK_TYPE, ERR_OUT_OF_RANGE } = codes;
const { S_IFMT, S_IFDIR, S_IFLNK, S_IFIFO, S_IFSOCK } = constants;
const ArrayBufferIsView = ArrayBuffer.isView;

const toBuffer = (arrayBuffer) => new FastBuffer(arrayBuffer, 0, arrayBuffer.byteLength);
const isDirMode = (mode) => (mode & S_IFMT) === S_IFDIR;
// readFile and writeFile take a descriptor where a path may be.
const isFd = (value) => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0x7fffffff;

// A name from the binding in the encoding asked for.
function encodeName(name, encoding) {
  if (encoding === 'buffer') return Buffer.from(name);
  if (!encoding || encoding === 'utf8' || encoding === 'utf-8') return name;
  return Buffer.from(name).toString(encoding);
}

// The bytes of `data` for a write: a string in `encoding`, or a view.
function bytesOf(data, encoding, name = 'data') {
  if (typeof data === 'string') return Buffer.from(data, encoding || 'utf8');
  if (ArrayBufferIsView(data)) {
    if (data instanceof Uint8Array) return data;
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  }
  throw new ERR_INVALID_ARG_TYPE(name, ['string', 'Buffer', 'TypedArray', 'DataView'], data);
}

function toPosition(position, name = 'position') {
  if (position == null) return -1;
  if (typeof position === 'bigint') {
    if (position < -1n || position > 9223372036854775807n) {
      throw new ERR_OUT_OF_RANGE(name, '>= -1 && <= 9223372036854775807', position);
    }
    return Number(position);
  }
  if (typeof position !== 'number') throw new ERR_INVALID_ARG_TYPE(name, ['integer', 'bigint'], position);
  validateInteger(position, name, -1);
  return position;
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

function* readOp(fd, buffer, offset, length, position) {
  if (length === 0) return 0;
  return check(yield [native.read, fd, buffer, offset, length, position], 'read');
}

// (fd, buffer, offset, length, position) or (fd, buffer, { offset, length, position })
function readArgs(fd, buffer, offset, length, position) {
  toFd(fd);
  if (!ArrayBufferIsView(buffer)) throw new ERR_INVALID_ARG_TYPE('buffer', ['Buffer', 'TypedArray', 'DataView'], buffer);
  if (offset !== null && typeof offset === 'object') {
    ({ offset = 0, length = buffer.byteLength - offset, position = null } = offset);
  }
  if (offset === undefined) offset = 0;
  else validateInteger(offset, 'offset', 0);
  if (length === undefined) length = buffer.byteLength - offset;
  validateInteger(length, 'length', 0);
  if (offset + length > buffer.byteLength) throw new ERR_OUT_OF_RANGE('length', `<= ${buffer.byteLength - offset}`, length);
  return [fd, buffer, offset, length, toPosition(position)];
}

exports.readArgs = readArgs;
exports.read = (...args) => readOp(...readArgs(...args));

function* writeOp(fd, bytes, offset, length, position) {
  return check(yield [native.write, fd, bytes, offset, length, position], 'write');
}

// (fd, buffer, offset?, length?, position?), (fd, buffer, { offset, length, position })
// or (fd, string, position?, encoding?); the bytes to write and where.
function writeArgs(fd, data, offset, length, position) {
  toFd(fd);
  if (ArrayBufferIsView(data)) {
    if (offset !== null && typeof offset === 'object') {
      ({ offset = 0, length = data.byteLength - offset, position = null } = offset);
    }
    if (offset == null) offset = 0;
    else validateInteger(offset, 'offset', 0);
    if (offset > data.byteLength) throw new ERR_OUT_OF_RANGE('offset', `<= ${data.byteLength}`, offset);
    if (length == null) length = data.byteLength - offset;
    if (length > data.byteLength - offset) throw new ERR_OUT_OF_RANGE('length', `<= ${data.byteLength - offset}`, length);
    validateInt32(length, 'length', 0);
    return [fd, data, offset, length, toPosition(position)];
  }
  if (typeof data !== 'string') throw new ERR_INVALID_ARG_TYPE('buffer', ['string', 'Buffer', 'TypedArray', 'DataView'], data);
  const encoding = typeof length === 'string' ? length : 'utf8';
  const bytes = Buffer.from(data, encoding);
  return [fd, bytes, 0, bytes.byteLength, toPosition(typeof offset === 'number' || typeof offset === 'bigint' ? offset : null)];
}

exports.writeArgs = writeArgs;
exports.write = (...args) => writeOp(...writeArgs(...args));

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
  if (len == null) return 0;
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
exports.truncate = (path, len) => {
  if (typeof path === 'number') return ftruncateOp(toFd(path), toLength(len));
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
  if (!recursive) {
    const result = check(yield [native.scandir, path, withFileTypes], 'scandir', shown);
    if (!withFileTypes) return encoding && encoding !== 'utf8' ? result.map((n) => encodeName(n, encoding)) : result;
    return yield* direntsOf(shown, result[0], result[1], encoding);
  }
  // Breadth first, names relative to `path`, as Node lists them.
  const out = [];
  const queue = [''];
  for (let i = 0; i < queue.length; i++) {
    const relative = queue[i];
    const dir = relative === '' ? shown : pathModule.join(shown, relative);
    const [names, types] = check(yield [native.scandir, dir, true], 'scandir', dir);
    const dirents = yield* direntsOf(dir, names, types, withFileTypes ? encoding : undefined);
    for (const dirent of dirents) {
      const name = relative === '' ? dirent.name : pathModule.join(relative, dirent.name);
      if (dirent.isDirectory()) queue.push(relative === '' ? dirent.name : name);
      out.push(withFileTypes ? dirent : encodeName(name, encoding));
    }
  }
  return out;
}

// Dirents of one directory; entries scandir could not type are lstat'ed.
function* direntsOf(dir, names, types, encoding) {
  const out = new Array(names.length);
  for (let i = 0; i < names.length; i++) {
    let type = types[i];
    if (type === 0) {
      const st = yield [native.lstat, pathModule.join(dir, names[i]), false];
      if (!failed(st)) type = direntTypeOf(st[1]);
    }
    out[i] = new Dirent(encodeName(names[i], encoding), type, dir);
  }
  return out;
}

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
  const made = check(yield [native.mkdtemp, `${prefix}XXXXXX`], 'mkdtemp', `${prefix}XXXXXX`);
  return encodeName(made, encoding);
}

exports.mkdtemp = (prefix, options) => {
  options = getOptions(options);
  prefix = pathString(toPath(prefix, 'prefix'));
  return mkdtempOp(prefix, options.encoding);
};

// Removes what is at `path`, whatever it is: a directory with what it holds.
function* removeTree(path) {
  const st = yield [native.lstat, path, false];
  if (st === UV_ENOENT) return;
  check(st, 'lstat', path);
  if (!isDirMode(st[1])) {
    check(yield [native.unlink, path], 'unlink', path);
    return;
  }
  const names = check(yield [native.scandir, path, false], 'scandir', path);
  for (const name of names) yield* removeTree(pathModule.join(path, name));
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
  return encodeName(check(yield [native.readlink, path], 'readlink', pathString(path)), encoding);
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
  const result = yield [native.realpath, path];
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
  return encodeName(result, encoding);
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
exports.exists = (path) => {
  try {
    path = toPath(path);
  } catch {
    return existsOp(undefined);
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

// A time in seconds, as libuv wants it, from a Date, a number of seconds or
// a numeric string.
function toUnixTimestamp(time, name = 'time') {
  if (typeof time === 'string' && +time == time) return +time;  // eslint-disable-line eqeqeq
  if (typeof time === 'number') {
    if (!Number.isFinite(time) || time < 0) return Date.now() / 1000;
    return time;
  }
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

function* readFileOp(target, flags, encoding) {
  const result = yield [native.readFile, target, flags];
  if (Array.isArray(result)) {
    throw uvError(result[0], result[1], result[1] === 'open' ? pathString(target) : undefined);
  }
  const buffer = toBuffer(result);
  return encoding && encoding !== 'buffer' ? buffer.toString(encoding) : buffer;
}

exports.readFile = (path, options) => {
  options = getOptions(options, { flag: 'r' });
  const target = isFd(path) ? path : toPath(path);
  return readFileOp(target, toFlags(options.flag), options.encoding);
};

function* writeAllOp(fd, bytes, position) {
  let offset = 0;
  while (offset < bytes.byteLength) {
    const written = check(yield [native.write, fd, bytes, offset, bytes.byteLength - offset, position], 'write');
    offset += written;
    if (position >= 0) position += written;
  }
}

function* writeFileOp(target, bytes, flags, mode) {
  if (typeof target === 'number') return yield* writeAllOp(target, bytes, -1);
  const fd = check(yield [native.open, target, flags, mode], 'open', pathString(target));
  try {
    yield* writeAllOp(fd, bytes, -1);
  } finally {
    yield [native.close, fd];
  }
}

function writeFileArgs(path, data, options, flag) {
  options = getOptions(options, { encoding: 'utf8', mode: 0o666, flag });
  const target = isFd(path) ? path : toPath(path, 'file');
  const bytes = bytesOf(data, options.encoding);
  return [target, bytes, toFlags(options.flag), toMode(options.mode, 'mode', 0o666)];
}

exports.writeFile = (path, data, options) => writeFileOp(...writeFileArgs(path, data, options, 'w'));
exports.appendFile = (path, data, options) => writeFileOp(...writeFileArgs(path, data, options, 'a'));
exports.writeFileOp = writeFileOp;
exports.writeAllOp = writeAllOp;
exports.readFileOp = readFileOp;
exports.bytesOf = bytesOf;

// --- cp -------------------------------------------------------------------------------

function* cpOp(src, dest, options) {
  const srcStat = check(yield [options.dereference ? native.stat : native.lstat, src, false], 'lstat', src);
  const destStat = yield [native.lstat, dest, false];
  const srcIsDir = isDirMode(srcStat[1]);
  if (!failed(destStat)) {
    if (srcStat[0] === destStat[0] && srcStat[7] === destStat[7]) {
      throw systemError({ code: 'EINVAL', message: 'src and dest cannot be the same', path: dest, syscall: 'cp',
        errno: 22 }, 'ERR_FS_CP_EINVAL', 'Invalid src or dest');
    }
    if (srcIsDir && !isDirMode(destStat[1])) {
      throw systemError({ code: 'EISDIR', message: `cannot overwrite non-directory ${dest} with directory ${src}`,
        path: dest, syscall: 'cp', errno: 21 }, 'ERR_FS_CP_DIR_TO_NON_DIR', 'Cannot overwrite non-directory with directory');
    }
    if (!srcIsDir && isDirMode(destStat[1])) {
      throw systemError({ code: 'ENOTDIR', message: `cannot overwrite directory ${dest} with non-directory ${src}`,
        path: dest, syscall: 'cp', errno: 20 }, 'ERR_FS_CP_NON_DIR_TO_DIR', 'Cannot overwrite directory with non-directory');
    }
  }
  if (srcIsDir) {
    if (!options.recursive) {
      throw systemError({ code: 'EISDIR', message: `${src} is a directory (not copied)`, path: src, syscall: 'cp',
        errno: 21 }, 'ERR_FS_EISDIR', 'Path is a directory');
    }
    const relative = pathModule.relative(src, dest);
    if (relative !== '' && !relative.startsWith('..') && !pathModule.isAbsolute(relative)) {
      throw systemError({ code: 'EINVAL', message: `cannot copy ${src} to a subdirectory of self ${dest}`, path: dest,
        syscall: 'cp', errno: 22 }, 'ERR_FS_CP_EINVAL', 'Invalid src or dest');
    }
    if (failed(destStat)) check(yield [native.mkdir, dest, srcStat[1] & 0o7777], 'mkdir', dest);
    const names = check(yield [native.scandir, src, false], 'scandir', src);
    for (const name of names) {
      const from = pathModule.join(src, name);
      const to = pathModule.join(dest, name);
      if (typeof options.filter === 'function' && !(yield* filterOp(options.filter, from, to))) continue;
      yield* cpOp(from, to, options);
    }
    return;
  }
  if ((srcStat[1] & S_IFMT) === S_IFLNK) {
    const target = pathModule.resolve(pathModule.dirname(src), check(yield [native.readlink, src], 'readlink', src));
    if (!failed(destStat)) {
      if (!options.force) return;
      yield [native.unlink, dest];
    }
    check(yield [native.symlink, target, dest, 0], 'symlink', target, dest);
    return;
  }
  if (!failed(destStat)) {
    if (options.errorOnExist && !options.force) {
      throw systemError({ code: 'EEXIST', message: `${dest} already exists`, path: dest, syscall: 'cp', errno: 17 },
        'ERR_FS_CP_EEXIST', 'Target already exists');
    }
    if (!options.force) return;
  }
  check(yield [native.copyfile, src, dest, options.mode], 'copyfile', src, dest);
  if (options.preserveTimestamps) {
    const atime = srcStat[10] + srcStat[11] / 1e9;
    const mtime = srcStat[12] + srcStat[13] / 1e9;
    check(yield [native.utime, dest, atime, mtime], 'utime', dest);
  }
}

// A filter may answer a promise only in the asynchronous forms; the
// synchronous one takes what it returns.
function* filterOp(filter, from, to) {
  return !!filter(from, to);
}

exports.cp = (src, dest, options) => {
  src = pathModule.resolve(pathString(toPath(src, 'src')));
  dest = pathModule.resolve(pathString(toPath(dest, 'dest')));
  if (options == null) options = {};
  else validateObject(options, 'options');
  const opts = {
    dereference: !!options.dereference,
    errorOnExist: !!options.errorOnExist,
    force: options.force === undefined ? true : !!options.force,
    preserveTimestamps: !!options.preserveTimestamps,
    recursive: !!options.recursive,
    filter: options.filter,
    mode: copyMode(options.mode),
  };
  if (opts.filter !== undefined && typeof opts.filter !== 'function') {
    throw new ERR_INVALID_ARG_TYPE('options.filter', 'Function', opts.filter);
  }
  return cpOp(src, dest, opts);
};

exports.encodeName = encodeName;
exports.toBuffer = toBuffer;
