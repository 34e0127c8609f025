// zlib's stream classes: round trips of every kind, chunked writes and
// reads, flush(), params(), close(), bytesWritten, and the classes.
const zlib = require('zlib');
const { Transform, pipeline, Readable, Writable } = require('stream');

const text = 'The quick brown fox jumps over the lazy dog. '.repeat(2000);

function collect(stream) {
  return new Promise((resolve, reject) => {
    const parts = [];
    stream.on('data', (chunk) => parts.push(chunk));
    stream.on('end', () => resolve({ data: Buffer.concat(parts), chunks: parts.length }));
    stream.on('error', reject);
  });
}

async function roundTrip(name, compress, decompress) {
  const done = collect(decompress);
  compress.pipe(decompress);
  for (let i = 0; i < text.length; i += 7000) compress.write(text.slice(i, i + 7000));
  compress.end();
  const { data } = await done;
  console.log(name, data.toString() === text, 'bytesWritten', compress.bytesWritten,
    decompress.bytesWritten > 0 && decompress.bytesWritten < text.length);
}

async function main() {
  await roundTrip('gzip', zlib.createGzip(), zlib.createGunzip());
  await roundTrip('deflate', zlib.createDeflate({ level: 9 }), zlib.createInflate());
  await roundTrip('raw', zlib.createDeflateRaw(), zlib.createInflateRaw());
  await roundTrip('unzip of gzip', zlib.createGzip(), zlib.createUnzip());
  await roundTrip('unzip of deflate', zlib.createDeflate(), zlib.createUnzip());
  await roundTrip('brotli', zlib.createBrotliCompress(), zlib.createBrotliDecompress());
  await roundTrip('classes', new zlib.Gzip(), zlib.Gunzip());
  await roundTrip('dictionary', zlib.createDeflate({ dictionary: Buffer.from('quick brown fox') }),
    zlib.createInflate({ dictionary: Buffer.from('quick brown fox') }));

  // Output comes in pieces of at most chunkSize bytes.
  const small = zlib.createInflate({ chunkSize: 1024 });
  const pieces = collect(small);
  small.end(zlib.deflateSync(text));
  const { data, chunks } = await pieces;
  console.log('chunkSize 1024:', data.length, 'bytes in', chunks, 'chunks');

  // A stream of sync output decodes by the sync form; a gzip of several members too.
  const gz = zlib.createGzip();
  const gzDone = collect(gz);
  gz.end('sync decodes stream');
  console.log('gunzipSync of stream output:', zlib.gunzipSync((await gzDone).data).toString());
  const members = Buffer.concat([zlib.gzipSync('one '), zlib.gzipSync('two')]);
  const multi = zlib.createGunzip();
  const multiDone = collect(multi);
  multi.end(members);
  console.log('two members:', (await multiDone).data.toString());

  // One byte at a time, two members under unzip; bytesWritten stops at the end of the data.
  const bytewise = zlib.createUnzip();
  const bytewiseDone = collect(bytewise);
  for (const byte of members) bytewise.write(Buffer.from([byte]));
  bytewise.end();
  console.log('one byte at a time:', (await bytewiseDone).data.toString());
  const raw = zlib.deflateRawSync('before the garbage');
  const trailing = zlib.createInflateRaw();
  const trailingDone = collect(trailing);
  trailing.end(Buffer.concat([raw, Buffer.from('garbage after')]));
  console.log('trailing:', (await trailingDone).data.toString(), trailing.bytesWritten === raw.length);

  // flush() makes what was written so far decodable before the end.
  const deflate = zlib.createDeflate();
  const sofar = [];
  deflate.on('data', (chunk) => sofar.push(chunk));
  deflate.write('flushed part');
  await new Promise((resolve) => deflate.flush(resolve));
  console.log('after flush:', zlib.inflateSync(Buffer.concat(sofar), { finishFlush: zlib.constants.Z_SYNC_FLUSH })
    .toString());
  // params() changes the level mid-stream; the whole still decodes.
  await new Promise((resolve) => deflate.params(0, zlib.constants.Z_DEFAULT_STRATEGY, resolve));
  deflate.write(' then stored');
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  deflate.end();
  await ended;
  console.log('after params:', zlib.inflateSync(Buffer.concat(sofar)).toString());

  // Brotli's flush.
  const br = zlib.createBrotliCompress();
  const brParts = [];
  br.on('data', (chunk) => brParts.push(chunk));
  br.write('brotli flushed');
  await new Promise((resolve) => br.flush(resolve));
  const brd = zlib.createBrotliDecompress();
  const brdParts = [];
  brd.on('data', (chunk) => brdParts.push(chunk));
  await new Promise((resolve) => brd.write(Buffer.concat(brParts), resolve));
  console.log('brotli after flush:', Buffer.concat(brdParts).toString());
  br.destroy();
  brd.destroy();

  // pipeline with a Readable source and a Writable sink.
  const out = [];
  await new Promise((resolve) => pipeline(
    Readable.from([Buffer.from('piped '), Buffer.from('through')]),
    zlib.createDeflateRaw(),
    zlib.createInflateRaw(),
    new Writable({ write(chunk, enc, cb) { out.push(chunk); cb(); } }),
    (err) => { console.log('pipeline:', err, Buffer.concat(out).toString()); resolve(); }));

  // close() ends the stream; its callback runs once it has closed.
  const closing = zlib.createGzip();
  closing.on('close', () => console.log('close event'));
  await new Promise((resolve) => closing.close(() => { console.log('close callback', closing.destroyed); resolve(); }));

  // What they are.
  const g = zlib.createGzip();
  console.log(g instanceof Transform, g instanceof zlib.Gzip, typeof g.params, typeof zlib.createBrotliCompress().params);
  console.log(zlib.Gzip.name, zlib.BrotliDecompress.name, g.readable, g.writable, g.bytesWritten);
  console.log(zlib.gzipSync('info', { info: true }).engine instanceof zlib.Gzip);
  g.destroy();
}

main();
