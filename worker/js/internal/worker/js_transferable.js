'use strict';
// Objects of the built-in modules that a transfer list may name (Node's
// JSTransferable): `obj[kTransfer]()` gives { data, deserializeInfo }, the
// data travelling in the message and deserializeInfo ('module:Class')
// naming the built-in class whose `[kDeserialize](data)` rebuilds it at the
// receiver. Only a class of a built-in module that has such a method can
// be named, so that a changed kTransfer cannot make the receiver load a file
// or call something else. Within one worker only: no class here can cross
// to another process yet. Loaded on first use.

const kTransfer = Symbol('messaging_transfer_symbol');
const kDeserialize = Symbol('messaging_deserialize_symbol');

function isTransferable(value) {
  return value !== null && (typeof value === 'object' || typeof value === 'function') &&
    typeof value[kTransfer] === 'function';
}

// The built-in module `id` names, by Node's ids ('net', 'internal/...').
function builtinExports(id) {
  if (typeof id === 'string' && !id.startsWith('internal/') && binding.hasBuiltin(`node/${id}`)) {
    return internalRequire(`node/${id}`);
  }
  if (typeof id === 'string' && id.startsWith('internal/') && binding.hasBuiltin(id)) return internalRequire(id);
  throw new TypeError(`Missing internal module '${id}'`);
}

// A new object of the class `deserializeInfo` names, given `data`.
function deserialize(deserializeInfo, data) {
  const info = `${deserializeInfo}`;
  const at = info.lastIndexOf(':');
  const exports = builtinExports(at === -1 ? info : info.slice(0, at));
  const Ctor = at === -1 ? undefined : exports[info.slice(at + 1)];
  if (typeof Ctor !== 'function' || typeof Ctor.prototype?.[kDeserialize] !== 'function') {
    throw new Error(`Unknown deserialize spec ${info}`);
  }
  const object = Reflect.construct(Ctor, []);
  object[kDeserialize](data);
  return object;
}

module.exports = { kTransfer, kDeserialize, isTransferable, deserialize };
