'use strict';
// The few testharness.js functions that test/parallel files borrow; the
// web-platform-tests themselves are not run from here.

function fail(message, detail) {
  throw new Error(detail ? `${detail}: ${message}` : message);
}

function show(value) {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

function assert_equals(actual, expected, detail) {
  if (!Object.is(actual, expected)) fail(`expected ${show(expected)} but got ${show(actual)}`, detail);
}

function assert_not_equals(actual, expected, detail) {
  if (Object.is(actual, expected)) fail(`got disallowed value ${show(actual)}`, detail);
}

function assert_true(actual, detail) {
  assert_equals(actual, true, detail);
}

function assert_false(actual, detail) {
  assert_equals(actual, false, detail);
}

function assert_array_equals(actual, expected, detail) {
  if (actual === null || typeof actual !== 'object' || actual.length !== expected.length) {
    fail(`expected an array of length ${expected.length} but got ${show(actual && actual.length)}`, detail);
  }
  for (let i = 0; i < expected.length; i++) {
    if (!Object.is(actual[i], expected[i])) {
      fail(`index ${i}: expected ${show(expected[i])} but got ${show(actual[i])}`, detail);
    }
  }
}

function assert_throws_js(Type, fn, detail) {
  try {
    fn();
  } catch (err) {
    if (!(err instanceof Type)) fail(`expected a ${Type.name} but got ${show(err)}`, detail);
    return;
  }
  fail(`expected a ${Type.name} to be thrown`, detail);
}

function assert_unreached(detail) {
  fail('reached unreachable code', detail);
}

function test(fn, name) {
  try {
    fn();
  } catch (err) {
    process.stderr.write(`In ${name}:\n`);
    throw err;
  }
}

function promise_test(fn, name) {
  return Promise.resolve().then(fn).catch((err) => {
    process.stderr.write(`In ${name}:\n`);
    throw err;
  });
}

module.exports = {
  harness: {
    assert_array_equals,
    assert_equals,
    assert_false,
    assert_not_equals,
    assert_throws_js,
    assert_true,
    assert_unreached,
    promise_test,
    test,
  },
};
