'use strict';
// The worker's console: Node 20's global console (lib/internal/console/
// constructor.js and lib/internal/cli_table.js) over a single write function.
//
// createConsole(write[, options]) builds the global one; consoleMethods()
// the methods of any console, those of console.Console's instances too
// (internal/console/constructor.js, loaded when `console.Console` is first
// read). `write(stream, text, level)` receives every line: stream is
// 'stdout' or 'stderr', text ends with '\n', level is 'debug', 'info',
// 'warn', 'error' or 'trace'. Options: emitWarning(message) reports misuse
// such as an unknown timer label (by default `Warning: message` on stderr);
// inspectOptions(stream) gives the util.inspect options of what goes to that
// stream (default: none, no colors); groupIndentation is the width of one
// console.group() level (default 2); ignoreErrors false lets an error of
// write() reach the caller (by default the console swallows it).
//
// Body of a function (exports, binding, internalRequire); `binding` is unused.

// util.inspect with the engine's hooks, loaded when something is first
// inspected: a console that has only logged strings has not compiled it.
let inspectModule = null;
function lazyInspect() {
  if (inspectModule === null) inspectModule = internalRequire('internal/util/inspect');
  return inspectModule;
}

// What util.format() makes of `args` when that needs no inspecting: strings
// alone, the first without a '%' (so no format specifier), are joined with
// spaces. undefined otherwise.
function joinPlainStrings(args) {
  if (args.length === 0) return '';
  const first = args[0];
  if (typeof first !== 'string' || first.includes('%')) return undefined;
  if (args.length === 1) return first;
  for (let i = 1; i < args.length; i++) {
    if (typeof args[i] !== 'string') return undefined;
  }
  return args.join(' ');
}

const kGroupIndentationWidth = 2;
const kNoColorInspectOptions = {};

const kSecond = 1000;
const kMinute = 60 * kSecond;
const kHour = 60 * kMinute;

