'use strict';
// Every error code the built-in modules throw, defined once, with Node's
// names, classes and messages: `new codes.ERR_INVALID_ARG_TYPE('path',
// 'string', value)` is a TypeError whose `code` is 'ERR_INVALID_ARG_TYPE' and
// whose stack and toString() read "TypeError [ERR_INVALID_ARG_TYPE]: ...".

const inspectModule = () => internalRequire('internal/util/inspect/format');

// 'Function' and 'Object' name the types too, as they do in Node's messages.
const kTypes = ['string', 'function', 'number', 'object', 'Function', 'Object', 'boolean', 'bigint', 'symbol'];

// How Node names a value it did not expect: "Received type number (1)",
// "Received an instance of Object", "Received null".
function describeReceived(value) {
  if (value === null || value === undefined) return ` Received ${value}`;
  if (typeof value === 'function') return ` Received function ${value.name}`;
  if (typeof value === 'object') {
    const ctor = value.constructor;
    if (ctor && typeof ctor.name === 'string' && ctor.name !== '') return ` Received an instance of ${ctor.name}`;
    return ` Received ${inspectModule().inspect(value, { depth: -1 })}`;
  }
  let shown = inspectModule().inspect(value, { colors: false });
  if (shown.length > 28) shown = `${shown.slice(0, 25)}...`;
  return ` Received type ${typeof value} (${shown})`;
}

function joinWithOr(list) {
  if (list.length <= 2) return list.join(' or ');
  return `${list.slice(0, -1).join(', ')}, or ${list[list.length - 1]}`;
}

function invalidArgTypeMessage(name, expected, actual) {
  // Node's native layer raises this code with a message of its own.
  if (arguments.length === 1) return name;
  if (!Array.isArray(expected)) expected = [expected];
  let message = 'The ';
  if (name.endsWith(' argument')) {
    message += `${name} `;
  } else {
    message += `"${name}" ${name.includes('.') ? 'property' : 'argument'} `;
  }
  message += 'must be ';
  const types = [];
  const instances = [];
  const other = [];
  for (const value of expected) {
    if (kTypes.includes(value)) types.push(value.toLowerCase());
    else if (/^[A-Z][a-zA-Z0-9]*$/.test(value)) instances.push(value);
    else other.push(value === 'object' ? 'Object' : value);
  }
  // "object" next to instances reads better as "an instance of Object".
  if (instances.length > 0 && types.includes('object')) {
    types.splice(types.indexOf('object'), 1);
    instances.push('Object');
  }
  const parts = [];
  if (types.length > 0) parts.push(`${types.length > 1 ? 'one of type' : 'of type'} ${joinWithOr(types)}`);
  if (instances.length > 0) parts.push(`an instance of ${joinWithOr(instances)}`);
  if (other.length > 0) parts.push(other.length > 1 ? `one of ${joinWithOr(other)}` : other[0].toLowerCase() !== other[0] ? `an ${other[0]}` : other[0]);
  message += parts.join(' or ');
  return `${message}.${describeReceived(actual)}`;
}

function addNumericalSeparator(text) {
  let result = '';
  let i = text.length;
  const start = text[0] === '-' ? 1 : 0;
  for (; i >= start + 4; i -= 3) result = `_${text.slice(i - 3, i)}${result}`;
  return `${text.slice(0, i)}${result}`;
}

function outOfRangeMessage(name, range, input, replaceDefaultBoolean = false) {
  // Node's native layer raises this code with a message of its own.
  if (arguments.length === 1) return name;
  let message = replaceDefaultBoolean ? name : `The value of "${name}" is out of range.`;
  let received;
  if (Number.isInteger(input) && Math.abs(input) > 2 ** 32) {
    received = addNumericalSeparator(String(input));
  } else if (typeof input === 'bigint') {
    received = String(input);
    if (input > 2n ** 32n || input < -(2n ** 32n)) received = addNumericalSeparator(received);
    received += 'n';
  } else {
    received = inspectModule().inspect(input);
  }
  message += ` It must be ${range}. Received ${received}`;
  return message;
}

