// WritableStream, TransformStream, pipeTo and pipeThrough: order,
// backpressure, close and abort (with an AbortSignal), as in Node 20.
const util = require('util');
const { ReadableStream, WritableStream, TransformStream, CountQueuingStrategy } = require('stream/web');

async function main() {
  const log = [];
  const sink = new WritableStream({
    start(c) {
      log.push(`start ${util.inspect(c)}`);
    },
    write(chunk) {
      log.push(`write ${chunk}`);
      return new Promise((resolve) => setTimeout(resolve, 1));
    },
    close() {
      log.push('close');
    },
  }, new CountQueuingStrategy({ highWaterMark: 4 }));
  console.log(util.inspect(sink));
  const upper = new TransformStream({
    transform(chunk, c) {
      c.enqueue(chunk.toUpperCase());
    },
    flush(c) {
      c.enqueue('!');
    },
  });
  console.log(util.inspect(upper));
  const source = ReadableStream.from(['a', 'b', 'c']);
  await source.pipeThrough(upper).pipeTo(sink);
  console.log(log, util.inspect(sink));

  const measured = new WritableStream({}, { size: () => undefined });
  await measured.getWriter().write('x').catch((e) => console.log('bad size', e.name, e.code, e.message));
  const writer = new WritableStream({}, { highWaterMark: 2 }).getWriter();
  console.log('desired', writer.desiredSize);
  writer.write('x');
  console.log('desired', writer.desiredSize);
  await writer.close();
  console.log(util.inspect(writer));

  let abortReason;
  const abortable = new WritableStream({
    abort(reason) {
      abortReason = reason;
    },
  });
  const controller = new AbortController();
  const piped = new ReadableStream({ pull() { return new Promise(() => {}); } }).pipeTo(abortable, {
    signal: controller.signal,
  });
  controller.abort(new Error('stop'));
  await piped.catch((e) => console.log('pipe aborted', e.message, abortReason.message));

  const failing = new ReadableStream({ start(c) { c.error(new Error('source failed')); } });
  let sinkAbort;
  await failing.pipeTo(new WritableStream({ abort(r) { sinkAbort = r.message; } }))
    .catch((e) => console.log('source error', e.message, sinkAbort));

  const chained = new ReadableStream({
    start(c) {
      for (let i = 0; i < 5; i++) c.enqueue(i);
      c.close();
    },
  }).pipeThrough(new TransformStream({ transform(n, c) { c.enqueue(n * n); } }));
  const squares = [];
  for await (const n of chained) squares.push(n);
  console.log('squares', squares);

  await new ReadableStream().pipeTo('nope').catch((e) => console.log('pipeTo bad', e.name, e.code));
  try {
    new ReadableStream().pipeThrough({});
  } catch (e) {
    console.log('pipeThrough bad', e.name, e.code);
  }
  try {
    new TransformStream({ readableType: 'bytes' });
  } catch (e) {
    console.log('readableType', e.name, e.code, e.message);
  }
  const terminated = new TransformStream({ start(c) { c.terminate(); } });
  console.log('terminated', await terminated.readable.getReader().read());
}

main();
