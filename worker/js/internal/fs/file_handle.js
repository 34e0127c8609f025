'use strict';
// FileHandle, what fs/promises' open() gives: an EventEmitter that owns one
// descriptor. Each method queues its operation (internal/fs/operations.js) on
// libuv's thread pool and answers a promise. The descriptor is counted: the
// handle holds it, so does every operation under way and every stream made
// on it (internal/fs/streams.js), and close() says 'close' at once but closes
// the descriptor only when the last of them lets go, so a read that was
// running still completes and a stream on the handle closes before it does.

const { EventEmitter } = internalRequire('internal/events/emitter');
const ops = internalRequire('internal/fs/operations');
const rw = internalRequire('internal/fs/read_write');
const { runPromise } = internalRequire('internal/fs/run');
const { codes } = internalRequire('internal/errors');
const { Buffer } = internalRequire('internal/buffer/buffer');
const { getOptions } = internalRequire('internal/fs/utils');

const { ERR_INVALID_ARG_VALUE, ERR_INVALID_STATE, ERR_NOT_AVAILABLE_IN_WORKER } = codes;

// An operation that does nothing but answer `value`.
function* valueOp(value) {
  return value;
}

const kFd = Symbol('kFd');
// How many hold the descriptor: the handle itself until close(), and each
// operation or stream using it.
const kRefs = Symbol('kRefs');
// While close() waits for the others or closes: { promise, resolve, reject }.
const kClosing = Symbol('kClosing');
const kRef = Symbol('kRef');
const kUnref = Symbol('kUnref');
// Whether a readableWebStream() reads the handle.
const kLocked = Symbol('kLocked');

// Node's JSTransferable protocol: a FileHandle names it, but its descriptor
// cannot move to another process, so transferring one is refused.
const { kTransfer } = internalRequire('internal/worker/js_transferable');

// Node's error for a call on a closed handle.
function closedError(syscall) {
  const err = new Error('file closed');
  err.code = 'EBADF';
  err.syscall = syscall;
  return err;
}

class FileHandle extends EventEmitter {
  constructor(fd) {
    super();
    this[kFd] = fd;
    this[kRefs] = 1;
    this[kClosing] = null;
  }

  get fd() {
    return this[kFd];
  }

  [kTransfer]() {
    const DOMException = internalRequire('internal/dom_exception');
    throw new DOMException('A FileHandle cannot be transferred to another process', 'DataCloneError');
  }

  [kRef]() {
    this[kRefs]++;
  }

  // The last one to let go closes the descriptor and settles close()'s promise.
  [kUnref]() {
    if (--this[kRefs] > 0) return;
    const fd = this[kFd];
    const closing = this[kClosing];
    this[kFd] = -1;
    runPromise(ops.close(fd)).then(closing.resolve, closing.reject);
  }

