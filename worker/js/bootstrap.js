'use strict';
// Runs once per worker, before the host says what to run: builds `process`
// and the globals, and hands C++ the functions it calls from the event loop.
// Everything stdio-like is a lazy, self-replacing accessor: a worker that
// never touches it builds none of it.

const { EventEmitter } = internalRequire('events');
const tick = internalRequire('tick');
const timers = internalRequire('timers');
const errors = internalRequire('errors');

const kConsoleLevels = { debug: 1, info: 2, warn: 3, error: 4, trace: 5 };

// --- lazy accessors ------------------------------------------------------------

// Until the first read, `name` is an accessor pair; the first read builds the
// value and replaces the accessor by a writable data property with the same
// enumerability; an assignment before that keeps the assigned value.
function defineLazy(target, name, build, enumerable) {
  const replaceWith = (value) => {
    Object.defineProperty(target, name, { value, writable: true, configurable: true, enumerable });
  };
  Object.defineProperty(target, name, {
    configurable: true,
    enumerable,
    get() {
      const value = build();
      replaceWith(value);
      return value;
    },
    set(value) {
      replaceWith(value);
    },
  });
}

// --- process -----------------------------------------------------------------

const process = Object.create(EventEmitter.prototype, {
  [Symbol.toStringTag]: { value: 'process', writable: false, enumerable: false, configurable: true },
});
EventEmitter.init.call(process);

const startTime = binding.hrtime();

function hrtime(previous) {
  const now = binding.hrtime();
  let seconds = Math.floor(now / 1e9);
  let nanos = now - seconds * 1e9;
  if (Array.isArray(previous)) {
    seconds -= previous[0];
    nanos -= previous[1];
    if (nanos < 0) {
      seconds -= 1;
      nanos += 1e9;
    }
  }
  return [seconds, nanos];
}
hrtime.bigint = () => binding.hrtimeBigInt();

let exiting = false;
function reallyExit(code) {
  binding.reallyExit(code, false);
}

Object.assign(process, {
  title: 'isohost-worker',
  version: 'v0.1.0',
  versions: { isohost: '0.1.0', v8: binding.v8Version },
  arch: 'x64',
  platform: 'linux',
  release: { name: 'isohost' },
  pid: binding.pid,
  argv: [],
  execArgv: [],
  env: {},
  execPath: '',
  exitCode: undefined,
  nextTick: tick.nextTick,
  hrtime,
  memoryUsage: Object.assign(() => binding.memoryUsage(), { rss: () => binding.memoryUsage().rss }),
  cwd: () => binding.cwd(),
  uptime: () => (binding.hrtime() - startTime) / 1e9,
  emitWarning(warning, type = 'Warning') {
    const text = warning instanceof Error ? `${warning.name}: ${warning.message}` : `${type}: ${warning}`;
    binding.writeStdio(2, `(isohost:${binding.pid}) ${text}\n`, kConsoleLevels.warn);
  },
  exit(code) {
    if (code !== undefined && code !== null) process.exitCode = code;
    if (!exiting) {
      exiting = true;
      process._exiting = true;
      process.emit('exit', process.exitCode === undefined ? 0 : process.exitCode | 0);
    }
    reallyExit(process.exitCode === undefined ? 0 : process.exitCode | 0);
  },
  abort() {
    reallyExit(134);
  },
});
Object.defineProperty(process, '_exiting', {
  get: () => exiting,
  set: (value) => { exiting = !!value; },
  enumerable: false,
  configurable: true,
});

tick.setExitingProbe(() => exiting);
errors.setProcess(process);
tick.setUncaughtHandler(errors.handleUncaught);
timers.setHooks({ runNextTicks: tick.runNextTicks, handleUncaught: errors.handleUncaught });

// --- stdio and console -----------------------------------------------------------

const stdio = internalRequire('stdio');
stdio.setProcess(process);

// Stdin data that arrives before the script looked at process.stdin.
let stdin = null;
const stdinBacklog = [];
let stdinRef = false;
let portRef = false;
let updateKeepAlive = () => binding.setPortRef(portRef || stdinRef);

defineLazy(process, 'stdout', stdio.createStdout, true);
defineLazy(process, 'stderr', stdio.createStderr, true);
defineLazy(process, 'stdin', () => {
  stdin = stdio.createStdin((ref) => {
    stdinRef = ref;
    updateKeepAlive();
  });
  if (stdinBacklog.length > 0) {
    process.nextTick(() => {
      for (const [text, eof] of stdinBacklog.splice(0)) stdin._push(text, eof);
    });
  }
  return stdin;
}, true);

