'use strict';
// util.inspect's facts about values: the intrinsics it calls, taken once so that
// user code that patches prototypes later cannot break console output; the
// hooks through which the engine tells what plain JS cannot (promise state,
// proxy targets, entries of iterators); and the brand checks that tell each
// type apart, also on values from another context (format.js).

// ---------------------------------------------------------------------------
// Intrinsics, taken once so that user code that patches prototypes later
// cannot break console output.

const uncurryThis = (fn) => Function.prototype.call.bind(fn);
// Object's functions as they were when this file loaded: a script that
// replaces Object.keys does not change what inspect prints.
const ObjectKeys = Object.keys;
const ObjectGetOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const ObjectGetOwnPropertyNames = Object.getOwnPropertyNames;
const ObjectGetOwnPropertySymbols = Object.getOwnPropertySymbols;
const ObjectGetPrototypeOf = Object.getPrototypeOf;
const ObjectIs = Object.is;
const ObjectIsExtensible = Object.isExtensible;
const ObjectSetPrototypeOf = Object.setPrototypeOf;
const ObjectDefineProperty = Object.defineProperty;
const ObjectAssign = Object.assign;
const getterOf = (proto, name) => ObjectGetOwnPropertyDescriptor(proto, name).get;

const ObjectPrototypeToString = uncurryThis(Object.prototype.toString);
const ObjectPrototypeHasOwnProperty = uncurryThis(Object.prototype.hasOwnProperty);
const ObjectPrototypePropertyIsEnumerable = uncurryThis(Object.prototype.propertyIsEnumerable);
const FunctionPrototypeToString = uncurryThis(Function.prototype.toString);
const FunctionPrototypeSymbolHasInstance = uncurryThis(Function.prototype[Symbol.hasInstance]);
const ErrorPrototypeToString = uncurryThis(Error.prototype.toString);
const SymbolPrototypeToString = uncurryThis(Symbol.prototype.toString);
const SymbolPrototypeValueOf = uncurryThis(Symbol.prototype.valueOf);
const NumberPrototypeValueOf = uncurryThis(Number.prototype.valueOf);
const StringPrototypeValueOf = uncurryThis(String.prototype.valueOf);
const BooleanPrototypeValueOf = uncurryThis(Boolean.prototype.valueOf);
const BigIntPrototypeValueOf = uncurryThis(BigInt.prototype.valueOf);
const DatePrototypeGetTime = uncurryThis(Date.prototype.getTime);
const DatePrototypeToISOString = uncurryThis(Date.prototype.toISOString);
const DatePrototypeToString = uncurryThis(Date.prototype.toString);
const RegExpPrototypeToString = uncurryThis(RegExp.prototype.toString);
const RegExpPrototypeGetSource = uncurryThis(getterOf(RegExp.prototype, 'source'));
const MapPrototypeGetSize = uncurryThis(getterOf(Map.prototype, 'size'));
const MapPrototypeEntries = uncurryThis(Map.prototype.entries);
const SetPrototypeGetSize = uncurryThis(getterOf(Set.prototype, 'size'));
const SetPrototypeValues = uncurryThis(Set.prototype.values);
const WeakMapPrototypeHas = uncurryThis(WeakMap.prototype.has);
const WeakSetPrototypeHas = uncurryThis(WeakSet.prototype.has);
const ArrayBufferPrototypeGetByteLength =
  uncurryThis(getterOf(ArrayBuffer.prototype, 'byteLength'));
const SharedArrayBufferPrototypeGetByteLength = typeof SharedArrayBuffer === 'function' ?
  uncurryThis(getterOf(SharedArrayBuffer.prototype, 'byteLength')) : undefined;
const ArrayBufferIsView = ArrayBuffer.isView;
const TypedArrayPrototype = ObjectGetPrototypeOf(Uint8Array.prototype);
const TypedArrayPrototypeGetLength = uncurryThis(getterOf(TypedArrayPrototype, 'length'));
const TypedArrayPrototypeGetSymbolToStringTag =
  uncurryThis(getterOf(TypedArrayPrototype, Symbol.toStringTag));

