'use strict';
// domain: deprecated in Node, still used by packages. A domain is an
// EventEmitter that takes, as its 'error' event, the exceptions of the code
// that runs in it: called through run(), bind() or intercept(), or scheduled
// while it was active (ticks, timers, immediates, promise reactions, fs
// callbacks), and the 'error' an emitter that belongs to it (made while it
// was active, or add()ed) emits without a listener. An unhandled rejection
// made while a domain was active is that domain's 'error' too, as in Node 20.
// The domains entered and not left form a stack; the active domain is its
// top (`process.domain`, `domain.active`).
//
// Everything is hooked in when this module is first required, so a worker
// that never requires it pays nothing:
// - the active domain is kept in the async context frame
//   (internal/async_context), so whatever is scheduled while it is active
//   records it, and the continuation hooks enter it around the continuation;
// - errors.js gives every uncaught exception to the domains first;
// - tick.js remembers the active domain of each unhandled rejection;
// - EventEmitter's init and emit are wrapped, as Node wraps them, so that an
//   emitter takes the active domain and its 'error' without a listener goes
//   to its domain.

const { EventEmitter } = internalRequire('internal/events/emitter');
const asyncContext = internalRequire('internal/async_context');
const errors = internalRequire('internal/process/uncaught');
const tick = internalRequire('internal/process/tick');
const { process } = internalRequire('internal/process/object');
const { codes } = internalRequire('internal/errors');

// The two are mutually exclusive, as in Node.
if (process.hasUncaughtExceptionCaptureCallback()) throw new codes.ERR_DOMAIN_CALLBACK_NOT_AVAILABLE();

const ReflectApply = Reflect.apply;
// The key of the active domain in an async context frame.
const kDomain = Symbol('domain');

function defineHidden(target, key, value) {
  Object.defineProperty(target, key, { __proto__: null, value, writable: true, enumerable: false, configurable: true });
}

// --- the stack -------------------------------------------------------------------

// Entered domains, the active one last.
const stack = [];

// `frame` with `domain` as its active domain (none for null or undefined).
function frameWith(frame, domain) {
  const next = new Map(frame);
  if (domain == null) next.delete(kDomain);
  else next.set(kDomain, domain);
  return next.size === 0 ? asyncContext.kRoot : next;
}

// Makes `domain` the active one (undefined when the stack ran empty, null
// when it was cleared: Node tells the two apart). With `syncFrame`, what is
// scheduled from now on records it; a continuation's own frame is restored
// by its caller instead.
function setActive(domain, syncFrame = true) {
  module.exports.active = domain;
  process.domain = domain;
  if (!syncFrame) return;
  const frame = asyncContext.currentFrame();
  if (frame.get(kDomain) !== (domain == null ? undefined : domain)) asyncContext.enter(frameWith(frame, domain));
}

function enter(domain, syncFrame) {
  stack.push(domain);
  setActive(domain, syncFrame);
}

// Leaves `domain` and every domain entered after it; nothing if it is not
// on the stack.
function exit(domain, syncFrame) {
  const index = stack.lastIndexOf(domain);
  if (index === -1) return;
  stack.length = index;
  setActive(stack[index - 1], syncFrame);
}

// After an uncaught exception: no domain is left entered.
function clearStack() {
  stack.length = 0;
  setActive(null);
}

// fn.apply(thisArg, args) in `domain`. Not left when fn throws: the
// uncaught-exception handler needs to know the domain, and clears the stack.
function runIn(domain, fn, thisArg, args) {
  enter(domain, true);
  const result = ReflectApply(fn, thisArg, args);
  exit(domain, true);
  return result;
}

