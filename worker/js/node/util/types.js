'use strict';
// util.types: what a value really is, as the engine knows it. A script can
// fake a prototype or a Symbol.toStringTag; these checks look past both.

const native = binding.internalBinding('util');

const kNames = [
  'isExternal', 'isDate', 'isArgumentsObject', 'isBigIntObject', 'isBooleanObject', 'isNumberObject',
  'isStringObject', 'isSymbolObject', 'isNativeError', 'isRegExp', 'isAsyncFunction', 'isGeneratorFunction',
  'isGeneratorObject', 'isPromise', 'isMap', 'isSet', 'isMapIterator', 'isSetIterator', 'isWeakMap', 'isWeakSet',
  'isArrayBuffer', 'isDataView', 'isSharedArrayBuffer', 'isProxy', 'isModuleNamespaceObject', 'isAnyArrayBuffer',
  'isBoxedPrimitive', 'isArrayBufferView', 'isTypedArray', 'isUint8Array', 'isUint8ClampedArray', 'isUint16Array',
  'isUint32Array', 'isInt8Array', 'isInt16Array', 'isInt32Array', 'isFloat32Array', 'isFloat64Array',
  'isBigInt64Array', 'isBigUint64Array',
];

for (const name of kNames) exports[name] = native[name];
exports.isArrayBufferView = ArrayBuffer.isView;

// Crypto keys are objects of this runtime's crypto module; none exists
// without it, so nothing created elsewhere is one.
exports.isKeyObject = function isKeyObject(value) {
  const KeyObject = keyObjectClass();
  return KeyObject !== undefined && value instanceof KeyObject;
};
exports.isCryptoKey = function isCryptoKey(value) {
  const CryptoKey = cryptoKeyClass();
  return CryptoKey !== undefined && value instanceof CryptoKey;
};

function keyObjectClass() {
  if (!binding.hasBuiltin('node/crypto')) return undefined;
  const KeyObject = internalRequire('node/crypto').KeyObject;
  return typeof KeyObject === 'function' ? KeyObject : undefined;
}

function cryptoKeyClass() {
  const CryptoKey = globalThis.CryptoKey;
  return typeof CryptoKey === 'function' ? CryptoKey : undefined;
}
