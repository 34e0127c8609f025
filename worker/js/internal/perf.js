'use strict';
// The User Timing and Performance Timeline APIs as Node 20 has them:
// `performance` (now, timeOrigin, mark/measure, the getEntries* queries,
// clearMarks/clearMeasures, toJSON, eventLoopUtilization, timerify,
// nodeTiming), the entry classes, and PerformanceObserver, whose callbacks run
// from the check phase (an immediate) with the entries gathered since.
// The clock is the worker's: 0 is binding.timeOrigin, when its runtime began.

const { EventTarget, defineEventHandler, inspectAs } = internalRequire('internal/event_target');
const { codes } = internalRequire('internal/errors');
const { validateFunction, validateNumber, validateObject } = internalRequire('internal/validators');
const timers = internalRequire('internal/timers/globals');
// Loaded when the first one is made.
const domException = (message, name) => new (internalRequire('internal/dom_exception'))(message, name);

const kCreate = Symbol('kCreate');
const customInspect = Symbol.for('nodejs.util.inspect.custom');
const kSupportedEntryTypes = Object.freeze(
  ['dns', 'function', 'gc', 'http', 'http2', 'mark', 'measure', 'net', 'resource']);
const kTimelineTypes = new Set(['mark', 'measure']);

const now = () => (binding.hrtime() - binding.timeOrigin) / 1e6;
const structuredClone = (value) => binding.structuredClone(value);

function setToStringTag(cls, tag) {
  Object.defineProperty(cls.prototype, Symbol.toStringTag, {
    __proto__: null,
    value: tag, writable: false, enumerable: false, configurable: true,
  });
}

function makeEnumerable(prototype) {
  for (const key of Object.getOwnPropertyNames(prototype)) {
    if (key !== 'constructor') Object.defineProperty(prototype, key, { __proto__: null, enumerable: true });
  }
}

// --- entries -----------------------------------------------------------------

class PerformanceEntry {
  #name;
  #entryType;
  #startTime;
  #duration;

  constructor(key, name, entryType, startTime, duration) {
    if (key !== kCreate) throw new codes.ERR_ILLEGAL_CONSTRUCTOR();
    this.#name = name;
    this.#entryType = entryType;
    this.#startTime = startTime;
    this.#duration = duration;
  }

  static #check(value) {
    if (value === null || typeof value !== 'object' || !(#name in value)) {
      throw new codes.ERR_INVALID_ARG_TYPE('this', 'PerformanceEntry', value);
    }
  }

  get name() {
    PerformanceEntry.#check(this);
    return this.#name;
  }

  get entryType() {
    PerformanceEntry.#check(this);
    return this.#entryType;
  }

  get startTime() {
    PerformanceEntry.#check(this);
    return this.#startTime;
  }

  get duration() {
    PerformanceEntry.#check(this);
    return this.#duration;
  }

  toJSON() {
    PerformanceEntry.#check(this);
    return { name: this.#name, entryType: this.#entryType, startTime: this.#startTime, duration: this.#duration };
  }

  [customInspect](depth, options) {
    return inspectAs(this.constructor.name, depth, options, this.toJSON(), 'brackets');
  }
}

makeEnumerable(PerformanceEntry.prototype);
setToStringTag(PerformanceEntry, 'PerformanceEntry');

// A startTime or a mark's time given as a number.
function checkTimestamp(value) {
  if (value < 0) throw new codes.ERR_PERFORMANCE_INVALID_TIMESTAMP(value);
  return value;
}

class PerformanceMark extends PerformanceEntry {
  #detail;

  constructor(name, options = undefined) {
    if (arguments.length === 0) throw new codes.ERR_MISSING_ARGS('name');
    name = `${name}`;
    if (options != null) validateObject(options, 'options');
    const startTime = options?.startTime ?? now();
    validateNumber(startTime, 'startTime');
    checkTimestamp(startTime);
    const detail = options?.detail != null ? structuredClone(options.detail) : null;
    super(kCreate, name, 'mark', startTime, 0);
    this.#detail = detail;
  }

