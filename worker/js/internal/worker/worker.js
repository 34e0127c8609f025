'use strict';
// `new Worker()` inside a worker. Every worker is a process: the host
// spawns the nested one as a sibling on this worker's behalf (same spawn
// strategies, within the quota the host gives each worker) and relays the
// messages between the two (worker/api/worker_threads/nested_workers.h, host/worker/worker.cc).
//
// Where a process cannot do what a thread does:
// - env: SHARE_ENV gives the nested worker a copy of this worker's
//   process.env at spawn, and from then on each side's changes are sent to
//   the other (through the host, in order with that side's messages): a
//   change is seen by the other side a moment later, not at once.
// - transferList: ArrayBuffers are copied and detached here; MessagePorts
//   keep their channel through the host (internal/worker/io.js), in
//   workerData too: the host gives their ends to the nested worker with its
//   Start, which carries what they had received (up to a budget; the rest
//   follows). A port in workerData with no transferList at all is not
//   looked for (that would be a walk of every workerData): it arrives as an
//   empty object where Node throws ERR_MISSING_TRANSFERABLE_IN_TRANSFER_LIST.
// - stdio: the host hands the nested worker's output to this worker
//   (worker.stdout, worker.stderr), which writes it to its own unless asked
//   for the streams; `stdin: true` feeds its process.stdin. A parent that is
//   busy holds that output until its loop runs, as a thread's would.
// - getHeapSnapshot(): the nested worker takes it between two of its
//   callbacks, so a busy one answers once its loop runs again.
// - threadId: the host numbers the threads of all its workers in the order
//   their spawns reach it, as Node numbers threads; `new Worker()` waits
//   for that number (the host answers as it reads the spawn).

const { EventEmitter } = internalRequire('internal/events/emitter');
const { codes } = internalRequire('internal/errors');
const io = internalRequire('internal/worker/io');
const workerThreads = internalRequire('node/worker_threads');
const native = binding.internalBinding('worker_threads');

const kOnline = 1;
const kExit = 2;
// proto ExitReason
const kReasonUncaught = 2;
const kReasonOutOfMemory = 3;
const kReasonTerminated = 4;
const kReasonStartupFailed = 5;

// The Node options a nested worker honours in its execArgv (per-isolate or
// per-environment ones, as Node allows there), and those taking a value
// (as `--name=value` or as the next word). V8 options, options of the whole
// process (--title, --redirect-warnings, ...) and unknown ones are refused
// with ERR_WORKER_INVALID_EXEC_ARGV, as Node refuses them.
const kWorkerFlags = new Set([
  '--no-warnings', '--no-deprecation', '--throw-deprecation', '--pending-deprecation', '--trace-deprecation',
  '--trace-warnings', '--experimental-vm-modules', '--experimental-require-module',
  '--no-experimental-require-module', '--expose-internals', '--experimental-detect-module',
  '--no-experimental-detect-module', '--preserve-symlinks', '--preserve-symlinks-main', '--no-addons',
  '--trace-exit',
]);
const kWorkerValueOptions = new Set([
  '--input-type', '--require', '-r', '--import', '--conditions', '-C', '--experimental-loader', '--loader',
  '--trace-require-module', '--disable-warning',
]);
// Options of the whole process that NODE_OPTIONS may hold (a copy of the
// parent's environment does): a worker ignores them, as Node's do.
const kProcessOptions = new Set([
  '--title', '--max-http-header-size', '--openssl-config', '--use-openssl-ca', '--use-bundled-ca',
  '--v8-pool-size', '--redirect-warnings', '--unhandled-rejections', '--enable-source-maps',
  '--max-old-space-size', '--stack-size', '--expose-gc', '--zero-fill-buffers', '--abort-on-uncaught-exception',
  '--secure-heap', '--secure-heap-min', '--tls-min-v1.2', '--tls-max-v1.2', '--tls-min-v1.3', '--tls-max-v1.3',
  '--report-on-signal', '--icu-data-dir', '--trace-uncaught',
]);
// Inherited options that concern the main thread only.
const kMainThreadOnly = new Set(['--abort-on-uncaught-exception']);

