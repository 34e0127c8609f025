'use strict';
// What a test's function receives as `t` (TestContext) and a suite's as its
// argument (SuiteContext): views of one node of the tree that let user code
// add subtests, hooks and diagnostics, and mark the test skipped or todo.

const { validateInteger } = internalRequire('internal/validators');

// Node's assert functions, whose calls count towards t.plan().
const kAssertions = ['deepEqual', 'deepStrictEqual', 'doesNotMatch', 'doesNotReject', 'doesNotThrow', 'equal', 'fail',
  'ifError', 'match', 'notDeepEqual', 'notDeepStrictEqual', 'notEqual', 'notStrictEqual', 'ok', 'rejects',
  'strictEqual', 'throws'];

const tests = new WeakMap();

function testOf(context) {
  return tests.get(context);
}

class SuiteContext {
  constructor(test) {
    tests.set(this, test);
  }

  get signal() {
    return testOf(this).controller.signal;
  }

  get name() {
    return testOf(this).name;
  }

  get fullName() {
    return testOf(this).fullName;
  }
}

class TestContext {
  constructor(test) {
    tests.set(this, test);
  }

  get signal() {
    return testOf(this).controller.signal;
  }

  get name() {
    return testOf(this).name;
  }

  get fullName() {
    return testOf(this).fullName;
  }

  get error() {
    return testOf(this).error;
  }

  get passed() {
    return testOf(this).passed;
  }

  diagnostic(message) {
    testOf(this).diagnostics.push(String(message));
  }

  plan(count) {
    validateInteger(count, 'count', 0);
    testOf(this).planned = count;
  }

  get assert() {
    const test = testOf(this);
    const assert = internalRequire('node/assert');
    const counted = {};
    for (const name of kAssertions) {
      counted[name] = (...args) => {
        test.assertions++;
        return Reflect.apply(assert[name], assert, args);
      };
    }
    Object.defineProperty(this, 'assert', { __proto__: null, value: counted, configurable: true });
    return counted;
  }

  get mock() {
    const test = testOf(this);
    if (test.mockTracker === null) {
      const { MockTracker } = internalRequire('internal/test_runner/mock');
      test.mockTracker = new MockTracker();
    }
    return test.mockTracker;
  }

  // Only tests marked `only` would run; that needs Node's --test-only, which
  // a worker has not, so this changes nothing (as in Node without the flag).
  runOnly() {}

  skip(message) {
    testOf(this).skip = typeof message === 'string' ? message : true;
  }

  todo(message) {
    testOf(this).todo = typeof message === 'string' ? message : true;
  }

  test(name, options, fn) {
    const test = testOf(this);
    test.assertions++;
    return test.harness.subtest(test, name, options, fn);
  }

  before(fn, options) {
    testOf(this).harness.addHook(testOf(this), 'before', fn, options);
  }

  after(fn, options) {
    testOf(this).harness.addHook(testOf(this), 'after', fn, options);
  }

  beforeEach(fn, options) {
    testOf(this).harness.addHook(testOf(this), 'beforeEach', fn, options);
  }

  afterEach(fn, options) {
    testOf(this).harness.addHook(testOf(this), 'afterEach', fn, options);
  }
}

module.exports = { TestContext, SuiteContext };
