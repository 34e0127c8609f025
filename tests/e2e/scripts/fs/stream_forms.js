// What fs streams and FileHandle do beyond plain reading and writing, in a
// fresh temporary directory: FileHandle as an EventEmitter whose close()
// waits for the operations and streams using it, streams over a FileHandle,
// the old open() protocol (a subclass or a patched prototype, as graceful-fs
// does), the `fs` option, calls through `fs` as it is when made, `flush`,
// the properties, the order of errors and closes, the memory a short read
// keeps, and stream/consumers.
const fs = require('fs');
const fsp = require('fs/promises');
const os = require('os');
const path = require('path');
const consumers = require('stream/consumers');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isohost-fs-stream-forms-'));
const p = (name) => path.join(dir, name);
const text = 'The quick brown fox jumps over the lazy dog.\n';
fs.writeFileSync(p('in.txt'), text);

const closed = (stream) => new Promise((resolve) => stream.on('close', resolve));
const ownKeys = (stream) => Object.keys(stream).filter((key) => !key.startsWith('_')).join(',');
function showError(label, make) {
  try {
    make();
    console.log(label, 'no error');
  } catch (err) {
    console.log(label, err.name, err.code, err.message);
  }
}
function collect(stream) {
  const events = [];
  const chunks = [];
  for (const name of ['open', 'ready', 'end', 'finish']) stream.on(name, () => events.push(name));
  stream.on('data', (chunk) => chunks.push(chunk));
  stream.on('error', (err) => events.push(`error ${err.code || err.message} fd=${stream.fd}`));
  return new Promise((resolve) => stream.on('close', () => {
    events.push('close');
    const data = chunks.every((chunk) => typeof chunk === 'string') ? chunks.join('') : Buffer.concat(chunks).toString();
    resolve({ events, data });
  }));
}

async function fileHandles() {
  const handle = await fsp.open(p('in.txt'), 'r');
  console.log('handle emits events:', typeof handle.on, typeof handle.emit, typeof handle.listenerCount);
  let closeEvents = 0;
  handle.on('close', () => closeEvents++);
  // close() while a read runs: the read completes, the descriptor closes after it.
  const reading = handle.read(Buffer.alloc(9), 0, 9, 4);
  const closing = handle.close();
  console.log('fd kept while a read runs:', handle.fd > 0, 'close events:', closeEvents);
  const { bytesRead, buffer } = await reading;
  await closing;
  console.log('read during close:', bytesRead, buffer.toString(), 'fd after:', handle.fd);
  await handle.close();
  console.log('close events after a second close():', closeEvents);
  await handle.stat().catch((err) => console.log('after close:', err.code, err.message, err.syscall));

  // read() with a null length reads the rest of the buffer.
  const again = await fsp.open(p('in.txt'), 'r');
  const byNull = await again.read(Buffer.alloc(3), 0, null, 4);
  const byOptions = await again.read({ buffer: Buffer.alloc(5), length: null, position: 10 });
  console.log('null length:', byNull.bytesRead, byNull.buffer.toString(), byOptions.bytesRead,
    byOptions.buffer.toString());
  await again.close();
}

