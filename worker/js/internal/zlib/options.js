'use strict';
// The options of every zlib entry point, checked as Node checks them (same
// order, same errors) and turned into the numbers the native codec takes.

const { codes } = internalRequire('internal/errors');
const bufferImpl = internalRequire('internal/buffer/buffer');

const { ERR_BROTLI_INVALID_PARAM, ERR_INVALID_ARG_TYPE, ERR_OUT_OF_RANGE } = codes;
const { Buffer } = bufferImpl;
const ArrayBufferIsView = ArrayBuffer.isView;
const NumberIsFinite = Number.isFinite;
const NumberIsNaN = Number.isNaN;
const ObjectKeys = Object.keys;

// zlib.constants' kinds of stream (Node's numbering).
const DEFLATE = 1;
const INFLATE = 2;
const GZIP = 3;
const GUNZIP = 4;
const DEFLATERAW = 5;
const INFLATERAW = 6;
const UNZIP = 7;
const BROTLI_DECODE = 8;
const BROTLI_ENCODE = 9;

// Read once, when zlib is loaded, as Node does (a test may lower it first).
const { kMaxLength } = internalRequire('node/buffer');
const kBrotliParamCount = 9;  // BROTLI_PARAM_MODE (0) .. BROTLI_PARAM_NDIRECT (8)

// False when `number` is unset (undefined or NaN): the default applies.
function checkFiniteNumber(number, name) {
  if (number === undefined) return false;
  if (NumberIsFinite(number)) return true;
  if (NumberIsNaN(number)) return false;
  if (typeof number !== 'number') throw new ERR_INVALID_ARG_TYPE(name, 'number', number);
  throw new ERR_OUT_OF_RANGE(name, 'a finite number', number);
}

function checkRangesOrGetDefault(number, name, lower, upper, fallback) {
  if (!checkFiniteNumber(number, name)) return fallback;
  if (number < lower || number > upper) throw new ERR_OUT_OF_RANGE(name, `>= ${lower} and <= ${upper}`, number);
  return number;
}

// What every kind shares: output pieces, flushes and the output limit.
function baseOptions(opts, minFlush, maxFlush, finishFlushDefault) {
  let chunkSize = 16 * 1024;
  if (opts) {
    if (checkFiniteNumber(opts.chunkSize, 'options.chunkSize')) {
      chunkSize = opts.chunkSize;
      if (chunkSize < 64) throw new ERR_OUT_OF_RANGE('options.chunkSize', '>= 64', chunkSize);
    }
  }
  const o = opts || {};
  const flush = checkRangesOrGetDefault(o.flush, 'options.flush', minFlush, maxFlush, minFlush);
  const finishFlush = checkRangesOrGetDefault(o.finishFlush, 'options.finishFlush', minFlush, maxFlush,
    finishFlushDefault);
  const maxOutputLength = checkRangesOrGetDefault(o.maxOutputLength, 'options.maxOutputLength', 1, kMaxLength,
    kMaxLength);
  return { chunkSize, flush, finishFlush, maxOutputLength };
}

function toDictionary(dictionary) {
  if (dictionary === undefined || ArrayBufferIsView(dictionary)) return dictionary;
  if (bufferImpl.isAnyArrayBuffer(dictionary)) return Buffer.from(dictionary);
  throw new ERR_INVALID_ARG_TYPE('options.dictionary', ['Buffer', 'TypedArray', 'DataView', 'ArrayBuffer'],
    dictionary);
}

function zlibOptions(opts, mode) {
  let windowBits = 15;
  let level = -1;
  let memLevel = 8;
  let strategy = 0;
  let dictionary;
  if (opts) {
    // 0 lets a decompressor take the window size from the stream's header.
    if (opts.windowBits === 0 && (mode === INFLATE || mode === GUNZIP || mode === UNZIP)) {
      windowBits = 0;
    } else {
      windowBits = checkRangesOrGetDefault(opts.windowBits, 'options.windowBits', mode === GZIP ? 9 : 8, 15, 15);
    }
    level = checkRangesOrGetDefault(opts.level, 'options.level', -1, 9, -1);
    memLevel = checkRangesOrGetDefault(opts.memLevel, 'options.memLevel', 1, 9, 8);
    strategy = checkRangesOrGetDefault(opts.strategy, 'options.strategy', 0, 4, 0);
    dictionary = toDictionary(opts.dictionary);
  }
  const base = baseOptions(opts, 0, 5, 4);  // Z_NO_FLUSH .. Z_BLOCK, Z_FINISH
  return { mode, level, windowBits, memLevel, strategy, dictionary, params: undefined, ...base };
}

function brotliOptions(opts, mode) {
  const params = [];
  for (let i = 0; i < kBrotliParamCount; i++) params[i] = -1;
  if (opts && opts.params) {
    const keys = ObjectKeys(opts.params);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      const index = +key;
      if (NumberIsNaN(index) || index < 0 || index >= kBrotliParamCount || (params[index] | 0) !== -1) {
        throw new ERR_BROTLI_INVALID_PARAM(key);
      }
      const value = opts.params[key];
      if (typeof value !== 'number' && typeof value !== 'boolean') {
        throw new ERR_INVALID_ARG_TYPE('options.params[key]', 'number', value);
      }
      params[index] = +value;
    }
  }
  const base = baseOptions(opts, 0, 3, 2);  // BROTLI_OPERATION_PROCESS .. EMIT_METADATA, FINISH
  return { mode, level: 0, windowBits: 0, memLevel: 0, strategy: 0, dictionary: undefined, params, ...base };
}

function optionsFor(mode, opts) {
  return mode === BROTLI_ENCODE || mode === BROTLI_DECODE ? brotliOptions(opts, mode) : zlibOptions(opts, mode);
}

module.exports = {
  DEFLATE, INFLATE, GZIP, GUNZIP, DEFLATERAW, INFLATERAW, UNZIP, BROTLI_DECODE, BROTLI_ENCODE,
  optionsFor, checkRangesOrGetDefault,
};
