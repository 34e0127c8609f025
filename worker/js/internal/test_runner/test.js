'use strict';
// One node of the tree that node:test builds: a test() or it() with its
// subtests, hooks and result, and (with no parent) the root that holds the
// file's top-level tests. Suites (describe) are internal/test_runner/suite.js;
// the order of output, internal/test_runner/reporter.js.

const { invoke, failure, kTestCodeFailure } = internalRequire('internal/test_runner/invoke');

const kParentFinished = 'test did not finish before its parent and was cancelled';
const kCancelled = new Set(['cancelledByParent', 'testTimeoutFailure']);

// Runs `steps` in order: synchronously while each returns undefined, then
// after the promise one returns. Undefined when all ran synchronously.
function sequence(steps, from = 0) {
  for (let i = from; i < steps.length; i++) {
    const pending = steps[i]();
    if (pending !== undefined) return pending.then(() => sequence(steps, i + 1));
  }
  return undefined;
}

// What the options say of skipping: undefined, true or the reason given.
function reason(value) {
  if (value === undefined || value === null || value === false) return undefined;
  return typeof value === 'string' ? value : true;
}

function concurrencyOf(value, fallback) {
  if (value === true) return Infinity;
  if (value === false) return 1;
  return typeof value === 'number' ? value : fallback;
}

class Test {
  // `harness` is the run this test belongs to (internal/test_runner/harness.js).
  constructor(harness, parent, name, options, fn, location) {
    this.harness = harness;
    this.parent = parent;
    this.name = name;
    this.fn = fn;
    this.location = location;
    this.nesting = parent === null ? -1 : parent.nesting + 1;
    this.number = 0;
    this.isSuite = false;
    this.skip = reason(options.skip);
    this.todo = reason(options.todo);
    this.only = options.only === true;
    this.timeout = options.timeout !== undefined ? options.timeout : (parent === null ? Infinity : parent.timeout);
    this.concurrency = concurrencyOf(options.concurrency, 1);
    this.hooks = { before: [], after: [], beforeEach: [], afterEach: [] };
    this.children = [];
    this.queue = [];
    this.active = 0;
    this.beforeDone = null;
    this.diagnostics = [];
    this.planned = undefined;
    this.assertions = 0;
    this.started = false;
    this.finished = false;
    this.error = null;
    this.startTime = 0;
    this.durationMs = 0;
    this.mockTracker = null;
    this.contextObject = null;
    // Read by the reporter: the next child to print and whether this test's
    // "# Subtest:" line is out.
    this.reportIndex = 0;
    this.startPrinted = false;
    this.controller = new AbortController();
    this.ended = new Promise((resolve) => { this.resolveEnded = resolve; });
    this.cancelled = new Promise((resolve, reject) => { this.rejectCancelled = reject; });
    this.cancelled.catch(() => {});
    if (options.signal !== undefined) {
      const abort = () => this.cancel('This operation was aborted');
      if (options.signal.aborted) queueMicrotask(abort);
      else options.signal.addEventListener('abort', abort, { once: true });
    }
  }

  get fullName() {
    const names = [];
    for (let test = this; test.parent !== null; test = test.parent) names.unshift(test.name);
    return names.join(' > ');
  }

  get passed() {
    return this.error === null;
  }

  // Failed for a reason of its own (a todo test's failure does not count).
  get failedForParent() {
    return this.error !== null && this.todo === undefined;
  }

  // Counted as cancelled in the summary rather than failed.
  get wasCancelled() {
    return this.error !== null && kCancelled.has(this.error.failureType);
  }

  context() {
    if (this.contextObject === null) {
      const { TestContext } = internalRequire('internal/test_runner/context');
      this.contextObject = new TestContext(this);
    }
    return this.contextObject;
  }

  addChild(child) {
    child.number = this.children.length + 1;
    this.children.push(child);
  }

  // Runs `child` when this test has room for it (its concurrency); the
  // promise settles when the child has ended.
  startChild(child) {
    this.queue.push(child);
    this.pump();
    return child.ended;
  }

  // Starts what the queue and the concurrency allow, after this test's
  // `before` hooks have run once (at once when there are none).
  pump() {
    if (this.queue.length === 0 || this.active >= this.concurrency) return;
    if (this.beforeDone === null) this.beforeDone = this.runBeforeHooks() || true;
    if (this.beforeDone !== true) {
      this.beforeDone.then(() => {
        this.beforeDone = true;
        this.pump();
      });
      return;
    }
    while (this.queue.length > 0 && this.active < this.concurrency) {
      const child = this.queue.shift();
      this.active++;
      child.start().then(() => {
        this.active--;
        this.pump();
      });
    }
  }

  // This test's `before` hooks; a failure fails this test and cancels the
  // subtests. Undefined when there were none to run.
  runBeforeHooks() {
    return this.runHooks(this.hooks.before, this.context(), (error) => {
      this.fail(error);
      this.cancelChildren(kParentFinished);
    });
  }

