'use strict';
// Classes that are Transform streams, as in Node, without costing the stream
// module to a worker that never uses them as streams (crypto's Hash and Hmac,
// whose update() and digest() need none). Their prototypes start on a
// stand-in whose stream and event methods, on the first call of any, load
// the stream module; once it is loaded (by them or by anyone: node/stream.js
// calls streamsLoaded), stream.Transform is put under every such class, and
// each object builds its stream state on first use, as Node's LazyTransform
// does, from the options it was made with.

const kMethods = [
  'on', 'once', 'addListener', 'prependListener', 'prependOnceListener', 'off', 'removeListener',
  'removeAllListeners', 'emit', 'listeners', 'rawListeners', 'listenerCount', 'eventNames', 'setMaxListeners',
  'getMaxListeners', 'pipe', 'unpipe', 'read', 'write', 'end', 'push', 'unshift', 'setEncoding', 'pause',
  'resume', 'isPaused', 'destroy', 'cork', 'uncork', 'setDefaultEncoding', 'wrap', Symbol.asyncIterator,
];
const kStates = ['_readableState', '_writableState'];

const classes = [];
// The prototype under every class once streams are loaded.
let lazy = null;

function useStreams() {
  if (lazy === null) internalRequire('node/stream');
}

function streamsLoaded(Transform) {
  lazy = Object.create(Transform.prototype);
  for (const name of kStates) {
    Object.defineProperty(lazy, name, {
      configurable: true,
      get() {
        Transform.call(this, this._options);
        this._writableState.decodeStrings = false;
        return this[name];
      },
      // What Transform's constructor assigns becomes the object's own.
      set(value) {
        Object.defineProperty(this, name, { value, writable: true, configurable: true, enumerable: true });
      },
    });
  }
  for (const cls of classes) Object.setPrototypeOf(cls.prototype, lazy);
}

const standIn = {};
for (const name of kMethods) {
  Object.defineProperty(standIn, name, {
    configurable: true,
    writable: true,
    value: function(...args) {
      useStreams();
      return this[name](...args);
    },
  });
}
for (const name of ['readable', 'writable', 'destroyed', 'readableEnded', 'writableEnded', 'writableFinished']) {
  Object.defineProperty(standIn, name, {
    configurable: true,
    get() {
      useStreams();
      return this[name];
    },
  });
}

// Makes `cls` (with _transform and _flush of its own) a lazy Transform.
function makeLazyTransform(cls) {
  classes.push(cls);
  Object.setPrototypeOf(cls.prototype, lazy ?? standIn);
}

module.exports = { makeLazyTransform, streamsLoaded };
