'use strict';
// The "+ actual - expected" comparison of two inspected values that
// assert.strictEqual and assert.deepStrictEqual put in their messages: lines
// are paired by position, runs of equal lines are shortened to their ends
// around "...", and a short one-line mismatch gets a caret under the first
// differing character.

// Inputs this short, and not objects, read best as "a !== b".
const kMaxShortLength = 12;
// Equal lines at the end of both values that are kept after the last change.
const kKeptTrailingLines = 3;

function isObject(value) {
  return typeof value === 'object' && value !== null;
}

// Two lines that differ only in a trailing comma (the last element of one
// side is followed by another on the other side) are shown as one.
function pairLines(actualLine, expectedLine) {
  if (actualLine === expectedLine) return { same: true, line: actualLine };
  if (actualLine.endsWith(',') && actualLine.slice(0, -1) === expectedLine) return { same: true, line: actualLine };
  if (expectedLine.endsWith(',') && expectedLine.slice(0, -1) === actualLine) return { same: true, line: `${actualLine},` };
  return { same: false };
}

// Returns { header, body } or a whole message when the values fit on a line.
function createDiff(actualText, expectedText, actual, expected, headers) {
  const actualLines = actualText.split('\n');
  const expectedLines = expectedText.split('\n');
  let indicator = '';

  if (actualLines.length === 1 && expectedLines.length === 1 && actualLines[0] !== expectedLines[0]) {
    const length = actualLines[0].length + expectedLines[0].length;
    if (length <= kMaxShortLength) {
      if (!isObject(actual) && !isObject(expected) && (actual !== 0 || expected !== 0)) {
        return `${headers.title}\n\n${actualLines[0]} !== ${expectedLines[0]}\n`;
      }
    } else if (!headers.objects && length < 80) {
      let i = 0;
      while (actualLines[0][i] === expectedLines[0][i]) i++;
      if (i > 2) indicator = `\n  ${' '.repeat(i)}^`;
    }
  }

  // Equal lines at the end: the last few are kept; when more are equal, the
  // first of them is kept too, above a "...".
  let end = '';
  let topmost = '';
  let trimmed = 0;
  while (actualLines.length > 0 && expectedLines.length > 0 &&
         actualLines[actualLines.length - 1] === expectedLines[expectedLines.length - 1]) {
    const line = actualLines.pop();
    expectedLines.pop();
    if (trimmed++ < kKeptTrailingLines) end = `\n  ${line}${end}`;
    else topmost = line;
  }
  let skipped = false;
  if (trimmed > kKeptTrailingLines + 1) {
    end = `\n...${end}`;
    skipped = true;
  }
  if (topmost !== '') end = `\n  ${topmost}${end}`;

  let out = '';
  let pendingExpected = '';
  let changes = 0;
  let equalRun = [];
  const flushEqualRun = () => {
    // The first two equal lines were printed as they came; of the rest, the
    // last two lead into the next change, and longer gaps become "...".
    const rest = equalRun.slice(2);
    if (rest.length > 3) {
      out += '\n...';
      skipped = true;
      rest.splice(0, rest.length - 2);
    }
    for (const line of rest) out += `\n  ${line}`;
    equalRun = [];
  };
  const lineCount = Math.max(actualLines.length, expectedLines.length);
  for (let i = 0; i < lineCount; i++) {
    let pair = { same: false };
    if (i < actualLines.length && i < expectedLines.length) pair = pairLines(actualLines[i], expectedLines[i]);
    if (pair.same) {
      out += pendingExpected;
      pendingExpected = '';
      equalRun.push(pair.line);
      if (equalRun.length <= 2) out += `\n  ${pair.line}`;
      continue;
    }
    flushEqualRun();
    changes++;
    if (i < actualLines.length) out += `\n+ ${actualLines[i]}`;
    if (i < expectedLines.length) pendingExpected += `\n- ${expectedLines[i]}`;
  }

  if (changes === 0) {
    return `${headers.sameStructure}\n\n${actualText}\n`;
  }
  return `${headers.title}\n+ actual - expected${skipped ? ' ... Lines skipped' : ''}\n${out}${pendingExpected}${end}${indicator}`;
}

module.exports = { createDiff };
