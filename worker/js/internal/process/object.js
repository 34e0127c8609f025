'use strict';
// `process` inside a worker, as Node 20 has it in a worker_threads worker.
// A worker is a process of its own, so what only a process can say (signals,
// credentials, the umask, resource usage, memory limits) is the real answer
// of this process (worker/api/process/process_binding.cc). What Node refuses in a worker
// (chdir, setting the umask, the set*id calls) throws here as it does there.

const { EventEmitter } = internalRequire('internal/events/emitter');
const tick = internalRequire('internal/process/tick');
const errors = internalRequire('internal/process/uncaught');

// The Node release whose API a worker implements, and whose behaviour the
// conformance corpus records: what packages that check process.version see.
const kNodeVersion = '20.20.2';
const kLevelWarn = 3;  // proto ConsoleLevel

const startTime = binding.hrtime();

// The native side (worker/api/process/process_binding.cc), made on first use: a worker
// that never asks for what it holds never builds it.
let native = null;
function natives() {
  if (native === null) native = binding.processBinding();
  return native;
}

// --- Node's errors ----------------------------------------------------------------

// util.inspect, handed over by the bootstrap; only error messages use it.
let inspect = (value) => String(value);

// Node's error classes (internal/errors), loaded by the first throw.
const codes = () => internalRequire('internal/errors').codes;

// util.format's %s: an object whose toString is the engine's own is inspected.
const kBuiltinPrototypes = [Object.prototype, Array.prototype, Error.prototype, Date.prototype, RegExp.prototype,
  Function.prototype, Map.prototype, Set.prototype];
function formatAsString(value) {
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol') return String(value);
  if (value === null || typeof value !== 'object') return Object.is(value, -0) ? '-0' : String(value);
  let holder = value;
  while (holder !== null && !Object.prototype.hasOwnProperty.call(holder, 'toString')) {
    holder = Object.getPrototypeOf(holder);
  }
  if (holder === null || kBuiltinPrototypes.includes(holder)) {
    return inspect(value, { depth: 0, colors: false, compact: 3 });
  }
  return String(value);
}

function errnoException(err, syscall) {
  const code = natives().errname(err);
  const error = new Error(`${syscall} ${code}`);
  error.errno = err;
  error.code = code;
  error.syscall = syscall;
  return error;
}

// --- what the object holds ---------------------------------------------------------

// A value built on its first read, then kept as a read-only data property.
function becomeReadOnly(name, value) {
  Object.defineProperty(process, name, { __proto__: null, value, writable: false, enumerable: true, configurable: true });
  return value;
}

// A value built on its first read, then kept as a writable data property;
// an assignment before that keeps the assigned value.
function becomeWritable(name, value) {
  Object.defineProperty(process, name, { __proto__: null, value, writable: true, enumerable: true, configurable: true });
  return value;
}

function deepFreeze(object) {
  for (const value of Object.values(object)) {
    if (value !== null && typeof value === 'object') deepFreeze(value);
  }
  return Object.freeze(object);
}

// Node's process.versions, with the libraries this worker really runs on.
// Built on first read: asking ICU for its time zone data opens a resource.
function buildVersions() {
  const versions = {
    node: kNodeVersion,
    isohost: natives().isohostVersion,
    v8: binding.v8Version,
    uv: natives().uvVersion,
    openssl: natives().opensslVersion,
    ...natives().icuVersions(),
  };
  for (const key of Object.keys(versions)) {
    Object.defineProperty(versions, key, { __proto__: null, writable: false });
  }
  return versions;
}

// Like Node's, the set ignores add(), delete() and clear().
function emptyFlagSet() {
  class NodeEnvironmentFlagsSet extends Set {
    add() { return this; }
    delete() { return false; }
    clear() {}
  }
  return Object.freeze(new NodeEnvironmentFlagsSet());
}

function buildConfig() {
  return deepFreeze({
    target_defaults: { cflags: [], default_configuration: 'Release', defines: [], include_dirs: [], libraries: [] },
    variables: { host_arch: binding.arch, target_arch: binding.arch, v8_enable_i18n_support: 1, icu_small: false },
  });
}