async function streamsOnHandles() {
  // handle.createReadStream, with a start, and consumers over it.
  let handle = await fsp.open(p('in.txt'), 'r');
  let handleClosed = 0;
  handle.on('close', () => handleClosed++);
  const read = handle.createReadStream({ start: 4, end: 18 });
  console.log('handle stream keys:', ownKeys(read), 'pending:', read.pending, 'path:', read.path);
  console.log('text from handle stream:', JSON.stringify(await consumers.text(read)));
  await new Promise((resolve) => setImmediate(resolve));
  console.log('stream closed the handle:', handle.fd, handleClosed);

  // A FileHandle as `fd`: the handle's own methods, as wrapped by the script.
  handle = await fsp.open(p('in.txt'), 'r');
  let reads = 0;
  const originalRead = handle.read;
  handle.read = function read(...args) {
    reads++;
    return Reflect.apply(originalRead, this, args);
  };
  let result = await collect(fs.createReadStream(null, { fd: handle, highWaterMark: 16 }));
  console.log('fd: handle:', result.events.join(','), JSON.stringify(result.data), 'reads:', reads, handle.fd);

  // Closing the handle closes a read stream on it before it reads.
  handle = await fsp.open(p('in.txt'), 'r');
  const early = fs.createReadStream(null, { fd: handle });
  const earlyResult = collect(early);
  await handle.close();
  result = await earlyResult;
  console.log('handle closed first:', result.events.join(','), JSON.stringify(result.data), early.destroyed);

  // A write stream on a handle, with flush; the handle's close waits for it.
  handle = await fsp.open(p('out.txt'), 'w');
  const write = handle.createWriteStream({ flush: true });
  console.log('write stream keys:', ownKeys(write), 'flush:', write.flush);
  write.write('one ');
  write.write('two ');
  const writeClosed = closed(write);
  write.end('three');
  await handle.close();
  await writeClosed;
  console.log('written through handle:', fs.readFileSync(p('out.txt'), 'utf8'), write.bytesWritten, handle.fd);

  // Errors.
  handle = await fsp.open(p('in.txt'), 'r');
  showError('fd handle with fs:', () => fs.createReadStream(null, { fd: handle, fs }));
  showError('fd handle with fs (write):', () => fs.createWriteStream(null, { fd: handle, fs }));
  await handle.close();
  showError('fd closed handle:', () => fs.createReadStream(null, { fd: handle }));
  showError('fd string:', () => fs.createReadStream(null, { fd: '3' }));
  showError('fd object:', () => fs.createWriteStream(null, { fd: {} }));
}

async function oldOpen() {
  // A subclass whose open() sets fd and emits 'open' itself, as graceful-fs's does.
  function GracefulReadStream(...args) {
    fs.ReadStream.call(this, ...args);
  }
  Object.setPrototypeOf(GracefulReadStream.prototype, fs.ReadStream.prototype);
  Object.setPrototypeOf(GracefulReadStream, fs.ReadStream);
  let opens = 0;
  GracefulReadStream.prototype.open = function open() {
    opens++;
    fs.open(this.path, this.flags, this.mode, (err, fd) => {
      if (err) {
        this.emit('error', err);
        return;
      }
      this.fd = fd;
      this.emit('open', fd);
      this.emit('ready');
    });
  };
  let result = await collect(new GracefulReadStream(p('in.txt'), { end: 8 }));
  console.log('old open:', opens, result.events.join(','), JSON.stringify(result.data));
  result = await collect(new GracefulReadStream(p('missing.txt')));
  console.log('old open, error:', opens, result.events.join(','));

  function GracefulWriteStream(...args) {
    fs.WriteStream.call(this, ...args);
  }
  Object.setPrototypeOf(GracefulWriteStream.prototype, fs.WriteStream.prototype);
  Object.setPrototypeOf(GracefulWriteStream, fs.WriteStream);
  GracefulWriteStream.prototype.open = function open() {
    fs.open(this.path, this.flags, this.mode, (err, fd) => {
      this.fd = fd;
      this.emit('open', fd);
    });
  };
  const write = new GracefulWriteStream(p('old.txt'));
  const writeResult = collect(write);
  write.end('old way');
  result = await writeResult;
  console.log('old open, write:', result.events.join(','), fs.readFileSync(p('old.txt'), 'utf8'));

  // A write from an 'open' listener goes before one made a tick later.
  const ordered = fs.createWriteStream(p('order.txt'));
  ordered.on('open', () => {
    ordered.write('hello ');
    process.nextTick(() => ordered.end('world'));
  });
  await closed(ordered);
  console.log('write order:', fs.readFileSync(p('order.txt'), 'utf8'));

  // Patching the prototype's open() reaches every stream made after.
  const saved = fs.ReadStream.prototype.open;
  let patched = 0;
  fs.ReadStream.prototype.open = function open() {
    patched++;
    this.emit('error', new Error('not opened'));
  };
  result = await collect(fs.createReadStream(p('in.txt')));
  fs.ReadStream.prototype.open = saved;
  console.log('patched prototype open:', patched, result.events.join(','));
}

