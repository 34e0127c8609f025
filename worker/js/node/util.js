'use strict';
// require('util'): inspection and formatting, promise/callback adapters,
// deprecation warnings, debug logging, type checks and small string helpers.
// The heavier parts (parseArgs, MIMEType, deep equality, util.types' native
// binding) load on first use.

const inspectModule = internalRequire('internal/util/inspect');
const { codes } = internalRequire('internal/errors');
const {
  validateFunction, validateObject, validateString, validateNumber, validateAbortSignal,
} = internalRequire('internal/validators');

const { inspect, format, formatWithOptions, stripVTControlCharacters } = inspectModule;

// --- lazily defined exports ---------------------------------------------------------

function defineLazyExport(name, build) {
  Object.defineProperty(exports, name, {
    __proto__: null,
    configurable: true,
    enumerable: true,
    get() {
      const value = build();
      Object.defineProperty(exports, name, { __proto__: null, value, writable: true, configurable: true, enumerable: true });
      return value;
    },
    set(value) {
      Object.defineProperty(exports, name, { __proto__: null, value, writable: true, configurable: true, enumerable: true });
    },
  });
}

// --- promisify / callbackify --------------------------------------------------------

const kCustomPromisified = Symbol.for('nodejs.util.promisify.custom');
// Names under which a callback's values resolve, for the built-ins whose
// callbacks get more than one (fs.read: bytesRead, buffer).
const kCustomPromisifyArgs = Symbol.for('isohost.util.promisify.customArgs');

function promisify(original) {
  validateFunction(original, 'original');
  if (Object.prototype.hasOwnProperty.call(original, kCustomPromisified)) {
    const custom = original[kCustomPromisified];
    validateFunction(custom, 'util.promisify.custom');
    return Object.defineProperty(custom, kCustomPromisified, {
      __proto__: null,
      value: custom, enumerable: false, writable: false, configurable: true,
    });
  }
  const argumentNames = original[kCustomPromisifyArgs];
  function promisified(...args) {
    return new Promise((resolve, reject) => {
      Reflect.apply(original, this, [...args, (err, ...values) => {
        if (err) return reject(err);
        if (argumentNames === undefined) return resolve(values[0]);
        const result = {};
        for (let i = 0; i < argumentNames.length; i++) result[argumentNames[i]] = values[i];
        resolve(result);
      }]);
    });
  }
  Object.setPrototypeOf(promisified, Object.getPrototypeOf(original));
  Object.defineProperty(promisified, kCustomPromisified, {
    __proto__: null,
    value: promisified, enumerable: false, writable: false, configurable: true,
  });
  // The original's own properties (name, length, statics) carry over.
  const descriptors = Object.getOwnPropertyDescriptors(original);
  for (const key of Reflect.ownKeys(descriptors)) {
    if (key === 'prototype' || key === 'arguments' || key === 'caller') continue;
    try {
      Object.defineProperty(promisified, key, descriptors[key]);
    } catch {
      // A property the new function keeps for itself.
    }
  }
  return promisified;
}
promisify.custom = kCustomPromisified;

// A falsy rejection reaches the callback as Node's error, made in the tick
// that calls back: its stack starts at the tick pass, as in Node.
function callbackRejected(reason, callback) {
  if (!reason) {
    const err = new codes.ERR_FALSY_VALUE_REJECTION();
    // Without this frame, under the header that names the code (the message
    // is one line).
    Error.captureStackTrace(err, callbackRejected);
    const frames = err.stack.indexOf('\n');
    err.stack = `${err}${frames === -1 ? '' : err.stack.slice(frames)}`;
    err.reason = reason;
    reason = err;
  }
  callback(reason);
}

function callbackify(original) {
  validateFunction(original, 'original');
  function callbackified(...args) {
    const lastArgument = args.pop();
    validateFunction(lastArgument, 'last argument');
    // The callback sees the `this` the callbackified function was called with.
    const callback = lastArgument.bind(this);
    Reflect.apply(original, this, args).then(
      (value) => process.nextTick(callback, null, value),
      (reason) => process.nextTick(callbackRejected, reason, callback));
  }
  const descriptors = Object.getOwnPropertyDescriptors(original);
  if (typeof descriptors.length.value === 'number') descriptors.length.value++;
  if (typeof descriptors.name.value === 'string') descriptors.name.value += 'Callbackified';
  // Every own property of the original, as Node copies them; the prototype
  // stays Function.prototype (an async original's would make it look async).
  Object.defineProperties(callbackified, descriptors);
  return callbackified;
}

// --- inherits / _extend -------------------------------------------------------------

