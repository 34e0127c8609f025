// ReadableStream: reads, async iteration, tee, from(), cancel, errors with
// Node's codes, util.inspect and the toString tag, as in Node 20.
const util = require('util');
const { ReadableStream, ReadableStreamDefaultReader, CountQueuingStrategy } = require('stream/web');

function attempt(label, fn) {
  try {
    const result = fn();
    console.log(label, 'ok', util.inspect(result));
  } catch (e) {
    console.log(label, e.name, e.code, e.message);
  }
}

async function main() {
  const pulls = [];
  const rs = new ReadableStream({
    start(c) {
      c.enqueue('a');
    },
    pull(c) {
      pulls.push(c.desiredSize);
      if (pulls.length === 3) c.close();
      else c.enqueue(`p${pulls.length}`);
    },
  }, new CountQueuingStrategy({ highWaterMark: 2 }));
  console.log(util.inspect(rs), Object.prototype.toString.call(rs));
  const chunks = [];
  for await (const chunk of rs) chunks.push(chunk);
  console.log('iterated', chunks, pulls.length, util.inspect(rs));

  const [b1, b2] = new ReadableStream({
    start(c) {
      c.enqueue(1);
      c.enqueue(2);
      c.close();
    },
  }).tee();
  const r1 = b1.getReader();
  console.log('tee', await r1.read(), await r1.read(), await r1.read());
  console.log('tee2', await Array.prototype.concat.call([], await collect(b2)));

  console.log('from', await collect(ReadableStream.from(['x', Promise.resolve('y')])));
  async function* gen() {
    yield 1;
    yield 2;
  }
  console.log('from async', await collect(ReadableStream.from(gen())));

  let cancelled;
  const cs = new ReadableStream({ cancel(reason) { cancelled = reason; } });
  const reader = cs.getReader();
  console.log(util.inspect(reader));
  await reader.cancel('why');
  console.log('cancelled', cancelled, await reader.closed, await reader.read());

  const es = new ReadableStream({ start(c) { c.error(new Error('boom')); } });
  try {
    await es.getReader().read();
  } catch (e) {
    console.log('errored', e.message, util.inspect(es));
  }

  attempt('bad type', () => new ReadableStream({ type: 'nope' }));
  attempt('bad source', () => new ReadableStream(5));
  attempt('bad hwm', () => new ReadableStream({}, { highWaterMark: -1 }));
  attempt('bad size', () => new ReadableStream({}, { size: 5 }));
  attempt('bad mode', () => new ReadableStream().getReader({ mode: 'other' }));
  attempt('byob on default', () => new ReadableStream().getReader({ mode: 'byob' }));
  attempt('reader of non-stream', () => new ReadableStreamDefaultReader({}));
  attempt('wrong this', () => ReadableStream.prototype.getReader.call({}));
  attempt('locked', () => {
    const s = new ReadableStream();
    s.getReader();
    return s.getReader();
  });
  attempt('from non-iterable', () => ReadableStream.from(5));
  const locked = new ReadableStream();
  locked.getReader();
  await locked.cancel().catch((e) => console.log('cancel locked', e.name, e.code, e.message));
  const closedAfter = new ReadableStream({
    start(c) {
      c.close();
      attempt('enqueue after close', () => c.enqueue(1));
    },
  });
  console.log(util.inspect(closedAfter));
}

async function collect(stream) {
  const out = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

main();
