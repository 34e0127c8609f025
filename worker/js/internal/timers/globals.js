'use strict';
// setTimeout/setInterval and setImmediate. Timers live in one list per
// duration (insertion order is expiry order within a list) and C++ keeps a
// single uv timer armed for the earliest list. Immediates live in a linked
// queue; C++ reads immediateInfo[kCount] before it calls in here at all.

const {
  immediateInfo, scheduleTimer, toggleTimerRef, toggleImmediateRef, getLoopTime,
} = binding;
const kCount = 0;
const kRefCount = 1;
const TIMEOUT_MAX = 2 ** 31 - 1;

const kRefed = Symbol('refed');
const kTimerId = Symbol('timerId');
// A callback runs through callback.call while that is still the builtin (the
// cheapest call with a receiver), else through Reflect.apply, so that a
// script that replaces callback.call/apply cannot redirect it.
const FunctionCall = Function.prototype.call;
const ReflectApply = Reflect.apply;
const kNoArgs = [];

let runNextTicks = null;
// internal/async_context once an AsyncLocalStorage exists, else null: a
// timer or immediate then records the frame it was made in (kAsyncFrame)
// and its callback runs in it.
let asyncContext = null;
const kAsyncFrame = Symbol('asyncFrame');
let handleUncaught = null;
let nextTimerId = 1;

// ---------------------------------------------------------------- timers

// Whole milliseconds -> TimersList: a delay of 1.8 shares the list of 1, so
// timers of 1, 1.8, 1.1 and 1 ms fire in the order they were made, as in Node.
const lists = new Map();
// Timers whose id a script has seen (+timer, `${timer}`), for
// clearTimeout(id); filled by Symbol.toPrimitive only.
const timersById = new Map();
let timerRefCount = 0;
let scheduledExpiry = Infinity;

// A list of timers is circular and doubly linked through _idleNext and
// _idlePrev, the list object its own head: the oldest timer is
// list._idleNext. Node's internal/linkedlist has the same shape, and
// internal/linkedlist.js offers these functions under its names.
function linkInit(list) {
  list._idleNext = list;
  list._idlePrev = list;
  return list;
}

// The item after `item` (the oldest of a list), null if it is alone.
function linkPeek(item) {
  const next = item._idleNext;
  return next === item ? null : next;
}

// Adds `item` at the end of `list`, taking it first from any list it is in.
function linkAppend(list, item) {
  if (item._idleNext || item._idlePrev) unlink(item);
  item._idleNext = list;
  item._idlePrev = list._idlePrev;
  list._idlePrev._idleNext = item;
  list._idlePrev = item;
}

function unlink(item) {
  if (item._idleNext) item._idleNext._idlePrev = item._idlePrev;
  if (item._idlePrev) item._idlePrev._idleNext = item._idleNext;
  item._idleNext = null;
  item._idlePrev = null;
}

class TimersList {
  constructor(expiry, duration) {
    linkInit(this);
    this.expiry = expiry;
    this.duration = duration;
  }
}

function incTimerRef() {
  if (timerRefCount++ === 0) toggleTimerRef(true);
}

function decTimerRef() {
  if (--timerRefCount === 0) toggleTimerRef(false);
}

function coerceDelay(after) {
  after *= 1;
  if (!(after >= 1 && after <= TIMEOUT_MAX)) {
    if (after > TIMEOUT_MAX) warnOverflow(after);
    after = 1;
  }
  return after;
}

function warnOverflow(after) {
  globalThis.process.emitWarning(`${after} does not fit into a 32-bit signed integer.\n` +
                                 'Timeout duration was set to 1.', 'TimeoutOverflowWarning');
}

class Timeout {
  constructor(callback, after, args, isRepeat, isRefed = true) {
    after = coerceDelay(after);
    this._idleTimeout = after;
    this._idlePrev = null;
    this._idleNext = null;
    this._idleStart = null;
    this._onTimeout = callback;
    this._timerArgs = args;
    this._repeat = isRepeat ? after : null;
    this._destroyed = false;
    this[kRefed] = isRefed;
    this[kTimerId] = nextTimerId++;
    if (isRefed) incTimerRef();
  }

  ref() {
    if (!this[kRefed]) {
      this[kRefed] = true;
      if (!this._destroyed) incTimerRef();
    }
    return this;
  }

  unref() {
    if (this[kRefed]) {
      this[kRefed] = false;
      if (!this._destroyed) decTimerRef();
    }
    return this;
  }

