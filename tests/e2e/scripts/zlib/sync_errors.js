'use strict';
// Errors of the synchronous forms, as Node reports them: zlib's and
// brotli's data errors with errno and code, and the checks of arguments
// and options.
const zlib = require('zlib');

function attempt(label, fn) {
  try {
    const result = fn();
    console.log(label, 'returned', Buffer.isBuffer(result) ? result.toString('hex') : result);
  } catch (e) {
    console.log(label, `${e.name}: ${e.message}`, e.code, e.errno, Object.keys(e));
  }
}

const deflated = zlib.deflateSync('a'.repeat(1000));
attempt('gunzip of plain text', () => zlib.gunzipSync(Buffer.from('not gzip at all')));
attempt('truncated gzip', () => zlib.gunzipSync(zlib.gzipSync('hello world').subarray(0, 10)));
attempt('invalid block type', () => zlib.inflateSync(Buffer.from([0x78, 0x9c, 0xff, 0xff])));
attempt('unzip of garbage', () => zlib.unzipSync(Buffer.from('garbage')));
attempt('garbage after a member', () => zlib.gunzipSync(Buffer.concat([zlib.gzipSync('abc'), Buffer.from('xx')])));
attempt('gunzip of nothing', () => zlib.gunzipSync(Buffer.alloc(0)));
attempt('inflate of nothing', () => zlib.inflateSync(Buffer.alloc(0)));
attempt('raw of nothing', () => zlib.inflateRawSync(Buffer.alloc(0)));
attempt('window too small', () => zlib.inflateSync(zlib.deflateSync('ab'), { windowBits: 8 }));
attempt('missing dictionary', () => zlib.inflateSync(zlib.deflateSync('abc', { dictionary: Buffer.from('abc') })));
attempt('bad dictionary', () => zlib.inflateSync(zlib.deflateSync('abc', { dictionary: Buffer.from('abc') }), { dictionary: Buffer.from('xyz') }));
attempt('brotli of garbage', () => zlib.brotliDecompressSync(Buffer.from('garbage!')));
attempt('truncated brotli', () => zlib.brotliDecompressSync(zlib.brotliCompressSync('abcdefgh'.repeat(100)).subarray(0, 5)));
attempt('brotli of nothing', () => zlib.brotliDecompressSync(Buffer.alloc(0)));
attempt('maxOutputLength', () => zlib.inflateSync(deflated, { maxOutputLength: 10 }));
attempt('maxOutputLength brotli', () => zlib.brotliDecompressSync(zlib.brotliCompressSync('a'.repeat(1000)), { maxOutputLength: 999 }));

attempt('number input', () => zlib.deflateSync(5));
attempt('no input', () => zlib.gzipSync());
attempt('null input', () => zlib.gzipSync(null));
attempt('object input', () => zlib.brotliCompressSync({}));
for (const [name, values] of Object.entries({
  level: [10, -2, 'x', Infinity, NaN, 1.5],
  windowBits: [7, 16, '15'],
  memLevel: [0, 10],
  strategy: [5, -1],
  chunkSize: [10, Infinity, '64'],
  flush: [99, -1],
  finishFlush: ['x', 6],
  maxOutputLength: [0, 2 ** 33, '3'],
})) {
  for (const value of values) attempt(`deflate ${name} ${String(value)}`, () => zlib.deflateSync('a', { [name]: value }));
}
attempt('gzip windowBits 8', () => zlib.gzipSync('a', { windowBits: 8 }));
attempt('gunzip windowBits 8', () => zlib.gunzipSync(zlib.gzipSync('ab'), { windowBits: 8 }));
attempt('inflateRaw windowBits 0', () => zlib.inflateRawSync(zlib.deflateRawSync('ab'), { windowBits: 0 }));
attempt('dictionary string', () => zlib.deflateSync('abc', { dictionary: 'abc' }));
attempt('options not an object', () => zlib.gzipSync('a', 5));
attempt('options null', () => zlib.gzipSync('a', null));
attempt('bad option before bad input', () => zlib.gzipSync(5, { level: 99 }));
attempt('brotli param 99', () => zlib.brotliCompressSync('a', { params: { 99: 1 } }));
attempt('brotli param x', () => zlib.brotliCompressSync('a', { params: { x: 1 } }));
attempt('brotli param 1.5', () => zlib.brotliCompressSync('a', { params: { 1.5: 1 } }));
attempt('brotli param value string', () => zlib.brotliCompressSync('a', { params: { [zlib.constants.BROTLI_PARAM_MODE]: 'x' } }));
attempt('brotli param value true', () => zlib.brotliCompressSync('ab', { params: { [zlib.constants.BROTLI_PARAM_MODE]: true } }));
attempt('brotli decoder given an encoder param', () => zlib.brotliDecompressSync(zlib.brotliCompressSync('ab'), { params: { 5: 1 } }));
attempt('brotli finishFlush 7', () => zlib.brotliCompressSync('a', { finishFlush: 7 }));
attempt('crc32 number', () => zlib.crc32(5));
attempt('crc32 ArrayBuffer', () => zlib.crc32(new ArrayBuffer(2)));
attempt('crc32 value string', () => zlib.crc32('a', 'x'));
attempt('crc32 value -1', () => zlib.crc32('a', -1));
attempt('crc32 value 2**32', () => zlib.crc32('a', 2 ** 32));
attempt('createGzip', () => typeof zlib.createGzip);
attempt('createGzip with a bad level', () => zlib.createGzip({ level: 42 }));
attempt('new BrotliCompress with a bad param', () => new zlib.BrotliCompress({ params: { 50: 1 } }));
attempt('constants are read-only', () => { zlib.constants.Z_OK = 1; });
attempt('codes are frozen', () => { zlib.codes.Z_OK = 1; });
