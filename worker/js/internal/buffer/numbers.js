'use strict';
// Buffer's reads and writes of numbers: integers of 1 to 6 bytes, floats,
// doubles and 64-bit BigInts, in either byte order, with Node's checks and
// messages. Plain JavaScript: element access on a Uint8Array is what V8
// optimises best, and a native call would cost more than the work.

const { ERR_BUFFER_OUT_OF_BOUNDS, ERR_OUT_OF_RANGE } = internalRequire('internal/errors').codes;
const { validateNumber } = internalRequire('internal/validators');

const MathFloor = Math.floor;
const BigIntCtor = BigInt;
const NumberCtor = Number;

// Scratch space to move floats through their bytes. x86-64 and arm64 are
// little-endian: element 0's bytes are float32Bytes[0..3], lowest first.
const float32Array = new Float32Array(1);
const float32Bytes = new Uint8Array(float32Array.buffer);
const float64Array = new Float64Array(1);
const float64Bytes = new Uint8Array(float64Array.buffer);

// An offset that is not an integer, or one past the end.
function boundsError(value, last, name = 'offset') {
  if (MathFloor(value) !== value) {
    validateNumber(value, name);
    throw new ERR_OUT_OF_RANGE(name, 'an integer', value);
  }
  if (last < 0) throw new ERR_BUFFER_OUT_OF_BOUNDS();
  throw new ERR_OUT_OF_RANGE(name, `>= ${name === 'offset' ? 0 : 1} and <= ${last}`, value);
}

// That `size` bytes from `offset` lie inside `buf`.
function checkBounds(buf, offset, size) {
  validateNumber(offset, 'offset');
  if (buf[offset] === undefined || buf[offset + size - 1] === undefined) boundsError(offset, buf.length - size);
}

// That `value` fits `size` bytes, then the bounds. Node words the range of
// 5 bytes and more as powers of two.
function checkInt(value, min, max, buf, offset, size) {
  if (value > max || value < min) {
    const n = typeof min === 'bigint' ? 'n' : '';
    let range;
    if (size > 4) {
      const bits = size * 8;
      if (min === 0 || min === 0n) range = `>= 0${n} and < 2${n} ** ${bits}${n}`;
      else range = `>= -(2${n} ** ${bits - 1}${n}) and < 2${n} ** ${bits - 1}${n}`;
    } else {
      range = `>= ${min}${n} and <= ${max}${n}`;
    }
    throw new ERR_OUT_OF_RANGE('value', range, value);
  }
  checkBounds(buf, offset, size);
}

function checkByteLength(byteLength) {
  boundsError(byteLength, 6, 'byteLength');
}

// --- reads ------------------------------------------------------------------

function readUIntLEn(buf, offset, size) {
  validateNumber(offset, 'offset');
  if (buf[offset] === undefined || buf[offset + size - 1] === undefined) boundsError(offset, buf.length - size);
  let value = 0;
  let scale = 1;
  for (let i = 0; i < size; i++) {
    value += buf[offset + i] * scale;
    scale *= 256;
  }
  return value;
}

function readUIntBEn(buf, offset, size) {
  validateNumber(offset, 'offset');
  if (buf[offset] === undefined || buf[offset + size - 1] === undefined) boundsError(offset, buf.length - size);
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + buf[offset + i];
  return value;
}

// Two's complement of `size` bytes read as unsigned.
function toSigned(value, size) {
  const limit = 2 ** (size * 8 - 1);
  return value >= limit ? value - limit * 2 : value;
}

function readU8(buf, offset) {
  validateNumber(offset, 'offset');
  const value = buf[offset];
  if (value === undefined) boundsError(offset, buf.length - 1);
  return value;
}

function readU16LE(buf, offset) {
  validateNumber(offset, 'offset');
  const first = buf[offset];
  const last = buf[offset + 1];
  if (first === undefined || last === undefined) boundsError(offset, buf.length - 2);
  return first + last * 0x100;
}

function readU16BE(buf, offset) {
  validateNumber(offset, 'offset');
  const first = buf[offset];
  const last = buf[offset + 1];
  if (first === undefined || last === undefined) boundsError(offset, buf.length - 2);
  return first * 0x100 + last;
}

function readU32LE(buf, offset) {
  validateNumber(offset, 'offset');
  const first = buf[offset];
  const last = buf[offset + 3];
  if (first === undefined || last === undefined) boundsError(offset, buf.length - 4);
  return first + buf[offset + 1] * 0x100 + buf[offset + 2] * 0x10000 + last * 0x1000000;
}

