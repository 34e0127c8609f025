'use strict';
// CompressionStream and DecompressionStream (compression.spec.whatwg.org):
// 'deflate', 'deflate-raw' and 'gzip' as TransformStreams over the worker's
// zlib codec (internalBinding('zlib').Stream), which takes each chunk in
// steps of at most one output buffer.

const native = binding.internalBinding('zlib');
const { codes } = internalRequire('internal/errors');
const kinds = internalRequire('internal/zlib/options');
const { kInspect, defineToStringTag, enumerableMembers, inspectAs, rejected, resolved, setSlots } =
  internalRequire('internal/webstreams/util');
const { createTransformStream, controllerEnqueue } = internalRequire('internal/webstreams/transform');

const { ERR_INVALID_ARG_TYPE, ERR_INVALID_ARG_VALUE, ERR_INVALID_THIS, ERR_ZLIB_INITIALIZATION_FAILED } = codes;
const { Z_NO_FLUSH, Z_FINISH } = native.constants;

const kSlots = Symbol('kCompressionSlots');
const kOutputSize = 64 * 1024;
const inspect = (value, options) => internalRequire('internal/util/inspect').inspect(value, options);

const kCompressModes = { 'deflate': kinds.DEFLATE, 'deflate-raw': kinds.DEFLATERAW, 'gzip': kinds.GZIP };
const kDecompressModes = { 'deflate': kinds.INFLATE, 'deflate-raw': kinds.INFLATERAW, 'gzip': kinds.GUNZIP };

function codecError(result) {
  // An Error with zlib's code, as Node 20 gives (the spec says TypeError).
  const error = new Error(result[1]);
  error.errno = result[2];
  error.code = result[3];
  return error;
}

// A chunk's bytes: a BufferSource, as the spec's IDL converts it.
function bytesOf(chunk) {
  if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (chunk instanceof ArrayBuffer || chunk instanceof SharedArrayBuffer) return new Uint8Array(chunk);
  throw new ERR_INVALID_ARG_TYPE('chunk', ['ArrayBuffer', 'Buffer', 'TypedArray', 'DataView'], chunk);
}

// The TransformStream of one codec. A decompressor errors when data follows
// the end of the compressed stream or when the stream ends early.
function codecStream(mode, decompress) {
  const options = kinds.optionsFor(mode, {});
  const handle = new native.Stream();
  const state = new Uint32Array(2);
  if (!handle.init(options.mode, options.level, options.windowBits, options.memLevel, options.strategy,
                   kOutputSize, options.dictionary, options.params, state)) {
    throw new ERR_ZLIB_INITIALIZATION_FAILED();
  }
  let closed = false;
  const close = () => {
    if (!closed) {
      closed = true;
      handle.close();
    }
  };
  const run = (bytes, flush, controller) => {
    if (closed) throw new TypeError('The compression stream is closed');
    let offset = 0;
    for (;;) {
      const out = new Uint8Array(kOutputSize);
      const produced = handle.write(flush, bytes, offset, out, 0);
      if (typeof produced !== 'number') {
        close();
        throw produced === undefined ? new ERR_ZLIB_INITIALIZATION_FAILED() : codecError(produced);
      }
      const consumed = state[0];
      offset += consumed;
      if (produced > 0) controllerEnqueue(controller, produced === kOutputSize ? out : out.slice(0, produced));
      // Done with the chunk once the codec has no more output and has taken
      // all of it, or takes no more (the compressed data ended).
      if (state[1] !== 1 && (offset >= bytes.length || consumed === 0)) break;
    }
    if (decompress && offset < bytes.length) {
      close();
      throw new TypeError('Junk found after end of compressed data.');
    }
  };
  return createTransformStream(
    (chunk, controller) => {
      try {
        run(bytesOf(chunk), Z_NO_FLUSH, controller);
        return resolved(undefined);
      } catch (error) {
        close();
        return rejected(error);
      }
    },
    (controller) => {
      try {
        run(new Uint8Array(0), Z_FINISH, controller);
        close();
        return resolved(undefined);
      } catch (error) {
        close();
        return rejected(error);
      }
    },
    () => {
      close();
      return resolved(undefined);
    });
}

function makeClass(name, modes, decompress) {
  const cls = {
    [name]: class {
      constructor(format) {
        const mode = typeof format === 'string' ? modes[format] : undefined;
        if (mode === undefined) throw new ERR_INVALID_ARG_VALUE('format', format);
        setSlots(this, kSlots, codecStream(mode, decompress));
      }

      get readable() {
        if (this?.[kSlots] === undefined) throw new ERR_INVALID_THIS(name);
        return this[kSlots].readable.self;
      }

      get writable() {
        if (this?.[kSlots] === undefined) throw new ERR_INVALID_THIS(name);
        return this[kSlots].writable.self;
      }

      [kInspect](depth, options) {
        return inspectAs(this, name, { readable: this.readable, writable: this.writable }, depth, options, inspect);
      }
    },
  }[name];
  enumerableMembers(cls, ['readable', 'writable']);
  defineToStringTag(cls, name);
  return cls;
}

const CompressionStream = makeClass('CompressionStream', kCompressModes, false);
const DecompressionStream = makeClass('DecompressionStream', kDecompressModes, true);

module.exports = { CompressionStream, DecompressionStream };