const typedArrayConstructors = {
  __proto__: null,
  Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array,
  Int32Array, Uint32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array,
};

// ---------------------------------------------------------------------------
// Hooks for facts only the engine knows (see the header comment).

const hooks = {
  // (promise) => { state: 'pending' | 'fulfilled' | 'rejected', value }
  promiseState: undefined,
  // (object, isIterator) => entries, as Node's previewEntries binding:
  // for an iterator [entries, isKeyValue], else a flat array of entries
  // ([k1, v1, k2, v2, ...] for a WeakMap).
  previewEntries: undefined,
  // (value, full) => undefined if not a proxy, else [target, handler] when
  // `full` and the target otherwise (null when revoked).
  proxyDetails: undefined,
  // (object) => the constructor name V8 records for it (v8::Object::GetConstructorName).
  constructorName: undefined,
};

function setPromiseStateGetter(fn) {
  hooks.promiseState = typeof fn === 'function' ? fn : undefined;
}

// Sets the hooks named in `newHooks`; a name with a non-function value
// removes that hook.
function setNativeHooks(newHooks) {
  for (const key of ObjectKeys(hooks)) {
    if (key in newHooks) {
      hooks[key] = typeof newHooks[key] === 'function' ? newHooks[key] : undefined;
    }
  }
}

function getProxyDetails(value, full) {
  return hooks.proxyDetails === undefined ? undefined : hooks.proxyDetails(value, full);
}

// Without the proxy hook a revoked proxy is known by IsArray() throwing:
// nothing else makes it throw.
function isRevokedProxy(value) {
  if (hooks.proxyDetails !== undefined) return false;
  try {
    Array.isArray(value);
    return false;
  } catch {
    return true;
  }
}

function internalGetConstructorName(value) {
  if (hooks.constructorName !== undefined) return hooks.constructorName(value);
  return 'Object';
}

// ---------------------------------------------------------------------------
// Type checks. Each calls an intrinsic that throws unless the value has the
// internal slots of that type.

function passesBrandCheck(check, value) {
  try {
    check(value);
    return true;
  } catch {
    return false;
  }
}

// The tag Object.prototype.toString derives from internal slots, or '' when a
// string Symbol.toStringTag would hide it.
function builtinTag(value) {
  let tag;
  try {
    tag = value[Symbol.toStringTag];
  } catch {
    return '';
  }
  if (typeof tag === 'string') return '';
  return ObjectPrototypeToString(value).slice(8, -1);
}

const isMap = (v) => passesBrandCheck(MapPrototypeGetSize, v);
const isSet = (v) => passesBrandCheck(SetPrototypeGetSize, v);
const isWeakMap = (v) => passesBrandCheck((x) => WeakMapPrototypeHas(x, {}), v);
const isWeakSet = (v) => passesBrandCheck((x) => WeakSetPrototypeHas(x, {}), v);
const isDate = (v) => passesBrandCheck(DatePrototypeGetTime, v);
const isRegExp = (v) =>
  v !== RegExp.prototype && passesBrandCheck(RegExpPrototypeGetSource, v);
const isArrayBuffer = (v) => passesBrandCheck(ArrayBufferPrototypeGetByteLength, v);
const isSharedArrayBuffer = (v) => SharedArrayBufferPrototypeGetByteLength !== undefined &&
  passesBrandCheck(SharedArrayBufferPrototypeGetByteLength, v);
const isAnyArrayBuffer = (v) => isArrayBuffer(v) || isSharedArrayBuffer(v);
const isDataView = (v) => ArrayBufferIsView(v) && !isTypedArray(v);
const isTypedArray = (v) => TypedArrayPrototypeGetSymbolToStringTag(v) !== undefined;
const isNumberObject = (v) => passesBrandCheck(NumberPrototypeValueOf, v);
const isStringObject = (v) => passesBrandCheck(StringPrototypeValueOf, v);
const isBooleanObject = (v) => passesBrandCheck(BooleanPrototypeValueOf, v);
const isBigIntObject = (v) => passesBrandCheck(BigIntPrototypeValueOf, v);
const isSymbolObject = (v) => passesBrandCheck(SymbolPrototypeValueOf, v);