// require() of an ES module: what to do instead depends on why the file is
// one (.mjs, import/export in it, or its package's "type").
function requireEsmMessage(filename, hasEsmSyntax, parentPath, packageJsonPath) {
  let message = `require() of ES Module ${filename}${parentPath ? ` from ${parentPath}` : ''} not supported.`;
  const dynamicImport = 'a dynamic import() which is available in all CommonJS modules';
  if (!packageJsonPath) {
    if (filename.endsWith('.mjs')) message += `\nInstead change the require of ${filename} to ${dynamicImport}.`;
    return message;
  }
  const baseOf = (file) => file.slice(file.lastIndexOf('/') + 1);
  const shown = parentPath && baseOf(filename) === baseOf(parentPath) ? filename : baseOf(filename);
  if (hasEsmSyntax) return `${message}\nInstead change the require of ${shown} in ${parentPath} to ${dynamicImport}.`;
  return `${message}\n${shown} is treated as an ES module file as it is a .js file whose nearest parent package.json ` +
    'contains "type": "module" which declares all .js files in that package scope as ES modules.\n' +
    `Instead either rename ${shown} to end in .cjs, change the requiring code to use ${dynamicImport.slice(2)}, or change ` +
    `"type": "module" to "type": "commonjs" in ${packageJsonPath} to treat all .js files as CommonJS (using .mjs ` +
    'for all ES modules instead).\n';
}

// What a failed test threw, as the message of its ERR_TEST_FAILURE (whose
// `failureType` says why it failed and whose `cause` is the thrown value).
function testFailureMessage(error) {
  if (typeof error === 'string') return error;
  if (error !== null && typeof error === 'object' && typeof error.message === 'string') return error.message;
  return inspectModule().inspect(error);
}

