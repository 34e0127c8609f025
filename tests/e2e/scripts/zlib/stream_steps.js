// zlib streams one output chunk at a time: a compression bomb stops at the
// reader's high-water mark, data that ends before the input does ends the
// readable side, _processChunk() in both forms, the order of write and flush
// callbacks, bad chunks, and the classes called on a subclass's object.
const zlib = require('zlib');
const { Readable } = require('stream');

function bomb() {
  // 32 MiB of zeros: a few bytes of brotli, 32 KiB of deflate.
  const zeros = Buffer.alloc(32 * 1024 * 1024);
  const cases = [
    ['brotli', zlib.brotliCompressSync(zeros), zlib.createBrotliDecompress()],
    ['inflate', zlib.deflateSync(zeros), zlib.createInflate()],
  ];
  return cases.reduce((previous, [name, compressed, stream]) => previous.then(() => new Promise((resolve) => {
    stream.end(compressed);
    setTimeout(() => {
      console.log('bomb', name, compressed.length < 64 * 1024, 'buffered', stream.readableLength,
        'chunks', stream._readableState.buffer.length, 'ended', stream.readableEnded);
      let total = 0;
      stream.on('data', (chunk) => { total += chunk.length; });
      stream.on('end', () => {
        console.log('bomb', name, 'read in full', total === zeros.length);
        resolve();
      });
    }, 200);
  })), Promise.resolve());
}

function prematureEnd() {
  const input = 'premature '.repeat(10);
  const cases = [
    ['inflateRaw', zlib.deflateRawSync(input), zlib.createInflateRaw],
    ['inflate', zlib.deflateSync(input), zlib.createInflate],
    ['brotli', zlib.brotliCompressSync(input), zlib.createBrotliDecompress],
  ];
  let runs = Promise.resolve();
  for (const [name, compressed, make] of cases) {
    const trailing = Buffer.from('trailing bytes that are not compressed');
    const variants = {
      'two writes': (s) => { s.write(compressed); s.write(trailing); },
      'one write': (s) => { s.write(Buffer.concat([compressed, trailing])); },
      'write, end': (s) => { s.write(compressed); s.end(trailing); },
    };
    for (const [variant, feed] of Object.entries(variants)) {
      runs = runs.then(() => new Promise((resolve) => {
        const stream = make();
        let output = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk) => { output += chunk; });
        stream.on('error', (err) => { console.log('premature', name, variant, 'error', err.message); resolve(); });
        stream.on('end', () => {
          console.log('premature', name, variant, output === input, stream.bytesWritten === compressed.length);
          resolve();
        });
        feed(stream);
      }));
    }
  }
  return runs;
}

function processChunk() {
  const message = Buffer.from('processed at once, no events');
  const gzip = new zlib.Gzip();
  gzip.on('close', () => console.log('gzip closed (wrong)'));
  const zipped = gzip._processChunk(message, zlib.constants.Z_FINISH);
  const gunzip = new zlib.Gunzip();
  const unzipped = gunzip._processChunk(zipped, zlib.constants.Z_FINISH);
  console.log('_processChunk sync', Buffer.isBuffer(zipped), unzipped.toString());
  const small = new zlib.Inflate({ maxOutputLength: 100 });
  try {
    small._processChunk(zlib.deflateSync(Buffer.alloc(1000)), zlib.constants.Z_FINISH);
  } catch (err) {
    console.log('_processChunk sync', err.code);
  }
  return new Promise((resolve) => {
    const deflate = new zlib.Deflate();
    const parts = [];
    deflate.on('data', (chunk) => parts.push(chunk));
    deflate._processChunk(message, zlib.constants.Z_FINISH, (...args) => {
      console.log('_processChunk callback', args.length, zlib.inflateSync(Buffer.concat(parts)).toString());
      resolve();
    });
  });
}

function callbackOrder() {
  return new Promise((resolve) => {
    const events = [];
    const compress = zlib.createGzip();
    for (const chunk of ['one', 'two']) {
      compress.write(chunk, () => events.push(`wrote ${chunk}`));
      compress.flush(zlib.constants.Z_SYNC_FLUSH, () => {
        const out = compress.read();
        events.push(`flushed ${out === null ? 0 : out.length > 0}`);
      });
    }
    compress.end(() => {
      events.push('finished');
      console.log('order', events.join(', '));
      resolve();
    });
  });
}

function badChunks() {
  const gunzip = new zlib.Gunzip({ objectMode: true });
  gunzip.on('error', () => console.log('error event (wrong)'));
  try {
    gunzip.write({});
  } catch (err) {
    console.log('object chunk', err.name, err.code);
  }
}

function subclass() {
  return new Promise((resolve) => {
    function Mine(options) {
      zlib.DeflateRaw.call(this, options);
      this.mine = true;
    }
    Object.setPrototypeOf(Mine.prototype, zlib.DeflateRaw.prototype);
    Object.setPrototypeOf(Mine, zlib.DeflateRaw);
    const dest = new Mine();
    const parts = [];
    dest.on('data', (chunk) => parts.push(chunk));
    dest.on('end', () => {
      console.log('subclass', dest.mine, zlib.inflateRawSync(Buffer.concat(parts)).toString());
      resolve();
    });
    Readable.from([Buffer.from('through a subclass')]).pipe(dest);
  });
}

(async () => {
  await bomb();
  await prematureEnd();
  await processChunk();
  await callbackOrder();
  badChunks();
  await subclass();
})();