// The words of `args` a worker refuses; `inEnv`: NODE_OPTIONS, where
// options of the whole process are let through.
function refusedOptions(args, inEnv) {
  const refused = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (typeof arg !== 'string') {
      refused.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    if (kWorkerValueOptions.has(name)) {
      if (eq === -1) i++;  // the value is the next word
    } else if (!kWorkerFlags.has(arg) && !(inEnv && kProcessOptions.has(name))) {
      refused.push(arg);
    }
  }
  return refused;
}

const workers = new Map();  // nestedId -> Worker
let nextNestedId = 1;
let handlersSet = false;

function setHandlers() {
  if (handlersSet) return;
  handlersSet = true;
  native.setNestedHandlers(onMessage, onEvent, onStdio, onHeapSnapshot, onUncaught);
}

// The report of the error that ends nested worker `nestedId`, or with
// `envMessage` a message of its environment port.
function onUncaught(nestedId, report, envMessage) {
  const worker = workers.get(nestedId);
  if (worker === undefined) return;
  if (envMessage) worker._envMessage(report);
  else worker._uncaught(report);
}

// The error a nested worker reported before it ended (errors.js,
// uncaughtReport): an error of the same name, message, stack and own
// properties, or the value it threw.
function errorFromReport(report) {
  if (report === null || typeof report !== 'object') return undefined;
  if (report.error === undefined) return report.value;
  const { name, message, stack, props } = report.error;
  const Ctor = typeof name === 'string' && /^[A-Za-z]*Error$/.test(name) && typeof globalThis[name] === 'function'
    ? globalThis[name] : Error;
  const error = new Ctor(message);
  if (typeof name === 'string' && error.name !== name) {
    Object.defineProperty(error, 'name', { __proto__: null, value: name, writable: true, configurable: true });
  }
  Object.defineProperty(error, 'stack', { __proto__: null, value: stack, writable: true, configurable: true });
  if (props !== null && typeof props === 'object') Object.assign(error, props);
  return error;
}

function onHeapSnapshot(nestedId, bytes, done) {
  const worker = workers.get(nestedId);
  if (worker !== undefined) worker._heapSnapshotPart(bytes, done);
}

function onStdio(nestedId, isStderr, bytes) {
  const worker = workers.get(nestedId);
  if (worker !== undefined) worker._output(isStderr, bytes);
}

function onMessage(nestedId, value, failed) {
  const worker = workers.get(nestedId);
  if (worker === undefined) return;
  worker.emit(failed ? 'messageerror' : 'message', value);
}

function onEvent(nestedId, kind, exitCode, reason, message) {
  const worker = workers.get(nestedId);
  if (worker === undefined) return;
  if (kind === kOnline) {
    worker._online();
  } else if (kind === kExit) {
    workers.delete(nestedId);
    worker._exited(exitCode, reason, message);
  }
}

function isPathLike(filename) {
  return filename.startsWith('/') || filename.startsWith('./') || filename.startsWith('../') ||
    filename.startsWith('.' + '\\') || filename.startsWith('..\\');
}

// The error of a nested worker that ended by an uncaught exception: the
// host reports its message, as "Name [CODE]: text", "Name: text", or
// "Uncaught VALUE" for a thrown non-error.
function uncaughtError(message) {
  const text = String(message);
  if (text.startsWith('Uncaught ')) return text.slice('Uncaught '.length);  // a thrown non-error
  const match = /^([A-Za-z]*Error)(?: \[([^\]]*)\])?: ([^]*)$/.exec(text);
  const Ctor = match !== null && typeof globalThis[match[1]] === 'function' ? globalThis[match[1]] : Error;
  const error = new Ctor(match !== null ? match[3] : text);
  if (match !== null && match[2] !== undefined) error.code = match[2];
  return error;
}

class Worker extends EventEmitter {
  #nestedId;
  #threadId;
  #running = true;
  #refed = true;
  #exitCode = null;
  #terminating = null;  // [promise, resolve]
  #keepAlive = { keepingAlive: false };
  #resourceLimits;
  // The nested worker's stdio as streams: built on first read, or on the
  // first output when the parent asked for it (`stdout: true`).
  #stdio = { stdin: null, stdout: null, stderr: null };
  #uncaught = undefined;  // what it said of the error that ended it
  // getHeapSnapshot() calls waiting, in order: { parts, resolve, reject }.
  #snapshots = [];
  #handle = null;  // as async_hooks sees this worker
  #handleClosed = false;
  // Node's Worker talks to its thread through a MessagePort, which
  // async_hooks sees too ('MESSAGEPORT'): ref'd while the worker has
  // 'message' listeners, or as ref() and unref() last said, until the exit.
  #port = null;
  #portRef = null;  // [refed, whether it had listeners then] of the last ref()/unref()
  #asked = { stdout: false, stderr: false };

