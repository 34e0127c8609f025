// The Node adapters (Readable/Writable/Duplex toWeb and fromWeb) and Node's
// stream functions on web streams (pipeline, finished, compose), as in Node 20.
const { Readable, Writable, Duplex, PassThrough, pipeline, finished, compose } = require('stream');
const streamPromises = require('stream/promises');
const { ReadableStream, WritableStream, TransformStream } = require('stream/web');

async function main() {
  const fromNode = Readable.toWeb(Readable.from([Buffer.from('ab'), Buffer.from('cd')], { objectMode: false }));
  const parts = [];
  for await (const chunk of fromNode) parts.push(`${chunk.constructor.name}:${Buffer.from(chunk)}`);
  console.log('toWeb', parts);

  const objects = Readable.toWeb(Readable.from([{ a: 1 }, { b: 2 }]));
  const objectParts = [];
  for await (const chunk of objects) objectParts.push(chunk);
  console.log('toWeb objects', objectParts);

  const nodeReadable = Readable.fromWeb(ReadableStream.from(['x', 'y']), { encoding: 'utf8' });
  let text = '';
  for await (const chunk of nodeReadable) text += chunk;
  console.log('fromWeb', text);

  const written = [];
  const webWritable = Writable.toWeb(new Writable({
    write(chunk, encoding, callback) {
      written.push(chunk.toString());
      callback();
    },
  }));
  const writer = webWritable.getWriter();
  await writer.write(new Uint8Array([104, 105]));
  await writer.close();
  console.log('Writable.toWeb', written);

  const sunk = [];
  const nodeWritable = Writable.fromWeb(new WritableStream({ write(chunk) { sunk.push(Buffer.from(chunk).toString()); } }));
  nodeWritable.write('one');
  nodeWritable.end('two');
  await streamPromises.finished(nodeWritable);
  console.log('Writable.fromWeb', sunk);

  const pair = Duplex.toWeb(new PassThrough());
  const pairWriter = pair.writable.getWriter();
  pairWriter.write(new Uint8Array([1, 2]));
  pairWriter.close();
  const pairChunks = [];
  for await (const chunk of pair.readable) pairChunks.push(...chunk);
  console.log('Duplex.toWeb', pairChunks);

  const transform = new TransformStream({ transform(chunk, c) { c.enqueue(String(chunk).toUpperCase()); } });
  const duplex = Duplex.fromWeb(transform, { encoding: 'utf8' });
  duplex.end('quiet');
  let shouted = '';
  for await (const chunk of duplex) shouted += chunk;
  console.log('Duplex.fromWeb', shouted);

  const collected = [];
  await streamPromises.pipeline(
    ReadableStream.from(['p', 'q']),
    new TransformStream({ transform(chunk, c) { c.enqueue(`${chunk}!`); } }),
    new WritableStream({ write(chunk) { collected.push(chunk); } }));
  console.log('pipeline', collected);

  pipeline(Readable.from(['n1', 'n2']), new WritableStream({ write(chunk) { collected.push(`web:${chunk}`); } }),
           (err) => console.log('pipeline callback', err, collected));

  const errored = new ReadableStream({ start(c) { c.error(new Error('web failure')); } });
  finished(errored, (err) => console.log('finished', err.message));

  const composed = compose(new TransformStream({ transform(chunk, c) { c.enqueue(`<${chunk}>`); } }),
                           new PassThrough({ objectMode: true }));
  composed.end('c');
  for await (const chunk of composed) console.log('compose', chunk);

  try {
    Readable.toWeb('nope');
  } catch (e) {
    console.log('toWeb bad', e.name, e.code);
  }
  try {
    Readable.fromWeb({});
  } catch (e) {
    console.log('fromWeb bad', e.name, e.code);
  }
}

main();
