// process.stdout and process.stderr are stream.Writables and process.stdin a
// stream.Readable: streams pipe into stdout (which pipe() never ends), a
// pipeline may end in it, and its write callbacks and events are a stream's.
const { Readable, Writable, Transform, pipeline, Stream } = require('stream');

console.log('stdout', process.stdout instanceof Writable, process.stdout instanceof Stream, process.stdout.writable);
console.log('stderr', process.stderr instanceof Writable);
console.log('stdin', process.stdin instanceof Readable, typeof process.stdin.on, process.stdin.fd);

const numbered = () => {
  let n = 0;
  return new Transform({
    transform(chunk, encoding, callback) {
      callback(null, `${++n}: ${chunk}\n`);
    },
  });
};

Readable.from(['piped', 'into', 'stdout']).pipe(numbered()).pipe(process.stdout).once('unpipe', () => {
  process.stdout.write('stdout still writable after pipe: ', () => {
    console.log(process.stdout.writable, process.stdout.writableEnded);
    process.stdout.write(Buffer.from('a Buffer, '));
    process.stdout.write(new Uint8Array([0x61, 0x20, 0x55, 0x69, 0x6e, 0x74, 0x38, 0x41, 0x72, 0x72, 0x61, 0x79, 0x0a]));
    process.stdout.write('68657820656e636f6465640a', 'hex');
    try {
      process.stdout.write(42);
    } catch (e) {
      console.log(e.code);
    }
    // A pipeline ends its last stream, stdout too: this comes last.
    pipeline(Readable.from(['via', 'pipeline']), numbered(), process.stdout, (err) => {
      console.error('pipeline into stdout done:', err);
    });
  });
});
