'use strict';
// Deep equality as assert.deepEqual / deepStrictEqual and
// util.isDeepStrictEqual define it. "Loose" compares primitives with == and
// ignores prototypes; "strict" uses Object.is semantics (NaN equals NaN, 0 and
// -0 differ), requires equal prototypes and also compares own enumerable
// symbol keys. Both walk own enumerable keys, the entries of Maps and Sets,
// the bytes of buffers, and tolerate cycles.

const types = internalRequire('internal/util/inspect/format').types;

const kLoose = false;
const kStrict = true;

const objectToString = (value) => Object.prototype.toString.call(value);
const hasOwn = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
const isEnumerable = (object, key) => Object.prototype.propertyIsEnumerable.call(object, key);

function isObjectLike(value) {
  return value !== null && (typeof value === 'object' || typeof value === 'function');
}

function isError(value) {
  return types.isNativeError(value) || value instanceof Error;
}

function isArrayBufferView(value) {
  return ArrayBuffer.isView(value);
}

// Own enumerable keys that are not array indices, for arrays and typed arrays
// whose indices are compared element by element.
function nonIndexKeys(value) {
  const keys = Object.keys(value);
  const result = [];
  for (const key of keys) {
    const index = Number(key);
    if (!(Number.isInteger(index) && index >= 0 && String(index) === key && index < 2 ** 32 - 1)) result.push(key);
  }
  return result;
}

function enumerableSymbols(value) {
  return Object.getOwnPropertySymbols(value).filter((symbol) => isEnumerable(value, symbol));
}

function sameBytes(a, b) {
  if (a.byteLength !== b.byteLength) return false;
  const left = new Uint8Array(a.buffer || a, a.byteOffset || 0, a.byteLength);
  const right = new Uint8Array(b.buffer || b, b.byteOffset || 0, b.byteLength);
  for (let i = 0; i < left.length; i++) {
    if (left[i] !== right[i]) return false;
  }
  return true;
}

// Float arrays compared loosely: 0 equals -0 while NaN never equals NaN.
function sameFloatElements(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return false;
  }
  return true;
}

function isFloatArray(value) {
  const tag = objectToString(value);
  return tag === '[object Float32Array]' || tag === '[object Float64Array]';
}

function sameBoxedValue(a, b) {
  if (types.isNumberObject(a)) return types.isNumberObject(b) && Object.is(Number.prototype.valueOf.call(a), Number.prototype.valueOf.call(b));
  if (types.isStringObject(a)) return types.isStringObject(b) && String.prototype.valueOf.call(a) === String.prototype.valueOf.call(b);
  if (types.isBooleanObject(a)) return types.isBooleanObject(b) && Boolean.prototype.valueOf.call(a) === Boolean.prototype.valueOf.call(b);
  if (types.isBigIntObject(a)) return types.isBigIntObject(b) && BigInt.prototype.valueOf.call(a) === BigInt.prototype.valueOf.call(b);
  if (types.isSymbolObject(a)) return types.isSymbolObject(b) && Symbol.prototype.valueOf.call(a) === Symbol.prototype.valueOf.call(b);
  return false;
}

// Tells whether two values are deeply equal. `memo` holds the pairs of
// objects being compared further up, so that a cycle compares as equal when
// both sides loop back to the same depth.
function compare(a, b, strict, memo) {
  if (a === b) return a !== 0 || !strict || Object.is(a, b);
  if (strict) {
    if (!isObjectLike(a)) return typeof a === 'number' && Number.isNaN(a) && Number.isNaN(b);
    if (!isObjectLike(b)) return false;
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  } else {
    if (!isObjectLike(a)) {
      if (isObjectLike(b)) return false;
      // eslint-disable-next-line eqeqeq
      return a == b || (Number.isNaN(a) && Number.isNaN(b));
    }
    if (!isObjectLike(b)) return false;
  }
  // Functions are equal only when identical, which was checked above.
  if (typeof a === 'function' || typeof b === 'function') return false;
  if (objectToString(a) !== objectToString(b)) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  return compareObjects(a, b, strict, memo);
}