function readU32BE(buf, offset) {
  validateNumber(offset, 'offset');
  const first = buf[offset];
  const last = buf[offset + 3];
  if (first === undefined || last === undefined) boundsError(offset, buf.length - 4);
  return first * 0x1000000 + buf[offset + 1] * 0x10000 + buf[offset + 2] * 0x100 + last;
}

function readUInt8(offset = 0) {
  return readU8(this, offset);
}

function readInt8(offset = 0) {
  return (readU8(this, offset) << 24) >> 24;
}

function readUInt16LE(offset = 0) {
  return readU16LE(this, offset);
}

function readUInt16BE(offset = 0) {
  return readU16BE(this, offset);
}

function readInt16LE(offset = 0) {
  return (readU16LE(this, offset) << 16) >> 16;
}

function readInt16BE(offset = 0) {
  return (readU16BE(this, offset) << 16) >> 16;
}

function readUInt32LE(offset = 0) {
  return readU32LE(this, offset);
}

function readUInt32BE(offset = 0) {
  return readU32BE(this, offset);
}

function readInt32LE(offset = 0) {
  return readU32LE(this, offset) | 0;
}

function readInt32BE(offset = 0) {
  return readU32BE(this, offset) | 0;
}

// A variable-width read of 1 to 6 bytes.
function readVariable(buf, offset, byteLength, littleEndian, signed) {
  let value;
  if (byteLength === 1) {
    value = readU8(buf, offset);
  } else if (byteLength === 2) {
    value = littleEndian ? readU16LE(buf, offset) : readU16BE(buf, offset);
  } else if (byteLength === 4) {
    value = littleEndian ? readU32LE(buf, offset) : readU32BE(buf, offset);
  } else if (byteLength === 3 || byteLength === 5 || byteLength === 6) {
    value = littleEndian ? readUIntLEn(buf, offset, byteLength) : readUIntBEn(buf, offset, byteLength);
  } else {
    checkByteLength(byteLength);
  }
  return signed ? toSigned(value, byteLength) : value;
}

function readUIntLE(offset, byteLength) {
  return readVariable(this, offset, byteLength, true, false);
}

function readUIntBE(offset, byteLength) {
  return readVariable(this, offset, byteLength, false, false);
}

function readIntLE(offset, byteLength) {
  return readVariable(this, offset, byteLength, true, true);
}

function readIntBE(offset, byteLength) {
  return readVariable(this, offset, byteLength, false, true);
}

// The two 32-bit halves of a 64-bit read, once the whole range is checked.
function checkBigRead(buf, offset) {
  validateNumber(offset, 'offset');
  if (buf[offset] === undefined || buf[offset + 7] === undefined) boundsError(offset, buf.length - 8);
}

function readBigUInt64LE(offset = 0) {
  checkBigRead(this, offset);
  return BigIntCtor(readU32LE(this, offset)) + (BigIntCtor(readU32LE(this, offset + 4)) << 32n);
}

function readBigUInt64BE(offset = 0) {
  checkBigRead(this, offset);
  return (BigIntCtor(readU32BE(this, offset)) << 32n) + BigIntCtor(readU32BE(this, offset + 4));
}

function readBigInt64LE(offset = 0) {
  checkBigRead(this, offset);
  return (BigIntCtor(readU32LE(this, offset + 4) | 0) << 32n) + BigIntCtor(readU32LE(this, offset));
}

function readBigInt64BE(offset = 0) {
  checkBigRead(this, offset);
  return (BigIntCtor(readU32BE(this, offset) | 0) << 32n) + BigIntCtor(readU32BE(this, offset + 4));
}

function readFloat(buf, offset, littleEndian) {
  validateNumber(offset, 'offset');
  if (buf[offset] === undefined || buf[offset + 3] === undefined) boundsError(offset, buf.length - 4);
  for (let i = 0; i < 4; i++) float32Bytes[littleEndian ? i : 3 - i] = buf[offset + i];
  return float32Array[0];
}

function readDouble(buf, offset, littleEndian) {
  validateNumber(offset, 'offset');
  if (buf[offset] === undefined || buf[offset + 7] === undefined) boundsError(offset, buf.length - 8);
  for (let i = 0; i < 8; i++) float64Bytes[littleEndian ? i : 7 - i] = buf[offset + i];
  return float64Array[0];
}

// --- writes -----------------------------------------------------------------

