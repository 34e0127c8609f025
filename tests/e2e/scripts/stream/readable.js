// Readable: paused and flowing modes, highWaterMark and push()'s answer,
// object mode, encodings, unshift, Readable.from, async iteration and the
// errors Node gives for misuse, each line printed in the order of events.
const { Readable, getDefaultHighWaterMark } = require('stream');

const steps = [];
function step(name, fn) { steps.push([name, fn]); }

step('push answers with the highWaterMark', (done) => {
  const r = new Readable({ highWaterMark: 4, read() {} });
  console.log('push abc', r.push('abc'), 'length', r.readableLength);
  console.log('push de', r.push('de'), 'length', r.readableLength);
  console.log('read(2)', String(r.read(2)), 'read()', String(r.read()));
  console.log('hwm', r.readableHighWaterMark, 'default', getDefaultHighWaterMark(false), getDefaultHighWaterMark(true));
  done();
});

step('paused mode with readable events', (done) => {
  let n = 0;
  const r = new Readable({
    read() {
      n++;
      this.push(n <= 3 ? `chunk${n};` : null);
    },
  });
  let text = '';
  r.on('readable', () => {
    let chunk;
    while ((chunk = r.read()) !== null) text += chunk;
  });
  r.on('end', () => {
    console.log('paused read', text, 'ended', r.readableEnded);
    done();
  });
});

step('flowing mode, pause and resume', (done) => {
  const r = Readable.from(['a', 'b', 'c', 'd'], { objectMode: false });
  const seen = [];
  r.on('data', (chunk) => {
    seen.push(String(chunk));
    if (seen.length === 2) {
      r.pause();
      console.log('paused', r.isPaused(), 'flowing', r.readableFlowing);
      setTimeout(() => r.resume(), 5);
    }
  });
  r.on('end', () => {
    console.log('flowing got', seen.join(','));
    done();
  });
});

step('object mode', (done) => {
  const r = new Readable({ objectMode: true, read() {} });
  r.push({ n: 1 });
  r.push([2]);
  r.push(3);
  r.push(null);
  console.log('objectMode', r.readableObjectMode, 'hwm', r.readableHighWaterMark, 'length', r.readableLength);
  const out = [];
  r.on('data', (v) => out.push(JSON.stringify(v)));
  r.on('end', () => {
    console.log('objects', out.join(' '));
    done();
  });
});

step('setEncoding keeps characters whole', (done) => {
  const r = new Readable({ read() {} });
  r.setEncoding('utf8');
  const euro = Buffer.from('€');
  r.push(euro.subarray(0, 1));
  r.push(euro.subarray(1));
  r.push(Buffer.from('!'));
  r.push(null);
  const parts = [];
  r.on('data', (s) => parts.push(JSON.stringify(s)));
  r.on('end', () => {
    console.log('encoding', r.readableEncoding, 'parts', parts.join(' '));
    done();
  });
});

step('unshift puts data back', (done) => {
  const r = new Readable({ read() {} });
  r.push('world');
  r.unshift('hello ');
  r.push(null);
  r.setEncoding('utf8');
  let text = '';
  r.on('data', (s) => { text += s; });
  r.on('end', () => {
    console.log('unshift', text);
    done();
  });
});

step('async iteration, and break destroys', async (done) => {
  const got = [];
  for await (const v of Readable.from([1, 2, 3])) got.push(v);
  console.log('iterated', got.join(','));
  const r = Readable.from(['x', 'y', 'z']);
  for await (const v of r) {
    console.log('first', v);
    break;
  }
  console.log('after break destroyed', r.destroyed);
  const gen = async function* () { yield 'g1'; yield 'g2'; };
  const fromGen = [];
  for await (const v of Readable.from(gen())) fromGen.push(v);
  console.log('from async generator', fromGen.join(','));
  done();
});

step('errors', (done) => {
  const r = new Readable({ read() {} });
  r.on('error', (err) => {
    console.log('push after EOF:', err.name, err.code, err.message);
    const s = new Readable({ read() { this.destroy(new Error('boom')); } });
    s.on('error', (e) => console.log('destroyed with', e.message, 'errored', s.readableAborted, s.errored === e));
    s.on('close', () => {
      console.log('close after error, destroyed', s.destroyed);
      try {
        new Readable({ highWaterMark: -1 });
      } catch (e) {
        console.log(e.name, e.code, e.message);
      }
      const noRead = new Readable();
      noRead.on('error', (e) => {
        console.log(e.code, e.message);
        done();
      });
      noRead.read();
    });
    s.resume();
  });
  r.push(null);
  r.push('late');
});

(async () => {
  for (const [name, fn] of steps) {
    console.log(`-- ${name}`);
    await new Promise((resolve) => fn(resolve));
  }
})();