  hasRef() {
    return this[kRefed];
  }

  // Counts the delay again from now; a timer that has fired runs again (one
  // that was cleared does not).
  refresh() {
    if (this._onTimeout !== null) {
      removeFromList(this);
      if (this._destroyed) {
        this._destroyed = false;
        if (this[kRefed]) incTimerRef();
      }
      insert(this, this._idleTimeout, getLoopTime());
    }
    return this;
  }

  close() {
    clearTimeout(this);
    return this;
  }

  [Symbol.toPrimitive]() {
    const id = this[kTimerId];
    if (!this._destroyed) timersById.set(id, this);
    return id;
  }

  [Symbol.dispose]() {
    clearTimeout(this);
  }
}

function insert(timer, after, start) {
  timer._idleStart = start;
  const msecs = after | 0;
  let list = lists.get(msecs);
  if (list === undefined) {
    const expiry = start + msecs;
    list = new TimersList(expiry, msecs);
    lists.set(msecs, list);
    if (expiry < scheduledExpiry) {
      scheduledExpiry = expiry;
      scheduleTimer(msecs);
    }
  }
  linkAppend(list, timer);
}

function removeFromList(timer) {
  if (timer._idleNext === null) return;
  const list = lists.get(timer._idleTimeout | 0);
  unlink(timer);
  if (list !== undefined && list._idleNext === list) lists.delete(list.duration);
}

function destroyTimer(timer) {
  if (timer._destroyed) return;
  timer._destroyed = true;
  if (timer[kRefed]) decTimerRef();
  if (timersById.size !== 0) timersById.delete(timer[kTimerId]);
}

function setTimeout(callback, after, ...args) {
  if (typeof callback !== 'function') throw invalidCallback(callback);
  const timer = new Timeout(callback, after, args.length ? args : undefined, false);
  if (asyncContext !== null) timer[kAsyncFrame] = asyncContext.currentFrame();
  insert(timer, timer._idleTimeout, getLoopTime());
  return timer;
}

function setInterval(callback, repeat, ...args) {
  if (typeof callback !== 'function') throw invalidCallback(callback);
  const timer = new Timeout(callback, repeat, args.length ? args : undefined, true);
  if (asyncContext !== null) timer[kAsyncFrame] = asyncContext.currentFrame();
  insert(timer, timer._idleTimeout, getLoopTime());
  return timer;
}

// A timer the runtime sets for itself (AbortSignal.timeout()): unref'd from
// the start, so it never holds the loop, even for a moment.
function setUnrefTimeout(callback, after) {
  if (typeof callback !== 'function') throw invalidCallback(callback);
  const timer = new Timeout(callback, after, undefined, false, false);
  if (asyncContext !== null) timer[kAsyncFrame] = asyncContext.currentFrame();
  insert(timer, timer._idleTimeout, getLoopTime());
  return timer;
}

function clearTimeout(timer) {
  if (typeof timer === 'number' || typeof timer === 'string') timer = timersById.get(+timer);
  if (timer === null || typeof timer !== 'object' || !(timer instanceof Timeout)) return;
  if (timer._onTimeout === null && timer._destroyed) return;
  timer._onTimeout = null;
  removeFromList(timer);
  destroyTimer(timer);
}

let ranAtLeastOneTimer = false;

function listOnTimeout(list, now) {
  let timer;
  while ((timer = list._idleNext) !== list) {
    if (now - timer._idleStart < list.duration) {
      // Not due yet: the rest of the list is later still.
      list.expiry = Math.max(timer._idleStart + list.duration, now + 1);
      return;
    }
    if (ranAtLeastOneTimer) runNextTicks();
    else ranAtLeastOneTimer = true;
    // A tick may have cleared or refreshed this timer.
    if (list._idleNext !== timer) continue;
    unlink(timer);
    const callback = timer._onTimeout;
    if (typeof callback !== 'function' || timer._destroyed) {
      destroyTimer(timer);
      continue;
    }
    const start = timer._repeat !== null ? getLoopTime() : 0;
    const frame = asyncContext === null ? undefined : timer[kAsyncFrame];
    const outerFrame = frame === undefined ? undefined : asyncContext.enterContinuation(frame);
    try {
      const args = timer._timerArgs;
      if (args === undefined && callback.call === FunctionCall) callback.call(timer);
      else ReflectApply(callback, timer, args === undefined ? kNoArgs : args);
    } catch (err) {
      handleUncaught(err, 'uncaughtException');
      // A throw ends the pass in Node, and the rest of the due timers run as
      // a new one: the next timer comes before the ticks this one queued.
      ranAtLeastOneTimer = false;
    }
    if (frame !== undefined) asyncContext.leaveContinuation(frame, outerFrame);
    // An interval stops when cleared, closed, or unenrolled from its
    // callback (_idleTimeout = -1, _onTimeout = null).
    if (timer._repeat !== null && timer._idleTimeout !== -1 && timer._onTimeout !== null && !timer._destroyed) {
      if (timer._idleNext === null) insert(timer, timer._idleTimeout = timer._repeat, start);
    } else if (timer._idleNext === null) {
      // It keeps its callback: refresh() makes it run again.
      destroyTimer(timer);
    }
  }
  if (lists.get(list.duration) === list) lists.delete(list.duration);
}

