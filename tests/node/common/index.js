'use strict';
// What the files of Node's test/parallel get from `require('../common')`, as
// run by tests/node/run.sh under Node and under Isohost alike. It is written
// for this runner: it leans on nothing but `process` and `path` when it loads,
// and asks for util, os, fs, worker_threads or child_process only when a test
// uses something that needs them, so a file that fails under Isohost fails for
// the module it tests and not for this one.
//
// Node's own test/common also re-spawns a test that lacks its `// Flags:`,
// checks for leaked globals and more; the runner passes the flags itself, and
// the rest is not part of what a test asserts.

const path = require('path');

// A test may replace globalThis.process; the checks at exit need the real one.
const process = globalThis.process;

const platform = process.platform;
const isWindows = platform === 'win32';
const isLinux = platform === 'linux';
const isMacOS = platform === 'darwin';
const isDebug = Boolean(process.features && process.features.debug);

function noop() {}

function optionalRequire(name) {
  try {
    return require(name);
  } catch {
    return undefined;
  }
}

// util.inspect where the runtime has it; a plain rendering where it has not.
function describe(value) {
  const util = optionalRequire('util');
  if (util && typeof util.inspect === 'function') return util.inspect(value);
  if (typeof value === 'string') return `'${value}'`;
  if (typeof value === 'bigint') return `${value}n`;
  try {
    return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

// The frames of the caller `depth` levels above the function that asks.
function callerStack(depth) {
  const holder = {};
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 10 + depth;
  Error.captureStackTrace(holder);
  Error.stackTraceLimit = limit;
  const lines = String(holder.stack).split('\n');
  return lines.slice(1 + depth).join('\n');
}

function firstFrame(stack) {
  const line = stack.split('\n')[0] || '';
  return line.replace(/^\s*at\s+/, '');
}

// --- call counting -----------------------------------------------------------------

const callChecks = [];
let callCheckInstalled = false;

function checkCallCounts(code) {
  // A process already failing has said why; a count would only hide that.
  if (code !== 0) return;
  const mismatched = callChecks.filter((check) =>
    (check.atLeast ? check.actual < check.expected : check.actual !== check.expected));
  for (const check of mismatched) {
    const kind = check.atLeast ? 'at least' : 'exactly';
    process.stderr.write(`Mismatched ${check.name} function calls. Expected ${kind} ` +
                         `${check.expected}, actual ${check.actual}.\n${check.stack}\n`);
  }
  if (mismatched.length > 0) process.exit(1);
}

function countCalls(fn, expected, atLeast) {
  if (typeof fn === 'number') {
    expected = fn;
    fn = noop;
  } else if (fn === undefined) {
    fn = noop;
  }
  if (typeof fn !== 'function') throw new TypeError(`Expected a function, got ${describe(fn)}`);
  if (typeof expected !== 'number') throw new TypeError(`Invalid expected value: ${describe(expected)}`);
  if (!callCheckInstalled) {
    callCheckInstalled = true;
    process.on('exit', checkCallCounts);
  }
  const check = {
    name: fn.name || '<anonymous>',
    expected,
    actual: 0,
    atLeast,
    stack: callerStack(3),
  };
  callChecks.push(check);
  const counted = function(...args) {
    check.actual++;
    return Reflect.apply(fn, this, args);
  };
  // Some tests look at what they passed on (util.promisify, events).
  Object.defineProperties(counted, {
    name: { value: fn.name, configurable: true },
    length: { value: fn.length, configurable: true },
  });
  return counted;
}

function mustCall(fn, exact = 1) {
  return countCalls(fn, exact, false);
}

function mustCallAtLeast(fn, minimum = 1) {
  return countCalls(fn, minimum, true);
}

function mustNotCall(message) {
  const where = firstFrame(callerStack(2));
  return function mustNotCall(...args) {
    const argsText = args.length > 0 ? `\ncalled with arguments: ${args.map(describe).join(', ')}` : '';
    throw new Error(`${message || 'function should not have been called'} at ${where}${argsText}`);
  };
}

function mustSucceed(fn, exact) {
  return mustCall(function(err, ...args) {
    // Tests read the message of assert.ifError ("ifError got unwanted exception").
    if (err !== null && err !== undefined) require('assert').ifError(err);
    if (typeof fn === 'function') return Reflect.apply(fn, this, args);
  }, exact);
}

// --- error and warning expectations ----------------------------------------------

function sameValue(actual, expected, seen = new Set()) {
  if (Object.is(actual, expected)) return true;
  if (typeof actual !== 'object' || typeof expected !== 'object' || actual === null || expected === null) {
    return false;
  }
  if (seen.has(actual)) return true;
  seen.add(actual);
  if (Object.getPrototypeOf(actual) !== Object.getPrototypeOf(expected)) return false;
  const keys = Object.keys(expected);
  if (keys.length !== Object.keys(actual).length) return false;
  return keys.every((key) => sameValue(actual[key], expected[key], seen));
}

// The checks of assert.throws(fn, validator) on an error that was caught.
function checkError(actual, validator) {
  if (typeof validator === 'function') {
    if (validator.prototype !== undefined && actual instanceof validator) return;
    if (Error.isPrototypeOf(validator) || validator === Error) {
      throw new Error(`Expected an instance of ${validator.name}, got ${describe(actual)}`);
    }
    if (validator.call({}, actual) !== true) {
      throw new Error(`The validation function rejected ${describe(actual)}`);
    }
    return;
  }
  if (validator instanceof RegExp) {
    if (!validator.test(String(actual))) throw new Error(`${describe(actual)} does not match ${validator}`);
    return;
  }
  if (typeof actual !== 'object' || actual === null) {
    throw new Error(`Expected an error object, got ${describe(actual)}`);
  }
  for (const key of Object.keys(validator)) {
    const want = validator[key];
    const got = actual[key];
    const ok = want instanceof RegExp && typeof got === 'string' ? want.test(got) : sameValue(got, want);
    if (!ok) {
      throw new Error(`Expected error property "${key}" to be ${describe(want)}, got ${describe(got)}\n` +
                      `The error: ${describe(actual)}`);
    }
  }
}

function expectsError(validator, exact) {
  return mustCall((...args) => {
    if (args.length !== 1) throw new Error('Expected one argument, got ' + describe(args));
    checkError(args[0], validator);
    return true;
  }, exact);
}

// Warnings expected per name, in order: [message (string or RegExp), code].
let expectedWarnings;

function warningQueue(name, expected, code) {
  let list;
  if (typeof expected === 'string' || expected instanceof RegExp) list = [[expected, code]];
  else if (!Array.isArray(expected)) list = Object.entries(expected).map(([message, c]) => [message, c]);
  else if (expected.length > 0 && !Array.isArray(expected[0])) list = [expected];
  else list = expected;
  list = list.map((entry) => (Array.isArray(entry) ? entry : [entry]));
  return mustCall((warning) => {
    const [message, wantCode] = list.shift();
    const messageOk = message instanceof RegExp ? message.test(warning.message) : warning.message === message;
    if (!messageOk) {
      throw new Error(`Unexpected ${name} message: ${describe(warning.message)}, expected ${describe(message)}`);
    }
    if (warning.code !== wantCode) {
      throw new Error(`Unexpected ${name} code: ${describe(warning.code)}, expected ${describe(wantCode)}`);
    }
  }, list.length);
}

function expectWarning(nameOrMap, expected, code) {
  if (expectedWarnings === undefined) {
    expectedWarnings = Object.create(null);
    process.on('warning', (warning) => {
      const handler = expectedWarnings[warning.name];
      if (handler === undefined) {
        throw new TypeError(`"${warning.name}" was triggered without being expected.\n${describe(warning)}`);
      }
      handler(warning);
    });
  }
  if (typeof nameOrMap === 'string') {
    expectedWarnings[nameOrMap] = warningQueue(nameOrMap, expected, code);
  } else {
    for (const name of Object.keys(nameOrMap)) {
      expectedWarnings[name] = warningQueue(name, nameOrMap[name]);
    }
  }
}

// The tail of Node's ERR_INVALID_ARG_TYPE message: " Received ...".
function invalidArgTypeHelper(input) {
  if (input === null || input === undefined) return ` Received ${input}`;
  if (typeof input === 'function') return ` Received function ${input.name}`;
  if (typeof input === 'object') {
    if (input.constructor && input.constructor.name) {
      return ` Received an instance of ${input.constructor.name}`;
    }
    const util = require('util');
    return ` Received ${util.inspect(input, { depth: -1 })}`;
  }
  const util = optionalRequire('util');
  let shown = util ? util.inspect(input, { colors: false }) : describe(input);
  if (shown.length > 28) shown = `${shown.slice(0, 25)}...`;
  return ` Received type ${typeof input} (${shown})`;
}

// --- data helpers ----------------------------------------------------------------

function getArrayBufferViews(buf) {
  const { buffer, byteOffset, byteLength } = buf;
  const types = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array,
    Uint32Array];
  if (typeof globalThis.Float16Array === 'function') types.push(globalThis.Float16Array);
  types.push(Float32Array, Float64Array, BigInt64Array, BigUint64Array, DataView);
  const views = [];
  for (const Type of types) {
    const size = Type.BYTES_PER_ELEMENT || 1;
    if (byteLength % size === 0) views.push(new Type(buffer, byteOffset, byteLength / size));
  }
  return views;
}

function getBufferSources(buf) {
  return [...getArrayBufferViews(buf), new Uint8Array(buf).buffer];
}

// A view of `target` through which any change throws, at any depth.
function mustNotMutateObjectDeep(target) {
  if (target === null || (typeof target !== 'object' && typeof target !== 'function')) return target;
  const proxies = new WeakMap();
  const refuse = (what) => () => {
    throw new Error(`Expected no side effects, got ${what}`);
  };
  const handler = {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver);
      const own = Reflect.getOwnPropertyDescriptor(object, key);
      // A proxy's get must give back the very value of a frozen property.
      if (own && !own.configurable && !own.writable && 'value' in own) return value;
      return wrap(value);
    },
    set: refuse('a property set'),
    defineProperty: refuse('a property defined'),
    deleteProperty: refuse('a property deleted'),
    setPrototypeOf: refuse('a prototype set'),
    preventExtensions: refuse('extensions prevented'),
  };
  function wrap(value) {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return value;
    let proxy = proxies.get(value);
    if (proxy === undefined) {
      proxy = new Proxy(value, handler);
      proxies.set(value, proxy);
    }
    return proxy;
  }
  return wrap(target);
}