function inherits(ctor, superCtor) {
  if (ctor === undefined || ctor === null) throw new codes.ERR_INVALID_ARG_TYPE('ctor', 'function', ctor);
  if (superCtor === undefined || superCtor === null) {
    throw new codes.ERR_INVALID_ARG_TYPE('superCtor', 'function', superCtor);
  }
  if (superCtor.prototype === undefined) {
    throw new codes.ERR_INVALID_ARG_TYPE('superCtor.prototype', 'object', superCtor.prototype);
  }
  Object.defineProperty(ctor, 'super_', { __proto__: null, value: superCtor, writable: true, configurable: true });
  Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
}

function _extend(target, source) {
  if (source === null || typeof source !== 'object') return target;
  const keys = Object.keys(source);
  for (let i = keys.length - 1; i >= 0; i--) target[keys[i]] = source[keys[i]];
  return target;
}

// --- deprecate ----------------------------------------------------------------------

const warnedCodes = new Set();

function deprecate(fn, message, code) {
  validateFunction(fn, 'fn');
  if (code !== undefined) validateString(code, 'code');
  if (process.noDeprecation === true) return fn;
  let warned = false;
  function deprecated(...args) {
    if (!warned && !process.noDeprecation) {
      warned = true;
      if (code === undefined) {
        process.emitWarning(message, 'DeprecationWarning', deprecated);
      } else if (!warnedCodes.has(code)) {
        warnedCodes.add(code);
        process.emitWarning(message, 'DeprecationWarning', code, deprecated);
      }
    }
    return new.target ? Reflect.construct(fn, args, new.target) : Reflect.apply(fn, this, args);
  }
  Object.setPrototypeOf(deprecated, fn);
  if (fn.prototype) deprecated.prototype = fn.prototype;
  return deprecated;
}

// --- debuglog -----------------------------------------------------------------------

let debugPattern = null;

function debugEnabled(set) {
  if (debugPattern === null) {
    const spec = process.env.NODE_DEBUG || '';
    const source = spec.split(/[\s,]+/).filter((part) => part !== '')
      .map((part) => part.replace(/[|\\{}()[\]^$+?.]/g, '\\$&').replace(/\*/g, '.*').toUpperCase())
      .join('|');
    debugPattern = new RegExp(`^(${source})$`, 'i');
  }
  return debugPattern.source !== '^()$' && debugPattern.test(set);
}

function debuglog(set, callback) {
  set = String(set).toUpperCase();
  let log;
  const init = () => {
    if (debugEnabled(set)) {
      const pid = process.pid;
      log = (...args) => {
        process.stderr.write(`${set} ${pid}: ${formatWithOptions({ colors: false }, ...args)}\n`);
      };
    } else {
      log = () => {};
    }
    if (typeof callback === 'function') callback(log);
  };
  const logger = (...args) => {
    if (log === undefined) init();
    log(...args);
  };
  Object.defineProperty(logger, 'enabled', {
    __proto__: null,
    configurable: true,
    enumerable: true,
    get() {
      return debugEnabled(set);
    },
  });
  return logger;
}

// --- system errors ------------------------------------------------------------------

const nativeUtil = () => binding.internalBinding('util');

function getSystemErrorName(err) {
  validateNumber(err, 'err');
  if (err >= 0 || !Number.isSafeInteger(err)) {
    throw new codes.ERR_OUT_OF_RANGE('err', 'a negative integer', err);
  }
  return nativeUtil().errname(err);
}

function getSystemErrorMap() {
  const map = new Map();
  for (const [errno, name, message] of nativeUtil().errorMap()) map.set(errno, [name, message]);
  return map;
}

// --- strings ------------------------------------------------------------------------

// Lone surrogates become U+FFFD, so that the string is valid Unicode.
const kLoneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
function toUSVString(input) {
  return String(input).replace(kLoneSurrogate, '\uFFFD');
}

function styleText(format, text, { validateStream = true, stream = process.stdout } = {}) {
  validateString(text, 'text');
  const colors = inspect.colors;
  const formats = Array.isArray(format) ? format : [format];
  let open = '';
  let close = '';
  for (const name of formats) {
    const codesPair = name === 'none' ? undefined : colors[name];
    if (codesPair === undefined) {
      throw new codes.ERR_INVALID_ARG_VALUE('format', name, `must be one of: ${Object.keys(colors).map((key) => `'${key}'`).join(', ')}`);
    }
    open += `\u001b[${codesPair[0]}m`;
    close = `\u001b[${codesPair[1]}m${close}`;
  }
  // A single style for a stream that shows none is left out.
  if (!Array.isArray(format) && validateStream && !shouldColorize(stream)) return text;
  return `${open}${text}${close}`;
}

function shouldColorize(stream) {
  const force = process.env.FORCE_COLOR;
  if (force !== undefined) return force === '' || force === '1' || force === '2' || force === '3' || force === 'true';
  if (process.env.NO_COLOR !== undefined || process.env.NODE_DISABLE_COLORS !== undefined) return false;
  return Boolean(stream && stream.isTTY && (typeof stream.hasColors !== 'function' || stream.hasColors()));
}

