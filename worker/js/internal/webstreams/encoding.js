'use strict';
// TextEncoderStream and TextDecoderStream (encoding.spec.whatwg.org,
// section 7.4 and 7.5): TextEncoder and TextDecoder as TransformStreams.

const { codes } = internalRequire('internal/errors');
const { kInspect, defineToStringTag, enumerableMembers, inspectAs, rejected, resolved, setSlots, slotsOf } =
  internalRequire('internal/webstreams/util');
const { createTransformStream, controllerEnqueue } = internalRequire('internal/webstreams/transform');
const { TextEncoder, TextDecoder } = internalRequire('internal/encoding');

const { ERR_INVALID_ARG_TYPE } = codes;

const kEncoder = Symbol('kTextEncoderStream');
const kDecoder = Symbol('kTextDecoderStream');
const inspect = (value, options) => internalRequire('internal/util/inspect').inspect(value, options);

// U+FFFD, for a high surrogate that no chunk completes.
const kReplacement = new Uint8Array([0xef, 0xbf, 0xbd]);

class TextEncoderStream {
  constructor() {
    const encoder = new TextEncoder();
    // A high surrogate that ended the last chunk: its pair may start the next.
    let pending = '';
    const transform = (chunk, controller) => {
      try {
        let text = `${chunk}`;
        if (pending !== '') {
          text = pending + text;
          pending = '';
        }
        const last = text.charCodeAt(text.length - 1);
        if (last >= 0xd800 && last <= 0xdbff) {
          pending = text[text.length - 1];
          text = text.slice(0, -1);
        }
        if (text !== '') controllerEnqueue(controller, encoder.encode(text));
        return resolved(undefined);
      } catch (error) {
        return rejected(error);
      }
    };
    const flush = (controller) => {
      try {
        if (pending !== '') controllerEnqueue(controller, new Uint8Array(kReplacement));
        return resolved(undefined);
      } catch (error) {
        return rejected(error);
      }
    };
    setSlots(this, kEncoder, { stream: createTransformStream(transform, flush) });
  }

  get encoding() {
    slotsOf(this, kEncoder, 'TextEncoderStream');
    return 'utf-8';
  }

  get readable() {
    return slotsOf(this, kEncoder, 'TextEncoderStream').stream.readable.self;
  }

  get writable() {
    return slotsOf(this, kEncoder, 'TextEncoderStream').stream.writable.self;
  }

  [kInspect](depth, options) {
    slotsOf(this, kEncoder, 'TextEncoderStream');
    return inspectAs(this, 'TextEncoderStream', {
      encoding: this.encoding,
      readable: this.readable,
      writable: this.writable,
    }, depth, options, inspect);
  }
}

enumerableMembers(TextEncoderStream, ['encoding', 'readable', 'writable']);
defineToStringTag(TextEncoderStream, 'TextEncoderStream');

class TextDecoderStream {
  constructor(label = 'utf-8', options = undefined) {
    const decoder = new TextDecoder(label, options);
    const transform = (chunk, controller) => {
      try {
        // A BufferSource, as the spec's IDL converts it (decode() alone takes
        // undefined as no bytes).
        if (!ArrayBuffer.isView(chunk) && !(chunk instanceof ArrayBuffer) && !(chunk instanceof SharedArrayBuffer)) {
          throw new ERR_INVALID_ARG_TYPE('chunk', ['ArrayBuffer', 'ArrayBufferView'], chunk);
        }
        const text = decoder.decode(chunk, { stream: true });
        if (text !== '') controllerEnqueue(controller, text);
        return resolved(undefined);
      } catch (error) {
        return rejected(error);
      }
    };
    const flush = (controller) => {
      try {
        const text = decoder.decode();
        if (text !== '') controllerEnqueue(controller, text);
        return resolved(undefined);
      } catch (error) {
        return rejected(error);
      }
    };
    setSlots(this, kDecoder, { decoder, stream: createTransformStream(transform, flush) });
  }

  get encoding() {
    return slotsOf(this, kDecoder, 'TextDecoderStream').decoder.encoding;
  }

  get fatal() {
    return slotsOf(this, kDecoder, 'TextDecoderStream').decoder.fatal;
  }

  get ignoreBOM() {
    return slotsOf(this, kDecoder, 'TextDecoderStream').decoder.ignoreBOM;
  }

  get readable() {
    return slotsOf(this, kDecoder, 'TextDecoderStream').stream.readable.self;
  }

  get writable() {
    return slotsOf(this, kDecoder, 'TextDecoderStream').stream.writable.self;
  }

  [kInspect](depth, options) {
    slotsOf(this, kDecoder, 'TextDecoderStream');
    return inspectAs(this, 'TextDecoderStream', {
      encoding: this.encoding,
      fatal: this.fatal,
      ignoreBOM: this.ignoreBOM,
      readable: this.readable,
      writable: this.writable,
    }, depth, options, inspect);
  }
}

enumerableMembers(TextDecoderStream, ['encoding', 'fatal', 'ignoreBOM', 'readable', 'writable']);
defineToStringTag(TextDecoderStream, 'TextDecoderStream');

module.exports = { TextEncoderStream, TextDecoderStream };