  get detail() {
    if (this === null || typeof this !== 'object' || !(#detail in this)) {
      throw new codes.ERR_INVALID_ARG_TYPE('this', 'PerformanceMark', this);
    }
    return this.#detail;
  }

  toJSON() {
    return { ...super.toJSON(), detail: this.detail };
  }
}

makeEnumerable(PerformanceMark.prototype);
setToStringTag(PerformanceMark, 'PerformanceMark');

class PerformanceMeasure extends PerformanceEntry {
  #detail;

  constructor(key, name, startTime, duration, detail) {
    super(key, name, 'measure', startTime, duration);
    this.#detail = detail;
  }

  get detail() {
    if (this === null || typeof this !== 'object' || !(#detail in this)) {
      throw new codes.ERR_INVALID_ARG_TYPE('this', 'PerformanceMeasure', this);
    }
    return this.#detail;
  }

  toJSON() {
    return { ...super.toJSON(), detail: this.detail };
  }
}

makeEnumerable(PerformanceMeasure.prototype);
setToStringTag(PerformanceMeasure, 'PerformanceMeasure');

// Node has these for fetch; a worker makes none, but scripts may test for it.
class PerformanceResourceTiming extends PerformanceEntry {
  constructor() {
    throw new codes.ERR_ILLEGAL_CONSTRUCTOR();
  }
}

setToStringTag(PerformanceResourceTiming, 'PerformanceResourceTiming');

// --- the timeline and its observers ----------------------------------------------

const marks = [];
const measures = [];
const observers = new Set();

function byStartTime(a, b) {
  return a.startTime - b.startTime;
}

function timelineEntries(name, type) {
  let entries;
  if (type === undefined) entries = [...marks, ...measures];
  else if (type === 'mark') entries = marks.slice();
  else if (type === 'measure') entries = measures.slice();
  else return [];
  if (name !== undefined) entries = entries.filter((entry) => entry.name === name);
  return entries.sort(byStartTime);
}

function enqueue(entry) {
  for (const observer of observers) maybeBuffer(observer, entry);
}

class PerformanceObserverEntryList {
  #entries;

  constructor(key, entries) {
    if (key !== kCreate) throw new codes.ERR_ILLEGAL_CONSTRUCTOR();
    this.#entries = entries.sort(byStartTime);
  }

  static #check(value) {
    if (value === null || typeof value !== 'object' || !(#entries in value)) {
      throw new codes.ERR_INVALID_ARG_TYPE('this', 'PerformanceObserverEntryList', value);
    }
  }

  getEntries() {
    PerformanceObserverEntryList.#check(this);
    return this.#entries.slice();
  }

  getEntriesByType(type) {
    PerformanceObserverEntryList.#check(this);
    if (arguments.length === 0) throw new codes.ERR_MISSING_ARGS('type');
    type = `${type}`;
    return this.#entries.filter((entry) => entry.entryType === type);
  }

  getEntriesByName(name, type = undefined) {
    PerformanceObserverEntryList.#check(this);
    if (arguments.length === 0) throw new codes.ERR_MISSING_ARGS('name');
    name = `${name}`;
    return this.#entries.filter((entry) => entry.name === name && (type === undefined || entry.entryType === `${type}`));
  }

  [customInspect](depth, options) {
    return inspectAs('PerformanceObserverEntryList', depth, options, this.#entries);
  }
}

makeEnumerable(PerformanceObserverEntryList.prototype);
setToStringTag(PerformanceObserverEntryList, 'PerformanceObserverEntryList');

class PerformanceObserver {
  #callback;
  #entryTypes = new Set();
  #mode = undefined;  // 'multiple' (entryTypes) or 'single' (type)
  #buffer = [];
  #pending = false;

  constructor(callback) {
    validateFunction(callback, 'callback');
    this.#callback = callback;
  }

  static get supportedEntryTypes() {
    return kSupportedEntryTypes.slice();
  }