// The Node options the worker was started with, as the host gave them: what
// the builtins consult, so that a script editing process.execArgv changes
// nothing (Node reads its options from C++). Set by setup().
let execOptions = new Set();
// The same in their order (options with values among them).
let startExecArgv = [];

// --- exit --------------------------------------------------------------------------------

let exiting = false;
let exitCode;

function validateExitCode(code) {
  // Node takes an integer as a string too ('3'), and keeps the string.
  if (typeof code === 'string' && code !== '' && Number.isInteger(+code)) return;
  if (typeof code !== 'number') throw new (codes().ERR_INVALID_ARG_TYPE)('code', 'number', code);
  if (!Number.isInteger(code)) throw new (codes().ERR_OUT_OF_RANGE)('code', 'an integer', code);
  if (!Number.isSafeInteger(code)) {
    throw new (codes().ERR_OUT_OF_RANGE)('code', `>= ${Number.MIN_SAFE_INTEGER} && <= ${Number.MAX_SAFE_INTEGER}`, code);
  }
}

function exitStatus() {
  return exitCode === undefined || exitCode === null ? 0 : exitCode | 0;
}

function exit(code) {
  if (arguments.length !== 0) process.exitCode = code;
  if (!exiting) {
    exiting = true;
    process.emit('exit', exitCode === undefined || exitCode === null ? 0 : exitCode);
  }
  // Through the property, so that code that wraps reallyExit sees the exit.
  process.reallyExit(exitStatus());
}

function reallyExit(code) {
  if (traceExitAsked()) writeExitTrace(code | 0);
  binding.reallyExit(code | 0, false);
}

// --trace-exit (given to this worker, or in NODE_OPTIONS of its
// environment): a script that ends the worker says where. NODE_OPTIONS is
// parsed only when it names the option.
function traceExitAsked() {
  return optionNamed('--trace-exit') && internalRequire('internal/options').getOptionValue('--trace-exit') === true;
}

function writeExitTrace(code) {
  const trace = {};
  Error.captureStackTrace(trace, reallyExit);
  const stack = typeof trace.stack === 'string' ? trace.stack.slice(trace.stack.indexOf('\n') + 1) : '';
  binding.writeStdio(2, `(isohost:${process.pid}) WARNING: Exited the environment with code ${code}\n${stack}\n`,
                     kLevelWarn);
}

// From C++: the loop ran dry.
function emitBeforeExit() {
  if (!exiting) process.emit('beforeExit', exitStatus());
}

// From C++: the loop ran dry or the host asked the worker to stop (`code`).
function emitExit(code) {
  if (code !== undefined) process.exitCode = code;
  if (!exiting) {
    exiting = true;
    process.emit('exit', exitStatus());
  }
  return exitStatus();
}

// --- signals, credentials, umask ----------------------------------------------------

let signals = null;  // name -> number, without a prototype

function kill(pid, signal) {
  // Whatever equals its own int32 is a pid, '123' included, as in Node.
  // eslint-disable-next-line eqeqeq
  if (pid != (pid | 0)) throw new (codes().ERR_INVALID_ARG_TYPE)('pid', 'number', pid);
  let number = signal;
  if (signal !== (signal | 0)) {
    const name = signal || 'SIGTERM';
    if (signals === null) signals = natives().signals();
    number = signals[name];
    if (number === undefined) {
      throw new (codes().ERR_UNKNOWN_SIGNAL)(formatAsString(name));
    }
  }
  const err = natives().kill(pid, number);
  if (err !== 0) throw errnoException(err, 'kill');
  return true;
}

function umask(mask) {
  if (mask !== undefined) throw new (codes().ERR_WORKER_UNSUPPORTED_OPERATION)('Setting process.umask()');
  return natives().umask();
}

// What Node refuses in a worker, since the process state is not the worker's
// own there; refused here too, so that a script behaves the same in both.
function chdir() {
  throw new (codes().ERR_WORKER_UNSUPPORTED_OPERATION)('process.chdir()');
}
function setuid() {
  throw new (codes().ERR_WORKER_UNSUPPORTED_OPERATION)('process.setuid()');
}
function seteuid() {
  throw new (codes().ERR_WORKER_UNSUPPORTED_OPERATION)('process.seteuid()');
}
function setgid() {
  throw new (codes().ERR_WORKER_UNSUPPORTED_OPERATION)('process.setgid()');
}
function setegid() {
  throw new (codes().ERR_WORKER_UNSUPPORTED_OPERATION)('process.setegid()');
}
function setgroups() {
  throw new (codes().ERR_WORKER_UNSUPPORTED_OPERATION)('process.setgroups()');
}
function initgroups() {
  throw new (codes().ERR_WORKER_UNSUPPORTED_OPERATION)('process.initgroups()');
}