function consoleMethods(write, options = {}) {
  const groupIndentation = options.groupIndentation === undefined ? kGroupIndentationWidth : options.groupIndentation;
  const inspectOptions = typeof options.inspectOptions === 'function' ? options.inspectOptions : () => kNoColorInspectOptions;
  const ignoreErrors = options.ignoreErrors !== false;
  let groupIndent = '';
  const times = new Map();
  const counts = new Map();
  let now;

  // The clock is looked up on first use: the bootstrap may install
  // `performance` after the console.
  function clock() {
    if (now === undefined) {
      const perf = globalThis.performance;
      now = perf !== undefined && perf !== null && typeof perf.now === 'function' ?
        perf.now.bind(perf) : Date.now;
    }
    return now();
  }

  function writeToConsole(stream, level, string) {
    if (groupIndent.length !== 0) {
      if (string.includes('\n')) {
        string = string.replace(/\n/g, `\n${groupIndent}`);
      }
      string = groupIndent + string;
    }
    string += '\n';
    if (!ignoreErrors) {
      write(stream, string, level);
      return;
    }
    try {
      write(stream, string, level);
    } catch (err) {
      // Like Node, the console swallows write errors: it is a debugging aid
      // and must not fail the code that logs. Running out of stack is
      // passed on, since the caller is failing anyway.
      if (err instanceof RangeError && err.message === 'Maximum call stack size exceeded') {
        throw err;
      }
    }
  }

  function emitWarning(message) {
    if (typeof options.emitWarning === 'function') {
      options.emitWarning(message);
      return;
    }
    try {
      write('stderr', `Warning: ${message}\n`, 'warn');
    } catch {
      // As in writeToConsole.
    }
  }

  const format = (args, stream = 'stdout') =>
    joinPlainStrings(args) ?? lazyInspect().formatWithOptions(inspectOptions(stream), ...args);

  function timeLogImpl(name, label, data) {
    const start = times.get(label);
    if (start === undefined) {
      emitWarning(`No such label '${label}' for console.${name}()`);
      return false;
    }
    const formatted = formatTime(clock() - start);
    if (data === undefined) {
      log('%s: %s', label, formatted);
    } else {
      log('%s: %s', label, formatted, ...data);
    }
    return true;
  }

  // The methods are own enumerable properties in Node's order, and work
  // detached from the console object (Node binds them); arrow functions, so
  // that none is a constructor, as none of Node's is.
  const log = (...args) => {
    writeToConsole('stdout', 'info', format(args));
  };

  const warn = (...args) => {
    writeToConsole('stderr', 'warn', format(args, 'stderr'));
  };

  const dir = (object, dirOptions) => {
    writeToConsole('stdout', 'info', lazyInspect().inspect(object, {
      customInspect: false,
      ...inspectOptions('stdout'),
      ...dirOptions,
    }));
  };

  const time = (label = 'default') => {
    // Coerces everything other than Symbol to a string.
    label = `${label}`;
    if (times.has(label)) {
      emitWarning(`Label '${label}' already exists for console.time()`);
      return;
    }
    times.set(label, clock());
  };

  const timeEnd = (label = 'default') => {
    label = `${label}`;
    if (timeLogImpl('timeEnd', label)) times.delete(label);
  };

  const timeLog = (label = 'default', ...data) => {
    label = `${label}`;
    timeLogImpl('timeLog', label, data);
  };

  const trace = (...args) => {
    const err = {
      name: 'Trace',
      message: format(args, 'stderr'),
    };
    if (typeof Error.captureStackTrace === 'function') {
      // The stack starts at the caller of trace().
      Error.captureStackTrace(err, trace);
    } else {
      const frames = String(new Error().stack).split('\n').slice(2);
      const header = err.message === '' ? 'Trace' : `Trace: ${err.message}`;
      err.stack = [header, ...frames].join('\n');
    }
    writeToConsole('stderr', 'trace', format([err.stack], 'stderr'));
  };

  const assert = (expression, ...args) => {
    if (!expression) {
      args[0] = `Assertion failed${args.length === 0 ? '' : `: ${args[0]}`}`;
      // The arguments are formatted by warn().
      warn(...args);
    }
  };

  const clear = () => {
    // Only a terminal is cleared: the worker's own stdout never is one, a
    // stream the script put in its place may say it is.
    const terminal = typeof options.stdoutIfTerminal === 'function' ? options.stdoutIfTerminal() : null;
    if (terminal !== null && globalThis.process?.env.TERM !== 'dumb') {
      // The cursor to the top left, then the screen below it cleared.
      terminal.write('\u001b[1;1H');
      terminal.write('\u001b[0J');
    }
  };

  const count = (label = 'default') => {
    // Only what can be coerced to a string; a Symbol throws.
    label = `${label}`;
    let n = counts.get(label);
    if (n === undefined) {
      n = 1;
    } else {
      n++;
    }
    counts.set(label, n);
    log(`${label}: ${n}`);
  };

  const countReset = (label = 'default') => {
    if (!counts.has(label)) {
      emitWarning(`Count for '${label}' does not exist`);
      return;
    }
    counts.delete(`${label}`);
  };

  const group = (...data) => {
    if (data.length > 0) log(...data);
    groupIndent += ' '.repeat(groupIndentation);
  };

  const groupEnd = () => {
    groupIndent = groupIndent.slice(0, groupIndent.length - groupIndentation);
  };

  const table = (tabularData, properties) => {
    if (properties !== undefined && !Array.isArray(properties)) {
      throw new (internalRequire('internal/errors').codes.ERR_INVALID_ARG_TYPE)('properties', 'Array', properties);
    }
    if (tabularData === null || typeof tabularData !== 'object') {
      log(tabularData);
      return;
    }
    log(renderTabularData(tabularData, properties, inspectOptions('stdout')));
  };

  const methods = {
    log, warn, dir, time, timeEnd, timeLog, trace, assert, clear, count,
    countReset, group, groupEnd, table,
    debug: (...args) => writeToConsole('stdout', 'debug', format(args)),
    info: (...args) => writeToConsole('stdout', 'info', format(args)),
    dirxml: (...args) => log(...args),
    error: (...args) => writeToConsole('stderr', 'error', format(args, 'stderr')),
    groupCollapsed: (...args) => group(...args),
    // The global console's place for its Console class (createConsole).
    Console: undefined,
    // The inspector's methods; there is no inspector.
    profile() {},
    profileEnd() {},
    timeStamp() {},
  };
  // Each function has its name already: a property's (`debug: () => ...`)
  // or its variable's (`const log = ...`).
  return methods;
}

// Marks the global console and console.Console's instances, for
// `instanceof Console`.
const kIsConsole = Symbol('kIsConsole');

// The global console: its methods as own enumerable properties in Node's
// order, with `Console` among them, built on first read.
function createConsole(write, options = {}) {
  // The methods' object itself, its properties already in Node's order:
  // copying them onto another object would add them one by one.
  const console = consoleMethods(write, options);
  Object.setPrototypeOf(console, {});
  defineConsoleClass(console);
  console.context = context;
  console.createTask = createTask;
  Object.defineProperty(console, Symbol.toStringTag, {
    __proto__: null,
    writable: false,
    enumerable: false,
    configurable: true,
    value: 'console',
  });
  console[kIsConsole] = true;
  return console;
}