function writeUInt8Impl(buf, value, offset, min, max) {
  value = +value;
  validateNumber(offset, 'offset');
  if (value > max || value < min) throw new ERR_OUT_OF_RANGE('value', `>= ${min} and <= ${max}`, value);
  if (buf[offset] === undefined) boundsError(offset, buf.length - 1);
  buf[offset] = value;
  return offset + 1;
}

// Writes `size` bytes of `value` (already checked), lowest first or last.
// As in Node, the low 32 bits are ToUint32's (truncated toward zero) and
// the rest come from the value divided by 2 ** 32 and floored.
function writeBytes(buf, value, offset, size, littleEndian) {
  const high = size > 4 ? MathFloor(value * 2 ** -32) : 0;
  for (let i = 0; i < size; i++) {
    const byte = i < 4 ? (value >>> (8 * i)) & 0xff : (high >>> (8 * (i - 4))) & 0xff;
    buf[littleEndian ? offset + i : offset + size - 1 - i] = byte;
  }
  return offset + size;
}

function writeIntImpl(buf, value, offset, size, littleEndian, signed) {
  value = +value;
  const bits = size * 8;
  const min = signed ? -(2 ** (bits - 1)) : 0;
  const max = signed ? 2 ** (bits - 1) - 1 : 2 ** bits - 1;
  checkInt(value, min, max, buf, offset, size);
  return writeBytes(buf, value, offset, size, littleEndian);
}

// A variable-width write of 1 to 6 bytes.
function writeVariable(buf, value, offset, byteLength, littleEndian, signed) {
  if (byteLength === 1) return writeUInt8Impl(buf, value, offset, signed ? -0x80 : 0, signed ? 0x7f : 0xff);
  if (byteLength === 2 || byteLength === 3 || byteLength === 4 || byteLength === 5 || byteLength === 6) {
    return writeIntImpl(buf, value, offset, byteLength, littleEndian, signed);
  }
  checkByteLength(byteLength);
}

function writeUInt8(value, offset = 0) {
  return writeUInt8Impl(this, value, offset, 0, 0xff);
}

function writeInt8(value, offset = 0) {
  return writeUInt8Impl(this, value, offset, -0x80, 0x7f);
}

function writeUInt16LE(value, offset = 0) {
  value = +value;
  checkInt(value, 0, 0xffff, this, offset, 2);
  this[offset] = value;
  this[offset + 1] = value >>> 8;
  return offset + 2;
}

function writeUInt16BE(value, offset = 0) {
  value = +value;
  checkInt(value, 0, 0xffff, this, offset, 2);
  this[offset] = value >>> 8;
  this[offset + 1] = value;
  return offset + 2;
}

function writeInt16LE(value, offset = 0) {
  value = +value;
  checkInt(value, -0x8000, 0x7fff, this, offset, 2);
  this[offset] = value;
  this[offset + 1] = value >>> 8;
  return offset + 2;
}

function writeInt16BE(value, offset = 0) {
  value = +value;
  checkInt(value, -0x8000, 0x7fff, this, offset, 2);
  this[offset] = value >>> 8;
  this[offset + 1] = value;
  return offset + 2;
}

function writeUInt32LE(value, offset = 0) {
  value = +value;
  checkInt(value, 0, 0xffffffff, this, offset, 4);
  this[offset] = value;
  this[offset + 1] = value >>> 8;
  this[offset + 2] = value >>> 16;
  this[offset + 3] = value >>> 24;
  return offset + 4;
}

function writeUInt32BE(value, offset = 0) {
  value = +value;
  checkInt(value, 0, 0xffffffff, this, offset, 4);
  this[offset] = value >>> 24;
  this[offset + 1] = value >>> 16;
  this[offset + 2] = value >>> 8;
  this[offset + 3] = value;
  return offset + 4;
}

function writeInt32LE(value, offset = 0) {
  value = +value;
  checkInt(value, -0x80000000, 0x7fffffff, this, offset, 4);
  this[offset] = value;
  this[offset + 1] = value >>> 8;
  this[offset + 2] = value >>> 16;
  this[offset + 3] = value >>> 24;
  return offset + 4;
}

function writeInt32BE(value, offset = 0) {
  value = +value;
  checkInt(value, -0x80000000, 0x7fffffff, this, offset, 4);
  this[offset] = value >>> 24;
  this[offset + 1] = value >>> 16;
  this[offset + 2] = value >>> 8;
  this[offset + 3] = value;
  return offset + 4;
}

