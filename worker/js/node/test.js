'use strict';
// require('node:test') (only with the scheme, as in Node): tests, suites,
// hooks and mocks, run in the worker after the code that declares them and
// reported as TAP on stdout (internal/test_runner/). The module is the
// test() function itself, as in Node.

const { getHarness } = internalRequire('internal/test_runner/harness');
const { codes } = internalRequire('internal/errors');

const harness = getHarness();

// fn and its .skip/.todo/.only forms, declaring a test or a suite.
function withVariants(fn, isSuite) {
  fn.skip = function skip(name, options, body) {
    return harness.declare(isSuite, [name, options, body], { skip: true });
  };
  fn.todo = function todo(name, options, body) {
    return harness.declare(isSuite, [name, options, body], { todo: true });
  };
  fn.only = function only(name, options, body) {
    return harness.declare(isSuite, [name, options, body], { only: true });
  };
  return fn;
}

const test = withVariants(function test(name, options, fn) {
  return harness.declare(false, [name, options, fn]);
}, false);

const it = withVariants(function it(name, options, fn) {
  return harness.declare(false, [name, options, fn]);
}, false);

const describe = withVariants(function describe(name, options, fn) {
  return harness.declare(true, [name, options, fn]);
}, true);

const suite = withVariants(function suite(name, options, fn) {
  return harness.declare(true, [name, options, fn]);
}, true);

function hook(kind) {
  return { [kind](fn, options) {
    harness.addHook(harness.current, kind, fn, options);
  } }[kind];
}

// run() starts test files in child processes, which a worker cannot make.
function run() {
  throw new codes.ERR_NOT_AVAILABLE_IN_WORKER('test.run');
}

let mock;

module.exports = test;
Object.assign(test, {
  after: hook('after'),
  afterEach: hook('afterEach'),
  before: hook('before'),
  beforeEach: hook('beforeEach'),
  describe,
  it,
  run,
  suite,
  test,
});
Object.defineProperty(test, 'mock', {
  __proto__: null,
  enumerable: true,
  configurable: true,
  get() {
    if (mock === undefined) {
      const { MockTracker } = internalRequire('internal/test_runner/mock');
      mock = new MockTracker();
    }
    return mock;
  },
});