// V8's console.context() and console.createTask(), which the global console
// of Node has: they report to the inspector alone, so without one a
// context's methods print nothing and a task only runs its function.
function context(name) {  // name: which context, the inspector's concern
  return {
    __proto__: {},
    dir() {}, dirXml() {}, table() {}, groupEnd() {}, clear() {}, count() {}, countReset() {},
    profile() {}, profileEnd() {}, timeLog() {}, debug() {}, error() {}, info() {}, log() {}, warn() {},
    trace() {}, group() {}, groupCollapsed() {}, assert() {}, time() {}, timeEnd() {}, timeStamp() {},
  };
}

function createTask() {
  const name = arguments[0];
  if (typeof name !== 'string' || name === '') throw new Error('First argument must be a non-empty string.');
  return {
    run() {
      const fn = arguments[0];
      if (typeof fn !== 'function') throw new Error('First argument must be a function.');
      return fn();
    },
  };
}

// console.Console, an enumerable data property in Node; here an accessor
// pair until the first read, so that a worker that only logs never compiles
// the class.
function defineConsoleClass(console) {
  const replaceWith = (value) => {
    Object.defineProperty(console, 'Console', { __proto__: null, value, writable: true, enumerable: true, configurable: true });
  };
  Object.defineProperty(console, 'Console', {
    __proto__: null,
    enumerable: true,
    configurable: true,
    get() {
      const value = internalRequire('internal/console/constructor').Console;
      replaceWith(value);
      return value;
    },
    set: replaceWith,
  });
}

function pad(value) {
  return `${value}`.padStart(2, '0');
}

// Like Node: "1.234ms", "1.500s", "1:02.500 (m:ss.mmm)", "1:02:03.000 (h:mm:ss.mmm)".
function formatTime(ms) {
  let hours = 0;
  let minutes = 0;
  let seconds = 0;

  if (ms >= kSecond) {
    if (ms >= kMinute) {
      if (ms >= kHour) {
        hours = Math.floor(ms / kHour);
        ms = ms % kHour;
      }
      minutes = Math.floor(ms / kMinute);
      ms = ms % kMinute;
    }
    seconds = ms / kSecond;
  }

  if (hours !== 0 || minutes !== 0) {
    ({ 0: seconds, 1: ms } = seconds.toFixed(3).split('.'));
    const res = hours !== 0 ? `${hours}:${pad(minutes)}` : minutes;
    return `${res}:${pad(seconds)}.${ms} (${hours !== 0 ? 'h:m' : ''}m:ss.mmm)`;
  }
  if (seconds !== 0) {
    return `${seconds.toFixed(3)}s`;
  }
  return `${Number(ms.toFixed(3))}ms`;
}

// ---------------------------------------------------------------------------
// console.table

const kKeyKey = 'Key';
const kValuesKey = 'Values';
const kIndexKey = '(index)';
const kIterKey = '(iteration index)';

const tableChars = {
  middleMiddle: '\u2500',
  rowMiddle: '\u253c',
  topRight: '\u2510',
  topLeft: '\u250c',
  leftMiddle: '\u251c',
  topMiddle: '\u252c',
  bottomRight: '\u2518',
  bottomLeft: '\u2514',
  bottomMiddle: '\u2534',
  rightMiddle: '\u2524',
  left: '\u2502 ',
  right: ' \u2502',
  middle: ' \u2502 ',
};

const isArrayLike = (v) => Array.isArray(v) || lazyInspect().types.isTypedArray(v);

// One cell: objects with more than two keys collapse to `[Object]`.
// `cellOptions` are the console's inspect options for stdout.
let cellOptions = kNoColorInspectOptions;
function inspectCell(v) {
  const depth = v !== null && typeof v === 'object' && !isArrayLike(v) &&
    Object.keys(v).length > 2 ? -1 : 0;
  return lazyInspect().inspect(v, {
    depth,
    maxArrayLength: 3,
    breakLength: Infinity,
    ...cellOptions,
  });
}

function getIndexArray(length) {
  return Array.from({ length }, (_, i) => inspectCell(i));
}

function renderTabularData(tabularData, properties, inspectOptions) {
  const saved = cellOptions;
  cellOptions = inspectOptions;
  try {
    return renderTabularCells(tabularData, properties);
  } finally {
    cellOptions = saved;
  }
}

