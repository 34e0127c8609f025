'use strict';
// Argument checks shared by every built-in module, throwing Node's errors
// (internal/errors.js) with Node's messages.

const {
  ERR_INVALID_ARG_TYPE,
  ERR_INVALID_ARG_VALUE,
  ERR_OUT_OF_RANGE,
  ERR_UNKNOWN_SIGNAL,
} = internalRequire('internal/errors').codes;

function validateString(value, name) {
  if (typeof value !== 'string') throw new ERR_INVALID_ARG_TYPE(name, 'string', value);
}

function validateNumber(value, name, min = undefined, max) {
  if (typeof value !== 'number') throw new ERR_INVALID_ARG_TYPE(name, 'number', value);
  if ((min != null && value < min) || (max != null && value > max) ||
      ((min != null || max != null) && Number.isNaN(value))) {
    throw new ERR_OUT_OF_RANGE(
      name,
      `${min != null ? `>= ${min}` : ''}${min != null && max != null ? ' && ' : ''}${max != null ? `<= ${max}` : ''}`,
      value);
  }
}

function validateBoolean(value, name) {
  if (typeof value !== 'boolean') throw new ERR_INVALID_ARG_TYPE(name, 'boolean', value);
}

function validateFunction(value, name) {
  if (typeof value !== 'function') throw new ERR_INVALID_ARG_TYPE(name, 'Function', value);
}

// Options: allowArray, allowFunction, nullable.
function validateObject(value, name, options = undefined) {
  const allowArray = options && options.allowArray;
  const allowFunction = options && options.allowFunction;
  const nullable = options && options.nullable;
  if ((!nullable && value === null) ||
      (!allowArray && Array.isArray(value)) ||
      (typeof value !== 'object' && (!allowFunction || typeof value !== 'function'))) {
    throw new ERR_INVALID_ARG_TYPE(name, 'Object', value);
  }
}

function validateArray(value, name, minLength = 0) {
  if (!Array.isArray(value)) throw new ERR_INVALID_ARG_TYPE(name, 'Array', value);
  if (value.length < minLength) {
    throw new ERR_INVALID_ARG_VALUE(name, value, `must be longer than ${minLength}`);
  }
}

function validateInteger(value, name, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) {
  if (typeof value !== 'number') throw new ERR_INVALID_ARG_TYPE(name, 'number', value);
  if (!Number.isInteger(value)) throw new ERR_OUT_OF_RANGE(name, 'an integer', value);
  if (value < min || value > max) throw new ERR_OUT_OF_RANGE(name, `>= ${min} && <= ${max}`, value);
}

function validateInt32(value, name, min = -2147483648, max = 2147483647) {
  if (typeof value !== 'number') throw new ERR_INVALID_ARG_TYPE(name, 'number', value);
  if (!Number.isInteger(value)) throw new ERR_OUT_OF_RANGE(name, 'an integer', value);
  if (value < min || value > max) throw new ERR_OUT_OF_RANGE(name, `>= ${min} && <= ${max}`, value);
}

function validateUint32(value, name, positive = false) {
  if (typeof value !== 'number') throw new ERR_INVALID_ARG_TYPE(name, 'number', value);
  if (!Number.isInteger(value)) throw new ERR_OUT_OF_RANGE(name, 'an integer', value);
  const min = positive ? 1 : 0;
  const max = 4294967295;
  if (value < min || value > max) throw new ERR_OUT_OF_RANGE(name, `>= ${min} && <= ${max}`, value);
}

function validateOneOf(value, name, oneOf) {
  if (!oneOf.includes(value)) {
    const allowed = oneOf.map((v) => (typeof v === 'string' ? `'${v}'` : String(v))).join(', ');
    throw new ERR_INVALID_ARG_VALUE(name, value, `must be one of: ${allowed}`);
  }
}

function validateAbortSignal(signal, name) {
  if (signal !== undefined && (signal === null || typeof signal !== 'object' || !('aborted' in signal))) {
    throw new ERR_INVALID_ARG_TYPE(name, 'AbortSignal', signal);
  }
}

// The signal numbers of Linux x86-64, by name.
const signals = {
  SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGILL: 4, SIGTRAP: 5, SIGABRT: 6, SIGIOT: 6, SIGBUS: 7,
  SIGFPE: 8, SIGKILL: 9, SIGUSR1: 10, SIGSEGV: 11, SIGUSR2: 12, SIGPIPE: 13, SIGALRM: 14,
  SIGTERM: 15, SIGCHLD: 17, SIGSTKFLT: 16, SIGCONT: 18, SIGSTOP: 19, SIGTSTP: 20, SIGTTIN: 21,
  SIGTTOU: 22, SIGURG: 23, SIGXCPU: 24, SIGXFSZ: 25, SIGVTALRM: 26, SIGPROF: 27, SIGWINCH: 28,
  SIGIO: 29, SIGPOLL: 29, SIGPWR: 30, SIGSYS: 31,
};

// A signal given by name or number, as a number.
function signalNumber(signal, name = 'signal') {
  if (typeof signal === 'number') {
    if (!Number.isInteger(signal)) throw new ERR_INVALID_ARG_TYPE(name, ['number', 'string'], signal);
    return signal;
  }
  if (typeof signal === 'string') {
    const number = signals[signal.toUpperCase()];
    if (number === undefined || signal !== signal.toUpperCase()) throw new ERR_UNKNOWN_SIGNAL(signal);
    return number;
  }
  throw new ERR_INVALID_ARG_TYPE(name, ['number', 'string'], signal);
}

module.exports = {
  validateString,
  validateNumber,
  validateBoolean,
  validateFunction,
  validateObject,
  validateArray,
  validateInteger,
  validateInt32,
  validateUint32,
  validateOneOf,
  validateAbortSignal,
  signals,
  signalNumber,
};
