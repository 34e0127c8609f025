'use strict';
// What happens to an exception nobody caught: 'uncaughtException' listeners,
// or a report on stderr, the 'exit' event and exit code 1. Rejections without
// a handler take Node's default 'throw' mode.

const kLevelError = 4;
let process = null;
let inspect = (value) => String(value);
// process.setUncaughtExceptionCaptureCallback(): takes every uncaught error
// in place of the 'uncaughtException' listeners.
let captureCallback = null;
// --abort-on-uncaught-exception (process.js says).
let abortOnUncaught = false;
// The domain module's, once loaded (the two exclude each other, as in Node):
// uncaught(err) gives an error to the domains and says whether they took it;
// rejection(reason, domain) hands an unhandled rejection to the domain it was
// made in, and says whether that domain took it.
let domainHooks = null;

function writeFatalReport(err) {
  let text;
  try {
    text = binding.formatFatalError(err) + ownProperties(err);
  } catch {
    text = 'Uncaught exception';
  }
  binding.writeStdio(2, `${text}\n`, kLevelError);
}

// The line that closes a fatal report, as Node's names its version: which
// runtime, and which Node API it offers.
function writeVersionFooter() {
  let isohost = '';
  try {
    isohost = ` v${process.versions.isohost}`;
  } catch {
    // A report without the runtime's version is still a report.
  }
  binding.writeStdio(2, `\nIsohost${isohost} (Node.js ${process.version})\n`, kLevelError);
}

// "Name [CODE]: message" of what was thrown (the code when it has a string
// one), for the host's exit report (a nested worker's parent rebuilds its
// 'error' from it).
function errorSummary(err) {
  try {
    if (err !== null && typeof err === 'object' && typeof err.message === 'string') {
      const code = typeof err.code === 'string' ? ` [${err.code}]` : '';
      return `${typeof err.name === 'string' ? err.name : 'Error'}${code}: ${err.message}`;
    }
    return `Uncaught ${String(err)}`;
  } catch {
    return '';
  }
}

// ` {\n  code: 'ERR_X'\n}` after an error's stack, as Node's report shows the
// error's own properties.
function ownProperties(err) {
  if (!(err instanceof Error)) return '';
  const keys = Object.keys(err).filter((key) => key !== 'stack' && key !== 'message');
  if (keys.length === 0) return '';
  const lines = keys.map((key) => {
    const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `'${key}'`;
    return `  ${name}: ${inspect(err[key]).split('\n').join('\n  ')}`;
  });
  return ` {\n${lines.join(',\n')}\n}`;
}

// What a nested worker tells its parent of the error that ends it (the
// parent's Worker emits it as 'error'; the host drops it for a worker that
// has no parent): the error's parts that clone, or the thrown value itself.
// A stack whose getter throws is left out, as Node leaves it out.
function uncaughtReport(err) {
  try {
    if (!(err instanceof Error)) return { value: err };
    let stack;
    try {
      stack = err.stack;
    } catch {
      stack = undefined;
    }
    const props = {};
    for (const key of Object.keys(err)) {
      const value = err[key];
      if (value === null || (typeof value !== 'object' && typeof value !== 'function' && typeof value !== 'symbol')) {
        props[key] = value;
      }
    }
    return { error: { name: err.name, message: err.message, stack: typeof stack === 'string' ? stack : undefined, props } };
  } catch {
    return undefined;
  }
}

// Ends the worker after an error nobody handled. `exit` listeners still run.
function dieWith(err, code) {
  writeFatalReport(err);
  writeVersionFooter();
  // After the report: reading the stack first would change how it prints.
  const report = uncaughtReport(err);
  if (report !== undefined) binding.internalBinding('worker_threads').reportUncaught(report);
  process.exitCode = code;
  if (!process._exiting) {
    process._exiting = true;
    try {
      process.emit('exit', code);
    } catch (listenerError) {
      writeFatalReport(listenerError);
    }
  }
  const finalCode = process.exitCode === undefined ? code : process.exitCode | 0;
  binding.reallyExit(finalCode, true, errorSummary(err));
}

function handleUncaught(err, origin = 'uncaughtException') {
  if (process.listenerCount('uncaughtExceptionMonitor') > 0) {
    process.emit('uncaughtExceptionMonitor', err, origin);
  }
  if (domainHooks !== null) {
    let taken;
    try {
      taken = domainHooks.uncaught(err);
    } catch (handlerError) {
      // A domain's 'error' listener threw, and no domain was left to take it.
      dieWith(handlerError, 7);
    }
    if (taken) return;
  }
  if (captureCallback !== null) {
    try {
      captureCallback(err);
    } catch (callbackError) {
      dieWith(callbackError, 7);
    }
    return;
  }
  if (process.listenerCount('uncaughtException') === 0) {
    // --abort-on-uncaught-exception: the report, then abort() (a core
    // file where the system keeps them) in place of exit code 1.
    if (abortOnUncaught) {
      writeFatalReport(err);
      process.abort();
    }
    dieWith(err, 1);
    return;
  }
  try {
    process.emit('uncaughtException', err, origin);
  } catch (handlerError) {
    // A throwing 'uncaughtException' listener is fatal (Node's code 7).
    dieWith(handlerError, 7);
  }
}

function unhandledRejectionError(reason) {
  let shown;
  try {
    shown = inspect(reason);
  } catch {
    shown = String(reason);
  }
  const err = new Error(
    'This error originated either by throwing inside of an async function without a catch block, ' +
    'or by rejecting a promise which was not handled with .catch(). The promise rejected with the' +
    ` reason "${shown}".`);
  err.code = 'ERR_UNHANDLED_REJECTION';
  return err;
}

handleUncaught.rejection = function rejection(promise, reason, domain) {
  if (domain !== undefined && domainHooks !== null) {
    try {
      if (domainHooks.rejection(reason, domain)) return;
    } catch (err) {
      // The domain had no 'error' listener, or it threw.
      handleUncaught(err, 'uncaughtException');
      return;
    }
  }
  if (process.listenerCount('unhandledRejection') > 0) {
    try {
      process.emit('unhandledRejection', reason, promise);
    } catch (err) {
      handleUncaught(err, 'uncaughtException');
    }
    return;
  }
  const err = reason instanceof Error ? reason : unhandledRejectionError(reason);
  handleUncaught(err, 'unhandledRejection');
};

exports.handleUncaught = handleUncaught;
// handleUncaught when something would take the error, and whether it did.
exports.handleIfHandled = (err) => {
  if (domainHooks === null && captureCallback === null && process.listenerCount('uncaughtException') === 0) {
    return false;
  }
  handleUncaught(err);
  return true;
};
exports.setProcess = (value) => { process = value; };
exports.setInspect = (fn) => { inspect = fn; };
exports.setCaptureCallback = (fn) => { captureCallback = fn; };
exports.setAbortOnUncaught = (value) => { abortOnUncaught = value; };
exports.setDomainHooks = (hooks) => { domainHooks = hooks; };
