// Until a worker has `stream`, the stream forms of zlib say so by name.
const zlib = require('zlib');
for (const fn of [() => zlib.createGzip(), () => zlib.createBrotliDecompress(), () => new zlib.Inflate()]) {
  try {
    fn();
    console.log('made');
  } catch (e) {
    console.log(e.code, e.message);
  }
}
