'use strict';
// require('assert'): assertions that throw an AssertionError when they fail.

const { codes } = internalRequire('internal/errors');
const { AssertionError } = internalRequire('internal/assert/assertion_error');
const { isDeepEqual, isDeepStrictEqual } = internalRequire('internal/util/comparisons');

const inspect = (value) => internalRequire('internal/util/inspect/format').inspect(value);
// A RegExp of any context (one made by vm code is no instance of ours).
const isRegExp = (value) => internalRequire('node/util/types').isRegExp(value);

// Throws `message` as is when it is an Error, otherwise an AssertionError.
function raise(options) {
  if (options.message instanceof Error) throw options.message;
  throw new AssertionError(options);
}

function innerOk(fn, argumentCount, value, message) {
  if (value) return;
  let generated = false;
  if (argumentCount === 0) {
    message = 'No value argument passed to `assert.ok()`';
    generated = true;
  } else if (message == null) {
    const source = internalRequire('internal/assert/source_expression').sourceExpression(binding, fn);
    message = source === undefined ? undefined : `The expression evaluated to a falsy value:\n\n  ${source}\n`;
    generated = true;
  } else if (message instanceof Error) {
    throw message;
  }
  const error = new AssertionError({ actual: value, expected: true, message, operator: '==', stackStartFn: fn });
  error.generatedMessage = generated;
  throw error;
}

function ok(...args) {
  innerOk(ok, args.length, ...args);
}

function requireTwo(args) {
  if (args < 2) throw new codes.ERR_MISSING_ARGS('actual', 'expected');
}

let failWarned = false;
function warnFailDeprecated() {
  if (failWarned || typeof process.emitWarning !== 'function') return;
  failWarned = true;
  process.emitWarning('assert.fail() with more than one argument is deprecated. ' +
    'Please use assert.strictEqual() instead or only pass a message.', 'DeprecationWarning', 'DEP0094');
}

function fail(actual, expected, message, operator, stackStartFn) {
  const argumentCount = arguments.length;
  if (argumentCount === 0) {
    message = 'Failed';
  } else if (argumentCount === 1) {
    message = actual;
    actual = undefined;
  } else {
    warnFailDeprecated();
    if (argumentCount === 2) operator = '!=';
  }
  if (message instanceof Error) throw message;
  const options = { actual, expected, operator: operator === undefined ? 'fail' : operator, stackStartFn: stackStartFn || fail };
  if (message !== undefined) options.message = message;
  const error = new AssertionError(options);
  if (argumentCount < 2) error.generatedMessage = argumentCount === 0;
  throw error;
}

function equal(actual, expected, message) {
  requireTwo(arguments.length);
  // eslint-disable-next-line eqeqeq
  if (actual != expected && !(Number.isNaN(actual) && Number.isNaN(expected))) {
    raise({ actual, expected, message, operator: '==', stackStartFn: equal });
  }
}

function notEqual(actual, expected, message) {
  requireTwo(arguments.length);
  // eslint-disable-next-line eqeqeq
  if (actual == expected || (Number.isNaN(actual) && Number.isNaN(expected))) {
    raise({ actual, expected, message, operator: '!=', stackStartFn: notEqual });
  }
}

function strictEqual(actual, expected, message) {
  requireTwo(arguments.length);
  if (!Object.is(actual, expected)) raise({ actual, expected, message, operator: 'strictEqual', stackStartFn: strictEqual });
}

function notStrictEqual(actual, expected, message) {
  requireTwo(arguments.length);
  if (Object.is(actual, expected)) raise({ actual, expected, message, operator: 'notStrictEqual', stackStartFn: notStrictEqual });
}

function deepEqual(actual, expected, message) {
  requireTwo(arguments.length);
  if (!isDeepEqual(actual, expected)) raise({ actual, expected, message, operator: 'deepEqual', stackStartFn: deepEqual });
}

function notDeepEqual(actual, expected, message) {
  requireTwo(arguments.length);
  if (isDeepEqual(actual, expected)) raise({ actual, expected, message, operator: 'notDeepEqual', stackStartFn: notDeepEqual });
}

