'use strict';
// node:fs/promises: each operation of internal/fs/operations.js queued on
// libuv's thread pool, as a promise; open() gives a FileHandle
// (internal/fs/file_handle.js). A bad argument rejects, as in Node, instead
// of throwing.

const utils = internalRequire('internal/fs/utils');
const ops = internalRequire('internal/fs/operations');
const { runPromise } = internalRequire('internal/fs/run');
const { codes } = internalRequire('internal/errors');

const { constants, getOptions } = utils;
const { ERR_METHOD_NOT_IMPLEMENTED } = codes;
const { FileHandle, isChunks, writeData } = internalRequire('internal/fs/file_handle');

const fromHandle = (path) => (path instanceof FileHandle ? path.fd : path);

async function open(path, flags, mode) {
  return new FileHandle(await runPromise(ops.open(path, flags, mode)));
}

async function readFile(path, options) {
  return runPromise(ops.readFile(fromHandle(path), options));
}

// Opens the file (unless given a FileHandle), writes, flushes when asked and
// closes what it opened; a failure to close is reported only when the rest
// went well.
async function writeFile(path, data, options) {
  options = getOptions(options, { encoding: 'utf8', mode: 0o666, flag: 'w' });
  const flush = utils.getFlush(options);
  if (!isChunks(data)) data = ops.bytesOf(data, options.encoding);
  if (path instanceof FileHandle) return path.writeFile(data, options);
  ops.throwIfAborted(options.signal);
  const fd = await runPromise(ops.open(path, options.flag || 'w', options.mode));
  let result;
  try {
    result = await writeData(fd, data, options.encoding, options.signal);
    if (flush) await runPromise(ops.nativeFlush(fd));
  } catch (err) {
    await runPromise(ops.close(fd)).catch(() => {});
    throw err;
  }
  await runPromise(ops.close(fd));
  return result;
}

async function appendFile(path, data, options) {
  options = getOptions(options, { encoding: 'utf8', mode: 0o666, flag: 'a' });
  return writeFile(path, data, { ...options, flag: options.flag || 'a' });
}

// A promise form of an operation; `length` is Node's.
const simple = (operation, length) => {
  const fn = async function (...args) {
    return runPromise(operation(...args));
  };
  Object.defineProperty(fn, 'length', { __proto__: null, value: length, configurable: true });
  return fn;
};

module.exports = {
  access: simple(ops.access, 1),
  copyFile: simple(ops.copyFile, 3),
  cp: simple(ops.cp, 3),
  open,
  opendir: simple((path, options) => internalRequire('internal/fs/dir').opendir(path, options), 3),
  rename: simple(ops.rename, 2),
  truncate: simple(ops.truncate, 1),
  rm: simple(ops.rm, 2),
  rmdir: simple(ops.rmdir, 2),
  mkdir: simple(ops.mkdir, 2),
  readdir: simple(ops.readdir, 2),
  readlink: simple(ops.readlink, 2),
  symlink: simple(ops.symlink, 3),
  lstat: async (path, options = { bigint: false }) => runPromise(ops.lstat(path, options, false)),
  stat: async (path, options = { bigint: false }) => runPromise(ops.stat(path, options, false)),
  statfs: async (path, options = { bigint: false }) => runPromise(ops.statfs(path, options)),
  link: simple(ops.link, 2),
  unlink: simple(ops.unlink, 1),
  chmod: simple(ops.chmod, 2),
  // Only macOS has lchmod; elsewhere Node's rejects.
  async lchmod(path, mode) {
    throw new ERR_METHOD_NOT_IMPLEMENTED('lchmod()');
  },
  lchown: simple(ops.lchown, 3),
  chown: simple(ops.chown, 3),
  utimes: simple(ops.utimes, 3),
  lutimes: simple(ops.lutimes, 3),
  realpath: simple(ops.realpathNative, 2),
  mkdtemp: simple(ops.mkdtemp, 2),
  writeFile,
  appendFile,
  readFile,
  watch(filename, options = {}) {
    return internalRequire('internal/fs/watchers').watchPromise(filename, options);
  },
  constants,
};
for (const name of Object.keys(module.exports)) {
  const fn = module.exports[name];
  if (typeof fn === 'function' && fn.name !== name) Object.defineProperty(fn, 'name', { __proto__: null, value: name });
}
