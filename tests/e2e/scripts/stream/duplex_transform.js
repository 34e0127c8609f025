// Duplex, Transform (with flush), PassThrough, the legacy Stream with its
// pipe(), compose(), and the read/write sides of a Duplex on their own.
const stream = require('stream');
const { Duplex, Transform, PassThrough, Readable, Writable, Stream } = stream;
const { EventEmitter } = require('events');

const steps = [];
function step(name, fn) { steps.push([name, fn]); }

step('class relations', (done) => {
  console.log('stream === Stream', stream === Stream, 'Stream is EventEmitter', new Stream() instanceof EventEmitter);
  console.log('Duplex is Readable', new Duplex() instanceof Readable, 'and Writable', new Duplex() instanceof Writable);
  console.log('Transform is Duplex', new Transform() instanceof Duplex, 'PassThrough is Transform', new PassThrough() instanceof Transform);
  console.log('Readable is Stream', new Readable() instanceof Stream);
  console.log('aliases', require('_stream_readable') === Readable, require('_stream_passthrough') === PassThrough);
  done();
});

step('duplex has two sides', (done) => {
  const written = [];
  const d = new Duplex({
    read() {
      this.push('from readable side');
      this.push(null);
    },
    write(chunk, encoding, callback) {
      written.push(String(chunk));
      callback();
    },
    allowHalfOpen: false,
  });
  d.on('data', (c) => console.log('duplex data', String(c)));
  d.on('finish', () => console.log('duplex finish', written.join(',')));
  d.on('close', () => {
    console.log('duplex close');
    done();
  });
  d.write('one');
  d.end('two');
});

step('transform with flush', (done) => {
  let total = 0;
  const upper = new Transform({
    transform(chunk, encoding, callback) {
      total += chunk.length;
      callback(null, String(chunk).toUpperCase());
    },
    flush(callback) {
      this.push(`[${total} bytes]`);
      callback();
    },
  });
  let out = '';
  upper.on('data', (c) => { out += c; });
  upper.on('end', () => {
    console.log('transformed', out);
    done();
  });
  upper.write('hello ');
  upper.end('world');
});

step('object mode transform', (done) => {
  const double = new Transform({
    objectMode: true,
    transform(n, encoding, callback) {
      this.push(n * 2);
      this.push(n * 2 + 1);
      callback();
    },
  });
  const out = [];
  double.on('data', (v) => out.push(v));
  double.on('end', () => {
    console.log('object transform', out.join(','));
    done();
  });
  Readable.from([1, 2, 3]).pipe(double);
});

step('transform error', (done) => {
  const t = new Transform({
    transform(chunk, encoding, callback) {
      callback(new Error('bad chunk'));
    },
  });
  t.on('error', (e) => console.log('transform error', e.message));
  t.on('close', () => {
    console.log('transform closed', t.destroyed);
    done();
  });
  t.write('x');
});

step('legacy Stream pipe', (done) => {
  const src = new Stream();
  const dest = new PassThrough();
  let out = '';
  dest.on('data', (c) => { out += c; });
  dest.on('end', () => {
    console.log('legacy pipe', out);
    done();
  });
  src.pipe(dest);
  src.emit('data', 'old ');
  src.emit('data', 'style');
  src.emit('end');
});

step('pipe and unpipe', (done) => {
  const src = new PassThrough();
  const a = new PassThrough();
  const b = new PassThrough();
  src.pipe(a);
  src.pipe(b);
  a.on('unpipe', (from) => console.log('a unpiped', from === src));
  src.unpipe(a);
  src.end('to b only');
  b.on('data', (c) => console.log('b got', String(c)));
  b.on('end', () => {
    console.log('a buffered', a.readableLength);
    done();
  });
});

step('compose', async (done) => {
  const composed = stream.compose(
    new Transform({ transform(c, e, cb) { cb(null, String(c).trim()); } }),
    async function* (source) {
      for await (const chunk of source) yield `<${chunk}>`;
    },
  );
  const out = [];
  composed.on('data', (c) => out.push(String(c)));
  composed.on('end', () => {
    console.log('composed', out.join(''));
    done();
  });
  composed.write(' a ');
  composed.end(' b ');
});

step('duplexPair', (done) => {
  const [client, server] = stream.duplexPair();
  server.setEncoding('utf8');
  server.on('data', (d) => {
    console.log('server got', d);
    server.end(`echo ${d}`);
  });
  client.setEncoding('utf8');
  client.on('data', (d) => console.log('client got', d));
  client.on('end', () => {
    console.log('client end, is Duplex', client instanceof Duplex);
    done();
  });
  client.end('ping');
});

(async () => {
  for (const [name, fn] of steps) {
    console.log(`-- ${name}`);
    await new Promise((resolve) => fn(resolve));
  }
})();