function deepStrictEqual(actual, expected, message) {
  requireTwo(arguments.length);
  if (!isDeepStrictEqual(actual, expected)) {
    raise({ actual, expected, message, operator: 'deepStrictEqual', stackStartFn: deepStrictEqual });
  }
}

function notDeepStrictEqual(actual, expected, message) {
  requireTwo(arguments.length);
  if (isDeepStrictEqual(actual, expected)) {
    raise({ actual, expected, message, operator: 'notDeepStrictEqual', stackStartFn: notDeepStrictEqual });
  }
}

// --- throws / rejects -------------------------------------------------------

const kNoException = Symbol('no exception');

function callForError(fn) {
  if (typeof fn !== 'function') throw new codes.ERR_INVALID_ARG_TYPE('fn', 'function', fn);
  try {
    fn();
  } catch (error) {
    return error;
  }
  return kNoException;
}

function isPromiseLike(value) {
  return value !== null && typeof value === 'object' && typeof value.then === 'function' && typeof value.catch === 'function';
}

async function waitForError(promiseOrFn) {
  let promise;
  if (typeof promiseOrFn === 'function') {
    promise = promiseOrFn();
    if (!isPromiseLike(promise)) {
      throw new codes.ERR_INVALID_RETURN_VALUE('instance of Promise', 'promiseFn', promise);
    }
  } else if (isPromiseLike(promiseOrFn)) {
    promise = promiseOrFn;
  } else {
    throw new codes.ERR_INVALID_ARG_TYPE('promiseFn', ['function', 'Promise'], promiseOrFn);
  }
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return kNoException;
}

// Checks every property of `expected` against `actual`: RegExps match
// strings, anything else must be deeply strictly equal.
function compareProperties(actual, expected, message, fn) {
  const keys = Object.keys(expected);
  if (expected instanceof Error) keys.push('name', 'message');
  else if (keys.length === 0) throw new codes.ERR_INVALID_ARG_VALUE('error', expected, 'may not be an empty object');
  for (const key of keys) {
    const want = expected[key];
    const have = actual[key];
    if (typeof have === 'string' && isRegExp(want) && want.test(have)) continue;
    if (key in actual && isDeepStrictEqual(have, want)) continue;
    // The comparison shows only the keys that were asked for.
    const shownActual = new Comparison(actual, keys);
    const shownExpected = new Comparison(expected, keys, actual);
    const error = new AssertionError({ actual: shownActual, expected: shownExpected, operator: 'deepStrictEqual', stackStartFn: fn });
    error.actual = actual;
    error.expected = expected;
    error.operator = fn.name;
    if (message !== undefined) {
      error.message = message;
      error.generatedMessage = false;
    }
    throw error;
  }
}

class Comparison {
  constructor(object, keys, actual) {
    for (const key of keys) {
      if (!(key in object)) continue;
      // A RegExp that matched shows as the matched string, so only real
      // differences appear in the diff.
      if (actual !== undefined && typeof actual[key] === 'string' && isRegExp(object[key]) && object[key].test(actual[key])) {
        this[key] = actual[key];
      } else {
        this[key] = object[key];
      }
    }
  }
}