async function fsOption() {
  const calls = [];
  const counted = (name, fn) => function counting(...args) {
    calls.push(name);
    return fn.apply(this, args);
  };
  let result = await collect(fs.createReadStream(p('in.txt'), {
    highWaterMark: 20,
    fs: { open: counted('open', fs.open), read: counted('read', fs.read), close: counted('close', fs.close) },
  }));
  console.log('fs option, read:', calls.join(','), JSON.stringify(result.data));

  // Only writev: every chunk goes through it.
  calls.length = 0;
  const onlyWritev = fs.createWriteStream(p('writev.txt'), {
    fs: { open: fs.open, writev: counted('writev', fs.writev), close: fs.close },
  });
  onlyWritev.write('a');
  onlyWritev.write('b');
  onlyWritev.end('c');
  await closed(onlyWritev);
  console.log('fs option, writev only:', calls.join(','), fs.readFileSync(p('writev.txt'), 'utf8'));

  // Only write: chunks go one by one.
  calls.length = 0;
  const onlyWrite = fs.createWriteStream(p('write.txt'), {
    fs: { open: fs.open, write: counted('write', fs.write), close: fs.close },
  });
  onlyWrite.write('a');
  onlyWrite.write('b');
  onlyWrite.end('c');
  await closed(onlyWrite);
  console.log('fs option, write only:', calls.join(','), fs.readFileSync(p('write.txt'), 'utf8'));

  const file = p('checked.txt');
  showError('fs.open null:', () => fs.createReadStream(file, { fs: { ...fs, open: null } }));
  showError('fs.read missing:', () => fs.createReadStream(file, { fs: { open: fs.open, close: fs.close } }));
  showError('fs.close missing:', () => fs.createReadStream(file, { fs: { open: fs.open, read: fs.read } }));
  showError('fs.close missing, autoClose false:', () => fs.createReadStream(p('in.txt'), {
    fs: { open: fs.open, read: fs.read }, autoClose: false,
  }));
  showError('fs.write and writev null:', () => fs.createWriteStream(file, { fs: { ...fs, write: null, writev: null } }));
  showError('fs.writev a string:', () => fs.createWriteStream(file, { fs: { ...fs, writev: 'no' } }));
  showError('fs.open null before the path:', () => fs.createWriteStream(42, { fs: { ...fs, open: null } }));
  for (const flush of ['true', 0, 1, {}]) showError(`flush ${JSON.stringify(flush)}:`, () => fs.createWriteStream(file, { flush }));
  showError('flush before start:', () => fs.createWriteStream(file, { flush: 'x', start: -1 }));
  for (const signal of [null, '', 1]) {
    showError(`signal ${JSON.stringify(signal)}:`, () => fs.createReadStream(file, { signal }));
  }
  showError('options a number:', () => fs.createReadStream(file, 5));
  fs.rmSync(file, { force: true });
}

async function liveFs() {
  // The stream calls fs.read, fs.write, fs.fsync and fs.close as they are at the call.
  const { read, write, close, fsync } = fs;
  const calls = [];
  const stream = fs.createReadStream(p('in.txt'), { highWaterMark: 16 });
  fs.read = function patchedRead(...args) {
    calls.push('read');
    return read.apply(fs, args);
  };
  // The descriptor is still the stream's when close is called, null right after.
  fs.close = function patchedClose(fd, cb) {
    calls.push(`close ${typeof fd}`);
    return close.call(fs, fd, cb);
  };
  let result = await collect(stream);
  console.log('fs replaced after the stream was made:', calls.join(','), result.data.length);

  // A read that fails: 'error' after the descriptor is closed, then 'close'.
  let reads = 0;
  fs.read = function failingRead(...args) {
    if (++reads === 1) return read.apply(fs, args);
    const cb = args[args.length - 1];
    process.nextTick(cb, new Error('read failed'));
  };
  calls.length = 0;
  result = await collect(fs.createReadStream(p('in.txt'), { highWaterMark: 8 }));
  console.log('read error:', result.events.join(','), calls.join(','), JSON.stringify(result.data));

  // A write that fails: its callback gets the error, then 'error', then 'close'.
  let writes = 0;
  fs.write = function failingWrite(...args) {
    if (++writes === 1) return write.apply(fs, args);
    const cb = args[args.length - 1];
    process.nextTick(cb, new Error('write failed'));
  };
  const failing = fs.createWriteStream(p('failing.txt'));
  const failingResult = collect(failing);
  failing.write('first', (err) => {
    console.log('first write:', err);
    failing.write('second', (err2) => console.log('second write:', err2.message, 'fd', typeof failing.fd));
  });
  result = await failingResult;
  console.log('write error:', result.events.join(','), fs.readFileSync(p('failing.txt'), 'utf8'));
  fs.read = read;
  fs.write = write;
  fs.close = close;

  // flush: fsync before close, only when asked.
  let syncs = 0;
  fs.fsync = function countedFsync(fd, cb) {
    syncs++;
    return fsync.call(fs, fd, cb);
  };
  for (const flush of [true, false, undefined]) {
    const flushed = fs.createWriteStream(p('flush.txt'), { flush });
    flushed.end('flushed');
    await closed(flushed);
  }
  fs.fsync = fsync;
  console.log('fsync calls:', syncs, fs.readFileSync(p('flush.txt'), 'utf8'));
}

