'use strict';
// console.Console: a console over any writable streams, with Node 20's
// constructor forms and options: `new Console(stdout[, stderr][,
// ignoreErrors])` or `new Console({ stdout, stderr, ignoreErrors, colorMode,
// inspectOptions, groupIndentation })`, callable without `new`, and
// subclassable. Its methods are those of the global console (console.js),
// bound to the instance as own properties, so that `[1, 2].forEach(c.log)`
// works and a subclass's override is the one bound. Loaded when
// `console.Console` is first read.

const { consoleMethods, kIsConsole } = internalRequire('internal/console/global');
const { codes } = internalRequire('internal/errors');
const { validateInteger, validateObject, validateOneOf } = internalRequire('internal/validators');

const kMaxGroupIndentation = 1000;
const kColorInspectOptions = { colors: true };
const kNoColorInspectOptions = {};
// The instance's own methods (console.js), which the prototype's call.
const kMethods = Symbol('kMethods');

// The methods an instance has, in Node's order: those of the global console
// but the inspector's (and its place for the Console class).
const kInspectorOnly = new Set(['Console', 'profile', 'profileEnd', 'timeStamp']);
const kMethodNames = Object.keys(consoleMethods(() => {})).filter((name) => !kInspectorOnly.has(name));

function defineHidden(target, key, value) {
  Object.defineProperty(target, key, { __proto__: null, value, writable: true, enumerable: false, configurable: true });
}

function isWritableStream(stream) {
  return Boolean(stream) && typeof stream.write === 'function';
}

// Whether what goes to `stream` is coloured: colorMode 'auto' asks the
// stream, as Node does (a TTY of more than two colours).
function wantsColors(stream, colorMode) {
  if (colorMode !== 'auto') return colorMode;
  if (!stream.isTTY) return false;
  return typeof stream.getColorDepth === 'function' ? stream.getColorDepth() > 2 : true;
}

// The util.inspect options of one stream: the given inspectOptions, coloured
// by colorMode unless they say themselves.
function inspectOptionsFor(stream, colorMode, inspectOptions) {
  if (inspectOptions === undefined) {
    return wantsColors(stream, colorMode) ? kColorInspectOptions : kNoColorInspectOptions;
  }
  if (inspectOptions.colors !== undefined) return inspectOptions;
  return { ...inspectOptions, colors: wantsColors(stream, colorMode) };
}

// Writes a line to the stream. With ignoreErrors, an error of this write,
// thrown now or emitted later as the stream's 'error', becomes no uncaught
// exception (console.js swallows what is thrown); the stream's other
// writes keep their own error handling.
function makeWrite(stdout, stderr, ignoreErrors) {
  if (!ignoreErrors) {
    return (name, text) => {
      (name === 'stdout' ? stdout : stderr).write(text);
    };
  }
  const swallow = () => {};
  const canListen = (stream) => typeof stream.listenerCount === 'function' && typeof stream.once === 'function';
  const swallowNextError = (stream) => {
    if (canListen(stream) && stream.listenerCount('error') === 0) stream.once('error', swallow);
  };
  return (name, text) => {
    const stream = name === 'stdout' ? stdout : stderr;
    swallowNextError(stream);
    try {
      stream.write(text, (err) => {
        // The write failed after it returned: its 'error' is on its way.
        if (err) swallowNextError(stream);
      });
    } finally {
      if (typeof stream.removeListener === 'function') stream.removeListener('error', swallow);
    }
  };
}

function Console(options /* or stdout, stderr, ignoreErrors */) {
  if (new.target === undefined) return Reflect.construct(Console, arguments);
  if (!options || typeof options.write === 'function') {
    options = { stdout: options, stderr: arguments[1], ignoreErrors: arguments[2] };
  }
  const {
    stdout,
    stderr = stdout,
    ignoreErrors = true,
    colorMode = 'auto',
    inspectOptions,
    groupIndentation,
  } = options;
  if (!isWritableStream(stdout)) throw new codes.ERR_CONSOLE_WRITABLE_STREAM('stdout');
  if (!isWritableStream(stderr)) throw new codes.ERR_CONSOLE_WRITABLE_STREAM('stderr');
  validateOneOf(colorMode, 'colorMode', ['auto', true, false]);
  if (groupIndentation !== undefined) {
    validateInteger(groupIndentation, 'groupIndentation', 0, kMaxGroupIndentation);
  }
  if (inspectOptions !== undefined) {
    validateObject(inspectOptions, 'options.inspectOptions');
    if (inspectOptions.colors !== undefined && options.colorMode !== undefined) {
      throw new codes.ERR_INCOMPATIBLE_OPTION_PAIR('options.inspectOptions.color', 'colorMode');
    }
  }

  defineHidden(this, kMethods, consoleMethods(makeWrite(stdout, stderr, ignoreErrors), {
    ignoreErrors: Boolean(ignoreErrors),
    groupIndentation,
    inspectOptions: (name) => inspectOptionsFor(name === 'stdout' ? stdout : stderr, colorMode, inspectOptions),
    emitWarning: (message) => process.emitWarning(message),
  }));
  // Each method bound to this console, a subclass's own where it has one.
  for (const name of kMethodNames) {
    const bound = this[name].bind(this);
    Object.defineProperty(bound, 'name', { __proto__: null, value: name });
    this[name] = bound;
  }
  defineHidden(this, '_stdout', stdout);
  defineHidden(this, '_stderr', stderr);
  defineHidden(this, '_ignoreErrors', Boolean(ignoreErrors));
  defineHidden(this, kIsConsole, true);
  Object.defineProperty(this, Symbol.toStringTag, {
    __proto__: null, value: 'console', writable: false, enumerable: false, configurable: true,
  });
}

for (const name of kMethodNames) {
  defineHidden(Console.prototype, name, {
    [name](...args) {
      return Reflect.apply(this[kMethods][name], this, args);
    },
  }[name]);
}

// The global console is one too.
Object.defineProperty(Console, Symbol.hasInstance, {
  __proto__: null,
  value: (instance) => instance !== null && (typeof instance === 'object' || typeof instance === 'function') &&
    instance[kIsConsole] === true,
});

exports.Console = Console;
