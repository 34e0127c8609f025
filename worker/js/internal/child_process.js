'use strict';
// The parts of child_process shared by its sync and async forms: Node's
// argument checks and normalisation (file, args, options, env, stdio), the
// errors of a failed system call, signal names, and ChildProcess, the
// EventEmitter that execFile and exec return. Children are started by the
// native module 'child_process' (worker/child_process_binding.cc).

const native = binding.internalBinding('child_process');
const { codes } = internalRequire('internal/errors');
const {
  validateString, validateBoolean, validateObject, validateArray, signals,
} = internalRequire('internal/validators');
const { EventEmitter } = internalRequire('events');
const { Buffer } = internalRequire('internal/buffer/buffer');

const {
  ERR_INVALID_ARG_TYPE, ERR_INVALID_ARG_VALUE, ERR_OUT_OF_RANGE, ERR_UNKNOWN_SIGNAL, ERR_IPC_SYNC_FORK,
  ERR_NOT_AVAILABLE_IN_WORKER,
} = codes;

// Node's default maxBuffer of every form.
const kMaxBuffer = 1024 * 1024;

// Signal number -> name, the first name of each number (SIGABRT, not SIGIOT).
let signalNames;
function signalName(number) {
  if (signalNames === undefined) {
    signalNames = new Map();
    for (const name of Object.keys(signals)) {
      if (!signalNames.has(signals[name])) signalNames.set(signals[name], name);
    }
  }
  return signalNames.get(number);
}

// A signal name or number as a number; anything that is no signal throws.
function convertToValidSignal(signal) {
  if (typeof signal === 'number' && signalName(signal) !== undefined) return signal;
  if (typeof signal === 'string' && Object.prototype.hasOwnProperty.call(signals, signal)) return signals[signal];
  throw new ERR_UNKNOWN_SIGNAL(signal);
}

function sanitizeKillSignal(killSignal) {
  if (typeof killSignal === 'string' || typeof killSignal === 'number') return convertToValidSignal(killSignal);
  if (killSignal != null) throw new ERR_INVALID_ARG_TYPE('options.killSignal', ['string', 'number'], killSignal);
  return undefined;
}

function validateTimeout(timeout) {
  if (timeout != null && !(Number.isInteger(timeout) && timeout >= 0)) {
    throw new ERR_OUT_OF_RANGE('timeout', 'an unsigned integer', timeout);
  }
}

function validateMaxBuffer(maxBuffer) {
  if (maxBuffer != null && !(typeof maxBuffer === 'number' && maxBuffer >= 0)) {
    throw new ERR_OUT_OF_RANGE('options.maxBuffer', 'a positive number', maxBuffer);
  }
}

function validateArgumentNullCheck(arg, name) {
  if (typeof arg === 'string' && arg.includes('\u0000')) {
    throw new ERR_INVALID_ARG_VALUE(name, arg, 'must be a string without null bytes');
  }
}

// The error of a failed system call as child_process makes it: the message
// is "SYSCALL CODE" ('spawnSync /bin/x ENOENT'), errno the negative number.
function errnoException(err, syscall) {
  const code = native.errname(err);
  const error = new Error(`${syscall} ${code}`);
  error.errno = err;
  error.code = code;
  error.syscall = syscall;
  return error;
}

// A path given as a string, a Buffer or a file: URL, without null bytes,
// as a string.
function validatedPath(path, name) {
  if (typeof path === 'object' && path !== null && typeof path.href === 'string' && path.protocol !== undefined) {
    path = internalRequire('node/url').fileURLToPath(path);
  } else if (path instanceof Uint8Array) {
    path = Buffer.from(path.buffer, path.byteOffset, path.byteLength).toString();
  }
  if (typeof path !== 'string') throw new ERR_INVALID_ARG_TYPE(name, ['string', 'Buffer', 'URL'], path);
  if (path.includes('\u0000')) {
    throw new ERR_INVALID_ARG_VALUE(name, path, 'must be a string, Uint8Array, or URL without null bytes');
  }
  return path;
}

function validatedCwd(cwd) {
  return cwd == null ? undefined : validatedPath(cwd, 'options.cwd');
}

function isInt32(value) {
  return value === (value | 0);
}