function platformTimeout(ms) {
  const factor = isDebug ? 2 : 1;
  return typeof ms === 'bigint' ? ms * BigInt(factor) : ms * factor;
}

// Template tag: the interpolated values reach the shell as $ESCAPED_n.
function escapePOSIXShell(strings, ...values) {
  const env = { ...process.env };
  let command = strings[0];
  values.forEach((value, i) => {
    env[`ESCAPED_${i}`] = String(value);
    command += `"$ESCAPED_${i}"${strings[i + 1]}`;
  });
  return [command, { env }];
}

function spawnPromisified(...args) {
  const { spawn } = require('child_process');
  let stdout = '';
  let stderr = '';
  const child = spawn(...args);
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (chunk) => { stdout += chunk; });
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  return new Promise((resolve, reject) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    child.on('error', (err) => {
      err.stdout = stdout;
      err.stderr = stderr;
      reject(err);
    });
  });
}

// --- skipping ----------------------------------------------------------------------

// The line Node's test runner reads as "skipped" (TAP's plan of zero tests).
function printSkipMessage(message) {
  process.stdout.write(`1..0 # Skipped: ${message}\n`);
}

function skip(message) {
  printSkipMessage(message);
  process.exit(0);
}

function skipIf32Bits() {
  if (!['x64', 'arm64', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el'].includes(process.arch)) {
    skip('The tested feature is not available in 32bit builds');
  }
}

function skipIfInspectorDisabled() {
  if (!process.features || !process.features.inspector) skip('V8 inspector is disabled');
}

function skipIfWorker() {
  if (!module.exports.isMainThread) skip('This test only works on a main thread');
}

function skipIfEslintMissing() {
  skip('missing ESLint');
}

function skipIfSQLiteMissing() {
  if (!module.exports.hasSQLite) skip('missing SQLite');
}

function skipIfDumbTerminal() {
  if (process.env.TERM === 'dumb') skip('skipping - dumb terminal');
}

// --- processes and descriptors -------------------------------------------------------

function nodeProcessAborted(exitCode, signal) {
  if (isWindows) return exitCode === 0xC0000409 || exitCode === 134 || exitCode === 3;
  return signal === 'SIGABRT' || signal === 'SIGTRAP' || signal === 'SIGILL' || exitCode === 134;
}

function isAlive(pid) {
  try {
    process.kill(pid, 'SIGCONT');
    return true;
  } catch {
    return false;
  }
}

function getTTYfd() {
  const tty = require('tty');
  const fd = [0, 1, 2].find((candidate) => tty.isatty(candidate));
  return fd === undefined ? -1 : fd;
}

function runWithInvalidFD(fn) {
  const fs = require('fs');
  let fd = 1 << 30;
  // An fd that is very likely not open; the check makes sure.
  for (;;) {
    try {
      fs.fstatSync(fd);
      fd--;
    } catch {
      return fn(fd);
    }
  }
}

function requireNoPackageJSONAbove(dir = __dirname) {
  const fs = require('fs');
  let current = path.resolve(dir, '..');
  for (;;) {
    const manifest = path.join(current, 'package.json');
    if (fs.existsSync(manifest)) {
      const err = new Error(`This test must not run with a package.json above it: ${manifest}`);
      err.code = 'ERR_INVALID_TEST_ENVIRONMENT';
      throw err;
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

function busyLoop(ms) {
  const end = Date.now() + ms;
  while (Date.now() < end);
}

function getCallSite(top) {
  const holder = {};
  Error.captureStackTrace(holder, top);
  return firstFrame(String(holder.stack).split('\n').slice(1).join('\n'));
}

function hasOpenSSL(major = 0, minor = 0, patch = 0) {
  const version = process.versions && process.versions.openssl;
  if (typeof version !== 'string') return false;
  const [a, b, c] = version.split(/[.+-]/).map((part) => parseInt(part, 10) || 0);
  if (a !== major) return a > major;
  if (b !== minor) return b > minor;
  return c >= patch;
}

const common = {
  allowGlobals() {},  // Leaked globals are not checked here.
  buildType: isDebug ? 'Debug' : 'Release',
  busyLoop,
  canCreateSymLink: () => !isWindows,
  escapePOSIXShell,
  expectsError,
  expectWarning,
  getArrayBufferViews,
  getBufferSources,
  getCallSite,
  getTTYfd,
  hasMultiLocalhost: () => false,
  hasOpenSSL,
  invalidArgTypeHelper,
  isAIX: platform === 'aix',
  isAlive,
  isASan: false,
  isDebug,
  isFreeBSD: platform === 'freebsd',
  isIBMi: platform === 'os400',
  isLinux,
  isLinuxPPCBE: false,
  isMacOS,
  isOSX: isMacOS,
  isOpenBSD: platform === 'openbsd',
  isPi: false,
  isSunOS: platform === 'sunos',
  isWindows,
  localhostIPv4: '127.0.0.1',
  mustCall,
  mustCallAtLeast,
  mustNotCall,
  mustNotMutateObjectDeep,
  mustSucceed,
  nodeProcessAborted,
  platformTimeout,
  printSkipMessage,
  pwdCommand: isWindows ? ['cmd.exe', ['/d', '/c', 'cd']] : ['pwd', []],
  requireNoPackageJSONAbove,
  runWithInvalidFD,
  skip,
  skipIf32Bits,
  skipIfDumbTerminal,
  skipIfEslintMissing,
  skipIfInspectorDisabled,
  skipIfSQLiteMissing,
  skipIfWorker,
  spawnPromisified,
};

// Answers that need a module are worked out on first read, and kept.
function defineLazy(name, compute) {
  Object.defineProperty(common, name, {
    configurable: true,
    enumerable: true,
    get() {
      const value = compute();
      Object.defineProperty(common, name, { value, configurable: true, enumerable: true, writable: true });
      return value;
    },
  });
}

defineLazy('isMainThread', () => {
  const workerThreads = optionalRequire('worker_threads');
  return workerThreads === undefined ? true : workerThreads.isMainThread !== false;
});
// Whether the runtime has a crypto module at all, not which library is behind it.
defineLazy('hasCrypto', () => !process.env.NODE_SKIP_CRYPTO && optionalRequire('crypto') !== undefined);
defineLazy('hasOpenSSL3', () => hasOpenSSL(3));
defineLazy('hasFipsCrypto', () => false);
defineLazy('hasQuic', () => false);
defineLazy('hasIntl', () => typeof Intl === 'object' && Intl !== null);
defineLazy('hasSQLite', () => optionalRequire('node:sqlite') !== undefined);
defineLazy('hasIPv6', () => {
  const os = optionalRequire('os');
  if (os === undefined || typeof os.networkInterfaces !== 'function') return false;
  return Object.values(os.networkInterfaces()).some((list) =>
    list.some(({ family }) => family === 'IPv6' || family === 6));
});
defineLazy('enoughTestMem', () => {
  const os = optionalRequire('os');
  return os !== undefined && typeof os.totalmem === 'function' && os.totalmem() > 0x70000000;
});
defineLazy('isDumbTerminal', () => process.env.TERM === 'dumb');
defineLazy('isInsideDirWithUnusualChars', () => /[^\w./\\:-]/.test(__dirname));
defineLazy('PIPE', () => {
  const tmpdir = require('./tmpdir');
  return isWindows ? `\\\\.\\pipe\\libuv-test.${process.pid}` : path.join(tmpdir.path, `test.${process.pid}.sock`);
});
defineLazy('defaultAutoSelectFamilyAttemptTimeout', () => platformTimeout(2500));

module.exports = common;