// --- time and resources ------------------------------------------------------------

let hrtimeFields = null;

function hrtime(time) {
  if (hrtimeFields === null) hrtimeFields = natives().hrtimeFields;
  native.hrtime();
  const seconds = hrtimeFields[0] * 0x100000000 + hrtimeFields[1];
  const nanos = hrtimeFields[2];
  if (time === undefined) return [seconds, nanos];
  if (!Array.isArray(time)) throw new (codes().ERR_INVALID_ARG_TYPE)('time', 'Array', time);
  if (time.length !== 2) throw new (codes().ERR_OUT_OF_RANGE)('time', 2, time.length);
  const secondsSince = seconds - time[0];
  const nanosSince = nanos - time[1];
  return nanosSince < 0 ? [secondsSince - 1, nanosSince + 1e9] : [secondsSince, nanosSince];
}
hrtime.bigint = function bigint() {
  return binding.hrtimeBigInt();
};

function validateMicros(value, name) {
  if (typeof value !== 'number') throw new (codes().ERR_INVALID_ARG_TYPE)(name, 'number', value);
  if (!(value >= 0 && value <= Number.MAX_SAFE_INTEGER)) throw new (codes().ERR_INVALID_ARG_VALUE.RangeError)(name, value);
}

function cpuUsage(prevValue) {
  const [user, system] = natives().cpuUsage();
  // Node ignores a falsy previous value.
  if (!prevValue) return { user, system };
  if (typeof prevValue !== 'object' || Array.isArray(prevValue)) {
    throw new (codes().ERR_INVALID_ARG_TYPE)('prevValue', 'object', prevValue);
  }
  validateMicros(prevValue.user, 'prevValue.user');
  validateMicros(prevValue.system, 'prevValue.system');
  return { user: user - prevValue.user, system: system - prevValue.system };
}

const kResourceUsageFields = ['userCPUTime', 'systemCPUTime', 'maxRSS', 'sharedMemorySize', 'unsharedDataSize',
  'unsharedStackSize', 'minorPageFault', 'majorPageFault', 'swappedOut', 'fsRead', 'fsWrite', 'ipcSent',
  'ipcReceived', 'signalsCount', 'voluntaryContextSwitches', 'involuntaryContextSwitches'];

function resourceUsage() {
  const values = natives().resourceUsage();
  const usage = {};
  kResourceUsageFields.forEach((name, i) => { usage[name] = values[i]; });
  return usage;
}

function memoryUsage() {
  return binding.memoryUsage();
}
memoryUsage.rss = function rss() {
  return binding.memoryUsage().rss;
};

// --- warnings ----------------------------------------------------------------------

function createWarning(message, type, code, ctor, detail) {
  const warning = new Error(message);
  warning.name = String(type || 'Warning');
  if (code !== undefined) warning.code = code;
  if (detail !== undefined) warning.detail = detail;
  Error.captureStackTrace(warning, ctor || process.emitWarning);
  return warning;
}

function emitWarning(warning, type, code, ctor) {
  let detail;
  if (type !== null && typeof type === 'object' && !Array.isArray(type)) {
    ctor = type.ctor;
    code = type.code;
    if (typeof type.detail === 'string') detail = type.detail;
    type = type.type || 'Warning';
  } else if (typeof type === 'function') {
    ctor = type;
    code = undefined;
    type = 'Warning';
  }
  if (type !== undefined && typeof type !== 'string') throw new (codes().ERR_INVALID_ARG_TYPE)('type', 'string', type);
  if (typeof code === 'function') {
    ctor = code;
    code = undefined;
  } else if (code !== undefined && typeof code !== 'string') {
    throw new (codes().ERR_INVALID_ARG_TYPE)('code', 'string', code);
  }
  if (typeof warning === 'string') {
    warning = createWarning(warning, type, code, ctor, detail);
  } else if (!(warning instanceof Error)) {
    throw new (codes().ERR_INVALID_ARG_TYPE)('warning', ['string', 'Error'], warning);
  }
  if (warning.name === 'DeprecationWarning') {
    if (process.noDeprecation) return;
    if (process.throwDeprecation) {
      // Later, so that the warnings before it are printed first.
      process.nextTick(() => { throw warning; });
      return;
    }
  }
  process.nextTick(() => process.emit('warning', warning));
}

