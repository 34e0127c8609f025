'use strict';
// v8.serialize() and the Serializer/Deserializer classes: the bytes V8 and
// Node's host-object format give, round trips, the hooks a subclass
// overrides, and the errors of bad input.
const assert = require('assert');
const v8 = require('v8');

const hex = (buffer) => Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength).toString('hex');
const describeError = (fn) => {
  try {
    fn();
    return 'no error';
  } catch (error) {
    return `${error.name} ${error.code} ${error.message}`;
  }
};

const circular = { name: 'loop' };
circular.self = circular;
const values = [
  { foo: 'bar' }, [1, 'two', 3.5, -0], 'text', 'ünïcödé ☃', 42, -1, 2 ** 40, 1n << 70n, true, null, undefined,
  new Date(0), /ab+c/gi, new Map([[1, 'a']]), new Set(['x']),
  new Int8Array([1, -2, 3]), new Uint8Array([1, 2, 3, 4]), new Uint8ClampedArray([255]), new Int16Array([-1, 2]),
  new Uint16Array([1, 2]), new Int32Array([-5]), new Uint32Array([7]), new Float32Array([1.5]),
  new Float64Array([2.25]), new DataView(new ArrayBuffer(3)), Buffer.from('buffer'), new BigInt64Array([-42n]),
  new BigUint64Array([42n]), new Uint8Array(new ArrayBuffer(16), 4, 8), new ArrayBuffer(2), circular,
];

// The bytes are V8's, with Node's format for views: identical to Node's.
for (const value of values) console.log(hex(v8.serialize(value)));

// Each comes back equal, through serialize() and through one stream.
for (const value of values) assert.deepStrictEqual(v8.deserialize(v8.serialize(value)), value);
{
  const error = v8.deserialize(v8.serialize(new RangeError('boom')));
  console.log(error instanceof RangeError, error.message);
}
{
  const serializer = new v8.DefaultSerializer();
  serializer.writeHeader();
  for (const value of values) serializer.writeValue(value);
  const deserializer = new v8.DefaultDeserializer(serializer.releaseBuffer());
  assert.strictEqual(deserializer.readHeader(), true);
  for (const value of values) assert.deepStrictEqual(deserializer.readValue(), value);
}
console.log('round trips');

// Bytes Node wrote: a Buffer, a misaligned Uint16Array, an old format.
console.log(v8.deserialize(Buffer.from('ff0f5c0a026162', 'hex')));
{
  let padded = Buffer.alloc(32 + 9);
  padded.write('ff0d5c0404addeefbe', 32, 'hex');
  padded = padded.subarray(32);
  const view = v8.deserialize(padded);
  console.log(view.constructor.name, view.length, view.byteOffset % 2);
}
{
  const deserializer = new v8.DefaultDeserializer(Buffer.from('ff0d6f2203666f6f5e007b01', 'hex'));
  deserializer.readHeader();
  console.log('wire format', deserializer.getWireFormatVersion());
  const value = deserializer.readValue();
  console.log('self reference', value === value.foo);
}
// Any view of the bytes reads them.
for (const view of [new Uint8Array(v8.serialize({ a: 1 })), new DataView(v8.serialize({ a: 1 }).buffer.slice(0))]) {
  console.log(view.constructor.name, JSON.stringify(v8.deserialize(view)));
}

// A subclass writes views its own way, with the raw writers and readers.
class ViewWriter extends v8.Serializer {
  constructor() {
    super();
    this._setTreatArrayBufferViewsAsHostObjects(true);
  }
  _writeHostObject(view) {
    this.writeUint32(view.byteLength);
    this.writeRawBytes(view);
    this.writeUint64(1, 2);
    this.writeDouble(-0.25);
  }
}
class ViewReader extends v8.Deserializer {
  _readHostObject() {
    const length = this.readUint32();
    const bytes = this.readRawBytes(length);
    const tail = [this.readUint64(), this.readDouble()];
    return { bytes: bytes.toString(), tail };
  }
}
{
  const writer = new ViewWriter();
  writer.writeHeader();
  writer.writeValue({ view: Buffer.from('hostObjectTag') });
  const bytes = writer.releaseBuffer();
  console.log(hex(bytes));
  const reader = new ViewReader(bytes);
  reader.readHeader();
  console.log(JSON.stringify(reader.readValue()));
}

// A hook that throws stops the write; the error hook makes the error.
{
  const writer = new ViewWriter();
  writer._writeHostObject = () => {
    throw new Error('from the hook');
  };
  writer.writeHeader();
  console.log(describeError(() => writer.writeValue([new Uint8Array(1)])));
  const other = new v8.DefaultSerializer();
  other._getDataCloneError = (message) => new RangeError(`custom: ${message}`);
  other.writeHeader();
  console.log(describeError(() => other.writeValue(new Proxy({}, {}))));
  console.log(describeError(() => v8.serialize(() => 1)));
  console.log(describeError(() => v8.serialize(Symbol('s'))));
}

// ArrayBuffers moved out of band; SharedArrayBuffers written by id.
{
  const moved = new Uint8Array([9, 8, 7]).buffer;
  const serializer = new v8.Serializer();
  serializer.transferArrayBuffer(5, moved);
  serializer.writeHeader();
  serializer.writeValue({ moved, view: new Uint8Array(moved, 1) });
  const bytes = serializer.releaseBuffer();
  console.log(hex(bytes));
  const deserializer = new v8.Deserializer(bytes);
  const target = new Uint8Array([1, 2, 3]).buffer;
  deserializer.transferArrayBuffer(5, target);
  deserializer.readHeader();
  const value = deserializer.readValue();
  console.log(value.moved === target, value.view.buffer === target, [...value.view]);

  const sharing = new v8.Serializer();
  sharing._getSharedArrayBufferId = (shared) => (shared.byteLength === 4 ? 11 : 12);
  sharing.writeHeader();
  sharing.writeValue([new SharedArrayBuffer(4), new SharedArrayBuffer(8)]);
  console.log(hex(sharing.releaseBuffer()));
  console.log(describeError(() => new v8.Serializer().transferArrayBuffer(0, {})));
  console.log(describeError(() => new v8.Deserializer(bytes).transferArrayBuffer(0, {})));
  console.log(describeError(() => v8.serialize(new SharedArrayBuffer(1))));
}

// Bad input gets Node's errors.
console.log(describeError(() => v8.Serializer()));
console.log(describeError(() => v8.Deserializer()));
console.log(describeError(() => new v8.Deserializer('bytes')));
console.log(describeError(() => v8.deserialize(42)));
console.log(describeError(() => new v8.Serializer().writeRawBytes('x')));
console.log(describeError(() => new v8.Deserializer(new v8.Serializer().releaseBuffer()).readDouble()));
console.log(describeError(() => new v8.Deserializer(Buffer.alloc(0)).readUint32()));
console.log(describeError(() => new v8.Deserializer(Buffer.alloc(0)).readUint64()));
console.log(describeError(() => new v8.Deserializer(Buffer.alloc(2)).readRawBytes(3)));
console.log(describeError(() => v8.deserialize(Buffer.from('ff0f6f', 'hex'))));
console.log(describeError(() => v8.deserialize(Buffer.from('ff0f5c0a0a61', 'hex'))));
console.log(describeError(() => v8.deserialize(Buffer.from('ffff', 'hex'))));
{
  const reader = new v8.DefaultDeserializer(Buffer.from('ff0f5c0a026162', 'hex'));
  reader._readHostObject = () => 7;
  reader.readHeader();
  console.log(describeError(() => reader.readValue()));
}
console.log(describeError(() => v8.Serializer.prototype.writeHeader.call({})));
