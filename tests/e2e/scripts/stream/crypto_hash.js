// crypto's Hash and Hmac are Transform streams: piped into, written and
// ended, read; digest() still works without streams, and after the end.
const crypto = require('crypto');

console.log('plain', crypto.createHash('sha256').update('a').digest('hex'));
const stream = require('stream');
const h = crypto.createHash('sha256');
console.log('is a Transform', h instanceof stream.Transform, crypto.createHmac('sha1', 'k') instanceof stream.Duplex);
stream.Readable.from(['a']).pipe(h).setEncoding('hex').on('data', (d) => {
  console.log('piped', d, 'digest after', h.digest('base64'));
  const m = crypto.createHmac('sha1', 'key');
  m.write('x');
  m.end('y');
  m.on('readable', () => {
    const d2 = m.read();
    if (d2 !== null) console.log('hmac read', d2.toString('hex'));
  });
  m.on('end', () => {
    stream.pipeline(stream.Readable.from(['p', 'q']), crypto.createHash('md5'), new stream.Writable({
      write(chunk, encoding, callback) {
        console.log('pipeline got', chunk.toString('hex'));
        callback();
      },
    }), (err) => console.log('pipeline done', err));
  });
});