// Whether the option `name` is among the worker's own options or (as a
// word) in NODE_OPTIONS of its environment; the options module parses them
// only when one of them names it.
function optionNamed(name) {
  for (const option of execOptions) {
    if (option === name || option.startsWith(`${name}=`)) return true;
  }
  const nodeOptions = binding.getEnv('NODE_OPTIONS');
  return typeof nodeOptions === 'string' && nodeOptions.includes(name);
}

// --disable-warning=CODE_OR_TYPE (repeatable): warnings of these codes or
// names are not written, though 'warning' listeners see them, as under
// Node. Read when the first warning is written.
let disabledWarnings;
function disabledWarningSet() {
  if (disabledWarnings === undefined) {
    disabledWarnings = optionNamed('--disable-warning')
      ? new Set(internalRequire('internal/options').getOptionValue('--disable-warning')) : null;
  }
  return disabledWarnings;
}

// The listener every process starts with: the warning on stderr.
function writeWarning(warning) {
  if (!(warning instanceof Error)) return;
  const isDeprecation = warning.name === 'DeprecationWarning';
  if (isDeprecation && process.noDeprecation) return;
  const disabled = disabledWarningSet();
  if (disabled !== null && (disabled.has(warning.name) || disabled.has(warning.code))) return;
  const trace = process.traceProcessWarnings || (isDeprecation && process.traceDeprecation);
  let text = `(isohost:${process.pid}) `;
  if (warning.code) text += `[${warning.code}] `;
  text += trace && warning.stack ? warning.stack
    : typeof warning.toString === 'function' ? `${warning.toString()}` : Error.prototype.toString.call(warning);
  if (typeof warning.detail === 'string') text += `\n${warning.detail}`;
  stderrWrite(`${text}\n`, kLevelWarn);
}

// Writes to stderr as the console does (bootstrap's writeStdio): through a
// process.stderr the script replaced, else to the channel.
let stderrWrite = (text, level) => binding.writeStdio(2, text, level);

// --title=TITLE (on the command line or in NODE_OPTIONS) names the process,
// as under Node; read on the first look at process.title.
let titleOption = null;
function givenTitle() {
  if (titleOption === null) {
    const value = optionNamed('--title') ? internalRequire('internal/options').getOptionValue('--title') : undefined;
    titleOption = typeof value === 'string' ? value : undefined;
  }
  return titleOption;
}

// --- uncaught exceptions ------------------------------------------------------------

let captureCallback = null;

function setUncaughtExceptionCaptureCallback(fn) {
  if (fn === null) {
    captureCallback = null;
  } else {
    if (typeof fn !== 'function') throw new (codes().ERR_INVALID_ARG_TYPE)('fn', ['Function', 'null'], fn);
    if (captureCallback !== null) {
      throw new (codes().ERR_UNCAUGHT_EXCEPTION_CAPTURE_ALREADY_SET)();
    }
    captureCallback = fn;
  }
  errors.setCaptureCallback(captureCallback);
}

function hasUncaughtExceptionCaptureCallback() {
  return captureCallback !== null;
}

// --- the object ------------------------------------------------------------------------

