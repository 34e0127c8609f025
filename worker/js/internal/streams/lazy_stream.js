'use strict';
// Classes that are streams, as in Node, without costing the stream module to
// a worker that never uses them as streams: crypto's Hash and Hmac (whose
// update() and digest() need none) are Transforms, process.stdout and stderr
// (whose write() goes to the channel directly) Writables. Their prototypes
// start on a stand-in whose stream methods, on the first call of any, load
// the stream module; once it is loaded (by them or by anyone: node/stream.js
// calls streamsLoaded), the stream class is put under every such class, and
// each object builds its stream state on first use, as Node's LazyTransform
// does, from the options it was made with (`optionsOf`).

const { EventEmitter } = internalRequire('internal/events/emitter');

// Set on an object once its stream state is built.
const kStreamBuilt = Symbol('kStreamBuilt');

const kEventMethods = [
  'on', 'once', 'addListener', 'prependListener', 'prependOnceListener', 'off', 'removeListener',
  'removeAllListeners', 'emit', 'listeners', 'rawListeners', 'listenerCount', 'eventNames', 'setMaxListeners',
  'getMaxListeners',
];
const kStreamMethods = [
  'pipe', 'unpipe', 'read', 'write', 'end', 'push', 'unshift', 'setEncoding', 'pause', 'resume', 'isPaused',
  'destroy', 'cork', 'uncork', 'setDefaultEncoding', 'wrap', Symbol.asyncIterator,
];
const kStreamGetters = [
  'readable', 'writable', 'destroyed', 'closed', 'errored', 'readableEnded', 'readableLength', 'readableFlowing',
  'writableEnded', 'writableFinished', 'writableLength', 'writableHighWaterMark', 'writableCorked',
  'writableObjectMode', '_readableState', '_writableState',
];

// [cls, base name, optionsOf] for each class made lazy.
const classes = [];
let stream = null;

function useStreams() {
  if (stream === null) internalRequire('node/stream');
}

// The stream states of each base class, built on first use.
const kStates = {
  Transform: ['_readableState', '_writableState'],
  Writable: ['_writableState'],
};

// What a lazy class sits on once streams are loaded: stream[baseName], with
// getters that build an object's state on first use.
function lazyBase(baseName, optionsOf) {
  const Base = stream[baseName];
  const base = Object.create(Base.prototype);
  for (const name of kStates[baseName]) {
    Object.defineProperty(base, name, {
      __proto__: null,
      configurable: true,
      get() {
        Base.call(this, optionsOf(this));
        this[kStreamBuilt] = true;
        // A Transform's writes stay strings for its own _transform, as Node's LazyTransform has them.
        if (baseName === 'Transform') this._writableState.decodeStrings = false;
        return this[name];
      },
      // What Base's constructor assigns becomes the object's own.
      set(value) {
        Object.defineProperty(this, name, { __proto__: null, value, writable: true, configurable: true, enumerable: true });
      },
    });
  }
  return base;
}

function streamsLoaded(loaded) {
  stream = loaded;
  for (const [cls, baseName, optionsOf] of classes) {
    Object.setPrototypeOf(cls.prototype, lazyBase(baseName, optionsOf));
  }
}

// A stand-in under a class until streams are loaded: an EventEmitter whose
// stream methods and getters load them and call through. Event methods load
// them too unless `eventsAreLocal`.
function makeStandIn(eventsAreLocal) {
  const standIn = Object.create(EventEmitter.prototype);
  const upgrading = eventsAreLocal ? kStreamMethods : [...kEventMethods, ...kStreamMethods];
  for (const name of upgrading) {
    Object.defineProperty(standIn, name, {
      __proto__: null,
      configurable: true,
      writable: true,
      value: function(...args) {
        useStreams();
        return this[name](...args);
      },
    });
  }
  for (const name of kStreamGetters) {
    Object.defineProperty(standIn, name, {
      __proto__: null,
      configurable: true,
      get() {
        useStreams();
        return this[name];
      },
    });
  }
  return standIn;
}

// Makes `cls` a lazy stream of class stream[baseName] ('Transform',
// 'Writable'); methods of its own (its _transform, _write, a write() with a
// path of its own for objects whose state is not built) stay on top.
function makeLazyStream(cls, baseName, { optionsOf = (obj) => obj._options, eventsAreLocal = false } = {}) {
  classes.push([cls, baseName, optionsOf]);
  Object.setPrototypeOf(cls.prototype, stream !== null ? lazyBase(baseName, optionsOf) : makeStandIn(eventsAreLocal));
}

module.exports = { makeLazyStream, streamsLoaded, kStreamBuilt };
