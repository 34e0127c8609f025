// Byte streams: BYOB reads into the caller's view (which is transferred),
// byobRequest.respond, autoAllocateChunkSize for default reads, and the
// errors for bad views, as in Node 20.
const util = require('util');
const { ReadableStream } = require('stream/web');

async function main() {
  let offset = 0;
  const data = Uint8Array.from({ length: 10 }, (_, i) => i);
  const stream = new ReadableStream({
    type: 'bytes',
    pull(c) {
      const request = c.byobRequest;
      const view = request.view;
      const n = Math.min(view.byteLength, data.length - offset, 4);
      if (n === 0) {
        c.close();
        request.respond(0);
        return;
      }
      view.set(data.subarray(offset, offset + n));
      offset += n;
      request.respond(n);
    },
  });
  console.log(util.inspect(stream));
  const reader = stream.getReader({ mode: 'byob' });
  console.log(util.inspect(reader));
  let buffer = new ArrayBuffer(8);
  const seen = [];
  for (;;) {
    const view = new Uint8Array(buffer);
    const { value, done } = await reader.read(view);
    console.log('old view detached', view.byteLength === 0);
    if (done) {
      console.log('done', value.constructor.name, value.byteLength);
      break;
    }
    seen.push(...value);
    buffer = value.buffer;
  }
  console.log('bytes', seen);

  const auto = new ReadableStream({
    type: 'bytes',
    autoAllocateChunkSize: 3,
    pull(c) {
      const view = c.byobRequest.view;
      view[0] = 42;
      c.byobRequest.respond(1);
      c.close();
    },
  });
  const first = await auto.getReader().read();
  console.log('auto', first.value, first.done);

  const enqueued = new ReadableStream({
    type: 'bytes',
    start(c) {
      const chunk = new Uint8Array([1, 2, 3, 4, 5, 6]);
      c.enqueue(chunk);
      console.log('enqueued chunk detached', chunk.byteLength === 0);
      c.close();
    },
  });
  const r = enqueued.getReader({ mode: 'byob' });
  console.log('typed', await r.read(new Uint16Array(2)));
  console.log('rest', await r.read(new Uint8Array(8)));
  console.log('end', await r.read(new Uint8Array(8)));

  const bad = new ReadableStream({ type: 'bytes' }).getReader({ mode: 'byob' });
  for (const [label, arg] of [['no view', undefined], ['empty view', new Uint8Array(0)], ['number', 5]]) {
    await bad.read(arg).catch((e) => console.log(label, e.name, e.code, e.message));
  }
  new ReadableStream({
    type: 'bytes',
    start(c) {
      try {
        c.enqueue(new Uint8Array(0));
      } catch (e) {
        console.log('empty chunk', e.name, e.code, e.message);
      }
      try {
        c.enqueue('text');
      } catch (e) {
        console.log('string chunk', e.name, e.code);
      }
    },
  });
  const blob = new Blob(['hello ', 'blob']);
  const text = [];
  for await (const chunk of blob.stream()) text.push(Buffer.from(chunk).toString());
  console.log('blob', text.join(''));
}

main();