// Called by C++ when the uv timer fires. Returns the delay to the next
// expiry: positive if a ref'd timer waits, negative if only unref'd ones
// do, 0 when no timer is left.
function processTimers(now) {
  scheduledExpiry = Infinity;
  ranAtLeastOneTimer = false;
  for (;;) {
    let due = null;
    for (const list of lists.values()) {
      if (list.expiry <= now && (due === null || list.expiry < due.expiry)) due = list;
    }
    if (due === null) break;
    // `now` stays what it was when the pass began, as in Node: a timer made
    // during the pass is never due in it, however long its callbacks take.
    listOnTimeout(due, now);
  }
  let earliest = Infinity;
  for (const list of lists.values()) if (list.expiry < earliest) earliest = list.expiry;
  if (earliest === Infinity) return 0;
  scheduledExpiry = earliest;
  const delay = Math.max(1, earliest - getLoopTime());
  return timerRefCount > 0 ? delay : -delay;
}

// ------------------------------------------------------------ immediates

class ImmediateQueue {
  constructor() {
    this.head = null;
    this.tail = null;
  }

  append(item) {
    if (this.tail !== null) {
      this.tail._idleNext = item;
      item._idlePrev = this.tail;
    } else {
      this.head = item;
    }
    this.tail = item;
  }

  remove(item) {
    if (item._idleNext) item._idleNext._idlePrev = item._idlePrev;
    if (item._idlePrev) item._idlePrev._idleNext = item._idleNext;
    if (item === this.head) this.head = item._idleNext;
    if (item === this.tail) this.tail = item._idlePrev;
    item._idleNext = null;
    item._idlePrev = null;
  }
}

const immediateQueue = new ImmediateQueue();

class Immediate {
  constructor(callback, args) {
    this._idleNext = null;
    this._idlePrev = null;
    this._onImmediate = callback;
    this._argv = args;
    this._destroyed = false;
    this[kRefed] = false;
    this.ref();
    immediateInfo[kCount]++;
    immediateQueue.append(this);
  }

  ref() {
    if (this[kRefed] === false) {
      this[kRefed] = true;
      if (immediateInfo[kRefCount]++ === 0) toggleImmediateRef(true);
    }
    return this;
  }

  unref() {
    if (this[kRefed] === true) {
      this[kRefed] = false;
      if (--immediateInfo[kRefCount] === 0) toggleImmediateRef(false);
    }
    return this;
  }

  hasRef() {
    return !!this[kRefed];
  }

  [Symbol.dispose]() {
    clearImmediate(this);
  }
}

function setImmediate(callback, ...args) {
  if (typeof callback !== 'function') throw invalidCallback(callback);
  if (asyncContext !== null) return immediateInContext(callback, args);
  return new Immediate(callback, args.length ? args : undefined);
}

// An immediate made once async context is in use, which records its frame.
function immediateInContext(callback, args) {
  const immediate = new Immediate(callback, args.length ? args : undefined);
  immediate[kAsyncFrame] = asyncContext.currentFrame();
  return immediate;
}

function clearImmediate(immediate) {
  if (!immediate || immediate._destroyed || !(immediate instanceof Immediate)) return;
  immediateInfo[kCount]--;
  immediate._destroyed = true;
  if (immediate[kRefed] && --immediateInfo[kRefCount] === 0) toggleImmediateRef(false);
  immediate[kRefed] = null;
  immediate._onImmediate = null;
  immediateQueue.remove(immediate);
}

