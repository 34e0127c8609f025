// zlib streams: bad data becomes an 'error' event with Node's code, errno
// and message; bad options throw at once.
const zlib = require('zlib');

function errorOf(stream, input) {
  return new Promise((resolve) => {
    stream.on('error', (err) => {
      console.log(err.constructor.name, err.code, err.errno, err.message, stream.destroyed);
      resolve();
    });
    stream.on('data', () => {});
    stream.end(input);
  });
}

async function main() {
  await errorOf(zlib.createInflate(), Buffer.from('not deflate data'));
  await errorOf(zlib.createGunzip(), Buffer.from('not gzip data at all'));
  await errorOf(zlib.createGunzip(), zlib.gzipSync('cut short').subarray(0, 12));
  await errorOf(zlib.createInflate(), zlib.deflateSync('x', { dictionary: Buffer.from('dict') }));
  await errorOf(zlib.createInflate({ dictionary: Buffer.from('other') }),
    zlib.deflateSync('x', { dictionary: Buffer.from('dict') }));
  await errorOf(zlib.createBrotliDecompress(), Buffer.from('not brotli, really not'));
  await errorOf(zlib.createBrotliDecompress(), zlib.brotliCompressSync('cut '.repeat(100)).subarray(0, 5));

  for (const make of [
    () => zlib.createGzip({ level: 42 }),
    () => zlib.createDeflate({ chunkSize: 10 }),
    () => zlib.createInflate({ windowBits: 'x' }),
    () => zlib.createBrotliCompress({ params: { 99: 1 } }),
    () => new zlib.Unzip({ strategy: -3 }),
    () => zlib.createDeflate().params(11, 0),
  ]) {
    try {
      make();
      console.log('no error');
    } catch (err) {
      console.log(err.name, err.code, err.message);
    }
  }
}

main();
