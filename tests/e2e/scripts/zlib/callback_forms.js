// The callback forms: the work runs off the JS thread and the callback
// comes from the loop, after the current tick, with ticks and microtasks
// run after it; data errors come to the callback, argument errors are thrown;
// util.promisify works on them.
const zlib = require('zlib');
const { promisify } = require('util');

function seeded(n) {
  const b = Buffer.alloc(n);
  let x = 0x2545f491;
  for (let i = 0; i < n; i++) {
    x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
    b[i] = 97 + ((x >>> 0) % 8);
  }
  return b;
}

// Each call waits for the one before, so that the output has one order.
function call(fn, ...args) {
  return new Promise((resolve) => fn(...args, (...results) => resolve(results)));
}

async function main() {
  const order = [];
  await new Promise((resolve) => {
    zlib.gzip('hello, zlib!', { level: 1 }, (err, out) => {
      order.push('callback');
      console.log('gzip callback', err, out.toString('hex'));
      process.nextTick(() => order.push('tick after callback'));
      Promise.resolve().then(() => order.push('microtask after callback'));
      setImmediate(resolve);
    });
    order.push('after call');
    process.nextTick(() => order.push('tick'));
  });
  console.log('order', order.join(', '));

  const big = seeded(4 << 20);
  const [err, deflated] = await call(zlib.deflate, big);
  console.log('deflate 4 MiB', err, deflated.length < big.length);
  const [err2, back] = await call(zlib.inflate, deflated);
  console.log('inflate 4 MiB', err2, back.equals(big));
  const [err3, back3] = await call(zlib.unzip, deflated, { chunkSize: 1024 });
  console.log('unzip 4 MiB', err3, back3.equals(big));
  // Two at once on the pool: each gets its own result.
  const [[e1, a], [e2, b]] = await Promise.all([call(zlib.gzip, big.subarray(0, 1000)), call(zlib.gzip, big.subarray(1000, 3000))]);
  console.log('two at once', e1, e2, zlib.gunzipSync(a).equals(big.subarray(0, 1000)), zlib.gunzipSync(b).equals(big.subarray(1000, 3000)));
  const [, raw] = await call(zlib.deflateRaw, new Uint16Array([1, 2, 3]));
  console.log('raw typed array', (await call(zlib.inflateRaw, raw))[1].toString('hex'));
  const [, br] = await call(zlib.brotliCompress, big.buffer.slice(0, 1 << 20), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } });
  console.log('brotli ArrayBuffer', (await call(zlib.brotliDecompress, br))[1].equals(big.subarray(0, 1 << 20)));
  const [, info] = await call(zlib.gzip, 'info', { info: true });
  console.log('info', Object.keys(info), info.buffer.length);

  const args = await call(zlib.gunzip, Buffer.from('not gzip'));
  const [error] = args;
  console.log('gunzip error', args.length, `${error.name}: ${error.message}`, error.code, error.errno, Object.keys(error));
  const [tooLarge] = await call(zlib.inflate, zlib.deflateSync('a'.repeat(100)), { maxOutputLength: 10 });
  console.log('too large', tooLarge.code, tooLarge.message);
  const [brotliError] = await call(zlib.brotliDecompress, Buffer.from('garbage!'));
  console.log('brotli error', brotliError.code, brotliError.errno, brotliError.message);
  const [dictError] = await call(zlib.inflate, zlib.deflateSync('abc', { dictionary: Buffer.from('abc') }));
  console.log('missing dictionary', dictError.code, dictError.message);

  const gz = await promisify(zlib.gzip)('promised');
  console.log('promisify gzip', (await promisify(zlib.gunzip)(gz)).toString());
  try {
    await promisify(zlib.inflate)(Buffer.from('bogus'));
  } catch (e) {
    console.log('promisify rejects', e.code, e.message);
  }
}

for (const [label, fn] of [
  ['no callback', () => zlib.gzip('a')],
  ['callback not a function', () => zlib.gzip('a', {}, 'cb')],
  ['bad input', () => zlib.gzip(5, () => {})],
  ['bad option first', () => zlib.gzip(5, { level: 99 }, 7)],
  ['bad brotli param', () => zlib.brotliCompress('a', { params: { 50: 1 } }, () => {})],
]) {
  try {
    fn();
    console.log(label, 'no throw');
  } catch (e) {
    console.log(label, `${e.name}: ${e.message}`);
  }
}

main();