  constructor(filename, options = {}) {
    super();
    if (binding.internalBinding('permission').enabled) internalRequire('internal/permission').checkWorker();
    const validators = internalRequire('internal/validators');
    validators.validateObject(options, 'options', { nullable: true });
    options = options ?? {};
    const request = { argv: [], execArgv: [], env: [], name: '' };
    if (options.eval) {
      if (typeof filename !== 'string') {
        throw new codes.ERR_INVALID_ARG_VALUE('options.eval', options.eval, 'must be false when \'filename\' is not a string');
      }
      request.scriptSource = filename;
    } else if (filename !== null && typeof filename === 'object' && typeof filename.href === 'string' &&
               filename.protocol === 'data:') {
      // Loaded, and refused if it is not JavaScript, by the nested worker's ES loader.
      request.scriptUrl = filename.href;
    } else {
      if (filename !== null && typeof filename === 'object' && typeof filename.href === 'string') {
        if (filename.protocol !== 'file:') {
          throw new codes.ERR_INVALID_URL_SCHEME(['file', 'data']);
        }
        filename = internalRequire('node/url').fileURLToPath(filename);
      } else if (typeof filename !== 'string') {
        throw new codes.ERR_INVALID_ARG_TYPE('filename', ['string', 'URL'], filename);
      } else if (!isPathLike(filename)) {
        throw new codes.ERR_WORKER_PATH(filename);
      }
      request.scriptPath = internalRequire('node/path').resolve(filename);
    }
    if (options.argv !== undefined) {
      if (!Array.isArray(options.argv)) throw new codes.ERR_INVALID_ARG_TYPE('options.argv', 'Array', options.argv);
      request.argv = options.argv.map((arg) => `${arg}`);
    }
    if (options.execArgv !== undefined) {
      if (!Array.isArray(options.execArgv)) {
        throw new codes.ERR_INVALID_ARG_TYPE('options.execArgv', 'Array', options.execArgv);
      }
      const refused = refusedOptions(options.execArgv, false);
      if (refused.length > 0) throw new codes.ERR_WORKER_INVALID_EXEC_ARGV(refused);
      request.execArgv = options.execArgv;
    } else {
      request.execArgv = process.execArgv.filter((arg) => !kMainThreadOnly.has(arg));
    }
    let env = options.env;
    request.shareEnv = env === workerThreads.SHARE_ENV;
    if (env === undefined || env === workerThreads.SHARE_ENV) env = process.env;
    if (env !== null && typeof env === 'object') {
      for (const key of Object.keys(env)) request.env.push(key, `${env[key]}`);
      // A NODE_OPTIONS of its own is read by the nested worker as Node reads
      // it; what no worker could take is refused here, as by Node.
      if (options.env !== undefined && options.env !== workerThreads.SHARE_ENV && typeof env.NODE_OPTIONS === 'string') {
        const words = internalRequire('internal/modules/options').splitNodeOptions(env.NODE_OPTIONS);
        const refused = refusedOptions(words, true);
        if (refused.length > 0) {
          throw new codes.ERR_WORKER_INVALID_EXEC_ARGV(refused, 'invalid NODE_OPTIONS env variable');
        }
      }
    } else if (env !== null) {
      throw new codes.ERR_INVALID_ARG_TYPE('options.env', ['Object', 'undefined', 'null', 'worker_threads.SHARE_ENV'], env);
    }
    if (options.name !== undefined) request.name = `${options.name}`;
    this.#asked.stdout = Boolean(options.stdout);
    this.#asked.stderr = Boolean(options.stderr);
    request.stdin = Boolean(options.stdin);
    const limits = options.resourceLimits;
    if (limits !== undefined) {
      validators.validateObject(limits, 'options.resourceLimits');
      if (limits.maxOldGenerationSizeMb > 0) request.maxOld = Math.max(1, Math.ceil(limits.maxOldGenerationSizeMb));
      if (limits.maxYoungGenerationSizeMb > 0) request.maxYoung = Math.max(1, Math.ceil(limits.maxYoungGenerationSizeMb));
      if (limits.codeRangeSizeMb > 0) request.codeRange = Math.max(1, Math.ceil(limits.codeRangeSizeMb));
    }
    // Not asked, a worker's stack is Node's 4 MiB for a worker thread (as
    // its resourceLimits say), or less when this worker has less.
    request.stackKib = limits?.stackSizeMb > 0 ? Math.max(1, Math.ceil(limits.stackSizeMb * 1024)) : 4096;
    // As asked.
    this.#resourceLimits = {
      maxYoungGenerationSizeMb: limits?.maxYoungGenerationSizeMb > 0 ? limits.maxYoungGenerationSizeMb : 48,
      maxOldGenerationSizeMb: limits?.maxOldGenerationSizeMb > 0 ? limits.maxOldGenerationSizeMb : 0,
      codeRangeSizeMb: limits?.codeRangeSizeMb > 0 ? limits.codeRangeSizeMb : 0,
      stackSizeMb: limits?.stackSizeMb > 0 ? limits.stackSizeMb : 4,
    };
    const environment = internalRequire('internal/worker').environmentDataToSend();
    const transferList = arrayLike(options.transferList);
    let sent = null;
    if (transferList !== undefined && hasPort(transferList)) {
      // The ports leave with the spawn (internal/worker/io.js); the
      // environment data may hold some of them too.
      sent = io.encodeForSpawn(options.workerData, transferList, environment);
      request.workerData = sent.bytes;
      request.environmentData = sent.environment;
      request.ports = sent.ports;
      request.queued = sent.queued;
    } else {
      // Nothing transfers a port: Node refuses one in either.
      if (environment !== undefined) {
        io.checkNoPorts(environment);
        request.environmentData = encode(environment, undefined);
      }
      if (options.workerData !== undefined || options.transferList !== undefined) {
        if (transferList !== undefined) io.checkNoPorts(options.workerData);
        request.workerData = encode(options.workerData, transferList);
      }
    }
    setHandlers();
    this.#nestedId = nextNestedId++;
    workers.set(this.#nestedId, this);
    // No hook can exist before async_hooks is loaded: until then no handle.
    if (internalRequire('internal/modules/cjs/loader').builtinLoaded('async_hooks')) {
      this.#handle = workerHandle('WORKER', () => (this.#handleClosed ? undefined : this.#refed));
      this.#port = workerHandle('MESSAGEPORT', () => this.#portHasRef());
    }
    // undefined only when the host never answered (it is gone): then -1,
    // as for a worker that is not running.
    this.#threadId = native.nestedSpawn(this.#nestedId, request) ?? -1;
    if (sent !== null) io.afterSpawn(sent);
    if (request.stdin) this.#stdio.stdin = stdinStream(this.#nestedId, () => this.#running);
    this.#updateRef();
    // Node's 'worker_threads' diagnostics channel: nobody can listen before
    // the module is loaded.
    if (internalRequire('internal/modules/cjs/loader').builtinLoaded('diagnostics_channel')) {
      const channel = internalRequire('node/diagnostics_channel').channel('worker_threads');
      if (channel.hasSubscribers) channel.publish({ worker: this });
    }
    process.emit('worker', this);
  }