const messages = {
  ERR_ACCESS_DENIED: [Error, (message) => `Access to this API has been restricted. ${message}`],
  ERR_AMBIGUOUS_ARGUMENT: [TypeError, (name, reason) => `The "${name}" argument is ambiguous. ${reason}`],
  ERR_ARG_NOT_ITERABLE: [TypeError, (name) => `${name} must be iterable`],
  ERR_ASSERTION: [Error, (message) => message],
  ERR_ASYNC_CALLBACK: [TypeError, (name) => `${name} must be a function`],
  ERR_ASYNC_TYPE: [TypeError, (type) => `Invalid name for async "type": ${type}`],
  ERR_BROTLI_INVALID_PARAM: [RangeError, (param) => `${param} is not a valid Brotli parameter`],
  ERR_BUFFER_OUT_OF_BOUNDS: [RangeError, (name) => (name ? `"${name}" is outside of buffer bounds` : 'Attempt to access memory outside buffer bounds')],
  ERR_BUFFER_TOO_LARGE: [RangeError, (max) => `Cannot create a Buffer larger than ${max} bytes`],
  ERR_CHILD_PROCESS_STDIO_MAXBUFFER: [RangeError, (name) => `${name} maxBuffer length exceeded`],
  ERR_CLOSED_MESSAGE_PORT: [Error, () => 'Cannot send data on closed MessagePort'],
  ERR_CONSOLE_WRITABLE_STREAM: [TypeError, (name) => `Console expects a writable stream instance for ${name}`],
  ERR_CONSTRUCT_CALL_INVALID: [TypeError, () => 'Constructor cannot be called'],
  ERR_CRYPTO_HASH_FINALIZED: [Error, () => 'Digest already called'],
  ERR_CRYPTO_HASH_UPDATE_FAILED: [Error, () => 'Hash update failed'],
  ERR_CRYPTO_INVALID_DIGEST: [TypeError, (digest) => `Invalid digest: ${digest}`],
  ERR_CRYPTO_INVALID_KEYLEN: [RangeError, () => 'Invalid key length'],
  ERR_CRYPTO_INVALID_SCRYPT_PARAMS: [RangeError, (reason) => `Invalid scrypt params${reason ? `: ${reason}` : ''}`],
  ERR_CRYPTO_SCRYPT_INVALID_PARAMETER: [Error, () => 'Invalid scrypt parameter'],
  ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH: [RangeError, () => 'Input buffers must have the same byte length'],
  ERR_DIR_CLOSED: [Error, () => 'Directory handle was closed'],
  ERR_DIR_CONCURRENT_OPERATION: [Error, () => 'Cannot do synchronous work on directory handle with concurrent asynchronous operations'],
  ERR_DOMAIN_CALLBACK_NOT_AVAILABLE: [Error, () => 'A callback was registered through process.setUncaughtExceptionCaptureCallback(), which is mutually exclusive with using the `domain` module'],
  ERR_DOMAIN_CANNOT_SET_UNCAUGHT_EXCEPTION_CAPTURE: [Error, () => 'The `domain` module is in use, which is mutually exclusive with calling process.setUncaughtExceptionCaptureCallback()'],
  ERR_ENCODING_INVALID_ENCODED_DATA: [TypeError, (encoding) => `The encoded data was not valid for encoding ${encoding}`],
  ERR_ENCODING_NOT_SUPPORTED: [RangeError, (encoding) => `The "${encoding}" encoding is not supported`],
  ERR_EVAL_ESM_CANNOT_PRINT: [Error, () => '--print cannot be used with ESM input'],
  ERR_EVENT_RECURSION: [Error, (type) => `The event "${type}" is already being dispatched`],
  ERR_FALSY_VALUE_REJECTION: [Error, () => 'Promise was rejected with falsy value'],
  ERR_FS_FILE_TOO_LARGE: [RangeError, (size) => `File size (${size}) is greater than 2 GiB`],
  ERR_FS_INVALID_SYMLINK_TYPE: [Error, (type) => `Symlink type must be one of "dir", "file", or "junction". Received "${type}"`],
  ERR_HTTP_BODY_NOT_ALLOWED: [Error, () => 'Adding content for this request method or response status is not allowed.'],
  ERR_HTTP_CONTENT_LENGTH_MISMATCH: [Error, (actual, expected) => `Response body's content-length of ${actual} byte(s) does not match the content-length of ${expected} byte(s) set in header`],
  ERR_HTTP_HEADERS_SENT: [Error, (action) => `Cannot ${action} headers after they are sent to the client`],
  ERR_HTTP_INVALID_HEADER_VALUE: [TypeError, (value, name) => `Invalid value "${value}" for header "${name}"`],
  ERR_HTTP_INVALID_STATUS_CODE: [RangeError, (code) => `Invalid status code: ${code}`],
  ERR_HTTP_SOCKET_ENCODING: [Error, () => 'Changing the socket encoding is not allowed per RFC7230 Section 3.'],
  ERR_HTTP_TRAILER_INVALID: [Error, () => 'Trailers are invalid with this transfer encoding'],
  ERR_ILLEGAL_CONSTRUCTOR: [TypeError, () => 'Illegal constructor'],
  ERR_IMPORT_ASSERTION_TYPE_FAILED: [TypeError, (url, type) => `Module "${url}" is not of type "${type}"`],
  ERR_IMPORT_ASSERTION_TYPE_MISSING: [TypeError, (url, type) => `Module "${url}" needs an import attribute of type "${type}"`],
  ERR_IMPORT_ASSERTION_TYPE_UNSUPPORTED: [TypeError, (type) => `Import attribute type "${type}" is unsupported`],
  ERR_IMPORT_ATTRIBUTE_MISSING: [TypeError, (url, key, value) => `Module "${url}" needs an import attribute of "${key}: ${value}"`],
  ERR_IMPORT_ATTRIBUTE_UNSUPPORTED: [TypeError, (key, value) => `Import attribute "${key}" with value "${value}" is not supported`],
  ERR_INCOMPATIBLE_OPTION_PAIR: [TypeError, (a, b) => `Option "${a}" cannot be used in combination with option "${b}"`],
  ERR_INPUT_TYPE_NOT_ALLOWED: [Error, () => '--input-type can only be used with string input via --eval, --print, or STDIN'],
  ERR_INVALID_ADDRESS_FAMILY: [RangeError, (family, host, port) => `Invalid address family: ${family} ${host}:${port}`],
  ERR_INVALID_ARG_TYPE: [TypeError, invalidArgTypeMessage],
  ERR_INVALID_ARG_VALUE: [TypeError, (name, value, reason = 'is invalid') => {
    let shown = inspectModule().inspect(value);
    if (shown.length > 128) shown = `${shown.slice(0, 128)}...`;
    return `The ${name.includes('.') ? 'property' : 'argument'} '${name}' ${reason}. Received ${shown}`;
  }],
  ERR_INVALID_ASYNC_ID: [RangeError, (type, id) => `Invalid ${type} value: ${id}`],
  ERR_INVALID_BUFFER_SIZE: [RangeError, (message) => `Buffer size must be a multiple of ${message}`],
  ERR_INVALID_CHAR: [TypeError, (name, field) => (field ? `Invalid character in ${name} ["${field}"]` : `Invalid character in ${name}`)],
  ERR_INVALID_FILE_URL_HOST: [TypeError, (message) => `File URL host must be "localhost" or empty on ${message}`],
  ERR_INVALID_FILE_URL_PATH: [TypeError, (message) => `File URL path ${message}`],
  ERR_INVALID_HTTP_TOKEN: [TypeError, (name, field) => `${name} must be a valid HTTP token ["${field}"]`],
  ERR_INVALID_IP_ADDRESS: [TypeError, (address) => `Invalid IP address: ${address}`],
  ERR_INVALID_MODULE: [Error, (message) => message],
  ERR_INVALID_MODULE_SPECIFIER: [TypeError, (request, reason, base) => `Invalid module "${request}" ${reason}${base ? ` imported from ${base}` : ''}`],
  ERR_INVALID_PACKAGE_CONFIG: [Error, (path, base, message) => `Invalid package config ${path}${base ? ` while importing ${base}` : ''}${message ? `. ${message}` : ''}`],
  ERR_INVALID_PACKAGE_TARGET: [Error, (pkgPath, key, target, isImport, base) => {
    const relError = typeof target === 'string' && !isImport && target.length > 0 && !target.startsWith('./');
    if (key === '.') {
      return `Invalid "exports" main target ${JSON.stringify(target)} defined in the package config ${pkgPath}package.json${base ? ` imported from ${base}` : ''}${relError ? '; targets must start with "./"' : ''}`;
    }
    return `Invalid "${isImport ? 'imports' : 'exports'}" target ${JSON.stringify(target)} defined for '${key}' in the package config ${pkgPath}package.json${base ? ` imported from ${base}` : ''}${relError ? '; targets must start with "./"' : ''}`;
  }],
  ERR_INVALID_PROTOCOL: [TypeError, (actual, expected) => `Protocol "${actual}" not supported. Expected "${expected}"`],
  ERR_INVALID_RETURN_PROPERTY_VALUE: [TypeError, (input, name, prop, value) =>
    `Expected ${input} to be returned for the "${prop}" from the "${name}" hook but got ${describeReceived(value).slice(' Received '.length)}.`],
  ERR_INVALID_RETURN_VALUE: [TypeError, (input, name, value) =>
    `Expected ${input} to be returned from the "${name}" function but got ${describeReceived(value).slice(' Received '.length)}.`],
  ERR_INVALID_STATE: [Error, (message) => `Invalid state: ${message}`],
  ERR_INVALID_SYNC_FORK_INPUT: [TypeError, (value) => `Asynchronous forks do not support Buffer, TypedArray, DataView or string input: ${value}`],
  ERR_INVALID_THIS: [TypeError, (type) => `Value of "this" must be of type ${type}`],
  ERR_INVALID_TRANSFER_OBJECT: [TypeError, () => 'Found invalid object in transferList'],
  ERR_INVALID_TUPLE: [TypeError, (name, value) => `${name} must be an iterable ${value} tuple`],
  ERR_INVALID_URI: [URIError, () => 'URI malformed'],
  ERR_INVALID_URL: [TypeError, () => 'Invalid URL'],
  ERR_INVALID_URL_SCHEME: [TypeError, (expected) => `The URL must be ${Array.isArray(expected) ? `one of scheme ${expected.join(' or ')}` : `of scheme ${expected}`}`],
  ERR_IPC_CHANNEL_CLOSED: [Error, () => 'Channel closed'],
  ERR_IPC_DISCONNECTED: [Error, () => 'IPC channel is already disconnected'],
  ERR_IPC_ONE_PIPE: [Error, () => 'Child process can have only one IPC pipe'],
  ERR_IPC_SYNC_FORK: [Error, () => 'IPC cannot be used with synchronous forks'],
  ERR_LOADER_CHAIN_INCOMPLETE: [Error, (hook) => `"${hook}" did not call the next hook in its chain and did not explicitly signal a short circuit. If this is intentional, include \`shortCircuit: true\` in the hook's return.`],
  ERR_METHOD_NOT_IMPLEMENTED: [Error, (method) => `The ${method} method is not implemented`],
  ERR_MISSING_ARGS: [TypeError, (...names) => {
    const quoted = names.map((name) => (Array.isArray(name) ? name.map((n) => `"${n}"`).join(' or ') : `"${name}"`));
    let list;
    if (quoted.length === 1) list = quoted[0];
    else if (quoted.length === 2) list = `${quoted[0]} and ${quoted[1]}`;
    else list = `${quoted.slice(0, -1).join(', ')}, and ${quoted[quoted.length - 1]}`;
    return `The ${list} argument${names.length > 1 ? 's' : ''} must be specified`;
  }],
  ERR_MISSING_OPTION: [TypeError, (name) => `${name} is required`],
  ERR_MODULE_NOT_FOUND: [Error, (path, base, exactUrl) => `Cannot find ${exactUrl ? 'module' : 'package'} '${path}' imported from ${base}`],
  ERR_MULTIPLE_CALLBACK: [Error, () => 'Callback called multiple times'],
  ERR_NOT_AVAILABLE_IN_WORKER: [Error, (api) => `${api} is not available in an Isohost worker`],
  ERR_NOT_BUILDING_SNAPSHOT: [Error, () => 'Operation cannot be invoked when not building startup snapshot'],
  ERR_OPERATION_FAILED: [Error, (message) => `Operation failed: ${message}`],
  ERR_OUT_OF_RANGE: [RangeError, outOfRangeMessage],
  ERR_PERFORMANCE_INVALID_TIMESTAMP: [TypeError, (value) => `${value} is not a valid timestamp`],
  ERR_PERFORMANCE_MEASURE_INVALID_OPTIONS: [TypeError, (message) => message],
  ERR_PACKAGE_IMPORT_NOT_DEFINED: [TypeError, (specifier, packagePath, base) => `Package import specifier "${specifier}" is not defined${packagePath ? ` in package ${packagePath}package.json` : ''} imported from ${base}`],
  ERR_PACKAGE_PATH_NOT_EXPORTED: [Error, (pkgPath, subpath, base) => {
    if (subpath === '.') return `No "exports" main defined in ${pkgPath}package.json${base ? ` imported from ${base}` : ''}`;
    return `Package subpath '${subpath}' is not defined by "exports" in ${pkgPath}package.json${base ? ` imported from ${base}` : ''}`;
  }],
  ERR_PARSE_ARGS_INVALID_OPTION_VALUE: [TypeError, (message) => message],
  ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL: [TypeError, (arg) => `Unexpected argument '${arg}'. This command does not take positional arguments`],
  ERR_PARSE_ARGS_UNKNOWN_OPTION: [TypeError, (option, allowPositionals) => `Unknown option '${option}'${allowPositionals ? `. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- ${JSON.stringify(option)}` : ''}`],
  ERR_REQUIRE_ASYNC_MODULE: [Error, () => 'require() cannot be used on an ESM graph with top-level await. Use import() instead. To see where the top-level await comes from, use --experimental-print-required-tla.'],
  ERR_REQUIRE_CYCLE_MODULE: [Error, (message) => message],
  ERR_REQUIRE_ESM: [Error, requireEsmMessage],
  ERR_SCRIPT_EXECUTION_TIMEOUT: [Error, (timeout) => `Script execution timed out after ${timeout}ms`],
  ERR_SERVER_ALREADY_LISTEN: [Error, () => 'Listen method has been called more than once without closing.'],
  ERR_SERVER_NOT_RUNNING: [Error, () => 'Server is not running.'],
  ERR_SOCKET_BAD_PORT: [RangeError, (name, port, allowZero = true) => `${name} should be ${allowZero ? '>= 0' : '> 0'} and < 65536. Received${describeReceived(port).slice(' Received'.length)}.`],
  ERR_SOCKET_CLOSED: [Error, () => 'Socket is closed'],
  ERR_SOCKET_CLOSED_BEFORE_CONNECTION: [Error, () => 'Socket closed before the connection was established'],
  ERR_STREAM_ALREADY_FINISHED: [Error, (method) => `Cannot call ${method} after a stream was finished`],
  ERR_STREAM_CANNOT_PIPE: [Error, () => 'Cannot pipe, not readable'],
  ERR_STREAM_DESTROYED: [Error, (method) => `Cannot call ${method} after a stream was destroyed`],
  ERR_STREAM_NULL_VALUES: [TypeError, () => 'May not write null values to stream'],
  ERR_STREAM_PREMATURE_CLOSE: [Error, () => 'Premature close'],
  ERR_STREAM_PUSH_AFTER_EOF: [Error, () => 'stream.push() after EOF'],
  ERR_STREAM_UNSHIFT_AFTER_END_EVENT: [Error, () => 'stream.unshift() after end event'],
  ERR_STREAM_WRITE_AFTER_END: [Error, () => 'write after end'],
  ERR_STRING_TOO_LONG: [Error, () => `Cannot create a string longer than 0x1fffffe8 characters`],
  ERR_SYSTEM_ERROR: [Error, (message) => message],
  ERR_TEST_FAILURE: [Error, testFailureMessage],
  ERR_TRACE_EVENTS_UNAVAILABLE: [Error, () => 'Trace events are unavailable'],
  ERR_UNCAUGHT_EXCEPTION_CAPTURE_ALREADY_SET: [Error, () =>
    '`process.setupUncaughtExceptionCapture()` was called while a capture callback was already active'],
  // Given what to show, already inspected (as events.js does).
  ERR_UNESCAPED_CHARACTERS: [TypeError, (name) => `${name} contains unescaped characters`],
  ERR_UNHANDLED_ERROR: [Error, (shown) => (shown === undefined ? 'Unhandled error.' : `Unhandled error. (${shown})`)],
  ERR_UNKNOWN_BUILTIN_MODULE: [Error, (name) => `No such built-in module: ${name}`],
  // util.format's %s, as Node formats it: an object shows as `{}`.
  ERR_UNKNOWN_ENCODING: [TypeError, (encoding) => (typeof encoding === 'string' ? `Unknown encoding: ${encoding}` : inspectModule().format('Unknown encoding: %s', encoding))],
  ERR_UNKNOWN_FILE_EXTENSION: [TypeError, (ext, path) => `Unknown file extension "${ext}" for ${path}`],
  ERR_UNKNOWN_MODULE_FORMAT: [RangeError, (format, url) => `Unknown module format: ${format} for URL ${url}`],
  ERR_UNKNOWN_SIGNAL: [TypeError, (signal) => `Unknown signal: ${signal}`],
  ERR_UNSUPPORTED_DIR_IMPORT: [Error, (path, base) => `Directory import '${path}' is not supported resolving ES modules imported from ${base}`],
  ERR_UNSUPPORTED_ESM_URL_SCHEME: [Error, (url, schemes) => `Only URLs with a scheme in: ${schemes.join(', ')} are supported by the default ESM loader. Received protocol '${url.protocol}'`],
  ERR_UNSUPPORTED_RESOLVE_REQUEST: [TypeError, (specifier, base) =>
    `Failed to resolve module specifier "${specifier}" from "${base}": Invalid relative URL or base scheme is not hierarchical.`],
  ERR_USE_AFTER_CLOSE: [Error, (name) => `${name} was closed`],
  ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING: [TypeError, () => 'A dynamic import callback was not specified.'],
  ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING_FLAG: [TypeError, () => 'A dynamic import callback was invoked without --experimental-vm-modules'],
  ERR_VM_MODULE_ALREADY_LINKED: [Error, () => 'Module has already been linked'],
  ERR_VM_MODULE_CACHED_DATA_REJECTED: [Error, () => 'cachedData buffer was rejected'],
  ERR_VM_MODULE_CANNOT_CREATE_CACHED_DATA: [Error, () => 'Cached data cannot be created for a module which has been evaluated'],
  ERR_VM_MODULE_DIFFERENT_CONTEXT: [Error, () => 'Linked modules must use the same context'],
  ERR_VM_MODULE_LINK_FAILURE: [Error, (message) => message],
  ERR_VM_MODULE_NOT_MODULE: [Error, () => 'Provided module is not an instance of Module'],
  ERR_VM_MODULE_STATUS: [Error, (reason) => `Module status ${reason}`],
  ERR_WORKER_INIT_FAILED: [Error, (message) => `Worker initialization failure: ${message}`],
  ERR_WORKER_INVALID_EXEC_ARGV: [Error, (errors, message = 'invalid execArgv flags') => `Initiated Worker with ${message}: ${errors.join(', ')}`],
  ERR_WORKER_MESSAGING_ERRORED: [Error, () => 'The destination thread threw an error while processing the message'],
  ERR_WORKER_MESSAGING_FAILED: [Error, () => 'Cannot find the destination thread or listener'],
  ERR_WORKER_MESSAGING_SAME_THREAD: [Error, () => 'Cannot sent a message to the same thread'],
  ERR_WORKER_MESSAGING_TIMEOUT: [Error, () => 'Sending a message to another thread timed out'],
  ERR_WORKER_NOT_RUNNING: [Error, () => 'Worker instance not running'],
  ERR_WORKER_OUT_OF_MEMORY: [Error, (message) => `Worker terminated due to reaching memory limit: ${message}`],
  ERR_WORKER_PATH: [TypeError, (filename) => {
    const message = "The worker script or module filename must be an absolute path or a relative path starting with './' or '../'.";
    if (filename.startsWith('file://')) return `${message} Wrap file:// URLs with \`new URL\`.`;
    if (filename.startsWith('data:text/javascript')) return `${message} Wrap data: URLs with \`new URL\`.`;
    return `${message} Received "${filename}"`;
  }],
  ERR_WORKER_UNSERIALIZABLE_ERROR: [Error, () => 'Serializing an uncaught exception failed'],
  ERR_WORKER_UNSUPPORTED_OPERATION: [TypeError, (name) => `${name} is not supported in workers`],
  ERR_ZLIB_INITIALIZATION_FAILED: [Error, () => 'Initialization failed'],
};