// (file, args, options) as spawn and spawnSync take them, checked and made
// into what the native side starts: { file, args (argv[0] first), envPairs,
// cwd, uid, gid, detached, ... }.
function normalizeSpawnArguments(file, args, options) {
  validateString(file, 'file');
  validateArgumentNullCheck(file, 'file');
  if (file.length === 0) throw new ERR_INVALID_ARG_VALUE('file', file, 'cannot be empty');
  if (Array.isArray(args)) {
    args = args.slice();
  } else if (args == null) {
    args = [];
  } else if (typeof args !== 'object') {
    throw new ERR_INVALID_ARG_TYPE('args', 'object', args);
  } else {
    options = args;
    args = [];
  }
  if (options === undefined) options = {};
  else validateObject(options, 'options');
  options = { ...options };

  const cwd = validatedCwd(options.cwd);
  if (options.detached != null) validateBoolean(options.detached, 'options.detached');
  if (options.uid != null && !isInt32(options.uid)) throw new ERR_INVALID_ARG_TYPE('options.uid', 'int32', options.uid);
  if (options.gid != null && !isInt32(options.gid)) throw new ERR_INVALID_ARG_TYPE('options.gid', 'int32', options.gid);
  if (options.shell != null && typeof options.shell !== 'boolean' && typeof options.shell !== 'string') {
    throw new ERR_INVALID_ARG_TYPE('options.shell', ['boolean', 'string'], options.shell);
  }
  if (typeof options.shell === 'string') validateArgumentNullCheck(options.shell, 'options.shell');
  if (options.argv0 != null) {
    validateString(options.argv0, 'options.argv0');
    validateArgumentNullCheck(options.argv0, 'options.argv0');
  }
  if (options.windowsHide != null) validateBoolean(options.windowsHide, 'options.windowsHide');
  if (options.windowsVerbatimArguments != null) {
    validateBoolean(options.windowsVerbatimArguments, 'options.windowsVerbatimArguments');
  }
  for (let i = 0; i < args.length; i++) validateArgumentNullCheck(args[i], `args[${i}]`);

  if (options.shell) {
    const command = [file, ...args].join(' ');
    validateArgumentNullCheck(command, 'command');
    file = typeof options.shell === 'string' ? options.shell : '/bin/sh';
    args = ['-c', command];
  }
  args.unshift(typeof options.argv0 === 'string' ? options.argv0 : file);

  const env = options.env || process.env;
  const envPairs = [];
  // Inherited enumerable keys count too, as in Node.
  // eslint-disable-next-line guard-for-in
  for (const key in env) {
    const value = env[key];
    if (value === undefined) continue;
    validateArgumentNullCheck(key, `options.env['${key}']`);
    validateArgumentNullCheck(value, `options.env['${key}']`);
    envPairs.push(`${key}=${value}`);
  }

  return {
    ...options,
    args: args.map((arg) => `${arg}`),
    cwd,
    detached: !!options.detached,
    envPairs,
    file,
    uid: options.uid == null ? undefined : options.uid,
    gid: options.gid == null ? undefined : options.gid,
    windowsHide: !!options.windowsHide,
    windowsVerbatimArguments: !!options.windowsVerbatimArguments,
  };
}

// options.stdio as the native side takes it: one entry per slot, 'pipe',
// 'ignore' or the worker's descriptor to hand over ('inherit' is slot i's
// own). Streams and 'ipc' need what a worker does not have yet.
function normalizeStdio(stdio, sync) {
  if (stdio === undefined || stdio === null) stdio = 'pipe';
  if (typeof stdio === 'string') {
    switch (stdio) {
      case 'ignore':
      case 'pipe':
      case 'inherit':
        stdio = [stdio, stdio, stdio];
        break;
      case 'overlapped':
        stdio = ['pipe', 'pipe', 'pipe'];
        break;
      default:
        throw new ERR_INVALID_ARG_VALUE('stdio', stdio);
    }
  } else if (!Array.isArray(stdio)) {
    throw new ERR_INVALID_ARG_VALUE('stdio', stdio);
  }
  stdio = stdio.slice();
  while (stdio.length < 3) stdio.push(undefined);
  return stdio.map((entry, i) => {
    if (entry == null) return i < 3 ? 'pipe' : 'ignore';
    if (entry === 'ignore' || entry === 'pipe') return entry;
    if (entry === 'overlapped') return 'pipe';
    if (entry === 'inherit') return i;
    if (typeof entry === 'number' && Number.isInteger(entry) && entry >= 0) return entry;
    if (entry === 'ipc') {
      if (sync) throw new ERR_IPC_SYNC_FORK();
      throw new ERR_NOT_AVAILABLE_IN_WORKER("child_process stdio 'ipc'");
    }
    if (typeof entry === 'object' && entry !== null && typeof entry.fd === 'number') return entry.fd;
    if (typeof entry === 'object' && entry !== null) {
      throw new ERR_NOT_AVAILABLE_IN_WORKER('child_process stdio streams');
    }
    throw new ERR_INVALID_ARG_VALUE('stdio', entry);
  });
}

