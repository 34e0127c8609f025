'use strict';
// Runs once per worker, before the host says what to run: builds `process`
// and the globals, and hands C++ the functions it calls from the event loop.
// Everything stdio-like is a lazy, self-replacing accessor: a worker that
// never touches it builds none of it.

// Node 20 has these (V8 10.2 does not yet): the keys of disposable objects
// such as the one events.addAbortListener() returns and timers.
for (const name of ['dispose', 'asyncDispose']) {
  if (Symbol[name] === undefined) {
    Object.defineProperty(Symbol, name, { __proto__: null, value: Symbol(`nodejs.${name}`), writable: false, enumerable: false, configurable: false });
  }
}

const { EventEmitter } = internalRequire('internal/events/emitter');
const tick = internalRequire('internal/process/tick');
const timers = internalRequire('internal/timers/globals');
const errors = internalRequire('internal/process/uncaught');

const kConsoleLevels = { debug: 1, info: 2, warn: 3, error: 4, trace: 5 };

// --- lazy accessors ------------------------------------------------------------

// The globals the platform defines as data properties, built on first read
// all the same: V8's lazy data properties (worker/v8/lazy_property.h).
function defineLazyData(name, build, enumerable) {
  binding.defineLazyData(globalThis, name, enumerable, build);
}

