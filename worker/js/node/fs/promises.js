'use strict';
// node:fs/promises: each operation of internal/fs/operations.js queued on
// libuv's thread pool, as a promise; open() gives a FileHandle. A bad
// argument rejects, as in Node, instead of throwing.

const utils = internalRequire('internal/fs/utils');
const ops = internalRequire('internal/fs/operations');
const rw = internalRequire('internal/fs/read_write');
const { runPromise } = internalRequire('internal/fs/run');
const { codes } = internalRequire('internal/errors');
const { Buffer } = internalRequire('internal/buffer/buffer');

const { constants, getOptions } = utils;
const { ERR_NOT_AVAILABLE_IN_WORKER, ERR_METHOD_NOT_IMPLEMENTED } = codes;

function* valueOp(value) {
  return value;
}

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
    return this.writeFile(data, options);
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
    let request;
    const bytesRead = await this.#run('read', (fd) => {
      request = rw.handleReadArgs(fd, buffer, offset, length, position);
      return request.zero ? valueOp(0) : rw.readOp(request);
    });
    return { __proto__: null, bytesRead, buffer: request.buffer };
  }

  async readv(buffers, position) {
    const bytesRead = await this.#run('read', (fd) => rw.readvOp(rw.vectorArgs(fd, buffers, position)));
    return { __proto__: null, bytesRead, buffers };
  }

  async readFile(options) {
    return this.#run('read', (fd) => ops.readFile(fd, options));
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
    const bytesWritten = await this.#run('write', (fd) => {
      const request = rw.handleWriteArgs(fd, data, offset, length, position);
      return request === null ? valueOp(0) : rw.writeOp(request);
    });
    return { __proto__: null, bytesWritten, buffer: data };
  }

  async writev(buffers, position) {
    const bytesWritten = await this.#run('write', (fd) => rw.writevOp(rw.vectorArgs(fd, buffers, position)));
    return { __proto__: null, bytesWritten, buffers };
  }

  async writeFile(data, options) {
    // A closed handle rejects as it does for every other call.
    await this.#run('writeFile', () => valueOp());
    return writeFile(this, data, options);
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

// writeFile's data may also be an iterable or async iterable of chunks
// (strings in the encoding, or views), each written as it comes.
const isChunks = (data) => data != null && typeof data !== 'string' && !ArrayBuffer.isView(data) &&
  (typeof data[Symbol.asyncIterator] === 'function' || typeof data[Symbol.iterator] === 'function');

async function writeData(fd, data, encoding, signal) {
  ops.throwIfAborted(signal);
  if (!isChunks(data)) return runPromise(ops.writeAllOp(fd, data, -1, signal));
  for await (const chunk of data) {
    ops.throwIfAborted(signal);
    const bytes = ArrayBuffer.isView(chunk) ? chunk : Buffer.from(chunk, encoding || 'utf8');
    await runPromise(ops.writeAllOp(fd, bytes, -1, signal));
  }
}

const fromHandle = (path) => (path instanceof FileHandle ? path[kFd] : path);

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
  if (path instanceof FileHandle) return writeData(path[kFd], data, options.encoding, options.signal);
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
  watch(filename) {
    throw new ERR_NOT_AVAILABLE_IN_WORKER('fs.promises.watch');
  },
  constants,
};
for (const name of Object.keys(module.exports)) {
  const fn = module.exports[name];
  if (typeof fn === 'function' && fn.name !== name) Object.defineProperty(fn, 'name', { __proto__: null, value: name });
}
