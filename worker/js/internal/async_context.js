'use strict';
// The async context of a worker: the frame that is current (a Map from each
// AsyncLocalStorage to its store, never changed once made) and how it is
// carried to code that runs later. A continuation is given the frame that
// was current when it was scheduled: promise reactions through V8's promise
// hooks (init records the frame on the promise, before/after enter and leave
// it), ticks, timers, immediates and fs callbacks through the frame their
// scheduler records once `activate()` has run. Nothing is hooked before the
// first AsyncLocalStorage (or the domain module) exists: until then every
// frame is the root one.
//
// The domain module keeps the active domain in the frame too, and enters it
// around each continuation through the continuation hooks: enter(frame)
// before the continuation runs, exit(frame) once it has returned (one that
// throws leaves its domain entered for the uncaught-exception handler, which
// clears the domain stack, as in Node).

const ReflectApply = Reflect.apply;

const kRoot = new Map();
const kFrame = Symbol('asyncContextFrame');

let current = kRoot;
let active = false;
// Promise reactions that are running, innermost last: for each, the frame it
// left and the frame it entered.
const reactionStack = [];
// The domain module's { enter(frame), exit(frame), baseFrame() }, or null.
let continuationHooks = null;

function currentFrame() {
  return current;
}

// Makes `frame` current and returns the one it replaces, for the caller to
// restore with another enter().
function enter(frame) {
  const previous = current;
  current = frame;
  return previous;
}

function runInFrame(frame, fn, thisArg, args) {
  const previous = current;
  current = frame;
  try {
    return ReflectApply(fn, thisArg, args);
  } finally {
    current = previous;
  }
}

// A continuation scheduled in `frame` starts: the frame becomes current and
// the hooks enter what it records. Returns the frame to give
// leaveContinuation().
function enterContinuation(frame) {
  const previous = current;
  current = frame;
  if (continuationHooks !== null) continuationHooks.enter(frame);
  return previous;
}

// The continuation of `frame` is over (its uncaught exception, if any, has
// been handled): `previous` is current again.
function leaveContinuation(frame, previous) {
  if (continuationHooks !== null) continuationHooks.exit(frame);
  current = previous;
}

// Runs `fn` as a continuation of `frame`. A throw leaves what the hooks
// entered for the uncaught-exception handler.
function runContinuation(frame, fn, thisArg, args) {
  const previous = enterContinuation(frame);
  let result;
  try {
    result = ReflectApply(fn, thisArg, args);
  } catch (err) {
    current = previous;
    throw err;
  }
  leaveContinuation(frame, previous);
  return result;
}

// `fn` that always runs as a continuation of the frame current now.
function bindToCurrent(fn) {
  const frame = current;
  return function bound(...args) {
    return runContinuation(frame, fn, this, args);
  };
}

function onPromiseInit(promise) {
  if (current !== kRoot) promise[kFrame] = current;
}

function onPromiseBefore(promise) {
  const recorded = promise[kFrame];
  const frame = recorded === undefined ? kRoot : recorded;
  reactionStack.push(current, frame);
  current = frame;
  if (continuationHooks !== null) continuationHooks.enter(frame);
}

function onPromiseAfter() {
  if (reactionStack.length === 0) return;
  const frame = reactionStack.pop();
  if (continuationHooks !== null) continuationHooks.exit(frame);
  current = reactionStack.pop();
}

// After each callback from the loop: whatever it entered with enterWith()
// ends with it, as a resource's store ends with its callback in Node. (A
// domain entered and never left stays active, as in Node.)
function onCallbackExit() {
  current = continuationHooks === null ? kRoot : continuationHooks.baseFrame();
  reactionStack.length = 0;
}

function activate() {
  if (active) return;
  active = true;
  const native = binding.internalBinding('async_context');
  native.setPromiseHooks(onPromiseInit, onPromiseBefore, onPromiseAfter, undefined);
  native.setCallbackExitHook(onCallbackExit);
  internalRequire('internal/process/tick').setAsyncContext(api);
  internalRequire('internal/timers/globals').setAsyncContext(api);
}

// The domain module's hooks (see the top of this file); activates.
function setContinuationHooks(hooks) {
  continuationHooks = hooks;
  activate();
}

const api = {
  kRoot, currentFrame, enter, runInFrame, enterContinuation, leaveContinuation, runContinuation, bindToCurrent,
  activate, setContinuationHooks,
};
module.exports = api;