function isObjectLike(value) {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

// --- Domain --------------------------------------------------------------------------

class Domain extends EventEmitter {
  constructor() {
    super();
    this.members = [];
  }

  enter() {
    enter(this, true);
  }

  exit() {
    exit(this, true);
  }

  run(fn, ...args) {
    return runIn(this, fn, this, args);
  }

  // Makes `ee` (an emitter, a timer, another domain) a member: its 'error'
  // without a listener goes to this domain.
  add(ee) {
    if (ee.domain === this) return;
    if (ee.domain) ee.domain.remove(ee);
    // A domain must not become a member of its own member.
    if (this.domain && ee instanceof Domain) {
      for (let parent = this.domain; parent; parent = parent.domain) {
        if (ee === parent) return;
      }
    }
    defineHidden(ee, 'domain', this);
    this.members.push(ee);
  }

  remove(ee) {
    ee.domain = null;
    const index = this.members.indexOf(ee);
    if (index !== -1) this.members.splice(index, 1);
  }

  // `cb` that runs in this domain, whoever calls it.
  bind(cb) {
    const domain = this;
    function runBound() {
      return runIn(domain, cb, this, arguments);
    }
    defineHidden(runBound, 'domain', this);
    return runBound;
  }

  // `cb` for a Node-style callback: an Error as first argument becomes this
  // domain's 'error', else `cb` runs in the domain with the other arguments.
  intercept(cb) {
    const domain = this;
    function runIntercepted() {
      const first = arguments[0];
      if (first && first instanceof Error) {
        first.domainBound = cb;
        first.domainThrown = false;
        defineHidden(first, 'domain', domain);
        domain.emit('error', first);
        return undefined;
      }
      return runIn(domain, cb, this, Array.prototype.slice.call(arguments, 1));
    }
    return runIntercepted;
  }

  // An exception thrown while this domain was active: its 'error', emitted
  // outside it. What that listener throws (or the lack of a listener) goes
  // to the next domain down the stack; at the bottom it is the worker's
  // uncaught exception. Every domain is left afterwards.
  _errorHandler(er) {
    if (isObjectLike(er)) {
      defineHidden(er, 'domain', this);
      er.domainThrown = true;
    }
    // Out of this domain and its copies at the top of the stack, so that
    // the listener cannot re-enter it by throwing.
    while (module.exports.active === this) exit(this, true);
    let caught = false;
    if (stack.length === 0) {
      if (this.listenerCount('error') > 0) caught = this.emit('error', er);
    } else {
      try {
        caught = this.emit('error', er);
      } catch (thrown) {
        const below = stack[stack.length - 1];
        setActive(below);
        caught = below._errorHandler(thrown);
      }
    }
    clearStack();
    return caught;
  }
}

// --- what the rest of the worker asks --------------------------------------------------

function hasErrorListener(domain) {
  return domain.listenerCount('error') > 0;
}

errors.setDomainHooks({
  // The domains take an uncaught exception when one of those entered
  // listens for 'error'; otherwise it goes on to the process, with the
  // stack cleared.
  uncaught(err) {
    const active = module.exports.active;
    if (active == null || !stack.some(hasErrorListener)) {
      clearStack();
      return false;
    }
    active._errorHandler(err);
    return true;
  },
  // An unhandled rejection made in `domain` is its 'error' (a domain
  // without a listener throws it, which makes it uncaught).
  rejection(reason, domain) {
    return domain.emit('error', reason);
  },
});

tick.setActiveDomainProbe(() => module.exports.active);

// Between callbacks the active domain stays what it was (a domain entered
// and never left is active in the next callback, as in Node).
let baseDomain = null;
let baseFrame = asyncContext.kRoot;
asyncContext.setContinuationHooks({
  enter(frame) {
    const domain = frame.get(kDomain);
    if (domain !== undefined) enter(domain, false);
  },
  exit(frame) {
    const domain = frame.get(kDomain);
    if (domain !== undefined) exit(domain, false);
  },
  baseFrame() {
    const domain = module.exports.active == null ? null : module.exports.active;
    if (domain !== baseDomain) {
      baseDomain = domain;
      baseFrame = frameWith(asyncContext.kRoot, domain);
    }
    return baseFrame;
  },
});

// Emitters made while a domain is active belong to it; one whose domain
// has no 'error' listener of its own sends its 'error' there, and its other
// events run in the domain.
const initEmitter = EventEmitter.init;
EventEmitter.init = function init(opts) {
  defineHidden(this, 'domain', null);
  const active = module.exports.active;
  if (active && !(this instanceof Domain)) this.domain = active;
  return ReflectApply(initEmitter, this, [opts]);
};

const emitEvent = EventEmitter.prototype.emit;
EventEmitter.prototype.emit = function emit(type) {
  const domain = this.domain;
  if (domain === null || domain === undefined || domain === this || this === process ||
      (type === 'error' && this.listenerCount('error') > 0)) {
    return ReflectApply(emitEvent, this, arguments);
  }
  if (type === 'error') {
    const er = arguments[1] ? arguments[1] : new codes.ERR_UNHANDLED_ERROR();
    if (typeof er === 'object') {
      er.domainEmitter = this;
      defineHidden(er, 'domain', domain);
      er.domainThrown = false;
    }
    // The domain's listener runs outside the active domain (and its copies
    // at the top of the stack); the stack is as it was afterwards.
    const savedStack = stack.slice();
    const savedActive = module.exports.active;
    let top = stack.length;
    while (top > 0 && stack[top - 1] === savedActive) top--;
    stack.length = top;
    setActive(top === 0 ? null : stack[top - 1]);
    domain.emit('error', er);
    stack.length = 0;
    for (const entered of savedStack) stack.push(entered);
    setActive(savedActive);
    return false;
  }
  enter(domain, true);
  const result = ReflectApply(emitEvent, this, arguments);
  exit(domain, true);
  return result;
};
EventEmitter.usingDomains = true;

// Once domains are in use, they own uncaught exceptions.
const requiredAt = new Error('require(`domain`) at this point').stack;
process.setUncaughtExceptionCaptureCallback = function setUncaughtExceptionCaptureCallback() {
  const err = new codes.ERR_DOMAIN_CANNOT_SET_UNCAUGHT_EXCEPTION_CAPTURE();
  err.stack += `\n${'-'.repeat(40)}\n${requiredAt}`;
  throw err;
};

function create() {
  return new Domain();
}

module.exports = {
  _stack: stack,
  Domain,
  createDomain: create,
  create,
  active: null,
};
