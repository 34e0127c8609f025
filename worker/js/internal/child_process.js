'use strict';
// The parts of child_process shared by its sync and async forms: Node's
// argument checks and normalisation (file, args, options, env, stdio), the
// errors of a failed system call, signal names, and ChildProcess, the
// EventEmitter that spawn, execFile and exec return, whose stdio are streams
// over pipes (internal/streams/pipe_stream). Children are started by the
// native module 'child_process' (worker/api/child_process/child_process_binding.cc).

const native = binding.internalBinding('child_process');
const { codes } = internalRequire('internal/errors');
const {
  validateString, validateBoolean, validateObject, validateArray, validateOneOf, signals,
} = internalRequire('internal/validators');
const { EventEmitter } = internalRequire('internal/events/emitter');
const { Buffer } = internalRequire('internal/buffer/buffer');

const {
  ERR_INVALID_ARG_TYPE, ERR_INVALID_ARG_VALUE, ERR_OUT_OF_RANGE, ERR_UNKNOWN_SIGNAL, ERR_IPC_SYNC_FORK,
  ERR_NOT_AVAILABLE_IN_WORKER, ERR_INVALID_SYNC_FORK_INPUT, ERR_IPC_ONE_PIPE,
} = codes;

// The stream classes, loaded with the first child that has a pipe.
let pipeStreams = null;
const loadPipeStreams = () => pipeStreams ?? (pipeStreams = internalRequire('internal/streams/pipe_stream'));

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
  // Under the permission model, only with --allow-child-process (execve
  // is refused by the kernel too).
  if (binding.internalBinding('permission').enabled) internalRequire('internal/permission').checkChildProcess();
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
  // Own properties only: a property set on Object.prototype changes nothing.
  options = { __proto__: null, ...options };

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
    __proto__: null,
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

// A stream given in options.stdio whose descriptor the child can share: a
// pipe of another child, process.stdin over the host's stdin.
function pipeHandleOf(entry) {
  if (typeof entry !== 'object' || entry === null) return null;
  const { Pipe } = loadPipeStreams();
  for (const candidate of [entry, entry.handle, entry._handle]) {
    if (candidate instanceof Pipe) return candidate;
  }
  return null;
}

// options.stdio as Node takes it ('pipe', 'inherit', 'ignore', 'overlapped',
// a descriptor, a stream with one, an array of those), one entry per slot:
// { type: 'ignore' | 'pipe' | 'fd' | 'wrap' | 'ipc', fd, handle, stream }. A
// pipe of spawn() gets its Pipe handle here; spawnSync makes its own. 'ipc'
// is for spawn() to refuse, after the checks Node makes before it.
function getValidStdio(stdio, sync) {
  if (typeof stdio === 'string') {
    switch (stdio) {
      case 'ignore':
      case 'pipe':
      case 'inherit':
      case 'overlapped':
        stdio = [stdio, stdio, stdio];
        break;
      default:
        throw new ERR_INVALID_ARG_VALUE('stdio', stdio);
    }
  } else if (!Array.isArray(stdio)) {
    throw new ERR_INVALID_ARG_VALUE('stdio', stdio);
  } else {
    stdio = stdio.slice();
  }
  while (stdio.length < 3) stdio.push(undefined);
  const result = [];
  const cleanup = () => {
    for (const entry of result) if (entry.type === 'pipe' && entry.handle) entry.handle.close();
  };
  for (let i = 0; i < stdio.length; i++) {
    let entry = stdio[i];
    if (entry == null) entry = i < 3 ? 'pipe' : 'ignore';
    if (entry === 'ignore') {
      result.push({ type: 'ignore' });
    } else if (entry === 'pipe' || entry === 'overlapped' || (typeof entry === 'number' && entry < 0)) {
      result.push({ type: 'pipe', handle: sync ? null : new (loadPipeStreams().Pipe)() });
    } else if (entry === 'ipc') {
      if (sync || result.some((other) => other.type === 'ipc')) {
        cleanup();
        if (sync) throw new ERR_IPC_SYNC_FORK();
        throw new ERR_IPC_ONE_PIPE();
      }
      result.push({ type: 'ipc' });
    } else if (entry === 'inherit') {
      result.push({ type: 'fd', fd: i });
    } else if (typeof entry === 'number' || (typeof entry === 'object' && typeof entry.fd === 'number' &&
                                              pipeHandleOf(entry) === null)) {
      result.push({ type: 'fd', fd: typeof entry === 'number' ? entry : entry.fd });
    } else if (pipeHandleOf(entry) !== null) {
      result.push({ type: 'wrap', handle: pipeHandleOf(entry), stream: entry });
    } else if (ArrayBuffer.isView(entry) || typeof entry === 'string') {
      if (!sync) {
        cleanup();
        throw new ERR_INVALID_SYNC_FORK_INPUT(internalRequire('node/util').inspect(entry));
      }
      result.push({ type: 'pipe', handle: null });
    } else {
      cleanup();
      throw new ERR_INVALID_ARG_VALUE('stdio', entry);
    }
  }
  return result;
}

// The entries of getValidStdio() as the native side takes them: 'pipe' (a
// pipe spawnSync makes) or the Pipe to connect, 'ignore', or a descriptor.
function nativeStdio(entries) {
  return entries.map((entry) => {
    switch (entry.type) {
      case 'pipe': return entry.handle || 'pipe';
      case 'fd': return entry.fd;
      case 'wrap': return entry.handle.fd;
      default: return 'ignore';
    }
  });
}

// options.stdio for spawnSync, as its native side takes it.
function normalizeStdio(stdio, sync) {
  return nativeStdio(getValidStdio(stdio == null ? 'pipe' : stdio, sync));
}