async function properties() {
  const read = fs.createReadStream(p('in.txt'), { start: 2, end: 12 });
  console.log('read keys:', ownKeys(read), read.end, read.pos, read.pending, read.autoClose, read.closed);
  const readResult = await collect(read);
  console.log('read after:', read.bytesRead, read.pos, read.pending, read.fd, read.closed, readResult.data);
  const write = fs.createWriteStream(p('props.txt'), { start: 0 });
  console.log('write keys:', ownKeys(write), write.flush, write.pending, write.autoClose);
  write.end('12345');
  await closed(write);
  console.log('write after:', write.bytesWritten, write.pos, write.closed, write.fd);
  const withFd = fs.createReadStream(null, { fd: fs.openSync(p('in.txt'), 'r') });
  console.log('fd keys:', ownKeys(withFd), withFd.path, withFd.pending);
  withFd.destroy();
  await closed(withFd);

  // Options inherited from a prototype count; the script's object is left alone.
  const options = Object.freeze({ __proto__: { encoding: 'hex', start: 0, end: 3 } });
  console.log('inherited options:', (await collect(fs.createReadStream(p('in.txt'), options))).data);

  // destroy() closes the descriptor even with autoClose: false.
  const fd = fs.openSync(p('in.txt'), 'r');
  const kept = fs.createReadStream(null, { fd, autoClose: false });
  kept.destroy();
  await closed(kept);
  try {
    fs.fstatSync(fd);
    console.log('destroy with autoClose false: still open');
  } catch (err) {
    console.log('destroy with autoClose false:', err.code);
  }
}

async function memory() {
  // Short reads are copied out of the read buffer: chunks keep only their bytes.
  const sizes = new Set();
  for (let i = 0; i < 20; i++) {
    const stream = fs.createReadStream(p('in.txt'));
    stream.on('data', (chunk) => sizes.add(`${chunk.length}/${chunk.buffer.byteLength}/${chunk.byteOffset % 8}`));
    await closed(stream);
  }
  console.log('chunk/backing store/offset:', [...sizes].join(' '));
}

async function consumersOfFiles() {
  // Chunks of 19 bytes split the 'ü' (bytes 18 and 19) between two of them.
  // Chunks of 19 bytes split the 'ü' (bytes 18 and 19) between two of them.
  fs.writeFileSync(p('data.json'), JSON.stringify({ a: [1, 2, 3], b: 'ü' }));
  console.log('json:', JSON.stringify(await consumers.json(fs.createReadStream(p('data.json'), { highWaterMark: 19 }))));
  const buffer = await consumers.buffer(fs.createReadStream(p('in.txt'), { highWaterMark: 7 }));
  console.log('buffer:', Buffer.isBuffer(buffer), buffer.length);
  const arrayBuffer = await consumers.arrayBuffer(fs.createReadStream(p('in.txt')));
  console.log('arrayBuffer:', arrayBuffer instanceof ArrayBuffer, arrayBuffer.byteLength);
  const blob = await consumers.blob(fs.createReadStream(p('in.txt')));
  console.log('blob:', blob.size, JSON.stringify(await blob.text()) === JSON.stringify(text));
  console.log('text of strings:', await consumers.text(fs.createReadStream(p('data.json'), { encoding: 'utf8', highWaterMark: 5 })));
}

async function main() {
  await fileHandles();
  await streamsOnHandles();
  await oldOpen();
  await fsOption();
  await liveFs();
  await properties();
  await memory();
  await consumersOfFiles();
  fs.rmSync(dir, { recursive: true });
}

main();