function checkError(actual, expected, message, fn) {
  if (typeof expected !== 'function') {
    if (isRegExp(expected)) {
      const text = String(actual);
      if (expected.test(text)) return;
      const generated = message === undefined;
      message = message || `The input did not match the regular expression ${inspect(expected)}. Input:\n\n${inspect(text)}\n`;
      const error = new AssertionError({ actual, expected, message, operator: fn.name, stackStartFn: fn });
      error.generatedMessage = generated;
      throw error;
    }
    if (typeof actual !== 'object' || actual === null) {
      const error = new AssertionError({ actual, expected, message, operator: 'deepStrictEqual', stackStartFn: fn });
      error.operator = fn.name;
      throw error;
    }
    compareProperties(actual, expected, message, fn);
    return;
  }
  if (expected.prototype !== undefined && actual instanceof expected) return;
  if (Error.isPrototypeOf(expected) || expected === Error) {
    let generated = false;
    if (message === undefined) {
      generated = true;
      const received = actual instanceof Error ? `"${actual.name}"` : inspect(actual);
      const name = actual !== null && typeof actual === 'object' && actual.constructor && actual.constructor.name;
      message = `The error is expected to be an instance of "${expected.name}". Received ${name ? `"${name}"` : received}`;
      if (actual instanceof Error) message += `\n\nError message:\n\n${actual.message}`;
    }
    const error = new AssertionError({ actual, expected, message, operator: fn.name, stackStartFn: fn });
    error.generatedMessage = generated;
    throw error;
  }
  // A validation function: anything but `true` is a failure.
  const result = expected.call({}, actual);
  if (result !== true) {
    let generated = false;
    if (message === undefined) {
      generated = true;
      const name = expected.name ? `"${expected.name}" ` : '';
      message = `The ${name}validation function is expected to return "true". Received ${inspect(result)}`;
      if (actual instanceof Error) message += `\n\nCaught error:\n\n${actual}`;
    }
    const error = new AssertionError({ actual, expected, message, operator: fn.name, stackStartFn: fn });
    error.generatedMessage = generated;
    throw error;
  }
}

function expectsError(fn, actual, error, message) {
  if (typeof error === 'string') {
    if (message !== undefined) {
      throw new codes.ERR_INVALID_ARG_TYPE('error', ['Object', 'Error', 'Function', 'RegExp'], error);
    }
    if (typeof actual === 'object' && actual !== null) {
      if (actual.message === error) {
        throw new codes.ERR_AMBIGUOUS_ARGUMENT('error/message', `The error message "${actual.message}" is identical to the message.`);
      }
    } else if (actual === error) {
      throw new codes.ERR_AMBIGUOUS_ARGUMENT('error/message', `The error "${actual}" is identical to the message.`);
    }
    message = error;
    error = undefined;
  } else if (error != null && typeof error !== 'object' && typeof error !== 'function') {
    throw new codes.ERR_INVALID_ARG_TYPE('error', ['Object', 'Error', 'Function', 'RegExp'], error);
  }
  if (actual === kNoException) {
    let details = '';
    if (error && error.name) details += ` (${error.name})`;
    details += message ? `: ${message}` : '.';
    const kind = fn === rejects ? 'rejection' : 'exception';
    const failure = new AssertionError({ actual: undefined, expected: error, operator: fn.name, message: `Missing expected ${kind}${details}`, stackStartFn: fn });
    failure.generatedMessage = !message;
    throw failure;
  }
  if (error !== undefined) checkError(actual, error, message, fn);
}

function expectsNoError(fn, actual, error, message) {
  if (actual === kNoException) return;
  if (typeof error === 'string') {
    message = error;
    error = undefined;
  }
  if (!error || matchesError(actual, error)) {
    const details = message ? `: ${message}` : '.';
    const kind = fn === doesNotReject ? 'rejection' : 'exception';
    const shown = actual && actual.message !== undefined ? actual.message : inspect(actual);
    const failure = new AssertionError({
      actual,
      expected: error,
      operator: fn.name,
      message: `Got unwanted ${kind}${details}\nActual message: "${shown}"`,
      stackStartFn: fn,
    });
    failure.generatedMessage = true;
    throw failure;
  }
  throw actual;
}

// doesNotThrow(fn, SomeError) only reports errors of that kind.
function matchesError(actual, expected) {
  if (isRegExp(expected)) return expected.test(String(actual));
  if (typeof expected === 'function') {
    if (expected.prototype !== undefined && actual instanceof expected) return true;
    if (Error.isPrototypeOf(expected) || expected === Error) return false;
    return expected.call({}, actual) === true;
  }
  return false;
}


function throws(fn, ...args) {
  expectsError(throws, callForError(fn), ...args);
}

