'use strict';
// read, write, readv and writev: the argument forms each public function
// takes (Node's, with their old quirks: which argument is the callback
// depends on how many there are, a position that is not an integer means
// "the current one" for writes), and the operations they share. Each
// `...Args` function checks the arguments as Node does and returns what the
// operation needs.

const { native, check, toFd } = internalRequire('internal/fs/utils');
const { codes } = internalRequire('internal/errors');
const { validateInteger, validateInt32, validateObject, validateFunction } = internalRequire('internal/validators');
const { Buffer } = internalRequire('internal/buffer/buffer');

const { ERR_INVALID_ARG_TYPE, ERR_INVALID_ARG_VALUE, ERR_OUT_OF_RANGE } = codes;
const isView = ArrayBuffer.isView;
const kNullable = { nullable: true };

function validateBuffer(buffer, name = 'buffer') {
  if (!isView(buffer)) throw new ERR_INVALID_ARG_TYPE(name, ['Buffer', 'TypedArray', 'DataView'], buffer);
}

function validateBufferArray(buffers, name = 'buffers') {
  if (!Array.isArray(buffers) || !buffers.every(isView)) {
    throw new ERR_INVALID_ARG_TYPE(name, 'ArrayBufferView[]', buffers);
  }
}

// A read's position: -1 (the current one), an integer, or a bigint.
function readPosition(position) {
  if (position == null) return -1;
  if (typeof position === 'number') {
    validateInteger(position, 'position', -1);
    return position;
  }
  if (typeof position === 'bigint') {
    if (position < -(2n ** 63n) || position > 2n ** 63n - 1n) {
      throw new ERR_OUT_OF_RANGE('position', `>= ${-(2n ** 63n)} && <= ${2n ** 63n - 1n}`, position);
    }
    return Number(position);
  }
  throw new ERR_INVALID_ARG_TYPE('position', ['integer', 'bigint'], position);
}

// A write's position: a safe integer, else the current one.
const writePosition = (position) => (Number.isSafeInteger(position) ? position : -1);

// The { offset, length, position } of an options object, with Node's defaults.
function fromOptions(options, buffer) {
  const { offset = 0, length = buffer.byteLength - offset, position = null } = options ?? {};
  return { offset, length, position };
}

// What is left of a read once the arguments are sorted (offset checked):
// checks length against the buffer; `zero` when there is nothing to read.
function readRequest(fd, buffer, offset, length, position) {
  length |= 0;
  if (length === 0) return { zero: true, buffer };
  if (buffer.byteLength === 0) throw new ERR_INVALID_ARG_VALUE('buffer', buffer, 'is empty and cannot be written');
  if (length < 0) throw new ERR_OUT_OF_RANGE('length', '>= 0', length);
  if (offset + length > buffer.byteLength) {
    throw new ERR_OUT_OF_RANGE('length', `<= ${buffer.byteLength - offset}`, length);
  }
  return { zero: false, fd, buffer, offset, length, position: readPosition(position) };
}

// readSync(fd, buffer, offset, length, position) or (fd, buffer, options).
function readSyncArgs(argc, fd, buffer, offset, length, position) {
  toFd(fd);
  validateBuffer(buffer);
  if (argc <= 3 || typeof offset === 'object') {
    if (offset !== undefined) validateObject(offset, 'options', kNullable);
    ({ offset, length, position } = fromOptions(offset, buffer));
  }
  if (offset === undefined) offset = 0;
  else validateInteger(offset, 'offset', 0);
  return readRequest(fd, buffer, offset, length, position);
}

// read(fd, buffer, offset, length, position, cb), (fd, buffer, options, cb),
// (fd, buffer, cb), (fd, options, cb) or (fd, cb); the callback is checked
// with the rest. The buffer defaults to a new one of 16 KiB.
function readCallbackArgs(argc, fd, buffer, offset, length, position, cb) {
  toFd(fd);
  if (argc <= 4) {
    let options = null;
    if (argc === 4) {
      validateObject(offset, 'options', kNullable);
      cb = length;
      options = offset;
    } else if (argc === 3) {
      if (!isView(buffer)) {
        options = buffer;
        ({ buffer = Buffer.alloc(16384) } = options ?? {});
      }
      cb = offset;
    } else {
      cb = buffer;
      buffer = Buffer.alloc(16384);
    }
    if (options !== undefined) validateObject(options, 'options', kNullable);
    ({ offset = 0, length = buffer?.byteLength - offset, position = null } = options ?? {});
  }
  validateBuffer(buffer);
  validateFunction(cb, 'cb');
  if (offset == null) offset = 0;
  else validateInteger(offset, 'offset', 0);
  return { cb, request: readRequest(fd, buffer, offset, length, position) };
}

// filehandle.read(buffer, offset, length, position), (buffer, options) or (options).
function handleReadArgs(fd, buffer, offset, length, position) {
  if (!isView(buffer)) {
    if (buffer !== undefined) validateObject(buffer, 'options', kNullable);
    ({ buffer = Buffer.alloc(16384), offset = 0, length = buffer.byteLength - offset, position = null } = buffer ?? {});
    validateBuffer(buffer);
  }
  if (offset !== null && typeof offset === 'object') ({ offset, length, position } = fromOptions(offset, buffer));
  if (offset == null) offset = 0;
  else validateInteger(offset, 'offset', 0);
  length ??= buffer.byteLength - offset;
  if (length === 0) return { zero: true, buffer };
  if (buffer.byteLength === 0) throw new ERR_INVALID_ARG_VALUE('buffer', buffer, 'is empty and cannot be written');
  if (length < 0) throw new ERR_OUT_OF_RANGE('length', '>= 0', length);
  if (offset + length > buffer.byteLength) {
    throw new ERR_OUT_OF_RANGE('length', `<= ${buffer.byteLength - offset}`, length);
  }
  return { zero: false, fd, buffer, offset, length, position: Number.isSafeInteger(position) ? position : -1 };
}

