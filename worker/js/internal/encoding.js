'use strict';
// TextEncoder and TextDecoder (WHATWG Encoding): UTF-8 both ways, and
// decoding of UTF-16LE, UTF-16BE and windows-1252 (which Node decodes as
// Latin-1, and so does this), with fatal mode, BOM handling and streaming.
// The byte work is native (binding 'buffer'); what is here keeps the state
// of a stream between calls.

const native = binding.internalBinding('buffer');
const {
  ERR_ENCODING_INVALID_ENCODED_DATA,
  ERR_ENCODING_NOT_SUPPORTED,
  ERR_INVALID_ARG_TYPE,
  ERR_INVALID_THIS,
} = internalRequire('internal/errors').codes;
const { validateString } = internalRequire('internal/validators');
const { kLatin1, kUcs2 } = internalRequire('internal/buffer/encodings');

const ArrayBufferIsView = ArrayBuffer.isView;
const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
const TypedArrayPrototypeGetSymbolToStringTag = Function.prototype.call.bind(
  Object.getOwnPropertyDescriptor(TypedArrayPrototype, Symbol.toStringTag).get);
const TypedArrayPrototypeSet = Function.prototype.call.bind(TypedArrayPrototype.set);
const RegExpPrototypeTest = Function.prototype.call.bind(RegExp.prototype.test);
const StringPrototypeReplace = Function.prototype.call.bind(String.prototype.replace);
const StringPrototypeToLowerCase = Function.prototype.call.bind(String.prototype.toLowerCase);
const StringPrototypeCharCodeAt = Function.prototype.call.bind(String.prototype.charCodeAt);
const StringPrototypeSlice = Function.prototype.call.bind(String.prototype.slice);
const customInspectSymbol = Symbol.for('nodejs.util.inspect.custom');

// --- labels ------------------------------------------------------------------------

// The WHATWG labels of the encodings decoded here, by encoding name (the
// Encoding Standard's table has the others: kOtherLabels).
const kLabels = {
  'utf-8': ['unicode-1-1-utf-8', 'unicode11utf8', 'unicode20utf8', 'utf-8', 'utf8', 'x-unicode20utf8'],
  'utf-16le': ['csunicode', 'iso-10646-ucs-2', 'ucs-2', 'unicode', 'unicodefeff', 'utf-16', 'utf-16le'],
  'utf-16be': ['unicodefffe', 'utf-16be'],
  'windows-1252': [
    'ansi_x3.4-1968', 'ascii', 'cp1252', 'cp819', 'csisolatin1', 'ibm819', 'iso-8859-1', 'iso-ir-100', 'iso8859-1',
    'iso88591', 'iso_8859-1', 'iso_8859-1:1987', 'l1', 'latin1', 'us-ascii', 'windows-1252', 'x-cp1252',
  ],
};
const encodingByLabel = new Map();
for (const name of Object.keys(kLabels)) {
  for (const label of kLabels[name]) encodingByLabel.set(label, name);
}