  // Runs the test and returns a promise that settles when it has ended. A
  // test with no hooks around it and a synchronous function ends before
  // start() returns, as in Node, so that a subtest started with t.test()
  // and not awaited still counts.
  start() {
    if (this.finished) return this.ended;
    this.started = true;
    this.startTime = performance.now();
    if (this.skip !== undefined) {
      this.finish();
      return this.ended;
    }
    const pending = sequence(this.steps(this.context()));
    if (pending === undefined) this.finish();
    else pending.then(() => this.finish(), (error) => {
      this.fail(failure(error, kTestCodeFailure));
      this.finish();
    });
    return this.ended;
  }

  // What start() runs, in order; each step returns undefined when it is
  // done already, or a promise.
  steps(context) {
    return [
      () => this.runEachHooks('beforeEach', context),
      () => (this.error === null ? this.runBody(context) : undefined),
      () => this.afterRun(context),
    ];
  }

  runBody(context) {
    const harness = this.harness;
    const outer = harness.current;
    harness.current = this;
    let ran;
    try {
      ran = invoke(this.fn, context, context, { timeout: this.timeout, what: 'test', cancelled: this.cancelled });
    } catch (error) {
      this.fail(error);
      return undefined;
    } finally {
      harness.current = outer;
    }
    if (ran === undefined) return this.checkPlan();
    return ran.then(() => this.checkPlan(), (error) => this.fail(error));
  }

  checkPlan() {
    if (this.planned !== undefined && this.planned !== this.assertions) {
      this.fail(failure(`plan expected ${this.planned} assertions but received ${this.assertions}`, kTestCodeFailure));
    }
  }

  // After the function: subtests still out are cancelled, then the
  // `afterEach` hooks around this test run, then its own `after` hooks.
  afterRun(context) {
    this.cancelChildren(kParentFinished);
    return sequence([
      () => this.runEachHooks('afterEach', context),
      () => this.runHooks(this.hooks.after, context, (error) => this.fail(error)),
      () => this.failIfChildrenFailed(),
    ]);
  }

  // beforeEach hooks of the enclosing tests and suites, outermost first;
  // afterEach ones innermost first. A failing beforeEach hook stops the rest.
  runEachHooks(kind, context) {
    const hooks = [];
    for (let test = this.parent; test !== null; test = test.parent) {
      if (test.hooks[kind].length === 0) continue;
      if (kind === 'beforeEach') hooks.unshift(...test.hooks[kind]);
      else hooks.push(...test.hooks[kind]);
    }
    return this.runHooks(hooks, context, (error) => this.fail(error), kind !== 'beforeEach');
  }

  // Runs `hooks` one after another; a failure (failureType 'hookFailed')
  // goes to `onError` and stops them unless `keepGoing`. Undefined when
  // there are none.
  runHooks(hooks, context, onError, keepGoing = false) {
    if (hooks.length === 0) return undefined;
    const run = async () => {
      for (const hook of hooks) {
        if (this.finished) return;
        try {
          await invoke(hook.fn, context, context, { timeout: hook.timeout, what: 'hook', cancelled: this.cancelled });
        } catch (error) {
          error.failureType = 'hookFailed';
          onError(error);
          if (!keepGoing) return;
        }
      }
    };
    return run();
  }

  failIfChildrenFailed() {
    if (this.error !== null) return;
    let failed = 0;
    for (const child of this.children) if (child.failedForParent) failed++;
    if (failed > 0) this.fail(failure(`${failed} subtest${failed === 1 ? '' : 's'} failed`, 'subtestsFailed'));
  }

  fail(error) {
    if (this.error === null && !this.finished) this.error = error;
  }

  cancelChildren(cause) {
    for (const child of this.children) child.cancel(cause);
  }

  // Ends this test at once (and the subtests under it) as cancelled; what it
  // is still running is left to finish unseen. `cause` is a message or an
  // Error.
  cancel(cause) {
    if (this.finished) return;
    this.cancelChildren(cause);
    const error = failure(cause, 'cancelledByParent');
    this.fail(error);
    this.rejectCancelled(error);
    this.finish();
  }

  finish() {
    if (this.finished) return;
    this.finished = true;
    // Node gives nanoseconds in milliseconds: six decimals at most.
    if (this.started) this.durationMs = Math.round((performance.now() - this.startTime) * 1e6) / 1e6;
    // t.signal tells code still running for a test that it was cut short.
    if (this.wasCancelled && !this.controller.signal.aborted) this.controller.abort();
    if (this.mockTracker !== null) this.mockTracker.reset();
    this.resolveEnded();
    this.harness.reporter.flush();
  }
}

module.exports = { Test, kParentFinished, sequence };