function isBoxedPrimitive(v) {
  return getBoxedType(v, mayBeAnyType) !== undefined;
}

// 'Number', 'String', 'Boolean', 'BigInt', 'Symbol' or undefined.
function getBoxedType(v, mayBe) {
  if (mayBe('Number') && isNumberObject(v)) return 'Number';
  if (mayBe('String') && isStringObject(v)) return 'String';
  if (mayBe('Boolean') && isBooleanObject(v)) return 'Boolean';
  if (mayBe('BigInt') && isBigIntObject(v)) return 'BigInt';
  if (mayBe('Symbol') && isSymbolObject(v)) return 'Symbol';
  return undefined;
}

// A failed brand check throws, and a throw costs microseconds, far more than
// formatting a small object. So formatRaw() only runs the checks for the type
// that Object.prototype.toString reports: an instance of a builtin or of a
// subclass reports its type through the inherited Symbol.toStringTag or the
// internal slots. Values that can hide their type that way, those with a
// null prototype or with a tag of their own making, get every check.
// (A builtin moved onto an unrelated prototype without a tag is missed.)
const kBuiltinTags = new Set([
  'Map', 'Set', 'WeakMap', 'WeakSet', 'ArrayBuffer', 'SharedArrayBuffer',
  'DataView', 'Promise', 'BigInt', 'Symbol', 'Map Iterator', 'Set Iterator',
  'Array Iterator', 'String Iterator', 'RegExp String Iterator', 'Generator',
  'AsyncGenerator', 'Math', 'JSON', 'Atomics', 'Reflect', 'Intl', 'WebAssembly',
  'FinalizationRegistry', 'WeakRef', 'Module',
]);

function mayBeAnyType() {
  return true;
}

function getTypeHint(value, constructor, rawTag) {
  if (constructor === null || (typeof rawTag === 'string' && !kBuiltinTags.has(rawTag))) {
    return mayBeAnyType;
  }
  const kind = ObjectPrototypeToString(value).slice(8, -1);
  return (type) => type === kind;
}

// Without the engine's help these rely on the Symbol.toStringTag of the
// intrinsic prototypes, which holds unless user code replaces it.
function toStringTagIs(value, tag) {
  try {
    return ObjectPrototypeToString(value) === `[object ${tag}]`;
  } catch {
    return false;
  }
}
const isPromise = (v) => toStringTagIs(v, 'Promise');
const isMapIterator = (v) => toStringTagIs(v, 'Map Iterator');
const isSetIterator = (v) => toStringTagIs(v, 'Set Iterator');
const isAsyncFunction = (v) =>
  toStringTagIs(v, 'AsyncFunction') || toStringTagIs(v, 'AsyncGeneratorFunction');
const isGeneratorFunction = (v) =>
  toStringTagIs(v, 'GeneratorFunction') || toStringTagIs(v, 'AsyncGeneratorFunction');
const isArgumentsObject = (v) => builtinTag(v) === 'Arguments';
const isNativeError = (v) => builtinTag(v) === 'Error';

function isModuleNamespaceObject(v) {
  return ObjectGetPrototypeOf(v) === null && !ObjectIsExtensible(v) &&
    toStringTagIs(v, 'Module');
}

function isError(e) {
  return isNativeError(e) || e instanceof Error;
}

function isStackOverflowError(err) {
  return err !== null && typeof err === 'object' && err.name === 'RangeError' &&
    err.message === 'Maximum call stack size exceeded';
}