// --- abort helpers ------------------------------------------------------------------

function aborted(signal, resource) {
  if (signal === undefined) throw new codes.ERR_INVALID_ARG_TYPE('signal', 'AbortSignal', signal);
  validateAbortSignal(signal, 'signal');
  validateObject(resource, 'resource', { allowArray: true, allowFunction: true });
  if (signal.aborted) return Promise.resolve();
  // The listener lives as long as `resource`: once that is collected the
  // promise stays pending, and the signal keeps nothing alive.
  const { kWeakHandler, kResistStopPropagation } = internalRequire('internal/event_target');
  return new Promise((resolve) => {
    signal.addEventListener('abort', () => resolve(), {
      once: true, [kWeakHandler]: resource, [kResistStopPropagation]: true,
    });
  });
}

// Signals here are never sent to other threads; the signal itself serves.
function transferableAbortSignal(signal) {
  validateAbortSignal(signal, 'signal');
  if (signal === undefined) throw new codes.ERR_INVALID_ARG_TYPE('signal', 'AbortSignal', signal);
  return signal;
}

function transferableAbortController() {
  return new AbortController();
}

// --- deprecated type checks still exported by Node 20 -------------------------------

const isArray = Array.isArray;
const isBoolean = (arg) => typeof arg === 'boolean';
const isNull = (arg) => arg === null;
const isNullOrUndefined = (arg) => arg === null || arg === undefined;
const isNumber = (arg) => typeof arg === 'number';
const isString = (arg) => typeof arg === 'string';
const isSymbol = (arg) => typeof arg === 'symbol';
const isUndefined = (arg) => arg === undefined;
const isObject = (arg) => arg !== null && typeof arg === 'object';
const isFunction = (arg) => typeof arg === 'function';
const isPrimitive = (arg) => arg === null || (typeof arg !== 'object' && typeof arg !== 'function');
const isRegExp = (arg) => types().isRegExp(arg);
const isDate = (arg) => types().isDate(arg);
const isError = (arg) => types().isNativeError(arg) || arg instanceof Error;
const isBuffer = (arg) => internalRequire('node/buffer').Buffer.isBuffer(arg);
const types = () => internalRequire('node/util/types');

function pad(n) {
  return n < 10 ? `0${n}` : `${n}`;
}
const kMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
function log(...args) {
  const d = new Date();
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  console.log('%s - %s', `${d.getDate()} ${kMonths[d.getMonth()]} ${time}`, format(...args));
}

function isDeepStrictEqual(a, b) {
  return internalRequire('internal/util/comparisons').isDeepStrictEqual(a, b);
}

function parseEnv(content) {
  validateString(content, 'content');
  const result = {};
  const pattern = /^\s*(?:export\s+)?([\w.-]+)(?:\s*=\s*?|:\s+?)(\s*'(?:\\'|[^'])*'|\s*"(?:\\"|[^"])*"|\s*`(?:\\`|[^`])*`|[^#\r\n]+)?\s*(?:#.*)?$/mg;
  const text = content.replace(/\r\n?/g, '\n');
  let match;
  while ((match = pattern.exec(text)) !== null) {
    let value = (match[2] || '').trim();
    const quote = value[0];
    if ((quote === '"' || quote === "'" || quote === '`') && value[value.length - 1] === quote) {
      value = value.slice(1, -1);
      if (quote === '"') value = value.replace(/\\n/g, '\n');
    }
    result[match[1]] = value;
  }
  return result;
}

// --- exports ------------------------------------------------------------------------

Object.assign(exports, {
  _extend,
  callbackify,
  debug: debuglog,
  debuglog,
  deprecate: deprecate,
  format,
  styleText,
  formatWithOptions,
  getSystemErrorMap,
  getSystemErrorName,
  inherits,
  inspect,
  isArray,
  isBoolean,
  isBuffer,
  isDeepStrictEqual,
  isNull,
  isNullOrUndefined,
  isNumber,
  isString,
  isSymbol,
  isUndefined,
  isRegExp,
  isObject,
  isDate,
  isError,
  isFunction,
  isPrimitive,
  log,
  promisify,
  stripVTControlCharacters,
  toUSVString,
  transferableAbortSignal,
  transferableAbortController,
  aborted,
});
defineLazyExport('types', types);
exports.parseEnv = parseEnv;
defineLazyExport('parseArgs', () => internalRequire('internal/util/parse_args').parseArgs);
defineLazyExport('TextDecoder', () => internalRequire('internal/encoding').TextDecoder);
defineLazyExport('TextEncoder', () => internalRequire('internal/encoding').TextEncoder);