// Called by C++ from the check phase, only when immediateInfo[kCount] > 0.
// Runs the immediates queued before this phase began; those they queue wait
// for the next turn of the loop.
function processImmediates() {
  if (asyncContext !== null) return processImmediatesInContext();
  let immediate = immediateQueue.head;
  immediateQueue.head = immediateQueue.tail = null;
  let previous = null;
  let ranAtLeastOne = false;
  while (immediate !== null) {
    if (immediate._destroyed) {
      immediate = previous !== null ? previous._idleNext : immediate._idleNext;
      continue;
    }
    if (ranAtLeastOne) {
      runNextTicks();
      // A tick may have cleared this one; it is then unlinked.
      if (immediate._destroyed) continue;
    } else {
      ranAtLeastOne = true;
    }
    immediate._destroyed = true;
    immediateInfo[kCount]--;
    if (immediate[kRefed]) immediateInfo[kRefCount]--;
    immediate[kRefed] = null;
    const callback = immediate._onImmediate;
    immediate._onImmediate = null;
    try {
      const argv = immediate._argv;
      if (argv === undefined && callback.call === FunctionCall) callback.call(immediate);
      else ReflectApply(callback, immediate, argv === undefined ? kNoArgs : argv);
    } catch (err) {
      handleUncaught(err, 'uncaughtException');
      // As for timers: the rest of the queue runs as a new pass, whose first
      // immediate comes before the ticks this one queued.
      ranAtLeastOne = false;
    }
    previous = immediate;
    immediate = immediate._idleNext;
  }
}

// processImmediates once async context is in use: each callback runs in the
// frame its immediate was made in. A copy, so that a worker without async
// context runs the loop above with nothing added to it.
function processImmediatesInContext() {
  let immediate = immediateQueue.head;
  immediateQueue.head = immediateQueue.tail = null;
  let previous = null;
  let ranAtLeastOne = false;
  while (immediate !== null) {
    if (immediate._destroyed) {
      immediate = previous !== null ? previous._idleNext : immediate._idleNext;
      continue;
    }
    if (ranAtLeastOne) {
      runNextTicks();
      // A tick may have cleared this one; it is then unlinked.
      if (immediate._destroyed) continue;
    } else {
      ranAtLeastOne = true;
    }
    immediate._destroyed = true;
    immediateInfo[kCount]--;
    if (immediate[kRefed]) immediateInfo[kRefCount]--;
    immediate[kRefed] = null;
    const callback = immediate._onImmediate;
    immediate._onImmediate = null;
    const frame = immediate[kAsyncFrame];
    const outerFrame = frame === undefined ? undefined : asyncContext.enterContinuation(frame);
    try {
      const argv = immediate._argv;
      ReflectApply(callback, immediate, argv === undefined ? kNoArgs : argv);
    } catch (err) {
      handleUncaught(err, 'uncaughtException');
      ranAtLeastOne = false;
    }
    if (frame !== undefined) asyncContext.leaveContinuation(frame, outerFrame);
    previous = immediate;
    immediate = immediate._idleNext;
  }
}

// Node's error (internal/errors), loaded by the first bad callback.
function invalidCallback(callback) {
  return new (internalRequire('internal/errors').codes.ERR_INVALID_ARG_TYPE)('callback', 'Function', callback);
}

// util.promisify(setTimeout) / util.promisify(setImmediate) are, as in
// Node, the functions of timers/promises (loaded on first read).
const kPromisifyCustom = Symbol.for('nodejs.util.promisify.custom');
Object.defineProperty(setTimeout, kPromisifyCustom, {
  __proto__: null,
  enumerable: true,
  get: () => internalRequire('node/timers/promises').setTimeout,
});
Object.defineProperty(setImmediate, kPromisifyCustom, {
  __proto__: null,
  enumerable: true,
  get: () => internalRequire('node/timers/promises').setImmediate,
});

exports.setTimeout = setTimeout;
exports.clearTimeout = clearTimeout;
exports.setInterval = setInterval;
exports.clearInterval = clearTimeout;
exports.setImmediate = setImmediate;
exports.clearImmediate = clearImmediate;
exports.processTimers = processTimers;
exports.processImmediates = processImmediates;
exports.setUnrefTimeout = setUnrefTimeout;
exports.Timeout = Timeout;
exports.Immediate = Immediate;
exports.linkInit = linkInit;
exports.linkPeek = linkPeek;
exports.linkAppend = linkAppend;
exports.unlink = unlink;
exports.setAsyncContext = (context) => { asyncContext = context; };
exports.setHooks = (hooks) => {
  runNextTicks = hooks.runNextTicks;
  handleUncaught = hooks.handleUncaught;
};
