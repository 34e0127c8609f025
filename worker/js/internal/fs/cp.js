'use strict';
// fs.cp, cpSync and fs.promises.cp: a file, a link or (recursive) a whole
// tree copied as Node copies it. The checks come first (the same entry
// twice, a directory over a file or the reverse, a directory into itself),
// then each entry by its type: files with copyfile and the source's mode,
// links as links (their target made absolute unless verbatimSymlinks),
// directories made and filled. One generator of native calls serves the
// three forms (internal/fs/run.js); only the asynchronous ones wait for a
// filter's promise.

const utils = internalRequire('internal/fs/utils');
const { codes, systemError } = internalRequire('internal/errors');
const { validateBoolean, validateFunction, validateInteger, validateObject } = internalRequire('internal/validators');
const { nextTick } = internalRequire('internal/process/tick');
const pathModule = internalRequire('internal/path/posix');

const { native, check, toPath, pathString, constants, UV_ENOENT } = utils;
const { ERR_INVALID_RETURN_VALUE, ERR_INCOMPATIBLE_OPTION_PAIR } = codes;
const { S_IFMT, S_IFREG, S_IFDIR, S_IFLNK, S_IFCHR, S_IFBLK, S_IFSOCK, S_IFIFO } = constants;
const { dirname, isAbsolute, resolve, join, parse } = pathModule;

// errno values as Node's cp errors carry them (positive, from os.constants).
const EEXIST = 17;
const ENOTDIR = 20;
const EISDIR = 21;
const EINVAL = 22;

function cpError(code, prefix, errnoName, errno, message, path) {
  return systemError({ code: errnoName, message, path, syscall: 'cp', errno }, code, prefix);
}

const typeOf = (st) => Number(st[1]) & S_IFMT;
const modeOf = (st) => Number(st[1]);
const sameEntry = (a, b) => a[7] === b[7] && a[0] === b[0];

// Whether `dest` lies in `src` (every component of src starts dest).
function isSubdir(src, dest) {
  const srcParts = resolve(src).split('/').filter(Boolean);
  const destParts = resolve(dest).split('/').filter(Boolean);
  return srcParts.every((part, i) => destParts[i] === part);
}

// A filter's answer as a step: synchronously its value (a promise is an
// error there, as in Node), asynchronously the value it settles to.
function filterStep(filter, src, dest, done) {
  let answer;
  try {
    answer = filter(src, dest);
  } catch (err) {
    if (done === undefined) return { err };
    nextTick(done, { err });
    return undefined;
  }
  const isPromise = answer instanceof Promise;
  if (done === undefined) {
    return isPromise ? { err: new ERR_INVALID_RETURN_VALUE('boolean', 'filter', answer) } : { keep: answer };
  }
  Promise.resolve(answer).then((keep) => done({ keep }), (err) => done({ err }));
  return undefined;
}

// The bigint stat of `path` (stat or lstat by `dereference`), or null when
// there is nothing there and `missingOk`.
function* statOf(path, dereference, missingOk) {
  const result = yield [dereference ? native.stat : native.lstat, path, true];
  if (missingOk && result === UV_ENOENT) return null;
  return check(result, dereference ? 'stat' : 'lstat', path);
}