// The class behind one code: a subclass of Error, TypeError or RangeError
// whose instances carry `code` and read "Name [CODE]: message".
const rangeErrorClasses = new Map();
const typeErrorClasses = new Map();
// nativeError() passes this ahead of a message of its own.
const kOwnMessage = Symbol('kOwnMessage');
function makeNodeErrorClass(Base, code, format) {
  // Named after its base, as Node's are (`err.constructor.name === 'TypeError'`).
  const cls = { [Base.name]: class extends Base {
    constructor(...args) {
      let message;
      if (args[0] === kOwnMessage) message = args[1];
      else message = typeof format === 'function' ? format(...args) : String(args[0]);
      super(message);
      Object.defineProperty(this, 'code', { __proto__: null, value: code, writable: true, enumerable: true, configurable: true });
      // The stack's first line, taken when the error was made, names the code.
      const stack = this.stack;
      if (typeof stack === 'string') {
        const header = `${Base.prototype.name}: ${this.message}`;
        if (stack.startsWith(header)) {
          Object.defineProperty(this, 'stack', {
            __proto__: null,
            value: `${Base.prototype.name} [${code}]: ${this.message}${stack.slice(header.length)}`,
            writable: true,
            enumerable: false,
            configurable: true,
          });
        }
      }
    }

    toString() {
      return `${this.name} [${code}]: ${this.message}`;
    }

    // The same code as a RangeError, where Node throws one for a value
    // (process.cpuUsage's ERR_INVALID_ARG_VALUE).
    static get RangeError() {
      return rangeErrorClasses.get(code) ?? rangeErrorClasses.set(code, makeNodeErrorClass(RangeError, code, format)).get(code);
    }

    // The same code as a TypeError, where Node throws one for a state (a
    // locked stream's ERR_INVALID_STATE).
    static get TypeError() {
      return typeErrorClasses.get(code) ?? typeErrorClasses.set(code, makeNodeErrorClass(TypeError, code, format)).get(code);
    }
  } }[Base.name];
  // An error's constructor is its base, as a Node error's is
  // (`err.constructor === TypeError`, which Web platform tests check).
  Object.defineProperty(cls.prototype, 'constructor', {
    __proto__: null, value: Base, writable: true, enumerable: false, configurable: true,
  });
  return cls;
}

