// fs.createReadStream and fs.createWriteStream in a fresh temporary
// directory: events in order, start/end/highWaterMark/encoding, flags,
// an fd, autoClose, piping through zlib, and errors from opening.
const fs = require('fs');
const os = require('os');
const path = require('path');
const zlib = require('zlib');
const { pipeline, Readable, Writable } = require('stream');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isohost-fs-streams-'));
const p = (name) => path.join(dir, name);
const clean = (e) => (e ? `${e.code} ${e.syscall} ${e.message.split(dir).join('<dir>')}` : e);

function readAll(stream) {
  return new Promise((resolve) => {
    const events = [];
    const chunks = [];
    stream.on('open', (fd) => events.push(`open ${typeof fd}`));
    stream.on('ready', () => events.push('ready'));
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => events.push('end'));
    stream.on('error', (err) => events.push(`error ${clean(err)}`));
    stream.on('close', () => {
      events.push('close');
      resolve({ events, chunks });
    });
  });
}

async function main() {
  // Writing: strings and Buffers, events, bytesWritten, the finish callback.
  const ws = fs.createWriteStream(p('w.txt'));
  const wsEvents = [];
  ws.on('open', () => wsEvents.push('open'));
  ws.on('ready', () => wsEvents.push('ready'));
  ws.on('finish', () => wsEvents.push('finish'));
  console.log('pending before open:', ws.pending, ws.path === p('w.txt'), ws.bytesWritten);
  ws.write('hello ');
  ws.write(Buffer.from('wide '));
  await new Promise((resolve) => ws.end('world', resolve));
  await new Promise((resolve) => ws.on('close', resolve));
  console.log('write events:', wsEvents.join(','), 'bytesWritten', ws.bytesWritten, ws.pending);
  console.log('file:', fs.readFileSync(p('w.txt'), 'utf8'));

  // Appending, and writing at a position.
  await new Promise((resolve) => fs.createWriteStream(p('w.txt'), { flags: 'a' }).end(' again', resolve));
  await new Promise((resolve) => fs.createWriteStream(p('w.txt'), { flags: 'r+', start: 0 }).end('J', resolve));
  console.log('after append and r+:', fs.readFileSync(p('w.txt'), 'utf8'));

  // Reading: the whole file, a slice, small pieces, an encoding.
  let r = await readAll(fs.createReadStream(p('w.txt')));
  console.log('read events:', r.events.join(','), Buffer.concat(r.chunks).toString());
  r = await readAll(fs.createReadStream(p('w.txt'), { start: 6, end: 9, encoding: 'utf8' }));
  console.log('slice:', JSON.stringify(r.chunks));
  r = await readAll(fs.createReadStream(p('w.txt'), { highWaterMark: 5 }));
  console.log('pieces:', r.chunks.map((c) => c.length).join(','));
  r = await readAll(fs.createReadStream(p('w.txt'), 'hex'));
  console.log('hex:', r.chunks.join(''));
  const counted = fs.createReadStream(p('w.txt'), { start: 2 });
  await readAll(counted);
  console.log('bytesRead:', counted.bytesRead, 'pos', counted.pos);

  // An fd of the script's own, left open with autoClose: false.
  const fd = fs.openSync(p('w.txt'), 'r');
  const own = fs.createReadStream(null, { fd, autoClose: false, start: 0, end: 4 });
  const ownData = [];
  own.on('data', (c) => ownData.push(c));
  await new Promise((resolve) => own.on('end', resolve));
  console.log('own fd:', Buffer.concat(ownData).toString(), 'still open:', fs.fstatSync(fd).isFile());
  fs.closeSync(fd);

  // Errors from opening come as 'error', then 'close'.
  r = await readAll(fs.createReadStream(p('missing.txt')));
  console.log('missing:', r.events.join(' | '));
  const bad = fs.createWriteStream(p('no/such/dir.txt'));
  await new Promise((resolve) => bad.on('error', (err) => { console.log('write error:', clean(err)); resolve(); }));

  // Bad options throw at once.
  for (const make of [
    () => fs.createReadStream(p('w.txt'), { start: 5, end: 2 }),
    () => fs.createReadStream(p('w.txt'), { start: -1 }),
    () => fs.createReadStream(p('w.txt'), { end: 'x' }),
    () => fs.createWriteStream(42),
  ]) {
    try {
      make();
      console.log('no error');
    } catch (err) {
      console.log(err.name, err.code, err.message);
    }
  }

  // A file gzipped through streams and back.
  const text = 'line of text\n'.repeat(5000);
  fs.writeFileSync(p('plain.txt'), text);
  await new Promise((resolve, reject) => pipeline(fs.createReadStream(p('plain.txt')), zlib.createGzip(),
    fs.createWriteStream(p('plain.txt.gz')), (err) => (err ? reject(err) : resolve())));
  const back = [];
  await new Promise((resolve, reject) => pipeline(fs.createReadStream(p('plain.txt.gz')), zlib.createGunzip(),
    new Writable({ write(chunk, enc, cb) { back.push(chunk); cb(); } }), (err) => (err ? reject(err) : resolve())));
  console.log('gzip file round trip:', Buffer.concat(back).toString() === text);

  // From a Readable into a file; close() with a callback.
  await new Promise((resolve) => pipeline(Readable.from(['a', 'b', 'c']), fs.createWriteStream(p('abc.txt')), resolve));
  console.log('from Readable:', fs.readFileSync(p('abc.txt'), 'utf8'));
  const closing = fs.createWriteStream(p('closed.txt'));
  await new Promise((resolve) => closing.close(resolve));
  console.log('closed:', closing.closed, fs.existsSync(p('closed.txt')));
  const rclosing = fs.createReadStream(p('abc.txt'));
  await new Promise((resolve) => rclosing.close((err) => { console.log('read close callback:', err && err.code); resolve(); }));

  const destroyed = fs.createReadStream(p('abc.txt'));
  console.log(destroyed.destroy() instanceof fs.ReadStream, typeof fs.WriteStream,
    fs.ReadStream === fs.FileReadStream, fs.ReadStream.name, fs.WriteStream.name);
  // Its open was under way: the directory goes once the stream has closed
  // (before, an open that came late failed, and the unhandled error ended
  // the script, in Node as here).
  await new Promise((resolve) => destroyed.on('close', resolve));
  fs.rmSync(dir, { recursive: true });
}

main();
