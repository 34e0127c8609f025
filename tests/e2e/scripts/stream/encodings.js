'use strict';
// Where Node 20's streams differ from the readable-stream package Isohost
// bundles, and Isohost follows Node: defaultEncoding checked by the
// constructors, ERR_UNKNOWN_ENCODING naming an object as util.format's %s
// does, the encoding an object-mode chunk reaches _write() with, and
// eventNames() in the order of a stream's common events.
const { Readable, Writable, Duplex, Transform, PassThrough } = require('stream');

function show(title, fn) {
  try {
    console.log(title, fn());
  } catch (err) {
    console.log(title, 'throws', err.name, err.code, JSON.stringify(err.message));
  }
}

for (const encoding of ['bogus', {}, 1, null, undefined, '', 'UTF8', 'Hex', 'latin1']) {
  const shown = encoding === undefined ? 'undefined' : JSON.stringify(encoding);
  show(`Writable defaultEncoding ${shown}:`, () => new Writable({ defaultEncoding: encoding })._writableState.defaultEncoding);
  show(`Readable defaultEncoding ${shown}:`, () => new Readable({ defaultEncoding: encoding })._readableState.defaultEncoding);
  show(`Duplex defaultEncoding ${shown}:`, () => new Duplex({ defaultEncoding: encoding })._writableState.defaultEncoding);
  show(`Transform defaultEncoding ${shown}:`, () => new Transform({ defaultEncoding: encoding })._readableState.defaultEncoding);
  show(`setDefaultEncoding ${shown}:`, () => new Writable().setDefaultEncoding(encoding)._writableState.defaultEncoding);
  show(`Readable encoding ${shown}:`, () => new Readable({ encoding })._readableState.encoding);
}
show('Buffer toString({}):', () => Buffer.alloc(1).toString({}));
show('Buffer.from with [1]:', () => Buffer.from('x', [1]));

// A default encoding reads pushed strings.
const hex = new Readable({ read() {}, defaultEncoding: 'hex' });
hex.push('ab');
hex.push('cd', 'latin1');
hex.push(null);
hex.on('data', (chunk) => console.log('pushed with defaultEncoding hex:', chunk.toString('hex')));

// The encoding _write() is given.
function recorder(tag, options) {
  return new Writable({
    ...options,
    write(chunk, encoding, callback) {
      console.log(tag, typeof chunk, Buffer.isBuffer(chunk) ? 'buffer' : '-', JSON.stringify(encoding));
      callback();
    },
  });
}
const objects = (tag) => recorder(`object mode, ${tag}:`, { objectMode: true });
objects('write(obj)').write({});
objects('write(obj, cb)').write({}, () => {});
objects('write(obj, "hex")').write({}, 'hex');
objects('write(obj, undefined, cb)').write({}, undefined, () => {});
objects('write(obj, null)').write({}, null);
objects('write(obj, "")').write({}, '');
objects('write(string)').write('text');
objects('write(Uint8Array)').write(new Uint8Array(2));
objects('end(obj)').end({});
objects('end(obj, cb)').end({}, () => {});
objects('end(obj, "hex", cb)').end({}, 'hex', () => {});
recorder('object mode, defaultEncoding hex, write(obj):', { objectMode: true, defaultEncoding: 'hex' }).write({});
recorder('bytes, write(string):', {}).write('text');
recorder('bytes, write(Uint8Array):', {}).write(new Uint8Array(2));
recorder('decodeStrings false, write(string):', { decodeStrings: false }).write('text');
recorder('decodeStrings false, defaultEncoding null:', { decodeStrings: false, defaultEncoding: null }).write('text');
recorder('decodeStrings false, defaultEncoding hex:', { decodeStrings: false, defaultEncoding: 'hex' }).write('abcd');
const duplex = new Duplex({ objectMode: true, read() {}, write(chunk, encoding, callback) {
  console.log('object-mode Duplex:', JSON.stringify(encoding));
  callback();
} });
duplex.write({});
duplex.write({}, () => {});
const transform = new Transform({ objectMode: true, transform(chunk, encoding, callback) {
  console.log('object-mode Transform:', JSON.stringify(encoding));
  callback();
} });
transform.end({});

// eventNames(): the common events first, in Node's order, then the others.
const noop = () => {};
const readable = new Readable();
show('new Readable eventNames:', () => readable.eventNames());
readable.on('foo', noop).on('data', noop).on('error', noop).on('end', noop);
show('Readable eventNames:', () => readable.eventNames().join(' '));
const writable = new Writable();
writable.on('foo', noop).on('drain', noop).on('prefinish', noop).on('close', noop);
show('Writable eventNames:', () => writable.eventNames().join(' '));
writable.removeAllListeners('close');
show('after removeAllListeners(close):', () => writable.eventNames().join(' '));
writable.removeAllListeners();
show('after removeAllListeners():', () => writable.eventNames().length);
const both = new Duplex();
both.on('foo', noop).on('readable', noop).on('finish', noop).on('error', noop);
show('Duplex eventNames:', () => both.eventNames().join(' '));
show('Transform eventNames:', () => new Transform().on('x', noop).on('data', noop).eventNames().join(' '));
show('PassThrough listenerCount(error):', () => new PassThrough().listenerCount('error'));
