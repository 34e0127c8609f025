'use strict';
// Blob and File (File API): immutable bytes with a MIME type, read back as
// text or an ArrayBuffer. A blob holds one copy of its parts' bytes; its
// slices share them.

const {
  ERR_BUFFER_TOO_LARGE,
  ERR_INVALID_ARG_TYPE,
  ERR_INVALID_ARG_VALUE,
  ERR_INVALID_THIS,
  ERR_MISSING_ARGS,
} = internalRequire('internal/errors').codes;
const { kMaxLength, isAnyArrayBuffer } = internalRequire('internal/buffer/buffer');

const ArrayBufferIsView = ArrayBuffer.isView;
const MathMax = Math.max;
const MathMin = Math.min;
const MathTrunc = Math.trunc;
const PromiseResolve = Promise.resolve.bind(Promise);
const PromiseReject = Promise.reject.bind(Promise);
const RegExpPrototypeTest = Function.prototype.call.bind(RegExp.prototype.test);
const StringPrototypeReplace = Function.prototype.call.bind(String.prototype.replace);
const StringPrototypeToLowerCase = Function.prototype.call.bind(String.prototype.toLowerCase);
const TypedArrayPrototypeSet = Function.prototype.call.bind(Object.getPrototypeOf(Uint8Array.prototype).set);
const customInspectSymbol = Symbol.for('nodejs.util.inspect.custom');

// A type with anything outside printable ASCII is no type at all.
const kBadTypeCharacters = /[^\u0020-\u007E]/u;

function normalizeType(type) {
  type = `${type}`;
  return RegExpPrototypeTest(kBadTypeCharacters, type) ? '' : StringPrototypeToLowerCase(type);
}

let textEncoder;
function encodeText(text) {
  if (textEncoder === undefined) {
    const { TextEncoder } = internalRequire('internal/encoding');
    textEncoder = new TextEncoder();
  }
  return textEncoder.encode(text);
}

// The bytes of one part of a blob's sources, as a Uint8Array not shared
// with the caller (or the blob's own, for a blob).
function bytesOfPart(part, endings) {
  if (isBlob(part)) return blobBytes(part);
  if (isAnyArrayBuffer(part)) return new Uint8Array(part.slice(0));
  if (ArrayBufferIsView(part)) {
    return new Uint8Array(part.buffer.slice(part.byteOffset, part.byteOffset + part.byteLength));
  }
  let text = `${part}`;
  if (endings === 'native') text = StringPrototypeReplace(text, /\r?\n/g, '\n');
  return encodeText(text);
}

// What only the class can see, shared with this file.
let isBlob;
let blobBytes;  // a blob's bytes, for a blob built from it

// A position given to slice(): negative counts from the end.
function relativePosition(value, size) {
  value = MathTrunc(+value) || 0;
  return value < 0 ? MathMax(size + value, 0) : MathMin(value, size);
}

class Blob {
  #bytes;  // a Uint8Array, possibly a view into another blob's
  #type;

