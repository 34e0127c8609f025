// The synchronous forms: exact bytes of small outputs (the same zlib and
// brotli as Node), round trips of large seeded data, every input type, the
// options, and the constants.
const zlib = require('zlib');

function seeded(n, compressible) {
  const b = Buffer.alloc(n);
  let x = 0x9e3779b9;
  for (let i = 0; i < n; i++) {
    x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
    b[i] = compressible ? 97 + ((x >>> 0) % 4) : x & 0xff;
  }
  return b;
}

// Node bundles its own zlib (a faster fork) and brotli, so only outputs
// with nothing to match are the same bytes on both; longer ones are
// checked by decoding what Node made and by round trips.
const small = 'hello, zlib!';
for (const level of [0, 1, 6, 9]) console.log('gzip level', level, zlib.gzipSync(small, { level }).toString('hex'));
console.log('deflate', zlib.deflateSync(small).toString('hex'));
console.log('deflateRaw', zlib.deflateRawSync(small).toString('hex'));
console.log('deflate memLevel 1 strategy RLE', zlib.deflateSync(small, { memLevel: 1, strategy: zlib.constants.Z_RLE }).toString('hex'));
console.log('deflate windowBits 9', zlib.deflateSync(small, { windowBits: 9 }).toString('hex'));
console.log('deflateRaw windowBits 8', zlib.deflateRawSync('a', { windowBits: 8 }).toString('hex'));
console.log('brotli', zlib.brotliCompressSync(small).toString('hex'));
console.log('brotli quality 4 text mode', zlib.brotliCompressSync(small, {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
}).toString('hex'));

const text = 'The quick brown fox jumps over the lazy dog. '.repeat(4);
const fromNode = {
  gzip: 'H4sIAAAAAAAAAwvJSFUoLM1MzlZIKsovz1NIy69QyCrNLShWyC9LLVIoyUhVyEmsqlRIyU/XUwgZHIoBG43/RLQAAAA=',
  raw: 'C8lIVSgszUzOVkgqyi/PU0jLr1DIKs0tKFbIL0stUijJSFXISayqVEjJT9dTCBkcigE=',
  brotli: 'G7MAiCwOeNPQlV2XELsXK6nK0JLMjK1BXObyNsgZnp4Ke4MNOHBIIG8ku0GnFc4cHieqKTjCCfZpMA==',
  dictionary: 'eLtypQkNC8lIVShEk8sqzS0oVsgvSy1SKMlIhSvVUxgkigH6YECd',
};
const dictionary = Buffer.from('quick brown fox lazy dog');
console.log('gunzip of Node\'s gzip', zlib.gunzipSync(Buffer.from(fromNode.gzip, 'base64')).toString() === text);
console.log('inflateRaw of Node\'s', zlib.inflateRawSync(Buffer.from(fromNode.raw, 'base64')).toString() === text);
console.log('brotli of Node\'s', zlib.brotliDecompressSync(Buffer.from(fromNode.brotli, 'base64')).toString() === text);
console.log('inflate of Node\'s with a dictionary', zlib.inflateSync(Buffer.from(fromNode.dictionary, 'base64'), { dictionary }).toString() === text);
console.log('brotli size hint', zlib.brotliDecompressSync(zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length } })).toString() === text);

for (const [label, data] of [['random 1 MiB', seeded(1 << 20, false)], ['compressible 3 MiB', seeded(3 << 20, true)]]) {
  const smaller = (out) => out.length < data.length;
  const gz = zlib.gzipSync(data);
  console.log(label, 'gzip', smaller(gz), zlib.gunzipSync(gz).equals(data), zlib.unzipSync(gz).equals(data));
  const df = zlib.deflateSync(data, { level: 1 });
  console.log(label, 'deflate', smaller(df), zlib.inflateSync(df).equals(data), zlib.unzipSync(df).equals(data));
  const raw = zlib.deflateRawSync(data, { chunkSize: 64 });
  console.log(label, 'raw', smaller(raw), zlib.inflateRawSync(raw, { chunkSize: 1024 }).equals(data));
  const br = zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  console.log(label, 'brotli', smaller(br), zlib.brotliDecompressSync(br).equals(data));
}