// The labels of the Encoding Standard's other encodings, by name (each
// name is a label of its own too), for the encoding a label names even where
// it is not decoded here. Node's table also takes 'replacement' as a label.
const kOtherLabels = {
  'ibm866': '866 cp866 csibm866',
  'iso-8859-2': 'csisolatin2 iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 latin2',
  'iso-8859-3': 'csisolatin3 iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 latin3',
  'iso-8859-4': 'csisolatin4 iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 latin4',
  'iso-8859-5': 'csisolatincyrillic cyrillic iso-ir-144 iso8859-5 iso88595 iso_8859-5 iso_8859-5:1988',
  'iso-8859-6': 'arabic asmo-708 csiso88596e csiso88596i csisolatinarabic ecma-114 iso-8859-6-e iso-8859-6-i ' +
    'iso-ir-127 iso8859-6 iso88596 iso_8859-6 iso_8859-6:1987',
  'iso-8859-7': 'csisolatingreek ecma-118 elot_928 greek greek8 iso-ir-126 iso8859-7 iso88597 iso_8859-7 ' +
    'iso_8859-7:1987 sun_eu_greek',
  'iso-8859-8': 'csiso88598e csisolatinhebrew hebrew iso-8859-8-e iso-ir-138 iso8859-8 iso88598 iso_8859-8 ' +
    'iso_8859-8:1988 visual',
  'iso-8859-8-i': 'csiso88598i logical',
  'iso-8859-10': 'csisolatin6 iso-ir-157 iso8859-10 iso885910 l6 latin6',
  'iso-8859-13': 'iso8859-13 iso885913',
  'iso-8859-14': 'iso8859-14 iso885914',
  'iso-8859-15': 'csisolatin9 iso8859-15 iso885915 iso_8859-15 l9',
  'iso-8859-16': '',
  'koi8-r': 'cskoi8r koi koi8 koi8_r',
  'koi8-u': 'koi8-ru',
  'macintosh': 'csmacintosh mac x-mac-roman',
  'windows-874': 'dos-874 iso-8859-11 iso8859-11 iso885911 tis-620',
  'windows-1250': 'cp1250 x-cp1250',
  'windows-1251': 'cp1251 x-cp1251',
  'windows-1253': 'cp1253 x-cp1253',
  'windows-1254': 'cp1254 csisolatin5 iso-8859-9 iso-ir-148 iso8859-9 iso88599 iso_8859-9 iso_8859-9:1989 l5 ' +
    'latin5 x-cp1254',
  'windows-1255': 'cp1255 x-cp1255',
  'windows-1256': 'cp1256 x-cp1256',
  'windows-1257': 'cp1257 x-cp1257',
  'windows-1258': 'cp1258 x-cp1258',
  'x-mac-cyrillic': 'x-mac-ukrainian',
  'gbk': 'chinese csgb2312 csiso58gb231280 gb2312 gb_2312 gb_2312-80 iso-ir-58 x-gbk',
  'gb18030': '',
  'big5': 'big5-hkscs cn-big5 csbig5 x-x-big5',
  'euc-jp': 'cseucpkdfmtjapanese x-euc-jp',
  'iso-2022-jp': 'csiso2022jp',
  'shift_jis': 'csshiftjis ms932 ms_kanji shift-jis sjis windows-31j x-sjis',
  'euc-kr': 'cseuckr csksc56011987 iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 windows-949',
  'replacement': 'csiso2022kr hz-gb-2312 iso-2022-cn iso-2022-cn-ext iso-2022-kr',
  'x-user-defined': '',
};
let otherEncodingByLabel = null;

function otherEncodingOf(label) {
  if (otherEncodingByLabel === null) {
    otherEncodingByLabel = new Map();
    for (const name of Object.keys(kOtherLabels)) {
      otherEncodingByLabel.set(name, name);
      for (const other of kOtherLabels[name].split(' ')) if (other !== '') otherEncodingByLabel.set(other, name);
    }
  }
  return otherEncodingByLabel.get(label);
}

// The encoding a label names, by the Encoding Standard's table: ASCII
// whitespace around it and case do not matter. Undefined for a label that
// names none.
function getEncodingFromLabel(label) {
  label = `${label}`;
  const direct = encodingByLabel.get(label);
  if (direct !== undefined) return direct;
  // Only ASCII whitespace: String#trim() would also strip U+00A0 and others.
  const normal = StringPrototypeToLowerCase(StringPrototypeReplace(label, /^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, ''));
  return encodingByLabel.get(normal) ?? otherEncodingOf(normal);
}

// --- TextEncoder -------------------------------------------------------------------

// Brand checks, set by the classes' static blocks.
let isTextEncoder;
let isTextDecoder;

class TextEncoder {
  #brand = true;

  get encoding() {
    validateEncoder(this);
    return 'utf-8';
  }

  encode(input = '') {
    validateEncoder(this);
    return native.encodeUtf8(`${input}`);
  }

  encodeInto(src, dest) {
    validateEncoder(this);
    validateString(src, 'src');
    if (!dest || TypedArrayPrototypeGetSymbolToStringTag(dest) !== 'Uint8Array') {
      throw new ERR_INVALID_ARG_TYPE('dest', 'Uint8Array', dest);
    }
    const result = native.encodeInto(src, dest);
    return { read: result[0], written: result[1] };
  }

  [customInspectSymbol](depth, options) {
    validateEncoder(this);
    if (typeof depth === 'number' && depth < 0) return this;
    const shown = Object.create({ constructor: TextEncoder });
    shown.encoding = this.encoding;
    return internalRequire('internal/util/inspect/format').inspect(shown, options);
  }