// An object with a read-only property for each code of `messages`, whose
// value `make(code)` makes the first time it is read. A proxy, not an
// accessor per code: defining some 180 accessors, each with a closure and a
// descriptor of its own, was a third of what it cost to load the modules
// that need this one (callgrind of `new EventTarget()` in a fresh worker).
function lazyCodeTable(make) {
  const made = new Map();
  const isCode = (key) => typeof key === 'string' && Object.prototype.hasOwnProperty.call(messages, key);
  const valueOf = (code) => {
    let value = made.get(code);
    if (value === undefined) {
      value = make(code);
      made.set(code, value);
    }
    return value;
  };
  return new Proxy({}, {
    __proto__: null,
    get: (target, key, receiver) => (isCode(key) ? valueOf(key) : Reflect.get(target, key, receiver)),
    has: (target, key) => isCode(key) || Reflect.has(target, key),
    ownKeys: (target) => [...Object.keys(messages), ...Reflect.ownKeys(target)],
    // Listing the codes (Object.keys) makes none of their values.
    getOwnPropertyDescriptor: (target, key) => (isCode(key)
      ? { __proto__: null, get: () => valueOf(key), set: undefined, enumerable: true, configurable: true }
      : Reflect.getOwnPropertyDescriptor(target, key)),
    // The codes stay what they are, as read-only properties would.
    set: (target, key, value, receiver) => !isCode(key) && Reflect.set(target, key, value, receiver),
    defineProperty: (target, key, descriptor) => !isCode(key) && Reflect.defineProperty(target, key, descriptor),
    deleteProperty: (target, key) => !isCode(key) && Reflect.deleteProperty(target, key),
  });
}