  get threadId() {
    return this.#running ? this.#threadId : -1;
  }

  get resourceLimits() {
    return this.#running ? this.#resourceLimits : {};
  }

  get stdin() { return this.#stdio.stdin; }
  get stdout() { return this.#output('stdout'); }
  get stderr() { return this.#output('stderr'); }

  #output(name) {
    if (this.#stdio[name] === null) {
      const { Readable } = internalRequire('node/stream');
      const stream = new Readable({ read() {} });
      if (!this.#running) stream.push(null);
      this.#stdio[name] = stream;
    }
    return this.#stdio[name];
  }

  // What the nested worker wrote: to its stream, and to this worker's own
  // unless the parent asked for the stream (`stdout: true`), as in Node.
  _output(isStderr, bytes) {
    const name = isStderr ? 'stderr' : 'stdout';
    const { Buffer } = internalRequire('node/buffer');
    const chunk = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (this.#stdio[name] !== null || this.#asked[name]) this.#output(name).push(chunk);
    if (!this.#asked[name]) process[name].write(chunk);
  }

  postMessage(value, transferList = undefined) {
    if (arguments.length === 0) {
      throw internalRequire('internal/errors').nativeError('ERR_MISSING_ARGS', 'Not enough arguments to Worker.postMessage');
    }
    if (transferList !== undefined && transferList !== null && hasPort(transferList)) {
      // Ports go through the host's record of channels (internal/worker/io.js).
      if (!this.#running) {
        io.encode(value, transferList, null);
        return;
      }
      io.postToLink(this.#nestedId, value, transferList);
      return;
    }
    const bytes = encode(value, transferList);
    if (!this.#running) return;
    native.nestedPost(this.#nestedId, bytes);
  }

  terminate(callback = undefined) {
    if (typeof callback === 'function') {
      process.emitWarning('Passing a callback to worker.terminate() is deprecated. It returns a Promise instead.',
        'DeprecationWarning', 'DEP0132');
      this.once('exit', (code) => callback(null, code));
    }
    if (!this.#running) return Promise.resolve(undefined);
    if (this.#terminating === null) {
      let resolve;
      const promise = new Promise((r) => { resolve = r; });
      this.#terminating = [promise, resolve];
      native.nestedTerminate(this.#nestedId);
      this.#updateRef();
    }
    return this.#terminating[0];
  }

  ref() {
    this.#refed = true;
    this.#portRef = [true, this.listenerCount('message') > 0];
    this.#updateRef();
  }

  unref() {
    this.#refed = false;
    this.#portRef = [false, this.listenerCount('message') > 0];
    this.#updateRef();
  }

  // A listener added or removed since ref()/unref() decides again.
  #portHasRef() {
    if (!this.#running) return false;
    const listening = this.listenerCount('message') > 0;
    if (this.#portRef !== null && this.#portRef[1] === listening) return this.#portRef[0];
    return listening;
  }

  // The nested worker takes the snapshot between two of its callbacks and
  // sends V8's JSON in parts; the promise gives a Readable of all of it.
  // Node's options (exposeInternals, exposeNumericValues) shape nothing here.
  getHeapSnapshot(options = undefined) {
    if (options !== undefined) internalRequire('internal/validators').validateObject(options, 'options');
    if (!this.#running) return Promise.reject(new codes.ERR_WORKER_NOT_RUNNING());
    return new Promise((resolve, reject) => {
      this.#snapshots.push({ parts: [], resolve, reject });
      native.nestedHeapSnapshot(this.#nestedId);
    });
  }

  _heapSnapshotPart(bytes, done) {
    const pending = this.#snapshots[0];
    if (pending === undefined) return;
    const { Buffer } = internalRequire('node/buffer');
    if (bytes.byteLength > 0) pending.parts.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    if (!done) return;
    this.#snapshots.shift();
    const { Readable } = internalRequire('node/stream');
    const stream = new Readable({ read() {} });
    stream.push(Buffer.concat(pending.parts));
    stream.push(null);
    pending.resolve(stream);
  }

  // A terminate() on its way keeps the loop alive until the exit comes.
  #updateRef() {
    io.setKeepAlive(this.#keepAlive, this.#running && (this.#refed || this.#terminating !== null));
  }

  _uncaught(report) {
    this.#uncaught = report;
  }

  // A message the nested worker sent on its environment port (Node's
  // internal port between a worker and its Worker object), handled as
  // Node handles it. Its stdio travels otherwise here: those types are
  // ignored. Any other type is a bug Node stops the process for.
  _envMessage(message) {
    const { messageTypes } = io;
    switch (message?.type) {
      case messageTypes.UP_AND_RUNNING:
        return;  // 'online' comes from the host
      case messageTypes.COULD_NOT_SERIALIZE_ERROR:
        this.emit('error', new codes.ERR_WORKER_UNSERIALIZABLE_ERROR());
        return;
      case messageTypes.ERROR_MESSAGE:
        this.emit('error', message.error);
        return;
      case messageTypes.STDIO_PAYLOAD:
      case messageTypes.STDIO_WANTS_MORE_DATA:
      case messageTypes.LOAD_SCRIPT:
        return;
    }
    internalRequire('node/assert').fail(`Unknown worker message type ${message?.type}`);
  }

  _online() {
    this.emit('online');
  }

  _exited(code, reason, message) {
    // A terminated worker exits with 1, even one killed after the grace period.
    if (this.#terminating !== null && reason === kReasonTerminated) code = 1;
    // So does one that ran out of heap (its process aborted), as in Node.
    if (reason === kReasonOutOfMemory) code = 1;
    this.#running = false;
    this.#exitCode = code;
    this.#updateRef();
    for (const pending of this.#snapshots.splice(0)) pending.reject(new codes.ERR_WORKER_NOT_RUNNING());
    // All its output came before its end.
    if (this.#stdio.stdout !== null) this.#stdio.stdout.push(null);
    if (this.#stdio.stderr !== null) this.#stdio.stderr.push(null);
    if (reason === kReasonUncaught && this.#terminating === null) {
      this.emit('error', this.#uncaught !== undefined ? errorFromReport(this.#uncaught) : uncaughtError(message));
    } else if (reason === kReasonOutOfMemory) {
      this.emit('error', new codes.ERR_WORKER_OUT_OF_MEMORY('JS heap out of memory'));
    } else if (reason === kReasonStartupFailed && message !== '') {
      this.emit('error', startupError(message));
    }
    this.emit('exit', code);
    // Its handle closes once the 'exit' listeners have run.
    this.#handleClosed = true;
    if (this.#handle !== null) this.#handle.emitDestroy();
    if (this.#port !== null) this.#port.emitDestroy();
    if (this.#terminating !== null) this.#terminating[1](code);
  }
}

// What a nested worker that could not start reports: a missing file is
// Node's MODULE_NOT_FOUND error.
function startupError(message) {
  const missing = /Cannot find module '([^']*)'/.exec(message) ?? /cannot find script '([^']*)'/.exec(message);
  if (missing !== null) {
    const error = new Error(`Cannot find module '${missing[1]}'`);
    error.code = 'MODULE_NOT_FOUND';
    return error;
  }
  return new codes.ERR_WORKER_INIT_FAILED(message);
}

// Node's handle of a Worker (or its port) as async_hooks sees it: a
// resource of type 'WORKER' (or 'MESSAGEPORT') whose hasRef() says whether
// it keeps the loop alive (undefined once closed).
let WorkerHandle = null;
const kHasRef = Symbol('hasRef');
function workerHandle(type, hasRef) {
  if (WorkerHandle === null) {
    const { AsyncResource } = internalRequire('node/async_hooks');
    WorkerHandle = class WorkerHandle extends AsyncResource {
      hasRef() {
        return this[kHasRef]?.();
      }
    };
  }
  const handle = new WorkerHandle(type);
  handle[kHasRef] = hasRef;
  return handle;
}

// worker.stdin of a nested worker spawned with `stdin: true`: what is
// written goes to its process.stdin, end() ends that. Written in frames of
// at most kStdinFrame bytes.
const kStdinFrame = 64 * 1024;
function stdinStream(nestedId, running) {
  const { Writable } = internalRequire('node/stream');
  return new Writable({
    write(chunk, encoding, callback) {
      if (running()) {
        for (let at = 0; at < chunk.length; at += kStdinFrame) {
          native.nestedStdin(nestedId, chunk.subarray(at, at + kStdinFrame), false);
        }
      }
      callback();
    },
    final(callback) {
      if (running()) native.nestedStdin(nestedId, undefined, true);
      callback();
    },
  });
}

function hasPort(transferList) {
  const list = typeof transferList?.[Symbol.iterator] === 'function' ? transferList : transferList?.transfer;
  if (list === null || typeof list !== 'object' || typeof list[Symbol.iterator] !== 'function') return false;
  for (const item of list) if (io.isPort(item)) return true;
  return false;
}

// The transfer list of the Worker constructor, as Node reads it: the
// elements of an array-like (length and indices, not an iterator);
// undefined for a falsy one.
function arrayLike(list) {
  if (!list) return undefined;
  const object = Object(list);
  const items = [];
  for (let i = 0; i < object.length; i++) items.push(object[i]);
  return items;
}

// workerData (or environment data) that transfers no port.
function encode(value, transferList) {
  const message = io.encode(value, transferList, null);
  if (message.endpoints.length > 0) {
    const DOMException = internalRequire('internal/dom_exception');
    throw new DOMException('A MessagePort cannot be transferred to another worker yet', 'DataCloneError');
  }
  return message.bytes;
}

module.exports = { Worker, onLinkMessage: onMessage };
