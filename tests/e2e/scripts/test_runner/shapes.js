// Tests of every outcome, whose TAP (durations and stacks aside) must be
// Node's own; nothing here prints outside the reporter.
'use strict';
const { test, describe, it } = require('node:test');
const assert = require('assert');

test('passes', () => {});
test('fails', () => { assert.strictEqual(1, 2); });
test('skipped', { skip: 'not here' }, () => {});
test('todo that fails', { todo: true }, () => { throw new Error('later'); });
test('throws a string', () => { throw 'plain'; });
test('async with subtests', async (t) => {
  await t.test('sub ok', () => {});
  await t.test('sub fails', () => { throw new TypeError('bad\nvalue'); });
  t.diagnostic('a note # with hash');
});
test('callback', (t, done) => { setTimeout(done, 5); });
test('callback and promise', async (t, done) => { done(); });
test('times out', { timeout: 20 }, () => new Promise((resolve) => setTimeout(resolve, 200)));
test('skips itself', (t) => { t.skip('decided inside'); });
describe('suite', () => {
  it('one', () => {});
  describe('inner', () => {
    it('deep', () => { assert.deepStrictEqual({ a: [1, 'x'] }, { a: [2] }); });
  });
});
describe.skip('skipped suite', () => { it('never', () => {}); });
test(function namedByFunction() {});