function consoleWrite(stream, text, level) {
  binding.writeStdio(stream === 'stderr' ? 2 : 1, text, kConsoleLevels[level] || 2);
}

defineLazy(globalThis, 'console', () => {
  binding.countStdioObject();
  inspectModule();
  return internalRequire('console').createConsole(consoleWrite);
}, false);

// --- globals -------------------------------------------------------------------

defineLazy(globalThis, 'URL', () => internalRequire('internal/url').URL, false);
defineLazy(globalThis, 'URLSearchParams', () => internalRequire('internal/url').URLSearchParams, false);

function defineGlobal(name, value) {
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
}

defineGlobal('global', globalThis);
defineGlobal('process', process);
defineGlobal('setTimeout', timers.setTimeout);
defineGlobal('clearTimeout', timers.clearTimeout);
defineGlobal('setInterval', timers.setInterval);
defineGlobal('clearInterval', timers.clearInterval);
defineGlobal('setImmediate', timers.setImmediate);
defineGlobal('clearImmediate', timers.clearImmediate);
defineGlobal('queueMicrotask', tick.queueMicrotask);
defineGlobal('structuredClone', (value) => binding.structuredClone(value));
defineGlobal('performance', {
  timeOrigin: Date.now(),
  now: () => (binding.hrtime() - startTime) / 1e6,
});

// --- builtin modules for require() ---------------------------------------------------

const modules = internalRequire('modules');
const workerThreads = internalRequire('worker_threads');

// util.inspect, given what only the engine knows (promise state, proxies,
// entries of iterators and weak collections) on first use.
let inspectHooked = false;
function inspectModule() {
  const inspect = internalRequire('inspect');
  if (!inspectHooked) {
    inspectHooked = true;
    const kStates = ['pending', 'fulfilled', 'rejected'];
    inspect.setNativeHooks({
      promiseState(promise) {
        const details = binding.promiseState(promise);
        return details === undefined ? undefined : { state: kStates[details[0]], value: details[1] };
      },
      previewEntries(object, isIterator) {
        const preview = binding.previewEntries(object);
        if (preview === undefined) return undefined;
        return isIterator ? preview : preview[0];
      },
      proxyDetails: binding.proxyDetails,
      constructorName: binding.constructorName,
    });
  }
  return inspect;
}
errors.setInspect((value) => inspectModule().inspect(value));

modules.registerBuiltin('worker_threads', () => workerThreads);
modules.registerBuiltin('events', () => EventEmitter);
modules.registerBuiltin('path', () => internalRequire('path'));
modules.registerBuiltin('process', () => process);
modules.registerBuiltin('timers', () => ({
  setTimeout: timers.setTimeout,
  clearTimeout: timers.clearTimeout,
  setInterval: timers.setInterval,
  clearInterval: timers.clearInterval,
  setImmediate: timers.setImmediate,
  clearImmediate: timers.clearImmediate,
}));
modules.registerBuiltin('util', () => {
  const inspect = inspectModule();
  return { inspect: inspect.inspect, format: inspect.format, formatWithOptions: inspect.formatWithOptions };
});
modules.registerBuiltin('console', () => globalThis.console);

// --- what C++ calls --------------------------------------------------------------

function runMain(workerData) {
  const info = binding.getStartInfo();
  process.env = info.env;
  process.execPath = info.execPath;
  process.argv = [info.execPath, info.scriptPath || '[worker eval]', ...info.argv];
  workerThreads.setup({
    process,
    workerData,
    threadId: info.threadId,
    keepAliveChanged() {
      portRef = workerThreads.parentPort.hasRef();
      updateKeepAlive();
    },
  });
  modules.runMain(info.scriptPath, info.scriptSource);
}

binding.setCallbacks({
  runMain,
  tickPass: tick.tickPass,
  processTimers: timers.processTimers,
  processImmediates: timers.processImmediates,
  emitBeforeExit() {
    if (!exiting) process.emit('beforeExit', process.exitCode === undefined ? 0 : process.exitCode | 0);
  },
  emitExit(code) {
    if (code !== undefined) process.exitCode = code;
    if (!exiting) {
      exiting = true;
      process.emit('exit', process.exitCode === undefined ? 0 : process.exitCode | 0);
    }
    return process.exitCode === undefined ? 0 : process.exitCode | 0;
  },
  onMessage(value) {
    workerThreads.parentPort._deliver(value);
  },
  onPromiseReject: tick.onPromiseReject,
  onUncaught: errors.handleUncaught,
  onStdin(text, eof) {
    if (stdin === null) stdinBacklog.push([text, eof]);
    else stdin._push(text, eof);
  },
  onStdioDrain: stdio.onDrain,
});
