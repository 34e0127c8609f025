// TextEncoderStream, TextDecoderStream, CompressionStream and
// DecompressionStream, as in Node 20: a surrogate pair split across chunks,
// multi-byte characters split across chunks, and gzip/deflate/deflate-raw
// round trips that zlib reads too.
const util = require('util');
const zlib = require('zlib');
const {
  TextEncoderStream, TextDecoderStream, CompressionStream, DecompressionStream, ReadableStream,
} = require('stream/web');

async function collect(stream) {
  const out = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

async function main() {
  const encoder = new TextEncoderStream();
  console.log(util.inspect(encoder));
  const encoded = await collect(ReadableStream.from(['h\u00e9', '\ud83d', '\ude00', '\ud83d']).pipeThrough(encoder));
  console.log('encoded', encoded.map((c) => [...c]));

  const decoder = new TextDecoderStream('utf-8', { fatal: false });
  console.log(util.inspect(decoder), decoder.encoding, decoder.fatal, decoder.ignoreBOM);
  const bytes = Buffer.from('z\u00fcrich \u20ac');
  const pieces = [bytes.subarray(0, 2), bytes.subarray(2, 9), bytes.subarray(9)];
  console.log('decoded', await collect(ReadableStream.from(pieces).pipeThrough(decoder)));

  const fatal = new TextDecoderStream('utf-8', { fatal: true });
  await collect(ReadableStream.from([new Uint8Array([0xff])]).pipeThrough(fatal))
    .catch((e) => console.log('fatal', e.name, e.code));

  const input = Buffer.from('web streams '.repeat(1000));
  for (const format of ['gzip', 'deflate', 'deflate-raw']) {
    const compressed = Buffer.concat(await collect(ReadableStream.from([input.subarray(0, 5000), input.subarray(5000)])
      .pipeThrough(new CompressionStream(format))));
    const viaZlib = format === 'gzip' ? zlib.gunzipSync(compressed) :
      format === 'deflate' ? zlib.inflateSync(compressed) : zlib.inflateRawSync(compressed);
    const back = Buffer.concat(await collect(ReadableStream.from([compressed])
      .pipeThrough(new DecompressionStream(format))));
    console.log(format, compressed.length < input.length, viaZlib.equals(input), back.equals(input));
  }
  console.log(util.inspect(new CompressionStream('gzip')));
  try {
    new CompressionStream('zip');
  } catch (e) {
    console.log('bad format', e.name, e.code, e.message);
  }
  await collect(ReadableStream.from([Buffer.from('not gzip data')]).pipeThrough(new DecompressionStream('gzip')))
    .catch((e) => console.log('bad data', e.name, e.code));
  const truncated = zlib.gzipSync(input).subarray(0, 100);
  await collect(ReadableStream.from([truncated]).pipeThrough(new DecompressionStream('gzip')))
    .catch((e) => console.log('truncated', e.name, e.code));
}

main();
