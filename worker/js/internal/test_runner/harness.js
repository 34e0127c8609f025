'use strict';
// The run of a worker's tests: the root of the tree, where test(), it(),
// describe() and the hooks put what they declare, and the end of the run.
// Top-level tests start once the code that declared them has returned (a
// microtask later) and run one after another; the summary is printed when the
// event loop has nothing left to do ('beforeExit'), which cancels whatever is
// still waiting on something that can no longer happen. A failure leaves
// process.exitCode at 1, as in Node.

const { Test } = internalRequire('internal/test_runner/test');
const { Suite } = internalRequire('internal/test_runner/suite');
const { Reporter } = internalRequire('internal/test_runner/reporter');
const { codes } = internalRequire('internal/errors');
const { validateNumber, validateUint32, validateAbortSignal } = internalRequire('internal/validators');

const kOnlyNeedsFlag = "'only' and 'runOnly' require the --test-only command-line option.";
const kLoopEnded = 'Promise resolution is still pending but the event loop has already resolved';
const kTimeoutMax = 2147483647;

function noop() {}

// Where user code called test() or describe(): the first frame outside the
// runtime's own scripts, as "file:line:column".
function callSite() {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 20;
  const stack = new Error().stack;
  Error.stackTraceLimit = limit;
  if (typeof stack !== 'string') return undefined;
  for (const line of stack.split('\n').slice(1)) {
    const match = /\((.*:\d+:\d+)\)$/.exec(line) || /^\s*at (.*:\d+:\d+)$/.exec(line);
    if (match !== null && !match[1].startsWith('isohost:')) return match[1];
  }
  return undefined;
}

function validateOptions(options) {
  if (options.timeout !== undefined) validateNumber(options.timeout, 'options.timeout', 0, kTimeoutMax);
  const { concurrency } = options;
  if (concurrency !== undefined && typeof concurrency !== 'boolean') {
    if (typeof concurrency !== 'number') {
      throw new codes.ERR_INVALID_ARG_TYPE('options.concurrency', ['boolean', 'number'], concurrency);
    }
    validateUint32(concurrency, 'options.concurrency', true);
  }
  validateAbortSignal(options.signal, 'options.signal');
}

// test([name][, options][, fn]) in any of its forms.
function parseArguments(name, options, fn) {
  if (typeof name === 'function') {
    fn = name;
    options = undefined;
  } else if (name !== null && typeof name === 'object') {
    fn = options;
    options = name;
  } else if (typeof options === 'function') {
    fn = options;
    options = undefined;
  }
  if (options === null || typeof options !== 'object') options = {};
  if (typeof name !== 'string') name = (typeof fn === 'function' && fn.name) || '<anonymous>';
  if (typeof fn !== 'function') fn = noop;
  validateOptions(options);
  return { name, options, fn };
}

class Harness {
  constructor() {
    this.root = new Test(this, null, '<root>', {}, noop, undefined);
    this.root.started = true;
    this.reporter = new Reporter(this.root);
    // Where declarations go: a suite while its function runs, a test while
    // its function runs synchronously, otherwise the root.
    this.current = this.root;
    this.startTime = 0;
    this.listening = false;
    this.pumpScheduled = false;
    this.ending = false;
    this.summaryPrinted = false;
  }

  create(isSuite, parent, args, overrides) {
    const { name, options, fn } = parseArguments(args[0], args[1], args[2]);
    const merged = overrides === undefined ? options : { ...options, ...overrides };
    const Kind = isSuite ? Suite : Test;
    const test = new Kind(this, parent, name, merged, fn, callSite());
    if (test.only) test.diagnostics.push(kOnlyNeedsFlag);
    return test;
  }

  // test(), it(), describe() and their .skip/.todo/.only forms.
  declare(isSuite, args, overrides) {
    this.listen();
    const parent = this.current;
    const test = this.create(isSuite, parent, args, overrides);
    parent.addChild(test);
    if (parent === this.root) {
      this.root.queue.push(test);
      this.schedulePump();
    } else if (!parent.isSuite) {
      parent.startChild(test);
    }
    return test.ended.then(noop);
  }

  // t.test(): starts at once if the parent has room for it.
  subtest(parent, name, options, fn) {
    const test = this.create(false, parent, [name, options, fn]);
    if (parent.finished) return Promise.resolve();
    parent.addChild(test);
    return parent.startChild(test).then(noop);
  }

  addHook(test, kind, fn, options) {
    this.listen();
    if (options === null || typeof options !== 'object') options = {};
    if (options.timeout !== undefined) validateNumber(options.timeout, 'options.timeout', 0, kTimeoutMax);
    validateAbortSignal(options.signal, 'options.signal');
    test.hooks[kind].push({
      fn: typeof fn === 'function' ? fn : noop,
      timeout: options.timeout !== undefined ? options.timeout : Infinity,
    });
  }

  // A declaration at the top level: the run begins and the process will
  // print a summary.
  listen() {
    if (this.listening) return;
    this.listening = true;
    this.startTime = performance.now();
    process.on('beforeExit', () => this.end());
    process.on('exit', () => this.endNow());
  }

  schedulePump() {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    queueMicrotask(() => {
      this.pumpScheduled = false;
      this.root.pump();
    });
  }

  // The loop ran dry: what has not finished never will. The top-level
  // `after` hooks run, then the summary is printed.
  async end() {
    if (this.ending) return;
    this.ending = true;
    const root = this.root;
    root.cancelChildren(new Error(kLoopEnded));
    await root.runHooks(root.hooks.after, root.context(), (error) => root.fail(error));
    this.printSummary();
  }

  // process.exit() during the run: no hook can run any more.
  endNow() {
    if (this.summaryPrinted) return;
    this.root.cancelChildren(new Error(kLoopEnded));
    this.printSummary();
  }

  printSummary() {
    if (this.summaryPrinted) return;
    this.summaryPrinted = true;
    const root = this.root;
    if (root.error !== null) root.diagnostics.push(`${root.error.failureType}: ${root.error.message}`);
    this.reporter.flush();
    this.reporter.printSummary(Math.round((performance.now() - this.startTime) * 1e6) / 1e6);
    let failed = root.error !== null;
    for (const child of root.children) if (child.failedForParent) failed = true;
    if (failed) process.exitCode = 1;
  }
}

let harness = null;

// The worker's one run, made when node:test is first required.
function getHarness() {
  if (harness === null) harness = new Harness();
  return harness;
}

module.exports = { getHarness };