// Until the first read, `name` is an accessor pair; the first read builds the
// value and replaces the accessor by a writable data property with the same
// enumerability; an assignment before that keeps the assigned value.
function defineLazy(target, name, build, enumerable) {
  const replaceWith = (value) => {
    Object.defineProperty(target, name, { __proto__: null, value, writable: true, configurable: true, enumerable });
  };
  Object.defineProperty(target, name, {
    __proto__: null,
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

const processModule = internalRequire('internal/process/object');
const { process } = processModule;

internalRequire('internal/events/emitter').setProcess(process);

tick.setUncaughtHandler(errors.handleUncaught);
timers.setHooks({ runNextTicks: tick.runNextTicks, handleUncaught: errors.handleUncaught });

// --- stdio and console -----------------------------------------------------------

const stdio = internalRequire('internal/process/stdio');

// Stdin data that arrives before the script looked at process.stdin.
let stdin = null;
const stdinBacklog = [];
let stdinRef = false;
let portRef = false;
// A stdout/stderr write() that answered false waits for the host's 'drain'.
let drainRef = false;
// A worker of a task pool waits for tasks.
let taskRef = false;
// A MessagePort or a nested Worker of this worker keeps it alive.
let channelRef = false;
let updateKeepAlive = () => binding.setPortRef(portRef || stdinRef || drainRef || taskRef || channelRef);
const setDrainRef = (ref) => {
  drainRef = ref;
  updateKeepAlive();
};

// The console and the process's own warnings write to the channel directly,
// the fast path, while the script leaves process.stdout and process.stderr
// alone. Code that captures output replaces their write(), or one of them,
// or the console's _stdout/_stderr: the lines then go through that write(),
// as Node's console writes through its streams. As in Node, the console's
// stream is the process's stream of its first line (a process.stdout
// replaced later is not its), or the one set as console._stdout.
const stdioState = {
  stdout: { touched: false, built: null, write: null },
  stderr: { touched: false, built: null, write: null },
};
const consoleStreams = { stdout: undefined, stderr: undefined };  // console._stdout / _stderr set
const kOwnStream = Symbol('kOwnStream');
const consoleBound = { stdout: undefined, stderr: undefined };  // kOwnStream or what replaced it

function defineStdio(name, create) {
  const state = stdioState[name];
  const replaceWith = (value) => {
    state.touched = true;
    Object.defineProperty(process, name, { __proto__: null, value, writable: true, configurable: true, enumerable: true });
  };
  Object.defineProperty(process, name, {
    __proto__: null,
    configurable: true,
    enumerable: true,
    get() {
      const stream = create(setDrainRef);
      state.built = stream;
      state.write = stream.write;
      replaceWith(stream);
      return stream;
    },
    set: replaceWith,
  });
}
defineStdio('stdout', stdio.createStdout);
defineStdio('stderr', stdio.createStderr);

// What the console's `name` lines go to instead of the channel, or null.
function redirectedStdio(name) {
  const chosen = consoleStreams[name];
  if (chosen !== undefined) return chosen;
  const state = stdioState[name];
  let bound = consoleBound[name];
  if (bound === undefined) {
    // The first line: the stream process[name] is now, without building it.
    bound = state.touched && process[name] !== state.built ? process[name] : kOwnStream;
    consoleBound[name] = bound;
  }
  if (bound !== kOwnStream) return bound;
  return state.built !== null && state.built.write !== state.write ? state.built : null;
}

// `fd` 1 or 2; `level` a proto ConsoleLevel.
function writeStdio(fd, text, level) {
  const target = redirectedStdio(fd === 2 ? 'stderr' : 'stdout');
  if (target === null) {
    binding.writeStdio(fd, text, level);
  } else {
    target.write(text);
  }
}
processModule.setStderrWrite((text, level) => writeStdio(2, text, level));
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
  writeStdio(stream === 'stderr' ? 2 : 1, text, kConsoleLevels[level] || 2);
}

defineLazyData('console', () => {
  binding.countStdioObject();
  const console = internalRequire('internal/console/global').createConsole(consoleWrite, {
    // console.clear() writes to a stdout that says it is a terminal.
    stdoutIfTerminal: () => {
      const target = redirectedStdio('stdout');
      if (target !== null) return target.isTTY ? target : null;
      // Still the worker's own stream, which says it is a terminal only if
      // the script set its isTTY.
      const own = stdioState.stdout.built;
      return own !== null && own.isTTY ? own : null;
    },
  });
  // Node's: the streams the console writes to, which a script may replace.
  for (const name of ['stdout', 'stderr']) {
    Object.defineProperty(console, `_${name}`, {
      __proto__: null,
      enumerable: false,
      configurable: true,
      get() {
        if (consoleStreams[name] !== undefined) return consoleStreams[name];
        const bound = consoleBound[name];
        return bound === undefined || bound === kOwnStream ? process[name] : bound;
      },
      set(value) { consoleStreams[name] = value; },
    });
  }
  return console;
}, false);

// --- globals -------------------------------------------------------------------

defineLazyData('URL', () => internalRequire('internal/url').URL, false);
defineLazyData('URLSearchParams', () => internalRequire('internal/url').URLSearchParams, false);

// Enumerable, as the timers and `global` are in Node.
function defineGlobal(name, value) {
  Object.defineProperty(globalThis, name, { __proto__: null, value, writable: true, configurable: true, enumerable: true });
}

defineGlobal('global', globalThis);
// An accessor pair in Node; an assignment replaces the process object seen
// through the global, not the one builtins hold.
let processGlobal = process;
Object.defineProperty(globalThis, 'process', {
  __proto__: null,
  configurable: true,
  enumerable: false,
  get() { return processGlobal; },
  set(value) { processGlobal = value; },
});
defineGlobal('setTimeout', timers.setTimeout);
defineGlobal('clearTimeout', timers.clearTimeout);
defineGlobal('setInterval', timers.setInterval);
defineGlobal('clearInterval', timers.clearInterval);
defineGlobal('setImmediate', timers.setImmediate);
defineGlobal('clearImmediate', timers.clearImmediate);
defineGlobal('queueMicrotask', tick.queueMicrotask);
// Buffer and the encoding globals, each built on first read.
defineLazy(globalThis, 'Buffer', () => internalRequire('node/buffer').Buffer, false);
defineLazy(globalThis, 'atob', () => internalRequire('internal/buffer/atob').atob, true);
defineLazy(globalThis, 'btoa', () => internalRequire('internal/buffer/atob').btoa, true);
defineLazy(globalThis, 'Blob', () => internalRequire('internal/buffer/blob').Blob, false);
defineLazy(globalThis, 'File', () => internalRequire('internal/buffer/blob').File, false);
defineLazy(globalThis, 'TextEncoder', () => internalRequire('internal/encoding').TextEncoder, false);
defineLazy(globalThis, 'TextDecoder', () => internalRequire('internal/encoding').TextDecoder, false);

// Web APIs, each built on first read from the builtin that defines it:
// [global name, builtin, export (default: the name), enumerable, a data
// property (else an accessor pair) as in Node].
const kLazyGlobals = [
  ['structuredClone', 'internal/structured_clone', undefined, true, true],
  ['Event', 'internal/event_target', undefined, false, true],
  ['EventTarget', 'internal/event_target', undefined, false, true],
  ['CustomEvent', 'internal/event_target', undefined, false, true],
  ['AbortController', 'internal/abort_controller'],
  ['AbortSignal', 'internal/abort_controller'],
  ['DOMException', 'internal/dom_exception', null],
  ['performance', 'internal/perf', undefined, true],
  ['Performance', 'internal/perf'],
  ['PerformanceEntry', 'internal/perf'],
  ['PerformanceMark', 'internal/perf'],
  ['PerformanceMeasure', 'internal/perf'],
  ['PerformanceObserver', 'internal/perf'],
  ['PerformanceObserverEntryList', 'internal/perf'],
  ['PerformanceResourceTiming', 'internal/perf'],
  ['navigator', 'internal/navigator'],
  ['crypto', 'internal/crypto/webcrypto', undefined, true],
  ['Crypto', 'internal/crypto/webcrypto'],
  ['SubtleCrypto', 'internal/crypto/webcrypto'],
  ['CryptoKey', 'internal/crypto/webcrypto'],
  ['Navigator', 'internal/navigator'],
  ['ReadableStream', 'internal/webstreams/readable'],
  ['ReadableStreamDefaultReader', 'internal/webstreams/readable'],
  ['ReadableStreamBYOBReader', 'internal/webstreams/readable'],
  ['ReadableStreamBYOBRequest', 'internal/webstreams/readable'],
  ['ReadableByteStreamController', 'internal/webstreams/readable'],
  ['ReadableStreamDefaultController', 'internal/webstreams/readable'],
  ['TransformStream', 'internal/webstreams/transform'],
  ['TransformStreamDefaultController', 'internal/webstreams/transform'],
  ['WritableStream', 'internal/webstreams/writable'],
  ['WritableStreamDefaultWriter', 'internal/webstreams/writable'],
  ['WritableStreamDefaultController', 'internal/webstreams/writable'],
  ['ByteLengthQueuingStrategy', 'internal/webstreams/queuing_strategies'],
  ['CountQueuingStrategy', 'internal/webstreams/queuing_strategies'],
  ['TextEncoderStream', 'internal/webstreams/encoding'],
  ['TextDecoderStream', 'internal/webstreams/encoding'],
  ['CompressionStream', 'internal/webstreams/compression'],
  ['DecompressionStream', 'internal/webstreams/compression'],
  ['MessageChannel', 'internal/worker/io'],
  ['MessagePort', 'internal/worker/io'],
  ['MessageEvent', 'internal/worker/io'],
  ['BroadcastChannel', 'internal/worker/io'],
];
for (const [name, builtin, key = name, enumerable = false, data = false] of kLazyGlobals) {
  const build = () => {
    const exports = internalRequire(builtin);
    return key === null ? exports : exports[key];
  };
  if (data) {
    defineLazyData(name, build, enumerable);
  } else {
    defineLazy(globalThis, name, build, enumerable);
  }
}

// --- builtin modules for require() ---------------------------------------------------

const modules = internalRequire('internal/modules/cjs/loader');
const workerThreads = internalRequire('node/worker_threads');

// util.inspect with the engine's facts, built on first use.
const inspectModule = () => internalRequire('internal/util/inspect');
errors.setInspect((value) => inspectModule().inspect(value));
processModule.setInspect((value, options) => inspectModule().inspect(value, options));


// --- what C++ calls --------------------------------------------------------------

const { kScriptPath, kScriptSource, kSourceKind, kThreadId, kTaskRunner, kPermissions, kExecArgv } =
  internalRequire('internal/bootstrap/start_info');

function parentPortRefChanged() {
  portRef = workerThreads.parentPort.hasRef();
  updateKeepAlive();
}

function setChannelRef(ref) {
  channelRef = ref;
  updateKeepAlive();
}

// `withPorts`: workerData carries MessagePorts, and is read here once they exist.
function runMain(workerData, withPorts) {
  const info = binding.getStartInfo();
  processModule.setup(info);
  if (withPorts) workerData = internalRequire('internal/worker/io').startWorkerData();
  workerThreads.setup(process, workerData, info[kThreadId], parentPortRefChanged, setChannelRef);
  // A worker of a task pool: the script's export runs the tasks, which may
  // arrive while it loads.
  const tasks = info[kTaskRunner] ? internalRequire('internal/task_runner') : null;
  if (tasks !== null) {
    taskRef = true;
    updateKeepAlive();
  }
  const scriptPath = info[kScriptPath];
  const entry = modules.runMain(scriptPath, info[kScriptSource], info[kSourceKind], info[kPermissions], info[kExecArgv]);
  modules.dropPreparedEntry();
  if (tasks !== null) tasks.start(entry, scriptPath);
}

binding.setCallbacks({
  runMain,
  // With `process` as receiver: a tick callback's stack ends in
  // `process.processTicksAndRejections`, as in Node.
  tickPass: tick.processTicksAndRejections.bind(process),
  processTimers: timers.processTimers,
  processImmediates: timers.processImmediates,
  emitBeforeExit: processModule.emitBeforeExit,
  emitExit: processModule.emitExit,
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
  // import() anywhere: the ES module loader is compiled on its first use.
  importModuleDynamically: (specifier, referrer, attributes) =>
    internalRequire('internal/modules/esm/loader').importModuleDynamically(specifier, referrer, attributes),
  makeDataCloneError: (message) => new (internalRequire('internal/dom_exception'))(message, 'DataCloneError'),
  // MessagePorts between processes: the port code is compiled on the first.
  onChannelFrame: (...args) => internalRequire('internal/worker/io').onChannelFrame(...args),
  warmUp: modules.warmUp,
  prepareEntry: modules.prepareEntry,
});
