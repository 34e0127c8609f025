'use strict';
// child_process: spawn starts a child on the worker's loop with its stdio as
// streams, and execFile and exec rest on it, collecting the output for their
// callback; spawnSync, execFileSync and execSync run a child to its end on a
// private loop. Every child dies with the worker (worker/tools/child_exec_main.cc).
// fork needs an IPC channel to a Node-style child, which a worker cannot
// offer: it throws ERR_NOT_AVAILABLE_IN_WORKER.

const {
  native, kMaxBuffer, ChildProcess, signalName, sanitizeKillSignal, validateTimeout, validateMaxBuffer,
  validateArgumentNullCheck, validatedPath, errnoException, normalizeSpawnArguments, normalizeStdio,
} = internalRequire('internal/child_process');
const { codes, AbortError } = internalRequire('internal/errors');
const { validateString, validateObject, validateFunction, validateAbortSignal } = internalRequire('internal/validators');
const { Buffer } = internalRequire('internal/buffer/buffer');

const { ERR_INVALID_ARG_TYPE, ERR_CHILD_PROCESS_STDIO_MAXBUFFER, ERR_NOT_AVAILABLE_IN_WORKER } = codes;

const kCustomPromisify = Symbol.for('nodejs.util.promisify.custom');

function spawnSync(file, args, options) {
  options = { __proto__: null, maxBuffer: kMaxBuffer, ...normalizeSpawnArguments(file, args, options) };
  validateTimeout(options.timeout);
  validateMaxBuffer(options.maxBuffer);
  options.killSignal = sanitizeKillSignal(options.killSignal);
  options.stdio = normalizeStdio(options.stdio, true);

  let input = options.input;
  if (input != null) {
    if (typeof input === 'string') {
      input = Buffer.from(input, options.encoding);
    } else if (!ArrayBuffer.isView(input)) {
      throw new ERR_INVALID_ARG_TYPE('options.stdio[0]', ['Buffer', 'TypedArray', 'DataView', 'string'], input);
    }
  }

  const raw = native.spawnSync({
    file: options.file,
    args: options.args,
    envPairs: options.envPairs,
    cwd: options.cwd,
    uid: options.uid,
    gid: options.gid,
    detached: options.detached,
    stdio: options.stdio,
    timeout: options.timeout || 0,
    maxBuffer: options.maxBuffer === Infinity ? 0 : options.maxBuffer || 0,
    killSignal: options.killSignal,
    input: input == null ? undefined : input,
  });

  const result = {};
  let output = null;
  if (raw.output !== undefined) {
    const decode = options.encoding && options.encoding !== 'buffer';
    output = raw.output.map((bytes) => {
      if (bytes === null) return null;
      const buffer = Buffer.from(bytes);
      return decode ? buffer.toString(options.encoding) : buffer;
    });
  }
  if (raw.error !== 0) {
    const error = errnoException(raw.error, `spawnSync ${options.file}`);
    error.path = options.file;
    error.spawnargs = options.args.slice(1);
    result.error = error;
  }
  result.status = raw.output === undefined ? null : raw.status;
  result.signal = raw.output === undefined || raw.signal === 0 ? null : signalName(raw.signal) || raw.signal;
  result.output = output;
  result.pid = raw.pid;
  result.stdout = output && output[1];
  result.stderr = output && output[2];
  return result;
}

// The error execFileSync and execSync throw, or undefined if there is none.
function checkExecSyncError(ret, args, cmd) {
  let err;
  if (ret.error) {
    err = ret.error;
    Object.assign(err, ret);
  } else if (ret.status !== 0) {
    let message = 'Command failed: ';
    message += cmd || args.join(' ');
    if (ret.stderr && ret.stderr.length > 0) message += `\n${ret.stderr.toString()}`;
    err = new Error(message);
    Object.assign(err, ret);
  }
  return err;
}

function normalizeExecFileArgs(file, args, options, callback) {
  if (Array.isArray(args)) {
    args = args.slice();
  } else if (args != null && typeof args === 'object') {
    callback = options;
    options = args;
    args = null;
  } else if (typeof args === 'function') {
    callback = args;
    options = null;
    args = null;
  }
  if (args == null) args = [];
  if (typeof options === 'function') {
    callback = options;
  } else if (options != null) {
    validateObject(options, 'options');
  }
  if (options == null || typeof options === 'function') options = { __proto__: null };
  if (callback != null) validateFunction(callback, 'callback');
  if (options.argv0 != null) {
    validateString(options.argv0, 'options.argv0');
    validateArgumentNullCheck(options.argv0, 'options.argv0');
  }
  return { file, args, options, callback };
}

