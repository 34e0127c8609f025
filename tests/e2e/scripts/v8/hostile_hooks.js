'use strict';
// Hooks and input that try to break the serializer from inside: re-entry,
// a buffer released mid-write, detached input, accessor hooks, bytes of no
// meaning. Each gives a result or an exception; the worker lives on.
const v8 = require('v8');

const t = (name, fn) => {
  try {
    console.log(name, fn());
  } catch (error) {
    console.log(name, 'threw', error.message);
  }
};

t('re-entrant read', () => {
  const reader = new v8.DefaultDeserializer(v8.serialize({ a: Buffer.from('xy'), b: new Uint8Array([1]) }));
  let depth = 0;
  reader._readHostObject = function() {
    if (depth++ < 3) {
      try {
        this.readValue();
      } catch {}
    }
    return v8.DefaultDeserializer.prototype._readHostObject.call(this);
  };
  reader.readHeader();
  return JSON.stringify(reader.readValue());
});
t('released while writing', () => {
  const writer = new v8.DefaultSerializer();
  writer._writeHostObject = function() {
    this.releaseBuffer();
    this.writeUint32(1);
  };
  writer.writeHeader();
  writer.writeValue([Buffer.from('a'.repeat(1000)), Buffer.from('b')]);
  return writer.releaseBuffer().length;
});
t('re-entrant write', () => {
  const writer = new v8.DefaultSerializer();
  let depth = 0;
  writer._writeHostObject = function(view) {
    if (depth++ < 5) this.writeValue({ nested: [view] });
    this.writeUint32(0);
  };
  writer.writeHeader();
  writer.writeValue(Buffer.from('z'));
  return writer.releaseBuffer().length;
});
t('input detached after construction', () => {
  const memory = new ArrayBuffer(64);
  new Uint8Array(memory).set(v8.serialize({ s: 'hello' }));
  const reader = new v8.Deserializer(new Uint8Array(memory));
  structuredClone(memory, { transfer: [memory] });
  reader.readHeader();
  return JSON.stringify(reader.readValue());
});
t('hook behind a getter', () => {
  const reader = new v8.DefaultDeserializer(v8.serialize(Buffer.from('q')));
  Object.defineProperty(reader, '_readHostObject', { get: () => () => ({ got: 1 }) });
  reader.readHeader();
  return JSON.stringify(reader.readValue());
});
t('hook that throws while reading', () => {
  const reader = new v8.DefaultDeserializer(v8.serialize([Buffer.from('q')]));
  reader._readHostObject = () => {
    throw new Error('no');
  };
  reader.readHeader();
  return reader.readValue();
});
t('method on a plain object', () => v8.Deserializer.prototype.readValue.call(Object.create(v8.Deserializer.prototype)));
t('negative raw length', () => new v8.Deserializer(Buffer.alloc(4))._readRawBytes(-1));
t('raw length past the end', () => new v8.Deserializer(Buffer.alloc(4))._readRawBytes(2 ** 53));
t('meaningless bytes', () => {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) >> 16;
  let read = 0;
  for (let i = 0; i < 20000; i++) {
    const bytes = Buffer.alloc(2 + (i % 40));
    for (let j = 2; j < bytes.length; j++) bytes[j] = next() & 255;
    bytes[0] = 0xff;
    bytes[1] = 0x0f;
    try {
      v8.deserialize(bytes);
      read++;
    } catch {}
  }
  return read > 0;
});
