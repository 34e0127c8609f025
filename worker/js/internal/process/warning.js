'use strict';
// process.emitWarning(), as in Node: the warning becomes an Error whose name
// is its type, is emitted as process 'warning' on the next tick, and is
// written on stderr as "(isohost:PID) [CODE] Type: message".

const { codes } = internalRequire('internal/errors');
const { nextTick } = internalRequire('tick');

const kLevelWarn = 3;

function createWarning(message, type, code, ctor, detail) {
  const warning = new Error(message);
  warning.name = String(type || 'Warning');
  if (code !== undefined) warning.code = code;
  if (detail !== undefined) warning.detail = detail;
  Error.captureStackTrace(warning, ctor || emitWarning);
  return warning;
}

function writeWarning(warning) {
  let text = `(isohost:${binding.pid}) `;
  if (warning.code) text += `[${warning.code}] `;
  text += `${warning.name}: ${warning.message}`;
  if (typeof warning.detail === 'string') text += `\n${warning.detail}`;
  binding.writeStdio(2, `${text}\n`, kLevelWarn);
}

function emitWarning(process, warning, type, code, ctor) {
  let detail;
  if (type !== null && typeof type === 'object' && !Array.isArray(type)) {
    ctor = type.ctor;
    code = type.code;
    if (typeof type.detail === 'string') detail = type.detail;
    type = type.type || 'Warning';
  } else if (typeof type === 'function') {
    ctor = type;
    code = undefined;
    type = 'Warning';
  }
  if (type !== undefined && typeof type !== 'string') throw new codes.ERR_INVALID_ARG_TYPE('type', 'string', type);
  if (typeof code === 'function') {
    ctor = code;
    code = undefined;
  } else if (code !== undefined && typeof code !== 'string') {
    throw new codes.ERR_INVALID_ARG_TYPE('code', 'string', code);
  }
  if (typeof warning === 'string') {
    warning = createWarning(warning, type, code, ctor, detail);
  } else if (!(warning instanceof Error)) {
    throw new codes.ERR_INVALID_ARG_TYPE('warning', ['Error', 'string'], warning);
  }
  if (warning.name === 'DeprecationWarning' && process.noDeprecation) return;
  nextTick(() => {
    process.emit('warning', warning);
    writeWarning(warning);
  });
}

exports.emitWarning = emitWarning;
