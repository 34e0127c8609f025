// Writable: back-pressure (write() answers false at the highWaterMark and
// 'drain' follows), cork/uncork into _writev, object mode, final, the order
// of 'finish' and 'close', and Node's error codes for misuse.
const { Writable } = require('stream');

const steps = [];
function step(name, fn) { steps.push([name, fn]); }

step('back-pressure and drain', (done) => {
  const pending = [];
  const w = new Writable({
    highWaterMark: 10,
    write(chunk, encoding, callback) {
      pending.push(callback);
    },
  });
  const answers = [];
  for (let i = 0; i < 4; i++) answers.push(w.write('abcd'));
  console.log('answers', answers.join(','), 'length', w.writableLength, 'needDrain', w.writableNeedDrain);
  w.on('drain', () => {
    console.log('drain, length', w.writableLength);
    done();
  });
  const release = () => {
    const cb = pending.shift();
    if (cb) {
      cb();
      setImmediate(release);
    }
  };
  release();
});

step('cork and _writev', (done) => {
  const w = new Writable({
    write(chunk, encoding, callback) {
      console.log('write', String(chunk));
      callback();
    },
    writev(chunks, callback) {
      console.log('writev', chunks.map((c) => String(c.chunk)).join('|'));
      callback();
    },
  });
  w.write('first');
  w.cork();
  w.write('a');
  w.write('b');
  w.write('c');
  console.log('corked', w.writableCorked);
  process.nextTick(() => {
    w.uncork();
    w.end('last', (err) => {
      console.log('end callback', err);
      done();
    });
  });
});

step('object mode and final', (done) => {
  const got = [];
  const w = new Writable({
    objectMode: true,
    write(obj, encoding, callback) {
      got.push(JSON.stringify(obj));
      callback();
    },
    final(callback) {
      console.log('final after', got.join(' '));
      callback();
    },
  });
  w.on('finish', () => console.log('finish, finished', w.writableFinished));
  w.on('close', () => {
    console.log('close');
    done();
  });
  w.write({ a: 1 });
  w.write(42);
  w.end('str');
});

step('strings are decoded unless asked not to', (done) => {
  const seen = [];
  const w = new Writable({
    write(chunk, encoding, callback) {
      seen.push(`${Buffer.isBuffer(chunk) ? 'buffer' : typeof chunk}/${encoding}`);
      callback();
    },
  });
  const raw = new Writable({
    decodeStrings: false,
    write(chunk, encoding, callback) {
      seen.push(`${typeof chunk}/${encoding}`);
      callback();
    },
  });
  w.write('68656c6c6f', 'hex');
  raw.write('text', 'latin1');
  raw.end(() => {
    w.end(() => {
      console.log('seen', seen.join(' '));
      done();
    });
  });
});

step('errors', (done) => {
  const w = new Writable({ write(c, e, cb) { cb(); } });
  w.end();
  w.write('x', (err) => console.log('write callback:', err.code));
  w.on('error', (err) => {
    console.log('write after end:', err.name, err.code, err.message);
    try {
      new Writable().write(null);
    } catch (e) {
      console.log(e.name, e.code, e.message);
    }
    try {
      new Writable().write(7);
    } catch (e) {
      console.log(e.name, e.code, e.message);
    }
    const views = [];
    const viewSink = new Writable({ write(c, e, cb) { views.push(`${Buffer.isBuffer(c)}:${c.length}`); cb(); } });
    viewSink.write(new Uint16Array([1, 2]));
    viewSink.write(new DataView(new ArrayBuffer(3)));
    console.log('typed arrays become Buffers', views.join(' '));
    const twice = new Writable({ write(c, e, cb) { cb(); cb(); } });
    twice.on('error', (e) => {
      console.log('twice:', e.code, e.message);
      const d = new Writable({ write(c, e, cb) { cb(); } });
      d.destroy();
      d.write('x', (e2) => {
        console.log('after destroy:', e2.code, e2.message);
        const failing = new Writable({ write(c, e, cb) { cb(new Error('disk full')); } });
        failing.on('error', (e3) => console.log('write error:', e3.message, 'errored', failing.errored === e3));
        failing.on('close', () => {
          console.log('closed, destroyed', failing.destroyed);
          try {
            new Writable().write('x');
          } catch (e4) {
            console.log(e4.code, e4.message);
          }
          done();
        });
        failing.write('data');
      });
    });
    twice.write('x');
  });
});

(async () => {
  for (const [name, fn] of steps) {
    console.log(`-- ${name}`);
    await new Promise((resolve) => fn(resolve));
  }
})();