const codes = lazyCodeTable((code) => {
  const [Base, format] = messages[code];
  return makeNodeErrorClass(Base, code, format);
});

// An error from a failed system call, as Node makes it: `code` is the errno
// name ('ENOENT'), `errno` its negative number, and `syscall`/`path`/`dest`
// say what failed. `uvName`/`uvMessage` come from the native side.
function uvException({ errno, code, message, syscall, path, dest }) {
  let text = `${code}: ${message}, ${syscall}`;
  if (path !== undefined) text += ` '${path}'`;
  if (dest !== undefined) text += ` -> '${dest}'`;
  const err = new Error(text);
  err.errno = errno;
  err.code = code;
  err.syscall = syscall;
  if (path !== undefined) err.path = path;
  if (dest !== undefined) err.dest = dest;
  return err;
}

// ERR_SYSTEM_ERROR as Node makes it: a SystemError whose `info` is what the
// failed call reported ({ errno, code, message, syscall, path?, dest? }),
// with `errno`, `syscall`, `path` and `dest` reading and writing `info`.
class SystemError extends Error {
  constructor(info, code = 'ERR_SYSTEM_ERROR', prefix = 'A system error occurred') {
    let message = `${prefix}: ${info.syscall} returned ${info.code} (${info.message})`;
    if (info.path !== undefined) message += ` ${info.path}`;
    if (info.dest !== undefined) message += ` => ${info.dest}`;
    super(message);
    const stack = this.stack;
    Object.defineProperty(this, 'code', { __proto__: null, value: code, writable: true, enumerable: true, configurable: true });
    Object.defineProperty(this, 'name', { __proto__: null, value: 'SystemError', writable: true, enumerable: false, configurable: true });
    if (typeof stack === 'string' && stack.startsWith('Error: ')) {
      Object.defineProperty(this, 'stack', {
        __proto__: null,
        value: `SystemError [${code}]: ${stack.slice(7)}`, writable: true, enumerable: false, configurable: true,
      });
    }
    const details = { ...info };
    Object.defineProperty(this, 'info', { __proto__: null, value: details, writable: false, enumerable: true, configurable: true });
    for (const key of ['errno', 'syscall', 'path', 'dest']) {
      if (key !== 'errno' && key !== 'syscall' && details[key] === undefined) continue;
      Object.defineProperty(this, key, {
        __proto__: null,
        get() { return details[key]; },
        set(value) { details[key] = value; },
        enumerable: true,
        configurable: true,
      });
    }
  }

  toString() {
    return `${this.name} [${this.code}]: ${this.message}`;
  }
}

// `code` and `prefix` name the error where Node has a code of its own for
// it (ERR_FS_EISDIR: "Path is a directory").
function systemError(info, code = undefined, prefix = undefined) {
  return new SystemError(info, code, prefix);
}

// An AbortError, as thrown by APIs that take an AbortSignal.
class AbortError extends Error {
  constructor(message = 'The operation was aborted', options = undefined) {
    super(message, options);
    this.code = 'ABORT_ERR';
    this.name = 'AbortError';
  }
}

exports.codes = codes;
exports.lazyCodeTable = lazyCodeTable;
// An error of `code` with a message of its own, where Node's native layer
// words it ("Not enough arguments to MessagePort.postMessage").
exports.nativeError = (code, message) => new codes[code](kOwnMessage, message);
exports.uvException = uvException;
exports.systemError = systemError;
exports.AbortError = AbortError;
exports.describeReceived = describeReceived;
