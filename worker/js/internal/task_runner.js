'use strict';
// The worker side of a task pool: calls the function the script exports on
// each task the host sends (`(task, { signal, taskId }) => result` or a
// promise of it) and sends back what it returned or threw. Loaded only in a
// worker the host started as a task runner (Start.task_runner).
//
// How many tasks run at once is the host's to decide: it sends the next one
// when the last settled, unless the pool allows more.

const task = binding.internalBinding('task');

// What user code may have replaced by the time a task settles.
const ReflectApply = Reflect.apply;
const PromisePrototypeThen = Promise.prototype.then;
const MapPrototypeGet = Map.prototype.get;
const MapPrototypeSet = Map.prototype.set;
const MapPrototypeDelete = Map.prototype.delete;
const StringCtor = String;

// The task function, once the script is loaded.
let handler = null;
// Tasks that came before it: id, task, id, task, ...
const waiting = [];
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

function fail(id, thrown) {
  if (thrown !== null && (typeof thrown === 'object' || typeof thrown === 'function')) {
    task.error(id, field(thrown, 'name'), field(thrown, 'message'), field(thrown, 'stack'), field(thrown, 'code'));
    return;
  }
  let text;
  try {
    text = StringCtor(thrown);
  } catch {
    text = typeof thrown;
  }
  task.error(id, '', text, '', '');
}

function succeed(id, value) {
  try {
    task.result(id, value);
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

function run(id, value) {
  if (handler === null) {
    waiting.push(id, value);
    return;
  }
  const context = new TaskContext(id);
  let result;
  try {
    result = handler(value, context);
  } catch (err) {
    fail(id, err);
    return;
  }
  if (!isThenable(result)) {
    succeed(id, result);
    return;
  }
  ReflectApply(MapPrototypeSet, unsettled, [id, context]);
  const settled = Promise.resolve(result);
  ReflectApply(PromisePrototypeThen, settled, [
    (resolved) => {
      ReflectApply(MapPrototypeDelete, unsettled, [id]);
      succeed(id, resolved);
    },
    (err) => {
      ReflectApply(MapPrototypeDelete, unsettled, [id]);
      fail(id, err);
    },
  ]);
}

function cancel(id, reason) {
  const context = ReflectApply(MapPrototypeGet, unsettled, [id]);
  if (context !== undefined) context.cancel(reason);
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
  const queued = waiting.splice(0);
  for (let i = 0; i < queued.length; i += 2) run(queued[i], queued[i + 1]);
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
