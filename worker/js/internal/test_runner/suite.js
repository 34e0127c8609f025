'use strict';
// A describe() or suite(): its function runs when it is declared and
// declares the tests and hooks inside it; they run when the suite's turn
// comes, one after another unless its concurrency says otherwise.

const { Test, kParentFinished } = internalRequire('internal/test_runner/test');
const { failure, kTestCodeFailure } = internalRequire('internal/test_runner/invoke');

function isThenable(value) {
  return value !== null && (typeof value === 'object' || typeof value === 'function') && typeof value.then === 'function';
}

class Suite extends Test {
  constructor(harness, parent, name, options, fn, location) {
    super(harness, parent, name, options, fn, location);
    this.isSuite = true;
    this.built = Promise.resolve();
    // A skipped suite declares nothing: its function does not run.
    if (this.skip !== undefined) return;
    const outer = harness.current;
    harness.current = this;
    try {
      const result = Reflect.apply(fn, this.context(), [this.context()]);
      if (isThenable(result)) {
        this.built = Promise.resolve(result).then(undefined, (error) => this.fail(failure(error, kTestCodeFailure)));
      }
    } catch (error) {
      this.fail(failure(error, kTestCodeFailure));
    } finally {
      harness.current = outer;
    }
  }

  context() {
    if (this.contextObject === null) {
      const { SuiteContext } = internalRequire('internal/test_runner/context');
      this.contextObject = new SuiteContext(this);
    }
    return this.contextObject;
  }

  // A suite runs no beforeEach hooks of its own enclosing suites: those are
  // for tests.
  steps(context) {
    return [
      () => this.built,
      () => (this.error === null ? this.runChildren() : undefined),
      () => this.cancelChildren(kParentFinished),
      () => this.runHooks(this.hooks.after, context, (error) => this.fail(error)),
      () => this.failIfChildrenFailed(),
    ];
  }

  runChildren() {
    if (this.children.length === 0) return undefined;
    this.queue.push(...this.children);
    this.pump();
    return Promise.all(this.children.map((child) => child.ended));
  }
}

module.exports = { Suite };