// The checks of one pair; null when the filter leaves it out.
function* checkPaths(src, dest, opts) {
  if (opts.filter) {
    const answer = yield [filterStep, opts.filter, src, dest];
    if (answer.err !== undefined) throw answer.err;
    if (!answer.keep) return null;
  }
  const srcStat = yield* statOf(src, opts.dereference, false);
  const destStat = yield* statOf(dest, opts.dereference, true);
  const srcIsDir = typeOf(srcStat) === S_IFDIR;
  if (destStat !== null) {
    if (sameEntry(srcStat, destStat)) {
      throw cpError('ERR_FS_CP_EINVAL', 'Invalid src or dest', 'EINVAL', EINVAL, 'src and dest cannot be the same', dest);
    }
    const destIsDir = typeOf(destStat) === S_IFDIR;
    if (srcIsDir && !destIsDir) {
      throw cpError('ERR_FS_CP_DIR_TO_NON_DIR', 'Cannot overwrite non-directory with directory', 'EISDIR', EISDIR,
        `cannot overwrite non-directory ${dest} with directory ${src}`, dest);
    }
    if (!srcIsDir && destIsDir) {
      throw cpError('ERR_FS_CP_NON_DIR_TO_DIR', 'Cannot overwrite directory with non-directory', 'ENOTDIR', ENOTDIR,
        `cannot overwrite directory ${dest} with non-directory ${src}`, dest);
    }
  }
  if (srcIsDir && isSubdir(src, dest)) {
    throw cpError('ERR_FS_CP_EINVAL', 'Invalid src or dest', 'EINVAL', EINVAL,
      `cannot copy ${src} to a subdirectory of self ${dest}`, dest);
  }
  return { srcStat, destStat };
}

// No directory above `dest` (up to src's parent) may be src itself.
function* checkParentPaths(src, srcStat, dest) {
  const srcParent = resolve(dirname(src));
  for (let parent = resolve(dirname(dest)); parent !== srcParent && parent !== parse(parent).root;
    parent = resolve(dirname(parent))) {
    const st = yield* statOf(parent, true, true);
    if (st === null) return;
    if (sameEntry(srcStat, st)) {
      throw cpError('ERR_FS_CP_EINVAL', 'Invalid src or dest', 'EINVAL', EINVAL,
        `cannot copy ${src} to a subdirectory of self ${dest}`, dest);
    }
  }
}

function* copyEntry(destStat, src, dest, opts) {
  const srcStat = yield* statOf(src, opts.dereference, false);
  switch (typeOf(srcStat)) {
    case S_IFDIR:
      if (!opts.recursive) {
        throw cpError('ERR_FS_EISDIR', 'Path is a directory', 'EISDIR', EINVAL, `${src} is a directory (not copied)`, src);
      }
      return yield* copyDir(srcStat, destStat, src, dest, opts);
    case S_IFREG:
    case S_IFCHR:
    case S_IFBLK:
      return yield* copyFile(srcStat, destStat, src, dest, opts);
    case S_IFLNK:
      return yield* copyLink(destStat, src, dest, opts);
    case S_IFSOCK:
      throw cpError('ERR_FS_CP_SOCKET', 'Cannot copy a socket file', 'EINVAL', EINVAL,
        `cannot copy a socket file: ${dest}`, dest);
    case S_IFIFO:
      throw cpError('ERR_FS_CP_FIFO_PIPE', 'Cannot copy a FIFO pipe', 'EINVAL', EINVAL,
        `cannot copy a FIFO pipe: ${dest}`, dest);
    default:
      throw cpError('ERR_FS_CP_UNKNOWN', 'Cannot copy an unknown file type', 'EINVAL', EINVAL,
        `cannot copy an unknown file type: ${dest}`, dest);
  }
}

function* copyFile(srcStat, destStat, src, dest, opts) {
  if (destStat !== null) {
    if (opts.errorOnExist && !opts.force) {
      throw cpError('ERR_FS_CP_EEXIST', 'Target already exists', 'EEXIST', EEXIST, `${dest} already exists`, dest);
    }
    if (!opts.force) return;
    // What is there goes first: a link there is replaced, not written through.
    check(yield [native.unlink, dest], 'unlink', dest);
  }
  check(yield [native.copyfile, src, dest, opts.mode], 'copyfile', src, dest);
  const mode = modeOf(srcStat);
  if (opts.preserveTimestamps) {
    // A read-only copy must be writable while its times are set.
    if ((mode & 0o200) === 0) check(yield [native.chmod, dest, mode | 0o200], 'chmod', dest);
    // The source's times now: reading it for the copy moved its atime.
    const st = check(yield [native.stat, src, false], 'stat', src);
    const seconds = (s, ns) => Math.round(s * 1e3 + ns / 1e6) / 1e3;
    check(yield [native.utime, dest, seconds(st[10], st[11]), seconds(st[12], st[13])], 'utime', dest);
  }
  check(yield [native.chmod, dest, mode & 0o7777], 'chmod', dest);
}