// Errors of a spawn that Node reports as an 'error' event, not a throw.
const kSpawnErrorsAsEvents = new Set([
  native.UV_EACCES, native.UV_EAGAIN, native.UV_EMFILE, native.UV_ENFILE, native.UV_ENOENT,
]);

// Marks a stream whose descriptor a child shares: nothing here reads it.
const kUsedAsStdio = Symbol('kUsedAsStdio');

function maybeClose(child) {
  child._closesGot++;
  if (child._closesGot === child._closesNeeded) child.emit('close', child.exitCode, child.signalCode);
}

// After the exit: output nobody reads is drained, so that the pipes reach
// their end and 'close' comes.
function flushStdio(child) {
  const stdio = child.stdio;
  if (stdio == null) return;
  for (const stream of stdio) {
    if (!stream || !stream.readable || stream[kUsedAsStdio] || stream._readableState.readableListening) continue;
    stream.resume();
  }
}

// A child process as spawn, execFile and exec return it: pid, kill(),
// exitCode, signalCode, its stdio as streams, and 'spawn', 'exit', 'close'
// and 'error' in Node's order ('close' once the child has exited and its
// stdout and stderr have ended).
class ChildProcess extends EventEmitter {
  constructor() {
    super();
    this._closesNeeded = 1;
    this._closesGot = 0;
    this.connected = false;
    this.signalCode = null;
    this.exitCode = null;
    this.killed = false;
    this.spawnfile = null;
    this._handle = new native.Process();
    this._handle.onexit = (exitCode, signal) => this.#onExit(exitCode, signal);
  }

  // `exitCode` < 0: the child could not start (a libuv error).
  #onExit(exitCode, signal) {
    if (signal) this.signalCode = signalName(signal) || signal;
    else this.exitCode = exitCode;
    if (this.stdin) this.stdin.destroy();
    if (this._handle) this._handle.close();
    this._handle = null;
    if (exitCode < 0) {
      const syscall = this.spawnfile ? `spawn ${this.spawnfile}` : 'spawn';
      const error = errnoException(exitCode, syscall);
      if (this.spawnfile) error.path = this.spawnfile;
      error.spawnargs = this.spawnargs.slice(1);
      this.emit('error', error);
    } else {
      this.emit('exit', this.exitCode, this.signalCode);
    }
    process.nextTick(flushStdio, this);
    maybeClose(this);
  }

  // Starts the child of normalised options (file, args, envPairs, stdio,
  // cwd, ...), as Node's does. A missing program or a refused access is an
  // 'error' event on the next tick; any other failure throws.
  spawn(options) {
    validateObject(options, 'options');
    validateOneOf(options.serialization, 'options.serialization', [undefined, 'json', 'advanced']);
    const stdio = getValidStdio(options.stdio || 'pipe', false);
    const closePipes = () => {
      for (const entry of stdio) {
        if (entry.type === 'pipe' && entry.handle) entry.handle.close();
        entry.handle = null;
      }
    };
    try {
      if (options.envPairs !== undefined) validateArray(options.envPairs, 'options.envPairs');
      // An IPC channel speaks to a Node process that a worker cannot be.
      if (stdio.some((entry) => entry.type === 'ipc')) throw new ERR_NOT_AVAILABLE_IN_WORKER("child_process stdio 'ipc'");
      validateString(options.file, 'options.file');
      if (options.args !== undefined) validateArray(options.args, 'options.args');
    } catch (err) {
      closePipes();
      throw err;
    }
    this.spawnfile = options.file;
    this.spawnargs = options.args === undefined ? [] : options.args;

    const err = this._handle.spawn({
      __proto__: null,
      ...options,
      args: options.args === undefined ? [options.file] : options.args,
      stdio: nativeStdio(stdio),
    });
    if (kSpawnErrorsAsEvents.has(err)) {
      process.nextTick(() => this._handle && this.#onExit(err, 0));
    } else if (err !== 0) {
      closePipes();
      this._handle.close();
      this._handle = null;
      throw errnoException(err, 'spawn');
    } else {
      process.nextTick(() => this.emit('spawn'));
    }
    this.pid = this._handle.pid;
    if (err === native.UV_EMFILE || err === native.UV_ENFILE) {
      // Nothing to make streams of.
      closePipes();
      return err;
    }
    // The pipes of a child that did not start have nothing to say: their
    // streams end at once.
    if (err !== 0) closePipes();

    const streams = stdio.map((entry, i) => {
      if (entry.type === 'wrap') {
        // The child shares the descriptor: the stream must not read from it too.
        entry.handle.readStop();
        const { stream } = entry;
        if (typeof stream.pause === 'function') stream.pause();
        if (stream._readableState) {
          stream._readableState.flowing = false;
          stream._readableState.reading = false;
        }
        if ('_reading' in stream) stream._reading = false;
        stream[kUsedAsStdio] = true;
        return null;
      }
      if (entry.type !== 'pipe') return null;
      const { PipeStream } = loadPipeStreams();
      const stream = new PipeStream(entry.handle, i === 0 ? { readable: false } : i <= 2 ? { writable: false } : {});
      if (i > 0 && this.pid !== 0) {
        this._closesNeeded++;
        stream.on('close', () => maybeClose(this));
      }
      return stream;
    });
    this.stdin = streams.length >= 1 ? streams[0] : null;
    this.stdout = streams.length >= 2 ? streams[1] : null;
    this.stderr = streams.length >= 3 ? streams[2] : null;
    this.stdio = streams;
    return err;
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

  // `using child = spawn(...)`: killed at the end of the block.
  [Symbol.dispose]() {
    if (!this.killed) this.kill();
  }
}

module.exports = {
  native,
  kMaxBuffer,
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
