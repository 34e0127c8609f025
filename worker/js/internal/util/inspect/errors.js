'use strict';
// How util.inspect prints an Error: its stack, improved with its name and
// constructor where the stack does not say them, frames shared with the cause
// folded, and its own keys that the stack shows already left out (format.js).

const { ErrorPrototypeToString, isError } = internalRequire('internal/util/inspect/types');
const { getPrefix } = internalRequire('internal/util/inspect/layout');

// The first run of more than three lines of `a` that `b` also has.
function identicalSequenceRange(a, b) {
  for (let i = 0; i < a.length - 3; i++) {
    const pos = b.indexOf(a[i]);
    if (pos !== -1) {
      const rest = b.length - pos;
      if (rest > 3) {
        let len = 1;
        const maxLen = Math.min(a.length - i, rest);
        while (maxLen > len && a[i + len] === b[pos + len]) {
          len++;
        }
        if (len > 3) {
          return { len, offset: i };
        }
      }
    }
  }
  return { len: 0, offset: 0 };
}

function getStackString(error) {
  return error.stack ? String(error.stack) : ErrorPrototypeToString(error);
}

function getStackFrames(ctx, err, stack) {
  const frames = stack.split('\n');

  let cause;
  try {
    ({ cause } = err);
  } catch {
    // A `cause` getter that throws is ignored.
  }

  // Collapse the frames this stack shares with the one of its cause.
  if (cause != null && isError(cause)) {
    const causeStack = getStackString(cause);
    const causeStackStart = causeStack.indexOf('\n    at');
    if (causeStackStart !== -1) {
      const causeFrames = causeStack.slice(causeStackStart + 1).split('\n');
      const { len, offset } = identicalSequenceRange(frames, causeFrames);
      if (len > 0) {
        const skipped = len - 2;
        const msg = `    ... ${skipped} lines matching cause stack trace ...`;
        frames.splice(offset + 1, skipped, ctx.stylize(msg, 'undefined'));
      }
    }
  }
  return frames;
}

// Puts the constructor name (and tag) into the first line of the stack
// where it differs from `name`, e.g. `RangeError [ERR_X]: msg`.
function improveStack(stack, constructor, name, tag) {
  // A stack may hold anything: only touch ones that look normal.
  let len = name.length;

  if (constructor === null ||
      (name.endsWith('Error') &&
      stack.startsWith(name) &&
      (stack.length === len || stack[len] === ':' || stack[len] === '\n'))) {
    let fallback = 'Error';
    if (constructor === null) {
      const start = /^([A-Z][a-z_ A-Z0-9[\]()-]+)(?::|\n {4}at)/.exec(stack) ||
        /^([a-z_A-Z0-9-]*Error)$/.exec(stack);
      fallback = (start && start[1]) || '';
      len = fallback.length;
      fallback = fallback || 'Error';
    }
    const prefix = getPrefix(constructor, tag, fallback).slice(0, -1);
    if (name !== prefix) {
      if (prefix.includes(name)) {
        if (len === 0) {
          stack = `${prefix}: ${stack}`;
        } else {
          stack = `${prefix}${stack.slice(len)}`;
        }
      } else {
        stack = `${prefix} [${name}]${stack.slice(len)}`;
      }
    }
  }
  return stack;
}

// Hides name, message and stack when the stack already shows them.
function removeDuplicateErrorKeys(ctx, keys, err, stack) {
  if (!ctx.showHidden && keys.length !== 0) {
    for (const name of ['name', 'message', 'stack']) {
      const index = keys.indexOf(name);
      if (index !== -1 && stack.includes(err[name])) {
        keys.splice(index, 1);
      }
    }
  }
}

function formatError(err, constructor, tag, ctx, keys) {
  const name = err.name != null ? String(err.name) : 'Error';
  let stack = getStackString(err);

  removeDuplicateErrorKeys(ctx, keys, err, stack);

  if ('cause' in err && (keys.length === 0 || !keys.includes('cause'))) {
    keys.push('cause');
  }

  // The errors of an AggregateError.
  if (Array.isArray(err.errors) && (keys.length === 0 || !keys.includes('errors'))) {
    keys.push('errors');
  }

  stack = improveStack(stack, constructor, name, tag);

  // Look for the frames after the message, which may contain "\n    at".
  let pos = (err.message && stack.indexOf(err.message)) || -1;
  if (pos !== -1) pos += err.message.length;
  const stackStart = stack.indexOf('\n    at', pos);
  if (stackStart === -1) {
    // No stack trace: wrap the error in brackets.
    stack = `[${stack}]`;
  } else {
    let newStack = stack.slice(0, stackStart);
    const lines = getStackFrames(ctx, err, stack.slice(stackStart + 1));
    if (ctx.colors) {
      // Node greys out its own frames; all frames here are user code.
      for (const line of lines) {
        newStack += `\n${line}`;
      }
    } else {
      newStack += `\n${lines.join('\n')}`;
    }
    stack = newStack;
  }
  // The message and the stack have to be indented as well.
  if (ctx.indentationLvl !== 0) {
    const indentation = ' '.repeat(ctx.indentationLvl);
    stack = stack.replaceAll('\n', `\n${indentation}`);
  }
  return stack;
}

exports.identicalSequenceRange = identicalSequenceRange;
exports.formatError = formatError;