function renderTabularCells(tabularData, properties) {
  const { types, previewEntries, formatWithOptions } = lazyInspect();
  const mapIter = types.isMapIterator(tabularData);
  const setIter = types.isSetIterator(tabularData);
  let isKeyValue = false;
  if (mapIter || setIter) {
    const res = previewEntries(tabularData, true);
    // Without the engine's preview, reading the entries would consume them.
    if (res === undefined) return formatWithOptions(cellOptions, tabularData);
    tabularData = res[0];
    isKeyValue = res[1];
  }

  if (isKeyValue || types.isMap(tabularData)) {
    const keys = [];
    const values = [];
    let length = 0;
    if (mapIter) {
      for (let i = 0; i < tabularData.length / 2; ++i) {
        keys.push(inspectCell(tabularData[i * 2]));
        values.push(inspectCell(tabularData[i * 2 + 1]));
        length++;
      }
    } else {
      for (const { 0: k, 1: v } of tabularData) {
        keys.push(inspectCell(k));
        values.push(inspectCell(v));
        length++;
      }
    }
    return renderTable([kIterKey, kKeyKey, kValuesKey], [getIndexArray(length), keys, values]);
  }

  if (setIter || mapIter || types.isSet(tabularData)) {
    const values = [];
    let length = 0;
    for (const v of tabularData) {
      values.push(inspectCell(v));
      length++;
    }
    return renderTable([kIterKey, kValuesKey], [getIndexArray(length), values]);
  }

  const map = { __proto__: null };
  let hasPrimitives = false;
  const valuesKeyArray = [];
  const indexKeyArray = Object.keys(tabularData);

  for (let i = 0; i < indexKeyArray.length; i++) {
    const item = tabularData[indexKeyArray[i]];
    const primitive = item === null || (typeof item !== 'function' && typeof item !== 'object');
    if (properties === undefined && primitive) {
      hasPrimitives = true;
      valuesKeyArray[i] = inspectCell(item);
    } else {
      const keys = properties || Object.keys(item);
      for (const key of keys) {
        map[key] ??= [];
        if ((primitive && properties) || !Object.prototype.hasOwnProperty.call(item, key)) {
          map[key][i] = '';
        } else {
          map[key][i] = inspectCell(item[key]);
        }
      }
    }
  }

  const keys = Object.keys(map);
  const values = Object.values(map);
  if (hasPrimitives) {
    keys.push(kValuesKey);
    values.push(valuesKeyArray);
  }
  keys.unshift(kIndexKey);
  values.unshift(indexKeyArray);
  return renderTable(keys, values);
}

function renderRow(row, columnWidths) {
  const { getStringWidth } = lazyInspect();
  let out = tableChars.left;
  for (let i = 0; i < row.length; i++) {
    const cell = row[i];
    const len = getStringWidth(cell);
    const needed = columnWidths[i] - len;
    // Cells are left justified.
    out += cell + ' '.repeat(Math.ceil(needed));
    if (i !== row.length - 1) out += tableChars.middle;
  }
  out += tableChars.right;
  return out;
}

function renderTable(head, columns) {
  const { getStringWidth } = lazyInspect();
  const rows = [];
  const columnWidths = head.map((h) => getStringWidth(h));
  const longestColumn = Math.max(...columns.map((a) => a.length));

  for (let i = 0; i < head.length; i++) {
    const column = columns[i];
    for (let j = 0; j < longestColumn; j++) {
      if (rows[j] === undefined) rows[j] = [];
      const value = rows[j][i] = Object.prototype.hasOwnProperty.call(column, j) ? column[j] : '';
      const width = columnWidths[i] || 0;
      const counted = getStringWidth(value);
      columnWidths[i] = Math.max(width, counted);
    }
  }

  const divider = columnWidths.map((i) => tableChars.middleMiddle.repeat(i + 2));

  let result = `${tableChars.topLeft}${divider.join(tableChars.topMiddle)}${tableChars.topRight}\n` +
    `${renderRow(head, columnWidths)}\n` +
    `${tableChars.leftMiddle}${divider.join(tableChars.rowMiddle)}${tableChars.rightMiddle}\n`;

  for (const row of rows) result += `${renderRow(row, columnWidths)}\n`;

  result += `${tableChars.bottomLeft}${divider.join(tableChars.bottomMiddle)}${tableChars.bottomRight}`;
  return result;
}

exports.createConsole = createConsole;
exports.consoleMethods = consoleMethods;
exports.kIsConsole = kIsConsole;
exports.formatTime = formatTime;