function compareObjects(a, b, strict, memo) {
  if (Array.isArray(a)) {
    if (a.length !== b.length) return false;
    return compareKeys(a, b, strict, memo, 'array', nonIndexKeys(a), nonIndexKeys(b));
  }
  if (types.isWeakMap(a) || types.isWeakSet(a) || types.isPromise(a)) return false;
  if (types.isDate(a)) {
    if (!types.isDate(b) || Date.prototype.getTime.call(a) !== Date.prototype.getTime.call(b)) return false;
  } else if (types.isRegExp(a)) {
    if (!types.isRegExp(b) || a.source !== b.source || a.flags !== b.flags || a.lastIndex !== b.lastIndex) return false;
  } else if (isError(a)) {
    // message and name are usually own non-enumerable or inherited.
    if (!isError(b) || a.message !== b.message || a.name !== b.name) return false;
    // So are `cause` and AggregateError's `errors`, which count as well.
    for (const key of ['cause', 'errors']) {
      if (hasOwn(a, key) !== hasOwn(b, key)) return false;
      if (hasOwn(a, key) && !isEnumerable(a, key) && !compare(a[key], b[key], strict, memo)) return false;
    }
  } else if (isArrayBufferView(a)) {
    if (!isArrayBufferView(b)) return false;
    if (!strict && isFloatArray(a)) {
      if (!sameFloatElements(a, b)) return false;
    } else if (!sameBytes(a, b)) {
      return false;
    }
    return compareKeys(a, b, strict, memo, 'object', nonIndexKeys(a), nonIndexKeys(b));
  } else if (types.isSet(a)) {
    if (!types.isSet(b) || a.size !== b.size) return false;
    return compareKeys(a, b, strict, memo, 'set');
  } else if (types.isMap(a)) {
    if (!types.isMap(b) || a.size !== b.size) return false;
    return compareKeys(a, b, strict, memo, 'map');
  } else if (types.isAnyArrayBuffer(a)) {
    if (!types.isAnyArrayBuffer(b) || !sameBytes(a, b)) return false;
  } else if (types.isBoxedPrimitive(a)) {
    if (!sameBoxedValue(a, b)) return false;
  } else if (Array.isArray(b) || isArrayBufferView(b) || types.isSet(b) || types.isMap(b) || types.isDate(b) ||
             types.isRegExp(b) || types.isAnyArrayBuffer(b) || types.isBoxedPrimitive(b) || isError(b) ||
             types.isWeakMap(b) || types.isWeakSet(b) || types.isPromise(b)) {
    return false;
  }
  return compareKeys(a, b, strict, memo, 'object');
}

function compareKeys(a, b, strict, memo, kind, keysA = Object.keys(a), keysB = Object.keys(b)) {
  if (keysA.length !== keysB.length) return false;
  for (const key of keysA) {
    if (!hasOwn(b, key) || !isEnumerable(b, key)) return false;
  }
  if (strict) {
    const symbolsA = enumerableSymbols(a);
    if (symbolsA.length !== enumerableSymbols(b).length) return false;
    for (const symbol of symbolsA) {
      if (!isEnumerable(b, symbol)) return false;
      keysA.push(symbol);
    }
  }
  const empty = keysA.length === 0 &&
    (kind === 'object' || (kind === 'array' && a.length === 0) || ((kind === 'set' || kind === 'map') && a.size === 0));
  if (empty) return true;

  if (memo === undefined) {
    memo = { left: new Map(), right: new Map(), depth: 0 };
  } else {
    const left = memo.left.get(a);
    if (left !== undefined) {
      const right = memo.right.get(b);
      if (right !== undefined) return left === right;
    }
    memo.depth++;
  }
  memo.left.set(a, memo.depth);
  memo.right.set(b, memo.depth);
  const result = compareContents(a, b, strict, memo, kind, keysA);
  memo.left.delete(a);
  memo.right.delete(b);
  return result;
}

function compareContents(a, b, strict, memo, kind, keys) {
  if (kind === 'array') {
    for (let i = 0; i < a.length; i++) {
      const inA = hasOwn(a, i);
      // A hole differs from an undefined element.
      if (inA !== hasOwn(b, i)) {
        return false;
      } else if (inA && !compare(a[i], b[i], strict, memo)) {
        return false;
      }
    }
  } else if (kind === 'set') {
    if (!sameSetEntries(a, b, strict, memo)) return false;
  } else if (kind === 'map') {
    if (!sameMapEntries(a, b, strict, memo)) return false;
  }
  for (const key of keys) {
    if (!compare(a[key], b[key], strict, memo)) return false;
  }
  return true;
}

// Elements of `a` that `b` does not hold as they are (objects, and in loose
// mode primitives that may equal another one loosely) must each find a
// distinct deeply equal partner among the elements of `b`.
function sameSetEntries(a, b, strict, memo) {
  let unmatched = null;
  for (const value of a) {
    if (!isObjectLike(value) && b.has(value)) continue;
    if (!isObjectLike(value) && strict) return false;
    if (unmatched === null) unmatched = new Set();
    unmatched.add(value);
  }
  if (unmatched === null) return true;
  for (const value of b) {
    if (!isObjectLike(value) && a.has(value)) continue;
    if (!takeEqual(unmatched, value, strict, memo)) return false;
  }
  return unmatched.size === 0;
}

function takeEqual(candidates, value, strict, memo) {
  for (const candidate of candidates) {
    if (compare(candidate, value, strict, memo)) {
      candidates.delete(candidate);
      return true;
    }
  }
  return false;
}

function sameMapEntries(a, b, strict, memo) {
  let unmatched = null;
  for (const [key, value] of a) {
    if (!isObjectLike(key) && b.has(key) && compare(value, b.get(key), strict, memo)) continue;
    if (!isObjectLike(key) && strict) return false;
    if (unmatched === null) unmatched = new Set();
    unmatched.add(key);
  }
  if (unmatched === null) return true;
  for (const [key, value] of b) {
    if (!isObjectLike(key) && a.has(key) && compare(a.get(key), value, strict, memo)) continue;
    let found = false;
    for (const candidate of unmatched) {
      if (compare(candidate, key, strict, memo) && compare(a.get(candidate), value, strict, memo)) {
        unmatched.delete(candidate);
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return unmatched.size === 0;
}

function isDeepEqual(a, b) {
  return compare(a, b, kLoose);
}

function isDeepStrictEqual(a, b) {
  return compare(a, b, kStrict);
}

module.exports = { isDeepEqual, isDeepStrictEqual };
