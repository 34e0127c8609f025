'use strict';
// The worker side of a task pool: calls the function the script exports on
// each task the host sends (`(task, { signal, taskId }) => result` or a
// promise of it) and sends back what it returned or threw. Loaded only in a
// worker the host started as a task runner (Start.task_runner).
//
// At most `task.concurrency` tasks (the pool's concurrent_tasks_per_worker)
// run at once; the host may send the next ones before that, and they wait
// here, in order, so that the worker never sleeps between short tasks.

const task = binding.internalBinding('task');

// What user code may have replaced by the time a task settles.
const ReflectApply = Reflect.apply;
const PromisePrototypeThen = Promise.prototype.then;
const MapPrototypeGet = Map.prototype.get;
const MapPrototypeSet = Map.prototype.set;
const MapPrototypeDelete = Map.prototype.delete;
const ArrayPrototypePush = Array.prototype.push;
const ArrayPrototypeSplice = Array.prototype.splice;
const StringCtor = String;

// The task function, once the script is loaded.
let handler = null;
// Tasks that wait for it, or for a running one to settle: id, task, id, task, ...
const waiting = [];
let next = 0;  // the first of `waiting` not yet started
let running = 0;
const limit = task.concurrency;
// The heap has passed the host's limit for this worker: the host retires it
// and asks back the tasks that wait here, to run them on a fresh heap.
let overHeapLimit = false;
// The context of each task that returned a promise, by id: a cancel reaches
// its signal.
const unsettled = new Map();

// The second argument of the task function. Its AbortSignal is made on the
// first read (most tasks never look): a cancel that came before that read
// finds it aborted already.
class TaskContext {
  #controller = null;
  #cancelReason = undefined;

  constructor(id) {
    this.taskId = id;
  }

  get signal() {
    if (this.#controller === null) {
      this.#controller = new AbortController();
      if (this.#cancelReason !== undefined) this.#controller.abort(this.#cancelReason);
    }
    return this.#controller.signal;
  }

  cancel(reason) {
    const DOMException = internalRequire('internal/dom_exception');
    this.#cancelReason = new DOMException(reason || 'The task was cancelled', 'AbortError');
    if (this.#controller !== null) this.#controller.abort(this.#cancelReason);
  }
}

// A field of a thrown value as a string; '' when absent or when reading it throws.
function field(value, name) {
  try {
    const got = value[name];
    if (typeof got === 'string') return got;
    if (name === 'code' && (typeof got === 'number' || typeof got === 'bigint')) return StringCtor(got);
  } catch {
    // A getter that throws tells us nothing.
  }
  return '';
}

function fail(id, thrown, dropped = false) {
  if (thrown !== null && (typeof thrown === 'object' || typeof thrown === 'function')) {
    if (task.error(id, field(thrown, 'name'), field(thrown, 'message'), field(thrown, 'stack'), field(thrown, 'code'),
                   dropped)) {
      overHeapLimit = true;
    }
    return;
  }
  let text;
  try {
    text = StringCtor(thrown);
  } catch {
    text = typeof thrown;
  }
  if (task.error(id, '', text, '', '')) overHeapLimit = true;
}

function succeed(id, value) {
  try {
    if (task.result(id, value)) overHeapLimit = true;
  } catch (err) {
    // Not cloneable, or over the message limit: the task fails with that.
    fail(id, err);
  }
}

function isThenable(value) {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return false;
  try {
    return typeof value.then === 'function';
  } catch {
    return false;
  }
}

// Starts tasks while fewer than `limit` run. A task that settles at once
// comes back here through settled(); the loop below goes on instead.
let pumping = false;
function pump() {
  if (pumping) return;
  pumping = true;
  try {
    pumpLoop();
  } finally {
    pumping = false;
  }
}

function pumpLoop() {
  while (handler !== null && !overHeapLimit && running < limit && next < waiting.length) {
    const id = waiting[next];
    const value = waiting[next + 1];
    waiting[next] = waiting[next + 1] = undefined;
    next += 2;
    if (next === waiting.length) {
      waiting.length = 0;
      next = 0;
    }
    startTask(id, value);
  }
}

function settled() {
  running--;
  pump();
}

function startTask(id, value) {
  running++;
  const context = new TaskContext(id);
  let result;
  try {
    result = handler(value, context);
  } catch (err) {
    fail(id, err);
    settled();
    return;
  }
  if (!isThenable(result)) {
    succeed(id, result);
    settled();
    return;
  }
  ReflectApply(MapPrototypeSet, unsettled, [id, context]);
  ReflectApply(PromisePrototypeThen, Promise.resolve(result), [
    (resolved) => {
      ReflectApply(MapPrototypeDelete, unsettled, [id]);
      succeed(id, resolved);
      settled();
    },
    (err) => {
      ReflectApply(MapPrototypeDelete, unsettled, [id]);
      fail(id, err);
      settled();
    },
  ]);
}

function run(id, value) {
  ReflectApply(ArrayPrototypePush, waiting, [id, value]);
  pump();
}

// `reclaim`: the host takes back a task that has not started, to run it on
// another worker; a started one goes on untouched.
function cancel(id, reason, reclaim) {
  const context = ReflectApply(MapPrototypeGet, unsettled, [id]);
  if (context !== undefined) {
    if (!reclaim) context.cancel(reason);
    return;
  }
  // Not started yet: it never runs here, and settles at once, dropped.
  for (let i = next; i < waiting.length; i += 2) {
    if (waiting[i] === id) {
      ReflectApply(ArrayPrototypeSplice, waiting, [i, 2]);
      const DOMException = internalRequire('internal/dom_exception');
      fail(id, new DOMException(reason || 'The task was cancelled', 'AbortError'), true);
      return;
    }
  }
}

task.setHandlers(run, cancel);

function describe(exported) {
  if (exported === null) return 'null';
  if (typeof exported === 'object') return 'an object without a default function';
  return `a value of type ${typeof exported}`;
}

// `exported` is module.exports or the namespace; the task function is it,
// or its `default`.
function install(exported, scriptPath) {
  const fn = typeof exported === 'object' && exported !== null ? exported.default : exported;
  if (typeof fn !== 'function') {
    task.startupFailed(`the task script ${scriptPath || '[source]'} must export a function ` +
                       `(module.exports = (task) => ... or export default); it exports ${describe(exported)}`);
    return;
  }
  handler = fn;
  task.ready();
  pump();
}

// `entry` is what modules.runMain() made: { exports } or { namespace }.
function start(entry, scriptPath) {
  if (entry.namespace === undefined) {
    install(entry.exports, scriptPath);
    return;
  }
  // A failed evaluation was reported as uncaught already, and ends the worker.
  ReflectApply(PromisePrototypeThen, entry.namespace, [(namespace) => install(namespace, scriptPath)]);
}

module.exports = { start };