exports.ObjectKeys = ObjectKeys;
exports.ObjectGetOwnPropertyDescriptor = ObjectGetOwnPropertyDescriptor;
exports.ObjectGetOwnPropertyNames = ObjectGetOwnPropertyNames;
exports.ObjectGetOwnPropertySymbols = ObjectGetOwnPropertySymbols;
exports.ObjectGetPrototypeOf = ObjectGetPrototypeOf;
exports.ObjectIs = ObjectIs;
exports.ObjectSetPrototypeOf = ObjectSetPrototypeOf;
exports.ObjectDefineProperty = ObjectDefineProperty;
exports.ObjectAssign = ObjectAssign;
exports.ObjectPrototypeHasOwnProperty = ObjectPrototypeHasOwnProperty;
exports.ObjectPrototypePropertyIsEnumerable = ObjectPrototypePropertyIsEnumerable;
exports.FunctionPrototypeToString = FunctionPrototypeToString;
exports.FunctionPrototypeSymbolHasInstance = FunctionPrototypeSymbolHasInstance;
exports.ErrorPrototypeToString = ErrorPrototypeToString;
exports.SymbolPrototypeToString = SymbolPrototypeToString;
exports.SymbolPrototypeValueOf = SymbolPrototypeValueOf;
exports.NumberPrototypeValueOf = NumberPrototypeValueOf;
exports.StringPrototypeValueOf = StringPrototypeValueOf;
exports.BooleanPrototypeValueOf = BooleanPrototypeValueOf;
exports.BigIntPrototypeValueOf = BigIntPrototypeValueOf;
exports.DatePrototypeGetTime = DatePrototypeGetTime;
exports.DatePrototypeToISOString = DatePrototypeToISOString;
exports.DatePrototypeToString = DatePrototypeToString;
exports.RegExpPrototypeToString = RegExpPrototypeToString;
exports.MapPrototypeGetSize = MapPrototypeGetSize;
exports.MapPrototypeEntries = MapPrototypeEntries;
exports.SetPrototypeGetSize = SetPrototypeGetSize;
exports.SetPrototypeValues = SetPrototypeValues;
exports.TypedArrayPrototypeGetLength = TypedArrayPrototypeGetLength;
exports.TypedArrayPrototypeGetSymbolToStringTag = TypedArrayPrototypeGetSymbolToStringTag;
exports.typedArrayConstructors = typedArrayConstructors;
exports.hooks = hooks;
exports.setPromiseStateGetter = setPromiseStateGetter;
exports.setNativeHooks = setNativeHooks;
exports.getProxyDetails = getProxyDetails;
exports.isRevokedProxy = isRevokedProxy;
exports.internalGetConstructorName = internalGetConstructorName;
exports.isMap = isMap;
exports.isSet = isSet;
exports.isWeakMap = isWeakMap;
exports.isWeakSet = isWeakSet;
exports.isDate = isDate;
exports.isRegExp = isRegExp;
exports.isArrayBuffer = isArrayBuffer;
exports.isSharedArrayBuffer = isSharedArrayBuffer;
exports.isAnyArrayBuffer = isAnyArrayBuffer;
exports.isDataView = isDataView;
exports.isTypedArray = isTypedArray;
exports.isNumberObject = isNumberObject;
exports.isStringObject = isStringObject;
exports.isBooleanObject = isBooleanObject;
exports.isBigIntObject = isBigIntObject;
exports.isSymbolObject = isSymbolObject;
exports.isBoxedPrimitive = isBoxedPrimitive;
exports.getBoxedType = getBoxedType;
exports.getTypeHint = getTypeHint;
exports.isPromise = isPromise;
exports.isMapIterator = isMapIterator;
exports.isSetIterator = isSetIterator;
exports.isAsyncFunction = isAsyncFunction;
exports.isGeneratorFunction = isGeneratorFunction;
exports.isArgumentsObject = isArgumentsObject;
exports.isNativeError = isNativeError;
exports.isModuleNamespaceObject = isModuleNamespaceObject;
exports.isError = isError;
exports.isStackOverflowError = isStackOverflowError;
