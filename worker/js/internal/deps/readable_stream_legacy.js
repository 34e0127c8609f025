'use strict';
// The legacy Stream of readable-stream (internal/streams/legacy), which every
// Readable and Writable constructor calls once its state is made: the point
// where Isohost gives the package's streams what Node 20's constructors do
// beyond it. The package's files get this module in place of their own
// (internal/deps/require.js); it wraps the package's, which stays as it is.
//
// - defaultEncoding is checked: anything but null, undefined or an encoding
//   Buffer knows is Node's ERR_UNKNOWN_ENCODING, thrown by the constructor.
// - The event map starts with the stream's common events in Node's order
//   (unset), so eventNames() lists them in that order whatever the order
//   their listeners came in; eventNames() leaves out the unset ones.

const { EventEmitter } = internalRequire('node/events');
const { Buffer } = internalRequire('node/buffer');
const { codes } = internalRequire('internal/errors');
const legacy = internalRequire('internal/deps/readable_stream/internal/streams/legacy');

// Node 20's order of the events a stream's map starts with.
const kReadableEvents = ['close', 'error', 'data', 'end', 'readable'];
const kWritableEvents = ['close', 'error', 'prefinish', 'finish', 'drain'];
const kDuplexEvents = ['close', 'error', 'prefinish', 'finish', 'drain', 'data', 'end', 'readable'];

// Loaded on the first stream made: duplex.js requires this module itself.
let Duplex = null;

function eventMap(names) {
  const events = { __proto__: null };
  for (const name of names) events[name] = undefined;
  return events;
}

function checkDefaultEncoding(options) {
  const encoding = options == null ? undefined : options.defaultEncoding;
  if (encoding != null && !Buffer.isEncoding(encoding)) throw new codes.ERR_UNKNOWN_ENCODING(encoding);
}

function Stream(options) {
  checkDefaultEncoding(options);
  // A Duplex calls this twice, first from the Readable constructor.
  if (this._events === undefined) {
    if (Duplex === null) Duplex = internalRequire('internal/deps/readable_stream/internal/streams/duplex');
    if (this instanceof Duplex) this._events = eventMap(kDuplexEvents);
    else if (this._readableState !== undefined) this._events = eventMap(kReadableEvents);
    else if (this._writableState !== undefined) this._events = eventMap(kWritableEvents);
  }
  Reflect.apply(legacy.Stream, this, [options]);
}

// The package's Stream.prototype (pipe) is this Stream's.
Stream.prototype = legacy.Stream.prototype;
Object.defineProperty(Stream.prototype, 'constructor', {
  __proto__: null, value: Stream, writable: true, enumerable: false, configurable: true,
});
Object.setPrototypeOf(Stream, EventEmitter);

Stream.prototype.eventNames = function eventNames() {
  const events = this._events;
  if (events === undefined || this._eventsCount === 0) return [];
  return Reflect.ownKeys(events).filter((name) => events[name] !== undefined);
};

module.exports = { ...legacy, Stream };
