'use strict';
// v8: V8's value serializer as Node offers it (Serializer, Deserializer,
// the Default* pair that writes Buffers and typed arrays in Node's own
// format, serialize/deserialize), this isolate's heap statistics, and its
// flags, and its heap snapshots. The classes are native
// (worker/api/v8/serdes_binding.cc), the rest is worker/api/v8/heap_binding.cc and
// worker/api/v8/gc_profiler.cc. What a worker cannot offer (coverage, heap limit
// snapshots) stays a stub that says so.

const serdes = binding.internalBinding('serdes');
const heap = binding.internalBinding('heap');
const { codes } = internalRequire('internal/errors');
const { validateBoolean, validateObject, validateString } = internalRequire('internal/validators');
const { FastBuffer } = internalRequire('internal/buffer/buffer');

const uncurryThis = (fn) => Function.prototype.call.bind(fn);
const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
const TypedArrayPrototypeGetSymbolToStringTag =
  uncurryThis(Object.getOwnPropertyDescriptor(TypedArrayPrototype, Symbol.toStringTag).get);
const DataViewPrototypeGetByteLength =
  uncurryThis(Object.getOwnPropertyDescriptor(DataView.prototype, 'byteLength').get);
const TypedArrayPrototypeSet = uncurryThis(TypedArrayPrototype.set);
const ArrayBufferIsView = ArrayBuffer.isView;
const ReflectApply = Reflect.apply;

const { Serializer, Deserializer } = serdes;

// releaseBuffer() gives a Buffer over the bytes, as Node's does.
const releaseArrayBuffer = Serializer.prototype.releaseBuffer;
Object.defineProperty(Serializer.prototype, 'releaseBuffer', {
  __proto__: null,
  value: function releaseBuffer() {
    const bytes = ReflectApply(releaseArrayBuffer, this, []);
    return new FastBuffer(bytes, 0, bytes.byteLength);
  },
  writable: true,
  configurable: true,
});

// The error the serializer throws when a value cannot be cloned; a subclass
// may return its own.
Serializer.prototype._getDataCloneError = Error;

// The next `length` bytes of the input, as a Buffer over them (no copy).
Deserializer.prototype.readRawBytes = function readRawBytes(length) {
  const offset = this._readRawBytes(length);
  // `buffer` may be any ArrayBufferView, so its own slice() cannot serve.
  return new FastBuffer(this.buffer.buffer, this.buffer.byteOffset + offset, length);
};

// Node's wire format for an ArrayBufferView written as a host object: the
// type's index, the byte length and the bytes. Index 10 is Buffer. The
// format is Node's, so bytes written by Node read back here and the other
// way round.
const kViewTypes = [
  Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array,
  Float64Array, DataView, FastBuffer, BigInt64Array, BigUint64Array,
];
if (typeof globalThis.Float16Array === 'function') kViewTypes.push(globalThis.Float16Array);
const kBufferIndex = 10;
const kDataViewIndex = 9;
const kIndexOfTag = new Map();
for (let i = 0; i < kViewTypes.length; i++) {
  if (i !== kBufferIndex && i !== kDataViewIndex) kIndexOfTag.set(kViewTypes[i].name, i);
}

let BufferClass;
function isBuffer(view) {
  if (BufferClass === undefined) BufferClass = internalRequire('internal/buffer/buffer').Buffer;
  return view.constructor === BufferClass;
}

// The index of the view's type, or -1 for none Node writes.
function viewTypeIndex(view) {
  const tag = TypedArrayPrototypeGetSymbolToStringTag(view);
  if (tag === undefined) {
    try {
      DataViewPrototypeGetByteLength(view);
      return kDataViewIndex;
    } catch {
      return -1;
    }
  }
  const index = kIndexOfTag.get(tag);
  return index === undefined ? -1 : index;
}

class DefaultSerializer extends Serializer {
  constructor() {
    super();
    this._setTreatArrayBufferViewsAsHostObjects(true);
  }