function* copyDir(srcStat, destStat, src, dest, opts) {
  if (destStat === null) check(yield [native.mkdir, dest, 0o777], 'mkdir', dest);
  const [names] = check(yield [native.scandir, src, false], 'scandir', src);
  for (const name of names) {
    const from = join(src, name);
    const to = join(dest, name);
    const checked = yield* checkPaths(from, to, opts);
    if (checked !== null) yield* copyEntry(checked.destStat, from, to, opts);
  }
  if (destStat === null) check(yield [native.chmod, dest, modeOf(srcStat) & 0o7777], 'chmod', dest);
}

function* copyLink(destStat, src, dest, opts) {
  let target = check(yield [native.readlink, src, false], 'readlink', src);
  if (!opts.verbatimSymlinks && !isAbsolute(target)) target = resolve(dirname(src), target);
  if (destStat !== null) {
    const existing = yield [native.readlink, dest, false];
    // dest is no link (EINVAL): the symlink below fails with EEXIST, as Node's does.
    if (existing !== -EINVAL) {
      let destTarget = check(existing, 'readlink', dest);
      if (!isAbsolute(destTarget)) destTarget = resolve(dirname(dest), destTarget);
      if (isSubdir(target, destTarget)) {
        throw cpError('ERR_FS_CP_EINVAL', 'Invalid src or dest', 'EINVAL', EINVAL,
          `cannot copy ${target} to a subdirectory of self ${destTarget}`, dest);
      }
      const st = check(yield [native.stat, dest, false], 'stat', dest);
      if ((st[1] & S_IFMT) === S_IFDIR && isSubdir(destTarget, target)) {
        throw cpError('ERR_FS_CP_SYMLINK_TO_SUBDIRECTORY', 'Cannot overwrite symlink in subdirectory of self', 'EINVAL',
          EINVAL, `cannot overwrite ${destTarget} with ${target}`, dest);
      }
      check(yield [native.unlink, dest], 'unlink', dest);
    }
  }
  check(yield [native.symlink, target, dest, 0], 'symlink', target, dest);
}

function* cpOp(src, dest, opts) {
  const checked = yield* checkPaths(src, dest, opts);
  if (checked === null) return;
  yield* checkParentPaths(src, checked.srcStat, dest);
  const parent = dirname(dest);
  if ((yield [native.access, parent, constants.F_OK]) !== undefined) {
    yield* internalRequire('internal/fs/operations').mkdir(parent, { recursive: true });
  }
  yield* copyEntry(checked.destStat, src, dest, opts);
}

// The mode of the copies, checked as Node's cp checks it.
function copyMode(mode) {
  if (mode == null) return 0;
  validateInteger(mode, 'mode', 0, 7);
  return mode;
}

// cp(src, dest, options) checked: the operation.
function cp(src, dest, options) {
  src = pathString(toPath(src, 'src'));
  dest = pathString(toPath(dest, 'dest'));
  let opts = { dereference: false, errorOnExist: false, filter: undefined, force: true, preserveTimestamps: false,
    recursive: false, verbatimSymlinks: false };
  if (options !== undefined) {
    validateObject(options, 'options');
    opts = { ...opts, ...options };
    for (const name of ['dereference', 'errorOnExist', 'force', 'preserveTimestamps', 'recursive', 'verbatimSymlinks']) {
      validateBoolean(opts[name], `options.${name}`);
    }
    opts.mode = copyMode(opts.mode);
    if (opts.dereference && opts.verbatimSymlinks) {
      throw new ERR_INCOMPATIBLE_OPTION_PAIR('dereference', 'verbatimSymlinks');
    }
    if (opts.filter !== undefined) validateFunction(opts.filter, 'options.filter');
  } else {
    opts.mode = 0;
  }
  return cpOp(src, dest, opts);
}

module.exports = { cp };