async function rejects(promiseFn, ...args) {
  expectsError(rejects, await waitForError(promiseFn), ...args);
}

function doesNotThrow(fn, ...args) {
  expectsNoError(doesNotThrow, callForError(fn), ...args);
}

async function doesNotReject(promiseFn, ...args) {
  expectsNoError(doesNotReject, await waitForError(promiseFn), ...args);
}

function ifError(value) {
  if (value === null || value === undefined) return;
  let message = 'ifError got unwanted exception: ';
  if (typeof value === 'object' && typeof value.message === 'string') {
    message += value.message.length === 0 && value.constructor ? value.constructor.name : value.message;
  } else {
    message += inspect(value);
  }
  const error = new AssertionError({ actual: value, expected: null, operator: 'ifError', message, stackStartFn: ifError });
  error.generatedMessage = false;
  if (value !== null && typeof value === 'object' && typeof value.stack === 'string') {
    error.stack = joinStacks(String(error.stack), value.stack);
  }
  throw error;
}

// The stack of ifError's error, as Node gives it: its message and the frames
// of the call down to the first frame the original error shares with it,
// then the original's frames, so the trace reads from the assertion back to
// where the error was made. A stack without frames is not joined.
function joinStacks(own, original) {
  const framesStart = original.indexOf('\n    at');
  if (framesStart === -1) return own;
  const originalFrames = original.slice(framesStart + 1).split('\n');
  let ownLines = own.split('\n');
  for (const frame of originalFrames) {
    const shared = ownLines.indexOf(frame);
    if (shared !== -1) {
      ownLines = ownLines.slice(0, shared);
      break;
    }
  }
  return `${ownLines.join('\n')}\n${originalFrames.join('\n')}`;
}

function matchOrNot(string, regexp, message, fn, wantMatch) {
  if (!isRegExp(regexp)) throw new codes.ERR_INVALID_ARG_TYPE('regexp', 'RegExp', regexp);
  if (typeof string !== 'string' || regexp.test(string) !== wantMatch) {
    if (message instanceof Error) throw message;
    const generated = message === undefined;
    if (generated) {
      if (typeof string !== 'string') {
        message = `The "string" argument must be of type string. Received type ${typeof string} (${inspect(string)})`;
      } else {
        message = `${wantMatch ? 'The input did not match the regular expression ' : 'The input was expected to not match the regular expression '}` +
          `${inspect(regexp)}. Input:\n\n${inspect(string)}\n`;
      }
    }
    const error = new AssertionError({ actual: string, expected: regexp, message, operator: fn.name, stackStartFn: fn });
    error.generatedMessage = generated;
    throw error;
  }
}

function match(string, regexp, message) {
  matchOrNot(string, regexp, message, match, true);
}

function doesNotMatch(string, regexp, message) {
  matchOrNot(string, regexp, message, doesNotMatch, false);
}

function assert(...args) {
  innerOk(assert, args.length, ...args);
}

Object.assign(assert, {
  AssertionError,
  ok,
  fail,
  equal,
  notEqual,
  strictEqual,
  notStrictEqual,
  deepEqual,
  notDeepEqual,
  deepStrictEqual,
  notDeepStrictEqual,
  throws,
  doesNotThrow,
  rejects,
  doesNotReject,
  ifError,
  match,
  doesNotMatch,
});
Object.defineProperty(assert, 'CallTracker', {
  __proto__: null,
  configurable: true,
  enumerable: true,
  get() {
    return internalRequire('internal/assert/call_tracker').CallTracker;
  },
});

function strict(...args) {
  innerOk(strict, args.length, ...args);
}
Object.assign(strict, assert, {
  equal: strictEqual,
  notEqual: notStrictEqual,
  deepEqual: deepStrictEqual,
  notDeepEqual: notDeepStrictEqual,
});
Object.defineProperty(strict, 'CallTracker', Object.getOwnPropertyDescriptor(assert, 'CallTracker'));
strict.strict = strict;
assert.strict = strict;

module.exports = assert;