  // A view is written without its ArrayBuffer: a Buffer's is often a pool
  // shared with unrelated data, larger than the view and maybe secret.
  _writeHostObject(view) {
    let index = kBufferIndex;
    if (!isBuffer(view)) {
      index = ArrayBufferIsView(view) ? viewTypeIndex(view) : -1;
      if (index === -1) {
        const { inspect } = internalRequire('internal/util/inspect');
        throw new this._getDataCloneError(`Unserializable host object: ${inspect(view)}`);
      }
    }
    this.writeUint32(index);
    this.writeUint32(view.byteLength);
    this.writeRawBytes(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
  }
}

class DefaultDeserializer extends Deserializer {
  _readHostObject() {
    const index = this.readUint32();
    const byteLength = this.readUint32();
    const offset = this._readRawBytes(byteLength);
    const Type = kViewTypes[index];
    if (Type === undefined) throw new Error('Unable to deserialize cloned data.');
    const elementSize = Type.BYTES_PER_ELEMENT || 1;
    const { buffer } = this;
    const start = buffer.byteOffset + offset;
    if (start % elementSize === 0) return new Type(buffer.buffer, start, byteLength / elementSize);
    // Misaligned for its type: the view gets a copy of its own.
    const copy = new Uint8Array(byteLength);
    TypedArrayPrototypeSet(copy, new Uint8Array(buffer.buffer, start, byteLength));
    return new Type(copy.buffer, 0, byteLength / elementSize);
  }
}

function serialize(value) {
  const serializer = new DefaultSerializer();
  serializer.writeHeader();
  serializer.writeValue(value);
  return serializer.releaseBuffer();
}

function deserialize(buffer) {
  const deserializer = new DefaultDeserializer(buffer);
  deserializer.readHeader();
  return deserializer.readValue();
}

function setFlagsFromString(flags) {
  validateString(flags, 'flags');
  heap.setFlagsFromString(flags);
}

function getHeapStatistics() {
  return heap.getHeapStatistics();
}

function getHeapSpaceStatistics() {
  return heap.getHeapSpaceStatistics();
}

function getHeapCodeStatistics() {
  return heap.getHeapCodeStatistics();
}

function cachedDataVersionTag() {
  return heap.cachedDataVersionTag();
}

// Node's snapshot options, checked as Node checks them. V8 here writes the
// same snapshot whatever they say.
function checkSnapshotOptions(options) {
  if (options === undefined) return;
  validateObject(options, 'options');
  if (options.exposeInternals !== undefined) validateBoolean(options.exposeInternals, 'options.exposeInternals');
  if (options.exposeNumericValues !== undefined) {
    validateBoolean(options.exposeNumericValues, 'options.exposeNumericValues');
  }
}

// A Readable of this worker's heap snapshot (JSON, as DevTools reads it).
function getHeapSnapshot(options) {
  checkSnapshotOptions(options);
  const pieces = heap.takeHeapSnapshot();
  const { Readable } = internalRequire('node/stream');
  return Readable.from(pieces.map((piece) => new FastBuffer(piece, 0, piece.byteLength)), { objectMode: false });
}

let snapshotsWritten = 0;

// Node's name for a snapshot file: Heap.DATE.TIME.PID.THREAD.SEQ.heapsnapshot.
function snapshotFileName() {
  const now = new Date();
  const two = (n) => `${n}`.padStart(2, '0');
  const date = `${now.getFullYear()}${two(now.getMonth() + 1)}${two(now.getDate())}`;
  const time = `${two(now.getHours())}${two(now.getMinutes())}${two(now.getSeconds())}`;
  const { threadId } = internalRequire('node/worker_threads');
  return `Heap.${date}.${time}.${process.pid}.${threadId}.${`${++snapshotsWritten}`.padStart(3, '0')}.heapsnapshot`;
}

// Writes the snapshot to `filename` (in the working directory by default)
// and returns the name.
function writeHeapSnapshot(filename, options) {
  const fsUtils = internalRequire('internal/fs/utils');
  if (filename !== undefined) filename = fsUtils.toPath(filename, 'path');
  checkSnapshotOptions(options);
  if (filename === undefined) filename = snapshotFileName();
  const fs = internalRequire('node/fs');
  const pieces = heap.takeHeapSnapshot();
  const fd = fs.openSync(filename, 'w');
  try {
    for (const piece of pieces) fs.writeSync(fd, new Uint8Array(piece));
  } finally {
    fs.closeSync(fd);
  }
  return fsUtils.pathString(filename);
}

// Records the worker's garbage collections between start() and stop(),
// which returns them (Node's shape: version, startTime, statistics,
// endTime); a second start() or stop() does nothing.
class GCProfiler {
  #profiler = null;

  start() {
    if (this.#profiler !== null) return;
    this.#profiler = new heap.GCProfiler();
    this.#profiler.start();
  }

  stop() {
    if (this.#profiler === null) return undefined;
    const data = this.#profiler.stop();
    this.#profiler = null;
    return data;
  }
}

// A worker runs from a snapshot it did not build, and builds none.
const startupSnapshot = {
  isBuildingSnapshot() {
    return false;
  },
  addSerializeCallback() {
    throw new codes.ERR_NOT_BUILDING_SNAPSHOT();
  },
  addDeserializeCallback() {
    throw new codes.ERR_NOT_BUILDING_SNAPSHOT();
  },
  setDeserializeMainFunction() {
    throw new codes.ERR_NOT_BUILDING_SNAPSHOT();
  },
};

// What a worker offers, and the stubs of the rest, under Node's names in
// Node's order.
const offered = {
  cachedDataVersionTag,
  getHeapSnapshot,
  getHeapStatistics,
  getHeapSpaceStatistics,
  getHeapCodeStatistics,
  setFlagsFromString,
  Serializer,
  Deserializer,
  DefaultSerializer,
  DefaultDeserializer,
  deserialize,
  serialize,
  writeHeapSnapshot,
  startupSnapshot,
  GCProfiler,
};
const stubs = internalRequire('internal/modules/unavailable').create('v8', null);
const kNodeOrder = ['cachedDataVersionTag', 'getHeapSnapshot', 'getHeapStatistics', 'getHeapSpaceStatistics',
  'getHeapCodeStatistics', 'setFlagsFromString', 'Serializer', 'Deserializer', 'DefaultSerializer',
  'DefaultDeserializer', 'deserialize', 'takeCoverage', 'stopCoverage', 'serialize', 'writeHeapSnapshot',
  'promiseHooks', 'queryObjects', 'startupSnapshot', 'setHeapSnapshotNearHeapLimit', 'GCProfiler'];
const v8 = {};
for (const name of kNodeOrder) v8[name] = name in offered ? offered[name] : stubs[name];

module.exports = v8;