  // Runs operation(fd), a generator of internal/fs/operations.js, holding
  // the descriptor while it runs; a bad argument rejects.
  async #use(syscall, operation) {
    if (this[kFd] === -1) throw closedError(syscall);
    const running = operation(this[kFd]);
    this[kRef]();
    try {
      return await runPromise(running);
    } finally {
      this[kUnref]();
    }
  }

  getAsyncId() {
    return -1;
  }

  async appendFile(data, options) {
    return this.writeFile(data, options);
  }

  async chmod(mode) {
    return this.#use('fchmod', (fd) => ops.fchmod(fd, mode));
  }

  async chown(uid, gid) {
    return this.#use('fchown', (fd) => ops.fchown(fd, uid, gid));
  }

  async datasync() {
    return this.#use('fdatasync', (fd) => ops.fdatasync(fd));
  }

  async sync() {
    return this.#use('fsync', (fd) => ops.fsync(fd));
  }

  // read(buffer, offset, length, position), read(buffer, options) or
  // read(options), in Node 20's forms (internal/fs/read_write.js).
  async read(buffer, offset, length, position) {
    let request;
    const bytesRead = await this.#use('read', (fd) => {
      request = rw.handleReadArgs(fd, buffer, offset, length, position);
      return request.zero ? valueOp(0) : rw.readOp(request);
    });
    return { __proto__: null, bytesRead, buffer: request.buffer };
  }

  async readv(buffers, position) {
    const bytesRead = await this.#use('read', (fd) => rw.readvOp(rw.vectorArgs(fd, buffers, position)));
    return { __proto__: null, bytesRead, buffers };
  }

  async readFile(options) {
    return this.#use('read', (fd) => ops.readFile(fd, options));
  }

  async stat(options) {
    return this.#use('fstat', (fd) => ops.fstat(fd, options));
  }

  async truncate(len = 0) {
    return this.#use('ftruncate', (fd) => ops.ftruncate(fd, len));
  }

  async utimes(atime, mtime) {
    return this.#use('futime', (fd) => ops.futimes(fd, atime, mtime));
  }

  async write(data, offset, length, position) {
    const bytesWritten = await this.#use('write', (fd) => {
      const request = rw.handleWriteArgs(fd, data, offset, length, position);
      return request === null ? valueOp(0) : rw.writeOp(request);
    });
    return { __proto__: null, bytesWritten, buffer: data };
  }

  async writev(buffers, position) {
    const bytesWritten = await this.#use('write', (fd) => rw.writevOp(rw.vectorArgs(fd, buffers, position)));
    return { __proto__: null, bytesWritten, buffers };
  }

  // Data is a string, a view, or an iterable or async iterable of chunks;
  // options.signal aborts between pieces.
  async writeFile(data, options) {
    options = getOptions(options, { encoding: 'utf8' });
    if (!isChunks(data)) data = ops.bytesOf(data, options.encoding);
    if (this[kFd] === -1) throw closedError('writeFile');
    this[kRef]();
    try {
      return await writeData(this[kFd], data, options.encoding, options.signal);
    } finally {
      this[kUnref]();
    }
  }

  // Lets go of the handle's own hold on the descriptor and says 'close'; the
  // promise settles when the descriptor is closed, after the operations and
  // streams still using it are done.
  close() {
    if (this[kFd] === -1) return Promise.resolve();
    if (this[kClosing] !== null) return this[kClosing].promise;
    const closing = {};
    closing.promise = new Promise((resolve, reject) => {
      closing.resolve = resolve;
      closing.reject = reject;
    }).finally(() => {
      this[kClosing] = null;
    });
    this[kClosing] = closing;
    this[kUnref]();
    this.emit('close');
    return closing.promise;
  }

  async [Symbol.asyncDispose]() {
    return this.close();
  }

  // The rest of the file as a ReadableStream of ArrayBuffers, or with
  // { type: 'bytes' } a byte stream of Uint8Arrays; it ends when the file
  // does or the handle closes, and holds the handle until then.
  readableWebStream(options = {}) {
    if (this[kFd] === -1) throw new ERR_INVALID_STATE('The FileHandle is closed');
    if (this[kClosing] !== null) throw new ERR_INVALID_STATE('The FileHandle is closing');
    if (this[kLocked]) throw new ERR_INVALID_STATE('The FileHandle is locked');
    const type = options?.type;
    if (type !== undefined && type !== 'bytes') throw new ERR_INVALID_ARG_VALUE('options.type', type);
    this[kLocked] = true;
    const { ReadableStream } = internalRequire('internal/webstreams/readable');
    const handle = this;
    let ended = false;
    let controller;
    const end = () => {
      if (ended) return;
      ended = true;
      handle[kLocked] = false;
      handle.removeListener('close', onClose);
    };
    const onClose = () => {
      if (ended) return;
      end();
      try {
        controller.close();
        if (type === 'bytes' && controller.byobRequest) controller.byobRequest.respond(0);
      } catch {
        // Already closed or errored.
      }
    };
    this.on('close', onClose);
    const kChunk = 64 * 1024;
    return new ReadableStream({
      type,
      autoAllocateChunkSize: type === 'bytes' ? kChunk : undefined,
      start(c) {
        controller = c;
      },
      async pull(c) {
        const request = type === 'bytes' ? c.byobRequest : null;
        const view = request !== null ? request.view : new Uint8Array(kChunk);
        let bytesRead;
        try {
          ({ bytesRead } = await handle.read(view, 0, view.byteLength, null));
        } catch (error) {
          end();
          throw error;
        }
        if (ended) return;
        if (bytesRead === 0) {
          end();
          c.close();
          if (request !== null) request.respond(0);
        } else if (request !== null) {
          request.respond(bytesRead);
        } else {
          c.enqueue(view.buffer.slice(view.byteOffset, view.byteOffset + bytesRead));
        }
      },
      cancel() {
        end();
      },
    });
  }

  // Node builds it on `readline`, which a worker does not have.
  readLines() {
    throw new ERR_NOT_AVAILABLE_IN_WORKER('FileHandle.readLines');
  }

  createReadStream(options) {
    const { ReadStream } = internalRequire('internal/fs/streams');
    return new ReadStream(undefined, { ...options, fd: this });
  }

  createWriteStream(options) {
    const { WriteStream } = internalRequire('internal/fs/streams');
    return new WriteStream(undefined, { ...options, fd: this });
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

module.exports = { FileHandle, isChunks, writeData, kRef, kUnref };