const kOutput = Symbol('kOutput');
const kStart = Symbol('kStart');
const kCloseOutput = Symbol('kCloseOutput');

// A child process as execFile and exec return it: pid, kill(), exitCode,
// signalCode, 'exit', 'close' and 'error'. Its stdin, stdout and stderr are
// null: a worker has no streams yet, and execFile hands the output to its
// callback instead.
class ChildProcess extends EventEmitter {
  #native = null;  // the native handle until 'close' (_handle goes at the exit)

  constructor() {
    super();
    this._closesNeeded = 1;
    this._closesGot = 0;
    this.connected = false;
    this.signalCode = null;
    this.exitCode = null;
    this.killed = false;
    this.spawnfile = null;
    this._handle = null;
    this.spawnargs = [];
    this.pid = undefined;
    this.stdin = null;
    this.stdout = null;
    this.stderr = null;
    this.stdio = [null, null, null];
    this[kOutput] = null;
  }

  // Node's public spawn(options) gives the child streams, which a worker
  // does not have yet: it checks its options as Node does, then refuses.
  spawn(options) {
    validateObject(options, 'options');
    validateString(options.file, 'options.file');
    if (options.envPairs !== undefined) validateArray(options.envPairs, 'options.envPairs');
    if (options.args !== undefined) validateArray(options.args, 'options.args');
    throw new ERR_NOT_AVAILABLE_IN_WORKER('ChildProcess.prototype.spawn');
  }

  // Starts the child of normalised `options`; `maxBuffer` bytes at most of
  // each of stdout and stderr are kept. A missing program or a refused
  // access is an 'error' event on the next tick, as in Node; any other
  // failure throws.
  [kStart](options, maxBuffer, onMaxBuffer) {
    this.spawnfile = options.file;
    this.spawnargs = options.args;
    const handle = native.spawn(options, maxBuffer, (kind, a, b) => {
      if (kind === 'exit') this.#onExit(a, b);
      else if (kind === 'maxBuffer') onMaxBuffer(a === 1 ? 'stdout' : 'stderr');
      else if (kind === 'close') this.#onClose(a);
    });
    if (typeof handle === 'number') {
      const err = handle;
      if (err === native.UV_ENOENT || err === native.UV_EACCES || err === native.UV_EAGAIN ||
          err === native.UV_EMFILE || err === native.UV_ENFILE) {
        process.nextTick(() => this.#onSpawnError(err));
        return err;
      }
      throw errnoException(err, 'spawn');
    }
    this._handle = handle;
    this.#native = handle;
    this.pid = handle.pid;
    return 0;
  }

  #onSpawnError(err) {
    const error = errnoException(err, `spawn ${this.spawnfile}`);
    error.path = this.spawnfile;
    error.spawnargs = this.spawnargs.slice(1);
    this.exitCode = err;
    this.emit('error', error);
    this[kOutput] = [null, Buffer.alloc(0), Buffer.alloc(0)];
    this.emit('close', this.exitCode, this.signalCode);
  }

  // Stops collecting output: 'close' follows the exit without waiting for
  // the pipes' end (which a grandchild may hold).
  [kCloseOutput]() {
    if (this.#native) this.#native.closeOutput();
  }

  #onExit(status, signal) {
    this._handle = null;
    if (signal !== 0) this.signalCode = signalName(signal) || signal;
    else this.exitCode = status;
    this.emit('exit', this.exitCode, this.signalCode);
  }

  #onClose(output) {
    this.#native = null;
    this[kOutput] = output.map((bytes) => (bytes ? Buffer.from(bytes) : null));
    this._closesGot = this._closesNeeded;
    this.emit('close', this.exitCode, this.signalCode);
  }

  kill(sig) {
    const signal = sig === 0 ? sig : convertToValidSignal(sig === undefined ? 'SIGTERM' : sig);
    if (this._handle) {
      const err = this._handle.kill(signal);
      if (err === 0) {
        this.killed = true;
        return true;
      }
      if (err === native.UV_EINVAL || err === native.UV_ENOSYS) throw errnoException(err, 'kill');
      if (err !== native.UV_ESRCH) this.emit('error', errnoException(err, 'kill'));
    }
    return false;
  }

  ref() {
    if (this._handle) this._handle.ref();
  }

  unref() {
    if (this._handle) this._handle.unref();
  }
}

module.exports = {
  native,
  kMaxBuffer,
  kOutput,
  kStart,
  kCloseOutput,
  ChildProcess,
  signalName,
  convertToValidSignal,
  sanitizeKillSignal,
  validateTimeout,
  validateMaxBuffer,
  validateArgumentNullCheck,
  validatedPath,
  errnoException,
  normalizeSpawnArguments,
  normalizeStdio,
};