// One literal and one defineProperties: the cheapest way V8 has to build an
// object of this many properties, which every worker pays for at start-up.
const process = {
  __proto__: EventEmitter.prototype,
  get versions() {
    return becomeReadOnly('versions', buildVersions());
  },
  get config() {
    return becomeReadOnly('config', buildConfig());
  },
  // process.env reads the variables of the Start frame from C++
  // (process_env.cc) and copies none of them into JS; until the first read it
  // is an accessor, as process.stdout is.
  get env() {
    return becomeWritable('env', natives().createEnv());
  },
  set env(value) {
    becomeWritable('env', value);
  },
  get ppid() {
    return natives().getppid();
  },
  // --title's value when given, else the kernel's name of this process. An
  // assignment is ignored, as in a Node worker.
  get title() {
    const given = givenTitle();
    return given !== undefined ? given : natives().title();
  },
  set title(value) {},
  // Isohost reads no NODE_OPTIONS, so no flag is allowed there.
  get allowedNodeEnvironmentFlags() {
    return becomeReadOnly('allowedNodeEnvironmentFlags', emptyFlagSet());
  },
  set allowedNodeEnvironmentFlags(value) {
    becomeWritable('allowedNodeEnvironmentFlags', value);
  },
  argv: [],
  execArgv: [],
  execPath: '',
  // The active domain (node/domain.js); null until one is entered.
  domain: null,
  nextTick: tick.nextTick,
  hrtime,
  cpuUsage,
  resourceUsage,
  memoryUsage,
  constrainedMemory() {
    return natives().constrainedMemory();
  },
  availableMemory() {
    return natives().availableMemory();
  },
  uptime() {
    return (binding.hrtime() - startTime) / 1e9;
  },
  cwd() {
    return binding.cwd();
  },
  chdir,
  umask,
  kill,
  getuid() {
    return natives().getuid();
  },
  geteuid() {
    return natives().geteuid();
  },
  getgid() {
    return natives().getgid();
  },
  getegid() {
    return natives().getegid();
  },
  getgroups() {
    return natives().getgroups();
  },
  setuid,
  seteuid,
  setgid,
  setegid,
  setgroups,
  initgroups,
  emitWarning,
  setUncaughtExceptionCaptureCallback,
  hasUncaughtExceptionCaptureCallback,
  exit,
  reallyExit,
  // A worker is a process of its own: abort() ends it alone, with SIGABRT,
  // once its output has reached the host.
  abort() {
    natives().abort();
  },
  openStdin() {
    process.stdin.resume();
    return process.stdin;
  },
  // Node's hook for an error nobody caught: true when a handler took it
  // ('uncaughtException', a domain, the capture callback), false when
  // nothing would have and the worker goes on.
  _fatalException(err) {
    return errors.handleIfHandled(err);
  },
};

// process.report: Node's diagnostic report, whose writer a worker does not
// have; its settings read as Node's defaults, its functions say so. Built on
// first read.
let report;
function buildReport() {
  const unavailable = (name) => () => {
    throw new (codes().ERR_NOT_AVAILABLE_IN_WORKER)(`process.report.${name}`);
  };
  return {
    compact: false,
    directory: '',
    filename: '',
    excludeNetwork: false,
    reportOnFatalError: false,
    reportOnSignal: false,
    reportOnUncaughtException: false,
    signal: 'SIGUSR2',
    getReport: unavailable('getReport'),
    writeReport: unavailable('writeReport'),
  };
}

Object.defineProperties(process, {
  [Symbol.toStringTag]: { value: 'process', writable: true, enumerable: false, configurable: false },
  report: {
    get() {
      if (report === undefined) report = buildReport();
      return report;
    },
    enumerable: true,
    configurable: true,
  },
  version: { value: `v${kNodeVersion}`, writable: false, enumerable: true, configurable: true },
  arch: { value: binding.arch, writable: false, enumerable: true, configurable: true },
  platform: { value: binding.platform, writable: false, enumerable: true, configurable: true },
  // "node": the API is Node's, which is what code that reads release.name
  // asks. No sourceUrl or headersUrl: a worker loads no native addon, so
  // there are no headers to build one against.
  release: { value: { name: 'node', lts: 'Iron' }, writable: false, enumerable: true, configurable: true },
  features: {
    value: {
      inspector: false,
      debug: false,
      uv: true,
      ipv6: false,
      tls_alpn: false,
      tls_sni: false,
      tls_ocsp: false,
      tls: false,
      cached_builtins: true,
      get require_module() {
        return !execOptions.has('--no-experimental-require-module');
      },
    },
    writable: false,
    enumerable: true,
    configurable: false,
  },
  pid: { value: binding.pid, writable: false, enumerable: true, configurable: true },
  exitCode: {
    get: () => exitCode,
    set(code) {
      if (code !== null && code !== undefined) validateExitCode(code);
      exitCode = code;
    },
    enumerable: true,
    configurable: false,
  },
  _exiting: {
    get: () => exiting,
    set: (value) => { exiting = !!value; },
    enumerable: false,
    configurable: true,
  },
});
EventEmitter.init.call(process);

