// mock.fn, mock.method, getters and t.mock, checked inside tests.
'use strict';
const { test, mock } = require('node:test');
const assert = require('assert');

test('mock.fn records calls', () => {
  const double = mock.fn((x) => x * 2);
  assert.strictEqual(double(2), 4);
  assert.throws(() => double.call('self', null, 1).boom(), TypeError);
  assert.strictEqual(double.mock.callCount(), 2);
  assert.deepStrictEqual(double.mock.calls[0].arguments, [2]);
  assert.strictEqual(double.mock.calls[0].result, 4);
  assert.strictEqual(double.mock.calls[1].this, 'self');
  double.mock.mockImplementationOnce(() => 'once');
  assert.strictEqual(double(1), 'once');
  assert.strictEqual(double(1), 2);
  double.mock.resetCalls();
  assert.strictEqual(double.mock.callCount(), 0);
});

test('mock.method and restore', () => {
  const object = { add(a, b) { return a + b; }, get size() { return 1; } };
  const added = mock.method(object, 'add', () => 42);
  assert.strictEqual(object.add(1, 2), 42);
  assert.strictEqual(added.mock.calls[0].arguments.length, 2);
  mock.getter(object, 'size', () => 7);
  assert.strictEqual(object.size, 7);
  mock.restoreAll();
  assert.strictEqual(object.add(1, 2), 3);
  assert.strictEqual(object.size, 1);
  assert.throws(() => mock.method(object, 'missing'), { code: 'ERR_INVALID_ARG_VALUE' });
  assert.throws(() => mock.fn(5), { code: 'ERR_INVALID_ARG_TYPE' });
});

const shared = { now() { return 'real'; } };
test('t.mock is restored when the test ends', (t) => {
  t.mock.method(shared, 'now', () => 'mocked');
  assert.strictEqual(shared.now(), 'mocked');
});
test('after the test that mocked', () => {
  assert.strictEqual(shared.now(), 'real');
});