  static {
    isTextEncoder = (value) => value !== null && typeof value === 'object' && #brand in value;
  }
}

function validateEncoder(value) {
  if (!isTextEncoder(value)) throw new ERR_INVALID_THIS('TextEncoder');
}

// --- decoding, per encoding --------------------------------------------------------

const kEmpty = new Uint8Array(0);

// How many bytes at the end of bytes[0, end) start a UTF-8 sequence that
// could still complete: they wait for the next chunk of a stream.
function incompleteUtf8Tail(bytes, end) {
  for (let back = 1; back <= 3 && back <= end; back++) {
    const byte = bytes[end - back];
    if ((byte & 0xc0) === 0x80) continue;  // a continuation: look further back
    if (byte < 0xc2 || byte > 0xf4) return 0;  // ASCII, or never a lead
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
    if (back >= need) return 0;
    if (back >= 2) {
      // The second byte's range depends on the lead (no overlong form,
      // no surrogate, nothing past U+10FFFF).
      const second = bytes[end - back + 1];
      if ((byte === 0xe0 && second < 0xa0) || (byte === 0xed && second > 0x9f) ||
          (byte === 0xf0 && second < 0x90) || (byte === 0xf4 && second > 0x8f)) {
        return 0;
      }
    }
    return back;
  }
  return 0;
}

const kLoneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const kAnySurrogate = /[\ud800-\udfff]/;

// --- TextDecoder -------------------------------------------------------------------

class TextDecoder {
  #encoding;
  #fatal;
  #ignoreBOM;
  #bomSeen = false;
  // Bytes of an unfinished character kept from the last streaming call.
  #pending = kEmpty;

  constructor(encoding = 'utf-8', options = {}) {
    encoding = `${encoding}`;
    if (options !== null && typeof options !== 'object' && typeof options !== 'function') {
      throw new ERR_INVALID_ARG_TYPE('options', 'object', options);
    }
    const name = getEncodingFromLabel(encoding);
    if (name === undefined || !Object.hasOwn(kLabels, name)) throw new ERR_ENCODING_NOT_SUPPORTED(encoding);
    this.#encoding = name;
    this.#fatal = options !== null && Boolean(options.fatal);
    this.#ignoreBOM = options !== null && Boolean(options.ignoreBOM);
  }

  get encoding() {
    validateDecoder(this);
    return this.#encoding;
  }

  get fatal() {
    validateDecoder(this);
    return this.#fatal;
  }

  get ignoreBOM() {
    validateDecoder(this);
    return this.#ignoreBOM;
  }