process.on('warning', writeWarning);
tick.setExitingProbe(() => exiting);
errors.setProcess(process);

const {
  kScriptPath, kScriptSource, kArgv, kExecArgv, kSourceKind, kExecPath, kArgv0, kPermissions,
} = internalRequire('internal/bootstrap/start_info');
const { ArrayPrototypeConcat, ArrayPrototypeSlice } = internalRequire('internal/primordials');

// Start.source_kind (proto/isohost.proto): how a source entry runs.
const kSourceEval = 1;
const kSourcePrint = 2;
const kSourceStdin = 3;
const kSourceWorkerUrl = 4;

function hasExecOption(name) {
  return execOptions.has(name);
}

// Whether Node's pending deprecations (--pending-deprecation or
// NODE_PENDING_DEPRECATION=1) emit their warnings.
function pendingDeprecation() {
  return execOptions.has('--pending-deprecation') || process.env.NODE_PENDING_DEPRECATION === '1';
}

// The Node options a worker was started with that `process` offers.
function applyExecArgv(execArgv) {
  // An index loop: no iterator to make in the run-once code of the start.
  for (let i = 0, count = execArgv.length; i < count; i++) {
    const option = execArgv[i];
    if (option === '--no-deprecation') process.noDeprecation = true;
    else if (option === '--throw-deprecation') process.throwDeprecation = true;
    else if (option === '--trace-deprecation') process.traceDeprecation = true;
    else if (option === '--trace-warnings') process.traceProcessWarnings = true;
    else if (option === '--no-warnings') process.removeListener('warning', writeWarning);
    else if (option === '--abort-on-uncaught-exception') errors.setAbortOnUncaught(true);
  }
}

// What stands for the entry in process.argv, as under Node: `node -e CODE A`
// has [execPath, A], `node - A` [execPath, '-', A].
function entryArgv(info) {
  const scriptPath = info[kScriptPath];
  if (scriptPath !== undefined) return [scriptPath];
  const sourceKind = info[kSourceKind];
  if (sourceKind === kSourceEval || sourceKind === kSourcePrint) return [];
  if (sourceKind === kSourceWorkerUrl) return [info[kScriptSource]];
  return [sourceKind === kSourceStdin ? '-' : '[worker eval]'];
}

// At the start of the script: what the host's Start frame says
// (binding.getStartInfo()).
function setup(info) {
  const execPath = info[kExecPath];
  const execArgv = info[kExecArgv];
  process.execPath = execPath;
  process.execArgv = execArgv;
  execOptions = new Set(execArgv);
  startExecArgv = ArrayPrototypeSlice(execArgv);
  applyExecArgv(execArgv);
  process.argv = ArrayPrototypeConcat([execPath], entryArgv(info), info[kArgv]);
  // Node's process.permission exists only under the permission model; its
  // checks load when it is first read.
  if (info[kPermissions]) {
    Object.defineProperty(process, 'permission', {
      __proto__: null,
      enumerable: true,
      configurable: true,
      get() { return internalRequire('internal/permission').install(process); },
    });
  }
  argv0Descriptor.value = info[kArgv0];
  ObjectDefineProperty(process, 'argv0', argv0Descriptor);
  argv0Descriptor.value = undefined;
}

// Made ahead: a descriptor literal with a null prototype takes the slow
// path each time it is made.
const argv0Descriptor = { __proto__: null, value: undefined, writable: false, enumerable: true, configurable: false };
const ObjectDefineProperty = Object.defineProperty;

exports.process = process;
exports.setup = setup;
exports.hasExecOption = hasExecOption;
exports.startExecArgv = () => startExecArgv;
exports.pendingDeprecation = pendingDeprecation;
exports.emitBeforeExit = emitBeforeExit;
exports.emitExit = emitExit;
exports.setInspect = (fn) => { inspect = fn; };
exports.setStderrWrite = (fn) => { stderrWrite = fn; };
