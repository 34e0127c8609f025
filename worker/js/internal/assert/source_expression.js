'use strict';
// The source text of a failed `assert.ok(...)` call, read back from the
// caller's file, so that "The expression evaluated to a falsy value" can show
// which expression it was. Returns undefined when the call cannot be found
// (eval'd code, a call spread over lines, a file that is gone).

// Call sites of the frame above `fn`: "at name (file:line:column)" or
// "at file:line:column".
const kFrame = /^\s*at (?:.*? \()?(.+?):(\d+):(\d+)\)?$/;

function callerLocation(fn) {
  const holder = {};
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 1;
  Error.captureStackTrace(holder, fn);
  Error.stackTraceLimit = limit;
  const line = String(holder.stack).split('\n')[1];
  const match = line === undefined ? null : kFrame.exec(line);
  if (match === null || !match[1].startsWith('/')) return undefined;
  return { file: match[1], line: Number(match[2]), column: Number(match[3]) };
}

// What a callee such as `assert.ok` or `ässört.ok` is made of: identifier
// characters of any script (the column counts UTF-16 units, as the string
// does), `$`, the joiners and the dots between names.
const kCalleeChar = /[\p{ID_Continue}$\u200c\u200d.]/u;

// From the callee's name at `column` (1-based) back to the start of
// `assert.ok` and forward to its closing parenthesis.
function callText(sourceLine, column) {
  let start = column - 1;
  for (;;) {
    // A character beyond the BMP is two units: test it whole.
    const width = start > 1 && /[\udc00-\udfff]/.test(sourceLine[start - 1]) ? 2 : 1;
    if (start < width || !kCalleeChar.test(sourceLine.slice(start - width, start))) break;
    start -= width;
  }
  let depth = 0;
  let quote = null;
  for (let i = sourceLine.indexOf('(', column - 1); i >= 0 && i < sourceLine.length; i++) {
    const ch = sourceLine[i];
    if (quote !== null) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
    } else if (ch === '\'' || ch === '"' || ch === '`') {
      quote = ch;
    } else if (ch === '(') {
      depth++;
    } else if (ch === ')' && --depth === 0) {
      return sourceLine.slice(start, i + 1);
    }
  }
  return undefined;
}

function sourceExpression(binding, fn) {
  try {
    const location = callerLocation(fn);
    if (location === undefined) return undefined;
    const sourceLine = binding.readFile(location.file).split('\n')[location.line - 1];
    if (sourceLine === undefined) return undefined;
    return callText(sourceLine, location.column);
  } catch {
    return undefined;
  }
}

module.exports = { sourceExpression };