  decode(input = undefined, options = {}) {
    validateDecoder(this);
    let bytes;
    if (input === undefined) {
      bytes = kEmpty;
    } else if (ArrayBufferIsView(input)) {
      bytes = TypedArrayPrototypeGetSymbolToStringTag(input) === 'Uint8Array' ?
        input : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    } else if (native.isAnyArrayBuffer(input)) {
      bytes = new Uint8Array(input);
    } else {
      // Node's wording, from its native decoder.
      throw new ERR_INVALID_ARG_TYPE(
        'The "list" argument must be an instance of SharedArrayBuffer, ArrayBuffer or ArrayBufferView.');
    }
    const stream = options !== null && options !== undefined && Boolean(options.stream);
    if (this.#pending.length > 0) {
      const joined = new Uint8Array(this.#pending.length + bytes.length);
      TypedArrayPrototypeSet(joined, this.#pending, 0);
      TypedArrayPrototypeSet(joined, bytes, this.#pending.length);
      bytes = joined;
      this.#pending = kEmpty;
    }
    let text;
    try {
      switch (this.#encoding) {
        case 'utf-8':
          text = this.#decodeUtf8(bytes, stream);
          break;
        case 'utf-16le':
        case 'utf-16be':
          text = this.#decodeUtf16(bytes, stream);
          break;
        default:
          text = native.slice(bytes, 0, bytes.length, kLatin1);
      }
    } catch (err) {
      this.#reset();
      throw err;
    }
    if (text === undefined) throw new (internalRequire('internal/errors').codes.ERR_STRING_TOO_LONG)();
    if (!this.#bomSeen && text.length > 0) {
      this.#bomSeen = true;
      if (!this.#ignoreBOM && StringPrototypeCharCodeAt(text, 0) === 0xfeff) text = StringPrototypeSlice(text, 1);
    }
    if (!stream) this.#reset();
    return text;
  }

  #reset() {
    this.#pending = kEmpty;
    this.#bomSeen = false;
  }

  #invalid() {
    return new ERR_ENCODING_INVALID_ENCODED_DATA(this.#encoding);
  }

  #decodeUtf8(bytes, stream) {
    let end = bytes.length;
    if (stream) {
      const tail = incompleteUtf8Tail(bytes, end);
      if (tail > 0) {
        end -= tail;
        this.#pending = bytes.slice(end);
      }
    }
    if (this.#fatal && !native.isUtf8(end === bytes.length ? bytes : bytes.subarray(0, end))) throw this.#invalid();
    return native.utf8Slice(bytes, 0, end);
  }

  #decodeUtf16(bytes, stream) {
    let end = bytes.length & ~1;
    const odd = bytes.length !== end;
    const bigEndian = this.#encoding === 'utf-16be';
    const highAt = bigEndian ? 0 : 1;  // where a code unit keeps its high byte
    // A trailing high surrogate waits for its pair, like an odd byte.
    const endsInHighSurrogate = end >= 2 && (bytes[end - 2 + highAt] & 0xfc) === 0xd8;
    if (stream) {
      let keep = end;
      if (endsInHighSurrogate) keep -= 2;
      if (keep < bytes.length) {
        this.#pending = bytes.slice(keep);
        end = keep;
      }
    }
    let units = bytes.subarray(0, end);
    if (bigEndian) {
      units = units.slice();
      for (let i = 0; i + 1 < units.length; i += 2) {
        const byte = units[i];
        units[i] = units[i + 1];
        units[i + 1] = byte;
      }
    }
    let text = native.slice(units, 0, units.length, kUcs2);
    if (text !== undefined && RegExpPrototypeTest(kAnySurrogate, text)) {
      // The expression is global: test() starts where the last match ended.
      kLoneSurrogate.lastIndex = 0;
      if (this.#fatal && RegExpPrototypeTest(kLoneSurrogate, text)) {
        kLoneSurrogate.lastIndex = 0;
        throw this.#invalid();
      }
      kLoneSurrogate.lastIndex = 0;
      text = StringPrototypeReplace(text, kLoneSurrogate, '\ufffd');
    }
    // At the end of the input, an odd byte is one error, even after a lone
    // high surrogate (which is then the same error).
    if (!stream && odd) {
      if (this.#fatal) throw this.#invalid();
      if (!endsInHighSurrogate) text += '\ufffd';
    }
    return text;
  }

  [customInspectSymbol](depth, options) {
    validateDecoder(this);
    if (typeof depth === 'number' && depth < 0) return this;
    const shown = Object.create({ constructor: TextDecoder });
    shown.encoding = this.#encoding;
    shown.fatal = this.#fatal;
    shown.ignoreBOM = this.#ignoreBOM;
    return `TextDecoder ${internalRequire('internal/util/inspect/format').inspect(shown, options)}`;
  }

  static {
    isTextDecoder = (value) => value !== null && typeof value === 'object' && #encoding in value;
  }
}

function validateDecoder(value) {
  if (!isTextDecoder(value)) throw new ERR_INVALID_THIS('TextDecoder');
}

// Node's own members are enumerable; class syntax makes them not.
for (const [cls, keys] of [[TextEncoder, ['encoding', 'encode', 'encodeInto']],
  [TextDecoder, ['decode', 'encoding', 'fatal', 'ignoreBOM']]]) {
  for (const key of keys) {
    const descriptor = Object.getOwnPropertyDescriptor(cls.prototype, key);
    descriptor.enumerable = true;
    Object.defineProperty(cls.prototype, key, descriptor);
  }
  Object.defineProperty(cls.prototype, Symbol.toStringTag, { __proto__: null, value: cls.name, configurable: true });
}

module.exports = { TextEncoder, TextDecoder, isTextEncoder, isTextDecoder, getEncodingFromLabel };