function normalizeExecArgs(command, options, callback) {
  validateString(command, 'command');
  validateArgumentNullCheck(command, 'command');
  if (typeof options === 'function') {
    callback = options;
    options = undefined;
  }
  options = { __proto__: null, ...options };
  options.shell = typeof options.shell === 'string' ? options.shell : true;
  return { file: command, options, callback };
}

function execFileSync(file, args, options) {
  ({ file, args, options } = normalizeExecFileArgs(file, args, options));
  const inheritStderr = !options.stdio;
  const ret = spawnSync(file, args, options);
  if (inheritStderr && ret.stderr) process.stderr.write(ret.stderr);
  const err = checkExecSyncError(ret, [options.argv0 || file, ...args], undefined);
  if (err) throw err;
  return ret.stdout;
}

function execSync(command, options) {
  const opts = normalizeExecArgs(command, options, null);
  const inheritStderr = !opts.options.stdio;
  const ret = spawnSync(opts.file, opts.options);
  if (inheritStderr && ret.stderr) process.stderr.write(ret.stderr);
  const err = checkExecSyncError(ret, undefined, command);
  if (err) throw err;
  return ret.stdout;
}

function execFile(file, args, options, callback) {
  ({ file, args, options, callback } = normalizeExecFileArgs(file, args, options, callback));
  options = {
    __proto__: null,
    encoding: 'utf8',
    timeout: 0,
    maxBuffer: kMaxBuffer,
    killSignal: 'SIGTERM',
    cwd: null,
    env: null,
    shell: false,
    ...options,
  };
  validateTimeout(options.timeout);
  validateMaxBuffer(options.maxBuffer);
  options.killSignal = sanitizeKillSignal(options.killSignal);

  const child = spawn(file, args, {
    cwd: options.cwd,
    env: options.env,
    gid: options.gid,
    shell: options.shell,
    signal: options.signal,
    uid: options.uid,
    argv0: options.argv0,
    windowsHide: !!options.windowsHide,
    windowsVerbatimArguments: !!options.windowsVerbatimArguments,
  });

  const encoding = options.encoding !== 'buffer' && Buffer.isEncoding(options.encoding) ? options.encoding : null;
  const stdoutChunks = [];
  const stderrChunks = [];
  let stdoutLength = 0;
  let stderrLength = 0;
  let killed = false;
  let exited = false;
  let timeoutId = null;
  let ex = null;
  let cmd = file;

  function joined(chunks, stream) {
    return encoding || (stream && stream.readableEncoding) ? chunks.join('') : Buffer.concat(chunks);
  }

  function exithandler(code, signal) {
    if (exited) return;
    exited = true;
    if (timeoutId) {
      clearTimeout(timeoutId);
      timeoutId = null;
    }
    if (!callback) return;
    const stdout = joined(stdoutChunks, child.stdout);
    const stderr = joined(stderrChunks, child.stderr);
    if (!ex && code === 0 && signal === null) {
      callback(null, stdout, stderr);
      return;
    }
    if (args.length !== 0) cmd += ` ${args.join(' ')}`;
    if (!ex) {
      ex = new Error(`Command failed: ${cmd}\n${stderr}`);
      ex.code = code < 0 ? native.errname(code) : code;
      ex.killed = child.killed || killed;
      ex.signal = signal;
    }
    ex.cmd = cmd;
    callback(ex, stdout, stderr);
  }

  function errorhandler(e) {
    ex = e;
    if (child.stdout) child.stdout.destroy();
    if (child.stderr) child.stderr.destroy();
    exithandler();
  }

  function kill() {
    if (child.stdout) child.stdout.destroy();
    if (child.stderr) child.stderr.destroy();
    killed = true;
    try {
      child.kill(options.killSignal);
    } catch (e) {
      ex = e;
      exithandler();
    }
  }

  if (options.timeout > 0) {
    timeoutId = setTimeout(() => {
      kill();
      timeoutId = null;
    }, options.timeout);
  }

  // Keeps what fits in maxBuffer (bytes, or characters once decoded); the
  // chunk that passes it is cut, and the child killed.
  function collect(stream, chunks, name) {
    if (encoding) stream.setEncoding(encoding);
    stream.on('data', (chunk) => {
      if (options.maxBuffer === Infinity) {
        chunks.push(chunk);
        return;
      }
      const streamEncoding = stream.readableEncoding;
      const length = streamEncoding ? Buffer.byteLength(chunk, streamEncoding) : chunk.length;
      const total = (name === 'stdout' ? (stdoutLength += length) : (stderrLength += length));
      if (total > options.maxBuffer) {
        const keep = options.maxBuffer - (total - length);
        chunks.push(chunk.slice(0, keep));
        ex = new ERR_CHILD_PROCESS_STDIO_MAXBUFFER(name);
        kill();
      } else {
        chunks.push(chunk);
      }
    });
  }
  if (child.stdout) collect(child.stdout, stdoutChunks, 'stdout');
  if (child.stderr) collect(child.stderr, stderrChunks, 'stderr');

  child.addListener('close', exithandler);
  child.addListener('error', errorhandler);
  return child;
}

