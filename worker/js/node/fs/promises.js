'use strict';
// node:fs/promises: each operation of internal/fs/operations.js queued on
// libuv's thread pool, as a promise; open() gives a FileHandle. A bad
// argument rejects, as in Node, instead of throwing.

const utils = internalRequire('internal/fs/utils');
const ops = internalRequire('internal/fs/operations');
const { runPromise } = internalRequire('internal/fs/run');
const { codes } = internalRequire('internal/errors');
const { Buffer } = internalRequire('internal/buffer/buffer');

const { constants, getOptions, toFlags, toMode } = utils;
const { ERR_NOT_AVAILABLE_IN_WORKER, ERR_INVALID_ARG_TYPE } = codes;

const kFd = Symbol('kFd');
const kClosePromise = Symbol('kClosePromise');

class FileHandle {
  constructor(fd) {
    this[kFd] = fd;
    this[kClosePromise] = null;
  }

  get fd() {
    return this[kFd];
  }

  // Runs operation(fd); on a closed handle, Node's EBADF "file closed"
  // naming the call.
  async #run(syscall, operation) {
    if (this[kFd] === -1) {
      const err = new Error('file closed');
      err.code = 'EBADF';
      err.syscall = syscall;
      throw err;
    }
    return runPromise(operation(this[kFd]));
  }

  getAsyncId() {
    return -1;
  }

  async appendFile(data, options) {
    options = getOptions(options, { encoding: 'utf8' });
    return this.#run('write', (fd) => ops.writeAllOp(fd, ops.bytesOf(data, options.encoding), -1));
  }

  async chmod(mode) {
    return this.#run('fchmod', (fd) => ops.fchmod(fd, mode));
  }

  async chown(uid, gid) {
    return this.#run('fchown', (fd) => ops.fchown(fd, uid, gid));
  }

  async datasync() {
    return this.#run('fdatasync', (fd) => ops.fdatasync(fd));
  }

  async sync() {
    return this.#run('fsync', (fd) => ops.fsync(fd));
  }

  async read(buffer, offset, length, position) {
    if (buffer == null || (!ArrayBuffer.isView(buffer) && typeof buffer === 'object')) {
      const options = buffer || {};
      buffer = options.buffer || Buffer.alloc(16384);
      offset = { offset: options.offset, length: options.length, position: options.position };
    }
    const bytesRead = await this.#run('read', (fd) => ops.read(fd, buffer, offset, length, position));
    return { bytesRead, buffer };
  }

  async readv(buffers, position) {
    let bytesRead = 0;
    for (const buffer of buffers) {
      const { bytesRead: n } = await this.read(buffer, 0, buffer.byteLength, position);
      bytesRead += n;
      if (typeof position === 'number') position += n;
      if (n < buffer.byteLength) break;
    }
    return { bytesRead, buffers };
  }

  async readFile(options) {
    options = getOptions(options);
    return this.#run('read', (fd) => ops.readFileOp(fd, 0, options.encoding));
  }

  async stat(options) {
    return this.#run('fstat', (fd) => ops.fstat(fd, options));
  }

  async truncate(len = 0) {
    return this.#run('ftruncate', (fd) => ops.ftruncate(fd, len));
  }

  async utimes(atime, mtime) {
    return this.#run('futime', (fd) => ops.futimes(fd, atime, mtime));
  }

  async write(data, offset, length, position) {
    const bytesWritten = await this.#run('write', (fd) => ops.write(fd, data, offset, length, position));
    return { bytesWritten, buffer: data };
  }

  async writev(buffers, position) {
    let bytesWritten = 0;
    for (const buffer of buffers) {
      const { bytesWritten: n } = await this.write(buffer, 0, buffer.byteLength, position);
      bytesWritten += n;
      if (typeof position === 'number') position += n;
    }
    return { bytesWritten, buffers };
  }

  async writeFile(data, options) {
    options = getOptions(options, { encoding: 'utf8' });
    const bytes = await bytesOfAny(data, options.encoding);
    return this.#run('write', (fd) => ops.writeAllOp(fd, bytes, -1));
  }

  close() {
    if (this[kClosePromise] !== null) return this[kClosePromise];
    const fd = this[kFd];
    this[kFd] = -1;
    if (fd < 0) return Promise.resolve();
    this[kClosePromise] = runPromise(ops.close(fd)).finally(() => {
      this[kClosePromise] = null;
    });
    return this[kClosePromise];
  }

  async [Symbol.asyncDispose]() {
    return this.close();
  }

  readableWebStream() {
    throw new ERR_NOT_AVAILABLE_IN_WORKER('FileHandle.readableWebStream');
  }

  readLines() {
    throw new ERR_NOT_AVAILABLE_IN_WORKER('FileHandle.readLines');
  }

  createReadStream() {
    throw new ERR_NOT_AVAILABLE_IN_WORKER('FileHandle.createReadStream');
  }

  createWriteStream() {
    throw new ERR_NOT_AVAILABLE_IN_WORKER('FileHandle.createWriteStream');
  }
}

// writeFile's data may also be an iterable or async iterable of chunks.
async function bytesOfAny(data, encoding) {
  if (typeof data === 'string' || ArrayBuffer.isView(data)) return ops.bytesOf(data, encoding);
  if (data != null && (typeof data[Symbol.asyncIterator] === 'function' || typeof data[Symbol.iterator] === 'function')) {
    const chunks = [];
    for await (const chunk of data) chunks.push(ops.bytesOf(chunk, encoding));
    return Buffer.concat(chunks);
  }
  throw new ERR_INVALID_ARG_TYPE('data', ['string', 'Buffer', 'TypedArray', 'DataView', 'AsyncIterable', 'Iterable',
    'Stream'], data);
}

const fromHandle = (path) => (path instanceof FileHandle ? path[kFd] : path);

async function open(path, flags, mode) {
  return new FileHandle(await runPromise(ops.open(path, flags, mode)));
}

async function readFile(path, options) {
  return runPromise(ops.readFile(fromHandle(path), options));
}

async function writeFile(path, data, options) {
  options = getOptions(options, { encoding: 'utf8', mode: 0o666, flag: 'w' });
  const target = path instanceof FileHandle ? path[kFd] : utils.toPath(path, 'file');
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
  watch(filename, options = {}) {
    return internalRequire('internal/fs/watchers').watchPromise(filename, options);
  },
  constants,
};
delete module.exports.lchmod;
for (const name of Object.keys(module.exports)) {
  const fn = module.exports[name];
  if (typeof fn === 'function' && fn.name !== name) Object.defineProperty(fn, 'name', { __proto__: null, value: name });
}
