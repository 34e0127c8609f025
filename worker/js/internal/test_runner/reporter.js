'use strict';
// Writes the run's TAP to stdout as results come in, in the order the tests
// were declared whatever order they finish in: a test's lines go out only
// once every test declared before it has been printed, and a test's
// "# Subtest:" line just before its first line of output.

const tap = internalRequire('internal/test_runner/tap');

class Reporter {
  constructor(root) {
    this.root = root;
    this.headerPrinted = false;
  }

  write(text) {
    if (!this.headerPrinted) {
      this.headerPrinted = true;
      text = tap.header + text;
    }
    process.stdout.write(text);
  }

  // Prints what can be printed now. Only the first unprinted child of each
  // test is looked into, so the walk is as long as the tree is deep.
  flush() {
    let text = '';
    const emit = (line) => { text += line; };
    this.flushChildren(this.root, emit);
    if (text !== '') this.write(text);
  }

  flushChildren(test, emit) {
    while (test.reportIndex < test.children.length) {
      const child = test.children[test.reportIndex];
      this.flushChildren(child, emit);
      if (!child.finished || child.reportIndex < child.children.length) return;
      this.printResult(child, emit);
      test.reportIndex++;
    }
  }

  printStart(test, emit) {
    if (test.startPrinted || test.parent === null) return;
    this.printStart(test.parent, emit);
    test.startPrinted = true;
    emit(tap.startLine(test.nesting, test.name));
  }

  printResult(test, emit) {
    this.printStart(test, emit);
    if (test.children.length > 0) emit(tap.planLine(test.nesting + 1, test.children.length));
    emit(tap.resultLine(test.nesting, test.number, test.error === null, test.name, test.skip, test.todo));
    emit(tap.detailsBlock(test.nesting, {
      durationMs: test.durationMs,
      isSuite: test.isSuite,
      location: test.location,
      error: test.error,
    }));
    for (const message of test.diagnostics) emit(tap.diagnosticLine(test.nesting, message));
  }

  // The plan of the top-level tests and the counts of the whole tree.
  printSummary(durationMs) {
    const counts = { tests: 0, suites: 0, pass: 0, fail: 0, cancelled: 0, skipped: 0, todo: 0 };
    const count = (test) => {
      for (const child of test.children) {
        count(child);
        if (child.isSuite) counts.suites++;
        else {
          counts.tests++;
          if (child.skip !== undefined) counts.skipped++;
          else if (child.todo !== undefined) counts.todo++;
          else if (child.wasCancelled) counts.cancelled++;
          else if (child.error !== null) counts.fail++;
          else counts.pass++;
        }
      }
    };
    count(this.root);
    let text = tap.planLine(0, this.root.children.length);
    for (const message of this.root.diagnostics) text += tap.diagnosticLine(0, message);
    this.write(text + tap.summary(counts, durationMs));
  }
}

module.exports = { Reporter };
