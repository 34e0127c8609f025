'use strict';
// assert.AssertionError: the error every failed assertion throws. Without a
// message of its own it explains the failure from `actual`, `expected` and
// `operator`, with a line diff of the inspected values where that helps.

const { inspect } = internalRequire('internal/util/inspect/format');
const { codes } = internalRequire('internal/errors');
const { createDiff } = internalRequire('internal/assert/diff');

const kTitles = {
  deepStrictEqual: 'Expected values to be strictly deep-equal:',
  strictEqual: 'Expected values to be strictly equal:',
  strictEqualObject: 'Expected "actual" to be reference-equal to "expected":',
  deepEqual: 'Expected values to be loosely deep-equal:',
  notDeepStrictEqual: 'Expected "actual" not to be strictly deep-equal to:',
  notStrictEqual: 'Expected "actual" to be strictly unequal to:',
  notStrictEqualObject: 'Expected "actual" not to be reference-equal to "expected":',
  notDeepEqual: 'Expected "actual" not to be loosely deep-equal to:',
  notDeepEqualUnequal: 'Expected values not to be loosely deep-equal:',
};
const kSameStructure = 'Values have same structure but are not reference-equal:';
// Longer single values are cut to this many lines in a message.
const kMaxShownLines = 50;

// The form values take in messages: every property on its own line, keys
// sorted so that equal objects print alike, no custom inspection.
function inspectValue(value) {
  return inspect(value, {
    compact: false,
    customInspect: false,
    depth: 1000,
    maxArrayLength: Infinity,
    showHidden: false,
    showProxy: false,
    sorted: true,
    getters: true,
  });
}

function isReference(value) {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

function shortenLines(lines) {
  if (lines.length > kMaxShownLines) {
    lines.length = kMaxShownLines - 3;
    lines[lines.length - 1] = '...';
  }
  return lines;
}

function truncate(text, limit) {
  return text.length > limit ? `${text.slice(0, limit - 3)}...` : text;
}

// An error as messages show it: its class, message and own enumerable
// properties, without the stack that would differ in every line.
function withoutStack(error) {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(error)), error);
  Object.defineProperty(copy, 'message', { __proto__: null, value: error.message, configurable: true, writable: true });
  return copy;
}

function generatedMessage(actual, expected, operator) {
  if (operator === 'deepStrictEqual' || operator === 'strictEqual') {
    if (actual instanceof Error && expected instanceof Error) {
      actual = withoutStack(actual);
      expected = withoutStack(expected);
    }
    const objects = operator === 'strictEqual' &&
      ((typeof actual === 'object' && actual !== null && typeof expected === 'object' && expected !== null) ||
       (typeof actual === 'function' && typeof expected === 'function'));
    return createDiff(inspectValue(actual), inspectValue(expected), actual, expected, {
      title: kTitles[objects ? 'strictEqualObject' : operator],
      sameStructure: kSameStructure,
      objects,
    });
  }
  if (operator === 'notDeepStrictEqual' || operator === 'notStrictEqual') {
    const title = operator === 'notStrictEqual' && isReference(actual) ? kTitles.notStrictEqualObject : kTitles[operator];
    const lines = shortenLines(inspectValue(actual).split('\n'));
    if (lines.length === 1) return `${title}${lines[0].length > 5 ? '\n\n' : ' '}${lines[0]}`;
    return `${title}\n\n${lines.join('\n')}\n`;
  }
  let shownActual = inspectValue(actual);
  let shownExpected = inspectValue(expected);
  if (operator === 'notDeepEqual' && shownActual === shownExpected) {
    return truncate(`${kTitles.notDeepEqual}\n\n${shownActual}`, 1024);
  }
  shownActual = truncate(shownActual, 512);
  shownExpected = truncate(shownExpected, 512);
  if (operator === 'deepEqual') {
    return `${kTitles.deepEqual}\n\n${shownActual}\n\nshould loosely deep-equal\n\n${shownExpected}`;
  }
  if (operator === 'notDeepEqual') {
    return `${kTitles.notDeepEqualUnequal}\n\n${shownActual}\n\nshould not loosely deep-equal\n\n${shownExpected}`;
  }
  return `${shownActual} ${operator} ${shownExpected}`;
}

class AssertionError extends Error {
  constructor(options) {
    if (typeof options !== 'object' || options === null) {
      throw new codes.ERR_INVALID_ARG_TYPE('options', 'Object', options);
    }
    const { message, operator, stackStartFn, details } = options;
    let { actual, expected } = options;
    if (message != null) {
      super(String(message));
    } else if (details !== undefined) {
      // One of several failed checks (CallTracker): the first explains.
      super(details.map((d) => d.message).join('\n'));
    } else {
      super(generatedMessage(actual, expected, operator));
    }
    this.generatedMessage = message == null;
    Object.defineProperty(this, 'name', { __proto__: null, value: 'AssertionError [ERR_ASSERTION]', enumerable: false, writable: true, configurable: true });
    this.code = 'ERR_ASSERTION';
    if (details !== undefined) {
      this.actual = undefined;
      this.expected = undefined;
      this.operator = undefined;
      for (let i = 0; i < details.length; i++) {
        this[`message ${i}`] = details[i].message;
        this[`actual ${i}`] = details[i].actual;
        this[`expected ${i}`] = details[i].expected;
        this[`operator ${i}`] = details[i].operator;
        this[`stack trace ${i}`] = details[i].stack;
      }
    } else {
      this.actual = actual;
      this.expected = expected;
      this.operator = operator;
    }
    Error.captureStackTrace(this, stackStartFn || new.target);
    // Read the stack once so that it carries the name with the code ...
    void this.stack;
    // ... and then the plain name, as Node shows it.
    this.name = 'AssertionError';
  }

  toString() {
    return `${this.name} [${this.code}]: ${this.message}`;
  }
}

module.exports = { AssertionError, inspectValue };
