'use strict';
// The TAP version 13 text that Node's test runner prints when stdout is not a
// terminal, which a worker's never is: a `# Subtest:` line where a test's
// output begins, `ok`/`not ok` with a YAML block of details, plans,
// diagnostics and the summary. Each function returns text; the reporter
// (internal/test_runner/reporter.js) decides when it is written.

const inspect = (value) => internalRequire('internal/util/inspect/format').inspect(value, { colors: false, breakLength: Infinity });

const kIndent = '    ';
const kLineBreak = /\r?\n/;
const kFramePrefix = /^ {4}at /;

function indent(nesting) {
  return kIndent.repeat(nesting);
}

// Names and messages stay on one line, and '#' cannot start a directive.
function escape(text) {
  return String(text)
    .replace(/[\b\f\t\n\r\v]/g, (c) => ({ '\b': '\\b', '\f': '\\f', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\v': '\\v' })[c])
    .replace(/\\/g, '\\\\')
    .replace(/#/g, '\\#');
}

function startLine(nesting, name) {
  return `${indent(nesting)}# Subtest: ${escape(name)}\n`;
}

function planLine(nesting, count) {
  return `${indent(nesting)}1..${count}\n`;
}

function diagnosticLine(nesting, message) {
  return `${indent(nesting)}# ${escape(message)}\n`;
}

// `skip` and `todo` are undefined, true or the reason given.
function resultLine(nesting, number, ok, name, skip, todo) {
  let line = `${indent(nesting)}${ok ? 'ok' : 'not ok'} ${number} ${escape(`- ${name}`)}`;
  if (skip !== undefined) {
    line += ` # SKIP${typeof skip === 'string' && skip !== '' ? ` ${escape(skip)}` : ''}`;
  } else if (todo !== undefined) {
    line += ` # TODO${typeof todo === 'string' && todo !== '' ? ` ${escape(todo)}` : ''}`;
  }
  return `${line}\n`;
}

// One `name: value` of the YAML block. Strings of several lines are literal
// blocks, objects nest by two spaces, null is `~` and undefined is left out.
function yaml(pad, name, value, seen = new Set()) {
  if (value === undefined) return '';
  if (value === null) return `${pad}  ${name}: ~\n`;
  if (typeof value !== 'object') {
    if (typeof value === 'string') {
      const lines = value.split(kLineBreak);
      if (lines.length > 1) return `${pad}  ${name}: |-\n${lines.map((l) => `${pad}    ${l}\n`).join('')}`;
    }
    return `${pad}  ${name}: ${inspect(value)}\n`;
  }
  if (seen.has(value)) return `${pad}  ${name}: '[Circular]'\n`;
  seen.add(value);
  let text = `${pad}  ${name}:\n`;
  for (const key of Object.keys(value)) text += yaml(`${pad}  `, key, value[key], seen);
  seen.delete(value);
  return text;
}

function isAssertionLike(value) {
  return value !== null && typeof value === 'object' && 'expected' in value && 'actual' in value;
}

// The frames of a stack without their "    at ", as Node lists them.
function frames(stack) {
  const result = [];
  for (const line of stack.split(kLineBreak)) {
    const frame = line.replace(kFramePrefix, '');
    if (frame.length > 0 && frame.length !== line.length) result.push(frame);
  }
  return result;
}

// The fields of a failed test's error (an ERR_TEST_FAILURE): why it failed,
// then what its cause says of itself.
function errorYaml(pad, error) {
  let text = yaml(pad, 'failureType', error.failureType);
  const cause = error.cause;
  const causeIsObject = cause !== null && typeof cause === 'object';
  text += yaml(pad, 'error', error.message);
  text += yaml(pad, 'code', causeIsObject && cause.code !== undefined ? cause.code : error.code);
  if (causeIsObject && typeof cause.name === 'string' && cause.name !== 'Error' && cause instanceof Error) {
    text += yaml(pad, 'name', cause.name);
  }
  if (isAssertionLike(cause)) {
    text += yaml(pad, 'expected', cause.expected);
    text += yaml(pad, 'actual', cause.actual);
    if (cause.operator) text += yaml(pad, 'operator', cause.operator);
  }
  const stack = causeIsObject ? cause.stack : undefined;
  if (typeof stack === 'string') {
    const list = frames(stack);
    if (list.length > 0) text += `${pad}  stack: |-\n${list.map((f) => `${pad}    ${f}\n`).join('')}`;
  }
  return text;
}

// The YAML block under a result line.
function detailsBlock(nesting, { durationMs, isSuite, location, error }) {
  const pad = indent(nesting);
  let text = `${pad}  ---\n${pad}  duration_ms: ${durationMs}\n`;
  if (isSuite) text += `${pad}  type: 'suite'\n`;
  if (error) {
    if (location !== undefined) text += yaml(pad, 'location', location);
    text += errorYaml(pad, error);
  }
  return `${text}${pad}  ...\n`;
}

function summary(counts, durationMs) {
  let text = '';
  for (const key of ['tests', 'suites', 'pass', 'fail', 'cancelled', 'skipped', 'todo']) {
    text += `# ${key} ${counts[key]}\n`;
  }
  return `${text}# duration_ms ${durationMs}\n`;
}

module.exports = {
  header: 'TAP version 13\n',
  startLine,
  planLine,
  diagnosticLine,
  resultLine,
  detailsBlock,
  summary,
};