function* readOp({ fd, buffer, offset, length, position }) {
  return check(yield [native.read, fd, buffer, offset, length, position], 'read');
}

// --- write ------------------------------------------------------------------------

// A view's part to write: offset and length checked against its size.
function viewRequest(fd, buffer, offset, length, position) {
  if (offset == null) offset = 0;
  else validateInteger(offset, 'offset', 0);
  if (typeof length !== 'number') length = buffer.byteLength - offset;
  if (offset > buffer.byteLength) throw new ERR_OUT_OF_RANGE('offset', `<= ${buffer.byteLength}`, offset);
  if (length > buffer.byteLength - offset) {
    throw new ERR_OUT_OF_RANGE('length', `<= ${buffer.byteLength - offset}`, length);
  }
  if (length < 0) throw new ERR_OUT_OF_RANGE('length', '>= 0', length);
  validateInt32(length, 'length', 0);
  return { fd, buffer, offset, length, position: writePosition(position) };
}

// A string to write in `encoding` (an unknown one is utf8, as in Node).
function stringRequest(fd, string, position, encoding) {
  if (typeof string !== 'string') {
    throw new ERR_INVALID_ARG_TYPE('buffer', ['string', 'Buffer', 'TypedArray', 'DataView'], string);
  }
  const known = typeof encoding === 'string' && Buffer.isEncoding(encoding) ? encoding : 'utf8';
  if (known.toLowerCase() === 'hex' && string.length % 2 !== 0) {
    throw new ERR_INVALID_ARG_VALUE('encoding', encoding, `is invalid for data of length ${string.length}`);
  }
  const bytes = Buffer.from(string, known);
  return { fd, buffer: bytes, offset: 0, length: bytes.byteLength, position: writePosition(position) };
}

// writeSync(fd, buffer, offset, length, position), (fd, buffer, options) or
// (fd, string, position, encoding).
function writeSyncArgs(fd, buffer, offset, length, position) {
  toFd(fd);
  if (isView(buffer)) {
    if (typeof offset === 'object') ({ offset, length, position } = fromOptions(offset, buffer));
    return viewRequest(fd, buffer, offset, length, position);
  }
  return stringRequest(fd, buffer, offset, length);
}

// write(fd, buffer, offset, length, position, cb), (fd, buffer, options, cb),
// (fd, buffer, cb) or (fd, string, position, encoding, cb) with the trailing
// arguments optional; the callback is the first function among them.
function writeCallbackArgs(fd, buffer, offset, length, position, cb) {
  toFd(fd);
  if (isView(buffer)) {
    cb ||= position || length || offset;
    validateFunction(cb, 'cb');
    if (typeof offset === 'object') ({ offset, length, position } = fromOptions(offset, buffer));
    else if (typeof offset === 'function') offset = null;
    return { cb, request: viewRequest(fd, buffer, offset, length, position) };
  }
  if (typeof buffer !== 'string') {
    throw new ERR_INVALID_ARG_TYPE('buffer', ['string', 'Buffer', 'TypedArray', 'DataView'], buffer);
  }
  let encoding = length;
  if (typeof position !== 'function') {
    if (typeof offset === 'function') {
      position = offset;
      offset = null;
    } else {
      position = length;
    }
    encoding = 'utf8';
  }
  const request = stringRequest(fd, buffer, offset, encoding);
  validateFunction(position, 'cb');
  return { cb: position, request };
}

// filehandle.write(buffer, offset, length, position), (buffer, options) or
// (string, position, encoding); null when there is nothing to write.
function handleWriteArgs(fd, buffer, offset, length, position) {
  if (buffer?.byteLength === 0) return null;
  if (isView(buffer)) {
    if (typeof offset === 'object') ({ offset, length, position } = fromOptions(offset, buffer));
    return viewRequest(fd, buffer, offset, length, position);
  }
  return stringRequest(fd, buffer, offset, length);
}

function* writeOp({ fd, buffer, offset, length, position }) {
  return check(yield [native.write, fd, buffer, offset, length, position], 'write');
}

// --- vectors ------------------------------------------------------------------------

// readv/writev(fd, buffers, position): one system call for the whole list.
function vectorArgs(fd, buffers, position) {
  toFd(fd);
  validateBufferArray(buffers);
  return { fd, buffers, position: typeof position === 'number' ? position : -1 };
}

function* readvOp({ fd, buffers, position }) {
  return check(yield [native.readBuffers, fd, buffers, position], 'read');
}

function* writevOp({ fd, buffers, position }) {
  if (buffers.length === 0) return 0;
  return check(yield [native.writeBuffers, fd, buffers, position], 'write');
}

module.exports = {
  readSyncArgs,
  readCallbackArgs,
  handleReadArgs,
  readOp,
  writeSyncArgs,
  writeCallbackArgs,
  handleWriteArgs,
  writeOp,
  vectorArgs,
  validateBufferArray,
  readvOp,
  writevOp,
};