  observe(options = {}) {
    validateObject(options, 'options');
    const { entryTypes, type, buffered } = options;
    if (entryTypes === undefined && type === undefined) {
      throw new codes.ERR_MISSING_ARGS('options.entryTypes', 'options.type');
    }
    if (entryTypes != null && type != null) {
      throw new codes.ERR_INVALID_ARG_VALUE('options.entryTypes', entryTypes,
                                            'options.entryTypes can not set with options.type together');
    }
    const mode = entryTypes !== undefined ? 'multiple' : 'single';
    if (this.#mode !== undefined && this.#mode !== mode) {
      throw domException(`PerformanceObserver can not change to ${mode} observations`,
                             'InvalidModificationError');
    }
    this.#mode = mode;
    if (mode === 'multiple') {
      if (!Array.isArray(entryTypes) || entryTypes.some((entry) => typeof entry !== 'string')) {
        throw new codes.ERR_INVALID_ARG_TYPE('options.entryTypes', 'string[]', entryTypes);
      }
      this.#entryTypes.clear();
      for (const entryType of entryTypes) {
        if (kSupportedEntryTypes.includes(entryType)) this.#entryTypes.add(entryType);
      }
    } else {
      const entryType = `${type}`;
      if (!kSupportedEntryTypes.includes(entryType)) return;
      this.#entryTypes.add(entryType);
      if (buffered && kTimelineTypes.has(entryType)) {
        for (const entry of timelineEntries(undefined, entryType)) maybeBuffer(this, entry);
      }
    }
    if (this.#entryTypes.size > 0) observers.add(this);
    else this.disconnect();
  }

  disconnect() {
    observers.delete(this);
    this.#buffer = [];
    this.#entryTypes.clear();
    this.#mode = undefined;
  }

  takeRecords() {
    return this.#buffer.splice(0);
  }

  // Called for every new entry; the callback runs once per batch.
  static maybeBuffer(observer, entry) {
    if (!observer.#entryTypes.has(entry.entryType)) return;
    observer.#buffer.push(entry);
    if (observer.#pending) return;
    observer.#pending = true;
    timers.setImmediate(() => {
      observer.#pending = false;
      if (observer.#buffer.length === 0) return;
      const list = new PerformanceObserverEntryList(kCreate, observer.#buffer.splice(0));
      Reflect.apply(observer.#callback, observer, [list, observer]);
    });
  }

  [customInspect](depth, options) {
    return inspectAs('PerformanceObserver', depth, options, {
      connected: observers.has(this),
      pending: this.#pending,
      entryTypes: [...this.#entryTypes],
      buffer: this.#buffer,
    }, 'empty');
  }
}

const { maybeBuffer } = PerformanceObserver;
delete PerformanceObserver.maybeBuffer;
makeEnumerable(PerformanceObserver.prototype);
setToStringTag(PerformanceObserver, 'PerformanceObserver');

// --- node timing and event-loop utilisation ------------------------------------------

// Idle time is counted from the first eventLoopUtilization() call on (a loop
// that counts costs a clock read per turn, so a worker pays only once it
// asks); earlier time counts as active, as it does in Node before the loop
// has idled.
let idleCounting = false;

function idleTimeMs() {
  if (!idleCounting) return 0;
  return binding.internalBinding('performance').idleTime() / 1e6;
}

function startIdleCounting() {
  if (idleCounting) return;
  idleCounting = binding.internalBinding('performance').startIdleTime() >= 0;
}

// The milestones of Node's start-up. A worker's isolate, context and
// bootstrap are ready when its clock starts, so those read 0.
const kMilestones = ['nodeStart', 'v8Start', 'environment', 'bootstrapComplete', 'loopStart'];

class PerformanceNodeTiming {
  constructor(key) {
    if (key !== kCreate) throw new codes.ERR_ILLEGAL_CONSTRUCTOR();
  }

  get name() {
    return 'node';
  }

  get entryType() {
    return 'node';
  }

  get startTime() {
    return 0;
  }

  get duration() {
    return now();
  }

  get loopExit() {
    return -1;
  }

  get idleTime() {
    return idleTimeMs();
  }

  toJSON() {
    return {
      name: 'node',
      entryType: 'node',
      startTime: 0,
      duration: this.duration,
      nodeStart: 0,
      v8Start: 0,
      bootstrapComplete: 0,
      environment: 0,
      loopStart: 0,
      loopExit: -1,
      idleTime: this.idleTime,
    };
  }

  [customInspect](depth, options) {
    return inspectAs('PerformanceNodeTiming', depth, options, this.toJSON(), 'brackets');
  }
}

for (const milestone of kMilestones) {
  Object.defineProperty(PerformanceNodeTiming.prototype, milestone, { __proto__: null, get: () => 0, enumerable: true, configurable: true });
}
setToStringTag(PerformanceNodeTiming, 'PerformanceNodeTiming');

const nodeTiming = new PerformanceNodeTiming(kCreate);

function eventLoopUtilization(util1, util2) {
  startIdleCounting();
  if (util2) {
    const idle = util1.idle - util2.idle;
    const active = util1.active - util2.active;
    return { idle, active, utilization: active / (idle + active) };
  }
  const idle = idleTimeMs();
  const active = now() - idle;
  if (!util1) return { idle, active, utilization: active / (idle + active) };
  const idleDelta = idle - util1.idle;
  const activeDelta = active - util1.active;
  return { idle: idleDelta, active: activeDelta, utilization: activeDelta / (idleDelta + activeDelta) };
}

// --- timerify ----------------------------------------------------------------------

function timerify(fn, options = {}) {
  validateFunction(fn, 'fn');
  validateObject(options, 'options');
  function timerifiedFn(...args) {
    const start = now();
    const result = new.target ? Reflect.construct(fn, args, fn) : Reflect.apply(fn, this, args);
    const record = () => {
      const entry = new PerformanceEntry(kCreate, fn.name, 'function', start, now() - start);
      enqueue(entry);
    };
    if (!new.target && result !== null && typeof result === 'object' && typeof result.finally === 'function') {
      return result.finally(record);
    }
    record();
    return result;
  }
  Object.defineProperties(timerifiedFn, {
    length: { value: fn.length, configurable: true },
    name: { value: `timerified ${fn.name}`, configurable: true },
  });
  return timerifiedFn;
}

// --- Performance ---------------------------------------------------------------------

// The mark named, a milestone of nodeTiming, or a time given as a number.
function markTime(name) {
  if (name === undefined) return undefined;
  if (typeof name === 'number') return checkTimestamp(name);
  name = `${name}`;
  if (kMilestones.includes(name)) return 0;
  if (name === 'loopExit') return -1;
  for (let i = marks.length - 1; i >= 0; --i) {
    if (marks[i].name === name) return marks[i].startTime;
  }
  throw domException(`The "${name}" performance mark has not been set`, 'SyntaxError');
}

function measureSpan(startOrOptions, endMark) {
  if (startOrOptions !== null && typeof startOrOptions === 'object') {
    const { start, end, duration } = startOrOptions;
    if (endMark !== undefined) {
      throw new codes.ERR_PERFORMANCE_MEASURE_INVALID_OPTIONS('endMark must not be specified');
    }
    if (start !== undefined && end !== undefined && duration !== undefined) {
      throw new codes.ERR_PERFORMANCE_MEASURE_INVALID_OPTIONS(
        'Must not have options.start, options.end, and options.duration specified');
    }
    let endTime;
    if (end !== undefined) endTime = markTime(end);
    else if (start !== undefined && duration !== undefined) endTime = markTime(start) + markTime(duration);
    else endTime = now();
    let startTime;
    if (start !== undefined) startTime = markTime(start);
    else if (duration !== undefined && end !== undefined) startTime = endTime - markTime(duration);
    else startTime = 0;
    return { startTime, endTime, detail: startOrOptions.detail };
  }
  const startTime = typeof startOrOptions === 'string' ? markTime(startOrOptions) : 0;
  const endTime = endMark !== undefined ? markTime(endMark) : now();
  return { startTime, endTime, detail: undefined };
}

class Performance extends EventTarget {
  #brand = true;

  constructor() {
    if (arguments[0] !== kCreate) throw new codes.ERR_ILLEGAL_CONSTRUCTOR();
    super();
  }

  static #check(value) {
    if (value === null || typeof value !== 'object' || !(#brand in value)) {
      throw new codes.ERR_INVALID_ARG_TYPE('this', 'Performance', value);
    }
  }

  clearMarks(name = undefined) {
    Performance.#check(this);
    clearEntries(marks, name);
  }

  clearMeasures(name = undefined) {
    Performance.#check(this);
    clearEntries(measures, name);
  }

  clearResourceTimings() {
    Performance.#check(this);
  }

  getEntries() {
    Performance.#check(this);
    return timelineEntries(undefined, undefined);
  }

  getEntriesByName(name, type = undefined) {
    Performance.#check(this);
    if (arguments.length === 0) throw new codes.ERR_MISSING_ARGS('name');
    return timelineEntries(`${name}`, type === undefined ? undefined : `${type}`);
  }

  getEntriesByType(type) {
    Performance.#check(this);
    if (arguments.length === 0) throw new codes.ERR_MISSING_ARGS('type');
    return timelineEntries(undefined, `${type}`);
  }

  mark(name, options = undefined) {
    Performance.#check(this);
    if (arguments.length === 0) throw new codes.ERR_MISSING_ARGS('name');
    const entry = new PerformanceMark(name, options);
    marks.push(entry);
    enqueue(entry);
    return entry;
  }

  measure(name, startOrOptions = undefined, endMark = undefined) {
    Performance.#check(this);
    if (arguments.length === 0) throw new codes.ERR_MISSING_ARGS('name');
    name = `${name}`;
    const { startTime, endTime, detail } = measureSpan(startOrOptions, endMark);
    const entry = new PerformanceMeasure(kCreate, name, startTime, endTime - startTime,
                                         detail != null ? structuredClone(detail) : null);
    measures.push(entry);
    enqueue(entry);
    return entry;
  }

  now() {
    Performance.#check(this);
    return now();
  }

  setResourceTimingBufferSize(maxSize) {
    Performance.#check(this);
    validateNumber(maxSize, 'maxSize', 0);
  }

  get timeOrigin() {
    Performance.#check(this);
    return binding.timeOriginEpoch;
  }

  toJSON() {
    Performance.#check(this);
    return {
      nodeTiming,
      timeOrigin: binding.timeOriginEpoch,
      eventLoopUtilization: eventLoopUtilization(),
    };
  }

  get nodeTiming() {
    Performance.#check(this);
    return nodeTiming;
  }

  [customInspect](depth, options) {
    return inspectAs('Performance', depth, options, { nodeTiming, timeOrigin: binding.timeOriginEpoch }, 'brackets');
  }
}

function clearEntries(list, name) {
  if (name === undefined) {
    list.length = 0;
    return;
  }
  name = `${name}`;
  let kept = 0;
  for (const entry of list) if (entry.name !== name) list[kept++] = entry;
  list.length = kept;
}

Object.defineProperties(Performance.prototype, {
  eventLoopUtilization: { value: eventLoopUtilization, writable: true, enumerable: true, configurable: true },
  timerify: { value: timerify, writable: true, enumerable: true, configurable: true },
});
makeEnumerable(Performance.prototype);
defineEventHandler(Performance.prototype, 'resourcetimingbufferfull');
setToStringTag(Performance, 'Performance');

const performance = new Performance(kCreate);

module.exports = {
  Performance,
  PerformanceEntry,
  PerformanceMark,
  PerformanceMeasure,
  PerformanceObserver,
  PerformanceObserverEntryList,
  PerformanceResourceTiming,
  performance,
  timerify,
  eventLoopUtilization,
};