function writeUIntLE(value, offset, byteLength) {
  return writeVariable(this, value, offset, byteLength, true, false);
}

function writeUIntBE(value, offset, byteLength) {
  return writeVariable(this, value, offset, byteLength, false, false);
}

function writeIntLE(value, offset, byteLength) {
  return writeVariable(this, value, offset, byteLength, true, true);
}

function writeIntBE(value, offset, byteLength) {
  return writeVariable(this, value, offset, byteLength, false, true);
}

function writeBigInt64Impl(buf, value, offset, min, max, littleEndian) {
  checkInt(value, min, max, buf, offset, 8);
  // A Number mixed with BigInts throws here, as in Node.
  const low = NumberCtor(value & 0xffffffffn);
  const high = NumberCtor((value >> 32n) & 0xffffffffn);
  for (let i = 0; i < 4; i++) {
    buf[littleEndian ? offset + i : offset + 7 - i] = (low >>> (8 * i)) & 0xff;
    buf[littleEndian ? offset + 4 + i : offset + 3 - i] = (high >>> (8 * i)) & 0xff;
  }
  return offset + 8;
}

const kBigUInt64Max = 0xffffffffffffffffn;
const kBigInt64Min = -(2n ** 63n);
const kBigInt64Max = 2n ** 63n - 1n;

function writeBigUInt64LE(value, offset = 0) {
  return writeBigInt64Impl(this, value, offset, 0n, kBigUInt64Max, true);
}

function writeBigUInt64BE(value, offset = 0) {
  return writeBigInt64Impl(this, value, offset, 0n, kBigUInt64Max, false);
}

function writeBigInt64LE(value, offset = 0) {
  return writeBigInt64Impl(this, value, offset, kBigInt64Min, kBigInt64Max, true);
}

function writeBigInt64BE(value, offset = 0) {
  return writeBigInt64Impl(this, value, offset, kBigInt64Min, kBigInt64Max, false);
}

function writeFloat(buf, value, offset, littleEndian) {
  value = +value;
  checkBounds(buf, offset, 4);
  float32Array[0] = value;
  for (let i = 0; i < 4; i++) buf[offset + i] = float32Bytes[littleEndian ? i : 3 - i];
  return offset + 4;
}

function writeDouble(buf, value, offset, littleEndian) {
  value = +value;
  checkBounds(buf, offset, 8);
  float64Array[0] = value;
  for (let i = 0; i < 8; i++) buf[offset + i] = float64Bytes[littleEndian ? i : 7 - i];
  return offset + 8;
}

// The methods under Node's names, 'UInt' ones also as 'Uint'.
function addNumberMethods(proto) {
  const methods = {
    readBigUInt64LE,
    readBigUInt64BE,
    readBigInt64LE,
    readBigInt64BE,
    writeBigUInt64LE,
    writeBigUInt64BE,
    writeBigInt64LE,
    writeBigInt64BE,
    readUIntLE,
    readUInt32LE,
    readUInt16LE,
    readUInt8,
    readUIntBE,
    readUInt32BE,
    readUInt16BE,
    readIntLE,
    readInt32LE,
    readInt16LE,
    readInt8,
    readIntBE,
    readInt32BE,
    readInt16BE,
    writeUIntLE,
    writeUInt32LE,
    writeUInt16LE,
    writeUInt8,
    writeUIntBE,
    writeUInt32BE,
    writeUInt16BE,
    writeIntLE,
    writeInt32LE,
    writeInt16LE,
    writeInt8,
    writeIntBE,
    writeInt32BE,
    writeInt16BE,
    readFloatLE(offset = 0) { return readFloat(this, offset, true); },
    readFloatBE(offset = 0) { return readFloat(this, offset, false); },
    readDoubleLE(offset = 0) { return readDouble(this, offset, true); },
    readDoubleBE(offset = 0) { return readDouble(this, offset, false); },
    writeFloatLE(value, offset = 0) { return writeFloat(this, value, offset, true); },
    writeFloatBE(value, offset = 0) { return writeFloat(this, value, offset, false); },
    writeDoubleLE(value, offset = 0) { return writeDouble(this, value, offset, true); },
    writeDoubleBE(value, offset = 0) { return writeDouble(this, value, offset, false); },
  };
  for (const name of Object.keys(methods)) {
    proto[name] = methods[name];
    if (name.includes('UInt')) proto[name.replace('UInt', 'Uint')] = methods[name];
  }
}

module.exports = { addNumberMethods };
