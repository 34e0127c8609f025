// pipeline and finished, callback and promise forms: success, an error in
// any stage destroys every stream, a premature close, AbortSignal, async
// generators as stages, and the state helpers (isReadable, isErrored,
// isDisturbed, the default highWaterMark).
const stream = require('stream');
const { Readable, Writable, PassThrough, Transform, pipeline, finished, addAbortSignal } = stream;
const promises = require('stream/promises');
const util = require('util');

const steps = [];
function step(name, fn) { steps.push([name, fn]); }

function collector(sink) {
  return new Writable({
    write(chunk, encoding, callback) {
      sink.push(String(chunk));
      callback();
    },
  });
}

step('pipeline success', (done) => {
  const sink = [];
  pipeline(Readable.from(['a', 'b']), new PassThrough(), collector(sink), (err) => {
    console.log('pipeline done', err, sink.join(''));
    done();
  });
});

step('pipeline error in the middle destroys all', (done) => {
  const src = Readable.from(['a', 'b', 'c']);
  const broken = new Transform({
    transform(chunk, encoding, callback) {
      callback(String(chunk) === 'b' ? new Error('stage failed') : null, chunk);
    },
  });
  const dest = collector([]);
  pipeline(src, broken, dest, (err) => {
    console.log('pipeline error', err.message);
    setImmediate(() => {
      console.log('destroyed', src.destroyed, broken.destroyed, dest.destroyed);
      done();
    });
  });
});

step('premature close', (done) => {
  const r = new Readable({ read() {} });
  finished(r, (err) => {
    console.log('finished:', err.name, err.code, err.message);
    const w = new PassThrough();
    pipeline(new Readable({ read() {} }), w, (err2) => {
      console.log('pipeline:', err2.code);
      done();
    });
    w.destroy();
  });
  r.destroy();
});

step('finished on success and cleanup', (done) => {
  const w = collector([]);
  const cleanup = finished(w, (err) => {
    console.log('writable finished', err, typeof cleanup);
    done();
  });
  w.end('x');
});

step('stream/promises', async (done) => {
  const sink = [];
  await promises.pipeline(
    Readable.from(['1', '2', '3']),
    async function* (source) {
      for await (const chunk of source) yield String(Number(chunk) * 10);
    },
    collector(sink),
  );
  console.log('promise pipeline', sink.join(','));
  try {
    await promises.pipeline(Readable.from(['x']), new Transform({
      transform(c, e, cb) { cb(new Error('rejected stage')); },
    }), collector([]));
  } catch (e) {
    console.log('rejected with', e.message);
  }
  const r = Readable.from(['z']);
  r.resume();
  await promises.finished(r);
  console.log('promise finished, ended', r.readableEnded);
  console.log('promisify gives the same', util.promisify(pipeline) === promises.pipeline, util.promisify(finished) === promises.finished);
  console.log('stream.promises', stream.promises === promises);
  done();
});

step('abort signals', async (done) => {
  const controller = new AbortController();
  const r = addAbortSignal(controller.signal, new Readable({ read() {} }));
  r.on('error', (e) => console.log('addAbortSignal:', e.name, e.code));
  r.on('close', async () => {
    console.log('aborted readable destroyed', r.destroyed);
    const c2 = new AbortController();
    const p = promises.pipeline(new Readable({ read() {} }), new PassThrough(), { signal: c2.signal });
    c2.abort();
    try {
      await p;
    } catch (e) {
      console.log('pipeline with signal:', e.name, e.code);
    }
    try {
      addAbortSignal('no', r);
    } catch (e) {
      console.log(e.code, e.message);
    }
    done();
  });
  controller.abort();
});

step('state helpers', (done) => {
  const r = new Readable({ read() {} });
  console.log('fresh: readable', stream.isReadable(r), 'disturbed', stream.isDisturbed(r), 'errored', stream.isErrored(r));
  r.push('a');
  r.read();
  console.log('after read: disturbed', stream.isDisturbed(r));
  r.on('error', () => {});
  r.destroy(new Error('x'));
  console.log('after destroy: readable', stream.isReadable(r), 'errored', stream.isErrored(r), 'destroyed', stream.isDestroyed(r));
  const before = stream.getDefaultHighWaterMark(false);
  stream.setDefaultHighWaterMark(false, 1024);
  console.log('default hwm', before, '->', new Writable().writableHighWaterMark);
  stream.setDefaultHighWaterMark(false, before);
  try {
    stream.setDefaultHighWaterMark(false, -1);
  } catch (e) {
    console.log(e.code);
  }
  done();
});

step('pipeline argument errors', (done) => {
  try {
    pipeline(Readable.from(['a']), () => {});
  } catch (e) {
    console.log(e.name, e.code, e.message);
  }
  try {
    pipeline(Readable.from(['a']), collector([]));
  } catch (e) {
    console.log(e.name, e.code);
  }
  done();
});

(async () => {
  for (const [name, fn] of steps) {
    console.log(`-- ${name}`);
    await new Promise((resolve) => fn(resolve));
  }
})();