  constructor(sources = [], options = undefined) {
    if (sources === null || typeof sources[Symbol.iterator] !== 'function' || typeof sources === 'string') {
      throw new ERR_INVALID_ARG_TYPE('sources', 'a sequence', sources);
    }
    if (options != null && typeof options !== 'object' && typeof options !== 'function') {
      throw new ERR_INVALID_ARG_TYPE('options', 'a dictionary', options);
    }
    const type = options == null || options.type === undefined ? '' : options.type;
    let endings = options == null || options.endings === undefined ? 'transparent' : options.endings;
    endings = `${endings}`;
    if (endings !== 'transparent' && endings !== 'native') {
      throw new ERR_INVALID_ARG_VALUE('options.endings', endings);
    }
    const parts = [];
    let size = 0;
    for (const source of sources) {
      const bytes = bytesOfPart(source, endings);
      size += bytes.length;
      parts.push(bytes);
    }
    if (size > kMaxLength) throw new ERR_BUFFER_TOO_LARGE(kMaxLength);
    if (parts.length === 1) {
      this.#bytes = parts[0];
    } else {
      this.#bytes = new Uint8Array(size);
      let at = 0;
      for (const bytes of parts) {
        TypedArrayPrototypeSet(this.#bytes, bytes, at);
        at += bytes.length;
      }
    }
    this.#type = normalizeType(type);
  }

  get type() {
    if (!isBlob(this)) throw new ERR_INVALID_THIS('Blob');
    return this.#type;
  }

  get size() {
    if (!isBlob(this)) throw new ERR_INVALID_THIS('Blob');
    return this.#bytes.length;
  }

  slice(start = 0, end = undefined, contentType = '') {
    if (!isBlob(this)) throw new ERR_INVALID_THIS('Blob');
    const size = this.#bytes.length;
    const from = relativePosition(start, size);
    const to = end === undefined ? size : relativePosition(end, size);
    const blob = new Blob();
    blob.#bytes = this.#bytes.subarray(from, MathMax(to, from));
    blob.#type = normalizeType(contentType);
    return blob;
  }

  arrayBuffer() {
    if (!isBlob(this)) return PromiseReject(new ERR_INVALID_THIS('Blob'));
    return PromiseResolve(this.#bytes.slice().buffer);
  }

  text() {
    if (!isBlob(this)) return PromiseReject(new ERR_INVALID_THIS('Blob'));
    const { TextDecoder } = internalRequire('internal/encoding');
    return PromiseResolve(new TextDecoder().decode(this.#bytes));
  }

  bytes() {
    if (!isBlob(this)) return PromiseReject(new ERR_INVALID_THIS('Blob'));
    return PromiseResolve(this.#bytes.slice());
  }

  stream() {
    if (!isBlob(this)) throw new ERR_INVALID_THIS('Blob');
    const { ReadableStream } = internalRequire('internal/webstreams/readable');
    const bytes = this.#bytes.slice();
    return new ReadableStream({
      type: 'bytes',
      start(controller) {
        if (bytes.length > 0) controller.enqueue(bytes);
        controller.close();
      },
    });
  }

  [customInspectSymbol](depth, options, inspect) {
    if (depth < 0) return this;
    const shown = { size: this.size, type: this.type };
    if (this instanceof File) {
      shown.name = this.name;
      shown.lastModified = this.lastModified;
    }
    const opts = { ...options, depth: options.depth == null ? null : options.depth - 1 };
    return `${this.constructor.name} ${inspect(shown, opts)}`;
  }

  static {
    isBlob = (value) => value !== null && typeof value === 'object' && #bytes in value;
    blobBytes = (blob) => blob.#bytes;
  }
}

class File extends Blob {
  #name;
  #lastModified;

  constructor(fileBits, fileName, options = {}) {
    if (arguments.length < 2) throw new ERR_MISSING_ARGS('fileBits', 'fileName');
    super(fileBits, options);
    let lastModified = options == null ? undefined : options.lastModified;
    if (lastModified !== undefined) {
      lastModified = +lastModified;
      if (Number.isNaN(lastModified)) lastModified = 0;
    } else {
      lastModified = Date.now();
    }
    this.#name = `${fileName}`;
    this.#lastModified = lastModified;
  }

  get name() {
    if (!(#name in this)) throw new ERR_INVALID_THIS('File');
    return this.#name;
  }

  get lastModified() {
    if (!(#name in this)) throw new ERR_INVALID_THIS('File');
    return this.#lastModified;
  }
}

for (const [cls, keys] of [[Blob, ['type', 'size', 'slice', 'arrayBuffer', 'text', 'bytes', 'stream']],
  [File, ['name', 'lastModified']]]) {
  for (const key of keys) {
    const descriptor = Object.getOwnPropertyDescriptor(cls.prototype, key);
    descriptor.enumerable = true;
    Object.defineProperty(cls.prototype, key, descriptor);
  }
  Object.defineProperty(cls.prototype, Symbol.toStringTag, { __proto__: null, value: cls.name, configurable: true });
}

module.exports = { Blob, File, isBlob };
