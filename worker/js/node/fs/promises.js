'use strict';
// node:fs/promises: each operation of internal/fs/operations.js queued on
// libuv's thread pool, as a promise; open() gives a FileHandle
// (internal/fs/file_handle.js). A bad argument rejects, as in Node, instead
// of throwing.

const utils = internalRequire('internal/fs/utils');
const ops = internalRequire('internal/fs/operations');
const { runPromise } = internalRequire('internal/fs/run');
const { codes } = internalRequire('internal/errors');

const { constants, getOptions, toFlags, toMode } = utils;
const { ERR_NOT_AVAILABLE_IN_WORKER } = codes;
const { FileHandle, bytesOfAny } = internalRequire('internal/fs/file_handle');

const fromHandle = (path) => (path instanceof FileHandle ? path.fd : path);

async function open(path, flags, mode) {
  return new FileHandle(await runPromise(ops.open(path, flags, mode)));
}

async function readFile(path, options) {
  return runPromise(ops.readFile(fromHandle(path), options));
}

async function writeFile(path, data, options) {
  options = getOptions(options, { encoding: 'utf8', mode: 0o666, flag: 'w' });
  const target = path instanceof FileHandle ? path.fd : utils.toPath(path, 'file');
  const bytes = await bytesOfAny(data, options.encoding);
  return runPromise(ops.writeFileOp(target, bytes, toFlags(options.flag), toMode(options.mode, 'mode', 0o666)));
}

async function appendFile(path, data, options) {
  options = getOptions(options, { encoding: 'utf8', mode: 0o666, flag: 'a' });
  return writeFile(path, data, options);
}

const simple = (operation) => async function (...args) {
  return runPromise(operation(...args));
};

module.exports = {
  access: simple(ops.access),
  copyFile: simple(ops.copyFile),
  cp: simple(ops.cp),
  open,
  opendir() {
    throw new ERR_NOT_AVAILABLE_IN_WORKER('fs.promises.opendir');
  },
  rename: simple(ops.rename),
  truncate: simple(ops.truncate),
  rm: simple(ops.rm),
  rmdir: simple(ops.rmdir),
  mkdir: simple(ops.mkdir),
  readdir: simple(ops.readdir),
  readlink: simple(ops.readlink),
  symlink: simple(ops.symlink),
  lstat: async (path, options) => runPromise(ops.lstat(path, options, false)),
  stat: async (path, options) => runPromise(ops.stat(path, options, false)),
  statfs: simple(ops.statfs),
  link: simple(ops.link),
  unlink: simple(ops.unlink),
  chmod: simple(ops.chmod),
  lchmod: undefined,
  lchown: simple(ops.lchown),
  chown: simple(ops.chown),
  utimes: simple(ops.utimes),
  lutimes: simple(ops.lutimes),
  realpath: simple(ops.realpathNative),
  mkdtemp: simple(ops.mkdtemp),
  writeFile,
  appendFile,
  readFile,
  watch() {
    throw new ERR_NOT_AVAILABLE_IN_WORKER('fs.promises.watch');
  },
  constants,
};
delete module.exports.lchmod;
for (const name of Object.keys(module.exports)) {
  const fn = module.exports[name];
  if (typeof fn === 'function' && fn.name !== name) Object.defineProperty(fn, 'name', { __proto__: null, value: name });
}
