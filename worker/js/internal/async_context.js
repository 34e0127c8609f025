'use strict';
// The async context of a worker: the frame that is current (a Map from each
// AsyncLocalStorage to its store, never changed once made) and how it is
// carried to code that runs later. A continuation is given the frame that
// was current when it was scheduled: promise reactions through V8's promise
// hooks (init records the frame on the promise, before/after enter and leave
// it), ticks, timers, immediates and fs callbacks through the frame their
// scheduler records once `activate()` has run. Nothing is hooked before the
// first AsyncLocalStorage exists: until then every frame is the root one.

const ReflectApply = Reflect.apply;

const kRoot = new Map();
const kFrame = Symbol('asyncContextFrame');

let current = kRoot;
let active = false;
// Frames left by promise reactions that are running, innermost last.
const reactionStack = [];

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

// `fn` that always runs in the frame current now.
function bindToCurrent(fn) {
  const frame = current;
  return function bound(...args) {
    return runInFrame(frame, fn, this, args);
  };
}

function onPromiseInit(promise) {
  if (current !== kRoot) promise[kFrame] = current;
}

function onPromiseBefore(promise) {
  reactionStack.push(current);
  const frame = promise[kFrame];
  current = frame === undefined ? kRoot : frame;
}

function onPromiseAfter() {
  if (reactionStack.length !== 0) current = reactionStack.pop();
}

// After each callback from the loop: whatever it entered with enterWith()
// ends with it, as a resource's store ends with its callback in Node.
function onCallbackExit() {
  current = kRoot;
  reactionStack.length = 0;
}

function activate() {
  if (active) return;
  active = true;
  const native = binding.internalBinding('async_context');
  native.setPromiseHooks(onPromiseInit, onPromiseBefore, onPromiseAfter, undefined);
  native.setCallbackExitHook(onCallbackExit);
  internalRequire('tick').setAsyncContext(api);
  internalRequire('timers').setAsyncContext(api);
}

const api = { kRoot, currentFrame, enter, runInFrame, bindToCurrent, activate };
module.exports = api;