function exec(command, options, callback) {
  const opts = normalizeExecArgs(command, options, callback);
  return execFile(opts.file, opts.options, opts.callback);
}

// util.promisify(exec) and (execFile) resolve to { stdout, stderr }; the
// error of a failure carries both; the promise's `child` is the process.
// Bad arguments throw at the call, not as a rejection.
function promisified(fn) {
  return function(...args) {
    let resolve;
    let reject;
    const promise = new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
    promise.child = fn(...args, (err, stdout, stderr) => {
      if (err !== null) {
        err.stdout = stdout;
        err.stderr = stderr;
        reject(err);
      } else {
        resolve({ stdout, stderr });
      }
    });
    return promise;
  };
}
Object.defineProperty(exec, kCustomPromisify, { __proto__: null, value: promisified(exec), enumerable: false, configurable: true });
Object.defineProperty(execFile, kCustomPromisify, {
  __proto__: null,
  value: promisified(execFile), enumerable: false, configurable: true,
});

// A child with its stdio as streams; 'spawn', 'exit', 'close' and 'error'
// as in Node. timeout and signal kill it with killSignal.
function spawn(file, args, options) {
  options = normalizeSpawnArguments(file, args, options);
  validateTimeout(options.timeout);
  validateAbortSignal(options.signal, 'options.signal');
  const killSignal = sanitizeKillSignal(options.killSignal);
  const child = new ChildProcess();
  child.spawn(options);

  if (options.timeout > 0) {
    let timeoutId = setTimeout(() => {
      if (timeoutId) {
        try {
          child.kill(killSignal);
        } catch (err) {
          child.emit('error', err);
        }
        timeoutId = null;
      }
    }, options.timeout);
    child.once('exit', () => {
      if (timeoutId) {
        clearTimeout(timeoutId);
        timeoutId = null;
      }
    });
  }
  if (options.signal) {
    const signal = options.signal;
    const onAbort = () => abortChildProcess(child, killSignal, signal.reason);
    if (signal.aborted) {
      process.nextTick(onAbort);
    } else {
      signal.addEventListener('abort', onAbort, { once: true });
      child.once('exit', () => signal.removeEventListener('abort', onAbort));
    }
  }
  return child;
}

// As Node's: the kill, then an AbortError on 'error' if it was sent.
function abortChildProcess(child, killSignal, reason) {
  try {
    if (child.kill(killSignal)) child.emit('error', new AbortError(undefined, { cause: reason }));
  } catch (err) {
    child.emit('error', err);
  }
}

// fork checks its arguments as Node's does, then refuses: its child talks to
// the parent over an IPC channel that a worker does not have.
function fork(modulePath, args, options) {
  modulePath = validatedPath(modulePath, 'modulePath');
  if (args != null && !Array.isArray(args)) {
    if (typeof args !== 'object') throw new ERR_INVALID_ARG_TYPE('args', 'Array', args);
    options = args;
    args = [];
  }
  if (options != null) validateObject(options, 'options');
  options = { __proto__: null, ...options, shell: false };
  const execPath = options.execPath || process.execPath;
  validateArgumentNullCheck(execPath, 'options.execPath');
  const execArgv = options.execArgv || process.execArgv;
  for (let i = 0; i < execArgv.length; i++) validateArgumentNullCheck(execArgv[i], `options.execArgv[${i}]`);
  normalizeSpawnArguments(execPath, [...execArgv, modulePath, ...(args || [])], options);
  throw new ERR_NOT_AVAILABLE_IN_WORKER('child_process.fork');
}

function _forkChild() {
  throw new ERR_NOT_AVAILABLE_IN_WORKER('child_process._forkChild');
}

module.exports = {
  _forkChild,
  ChildProcess,
  exec,
  execFile,
  execFileSync,
  execSync,
  fork,
  spawn,
  spawnSync,
};