const bytes = Buffer.from('typed input');
const inputs = {
  string: 'typed input',
  Buffer: bytes,
  Uint8Array: new Uint8Array(bytes),
  Uint16Array: new Uint16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + 10)),
  DataView: new DataView(bytes.buffer, bytes.byteOffset, bytes.length),
  ArrayBuffer: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length),
  'subarray': Buffer.from('xxtyped inputxx').subarray(2, 13),
};
for (const [label, input] of Object.entries(inputs)) {
  const out = zlib.deflateSync(input);
  console.log('input', label, out.toString('hex'), zlib.inflateSync(out).toString());
}

const empty = zlib.gzipSync('');
console.log('empty', empty.toString('hex'), zlib.gunzipSync(empty).length, zlib.brotliDecompressSync(zlib.brotliCompressSync('')).length);
const twoMembers = Buffer.concat([zlib.gzipSync('first '), zlib.gzipSync('second')]);
console.log('two members', zlib.gunzipSync(twoMembers).toString(), zlib.unzipSync(twoMembers).toString());
console.log('zero padding after a member', zlib.gunzipSync(Buffer.concat([zlib.gzipSync('padded'), Buffer.alloc(8)])).toString());
console.log('trailing bytes after deflate', zlib.inflateSync(Buffer.concat([zlib.deflateSync('abc'), Buffer.from('xx')])).toString());
console.log('windowBits 0 reads the header', zlib.inflateSync(zlib.deflateSync(text, { windowBits: 10 }), { windowBits: 0 }).length);

const withDict = zlib.deflateSync(text, { dictionary });
console.log('dictionary', withDict.subarray(0, 6).toString('hex'), zlib.inflateSync(withDict, { dictionary }).toString() === text);
console.log('raw dictionary', zlib.inflateRawSync(zlib.deflateRawSync(text, { dictionary: dictionary.buffer.slice(dictionary.byteOffset, dictionary.byteOffset + dictionary.length) }), { dictionary }).toString() === text);

const partial = zlib.deflateSync(text).subarray(0, 20);
console.log('finishFlush Z_SYNC_FLUSH', JSON.stringify(zlib.inflateSync(partial, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString()));
console.log('maxOutputLength exact', zlib.inflateSync(zlib.deflateSync('abc'), { maxOutputLength: 3 }).toString());

const info = zlib.gzipSync('abc', { info: true });
console.log('info', Object.keys(info), info.buffer.toString('hex'), info.engine instanceof zlib.Gzip);

// ZLIB_VERNUM is the version of the zlib in use, which differs.
console.log('constants', JSON.stringify({ ...zlib.constants, ZLIB_VERNUM: typeof zlib.constants.ZLIB_VERNUM }));
console.log('constants prototype', Object.getPrototypeOf(zlib.constants), Object.isFrozen(zlib.codes));
console.log('codes', zlib.codes);
console.log('legacy', zlib.Z_OK, zlib.Z_BEST_COMPRESSION, zlib.DEFLATE, zlib.ZLIB_VERNUM === zlib.constants.ZLIB_VERNUM, zlib.BROTLI_PARAM_MODE,
  Object.getOwnPropertyDescriptor(zlib, 'Z_SYNC_FLUSH'));
console.log('keys', Object.keys(zlib).join(' '));
console.log('names', zlib.gzipSync.name, zlib.gzipSync.length, zlib.gzip.name, zlib.gzip.length, zlib.crc32.length);
console.log('crc32', zlib.crc32('hello'), zlib.crc32('world', zlib.crc32('hello ')), zlib.crc32(Buffer.from('hello world')),
  zlib.crc32(''), zlib.crc32(new DataView(new Uint8Array([104, 101, 108, 108, 111]).buffer)), zlib.crc32(seeded(1 << 20, false)));
