'use strict';
// require('diagnostics_channel'): named channels that publish to their
// subscribers synchronously, stores bound to a channel (runStores enters
// each bound AsyncLocalStorage around a call), and tracing channels that
// publish the start, end, async start, async end and error of a call.
//
// A channel lives as long as something holds it; one with subscribers or
// bound stores is held here, so subscribing by name keeps it alive.

const { codes } = internalRequire('internal/errors');
const { validateFunction } = internalRequire('internal/validators');
const { nextTick } = internalRequire('internal/process/tick');

const ReflectApply = Reflect.apply;

// name -> WeakRef(Channel)
const channels = new Map();
// Channels that have subscribers or stores.
const activeChannels = new Set();
const forgetName = new FinalizationRegistry((name) => {
  const ref = channels.get(name);
  if (ref !== undefined && ref.deref() === undefined) channels.delete(name);
});

// An error thrown by a subscriber or a store's transform does not stop the
// publisher: it is rethrown on its own, as an uncaught exception.
function reportLater(err) {
  nextTick(() => {
    throw err;
  });
}

class Channel {
  constructor(name) {
    this._subscribers = [];
    this._stores = new Map();
    this.name = name;
  }

  get hasSubscribers() {
    return this._subscribers.length > 0 || this._stores.size > 0;
  }

  _updateActive() {
    if (this.hasSubscribers) activeChannels.add(this);
    else activeChannels.delete(this);
  }

  subscribe(subscription) {
    validateFunction(subscription, 'subscription');
    // A copy, so that a publish in progress goes on with the old list.
    this._subscribers = [...this._subscribers, subscription];
    this._updateActive();
  }

  unsubscribe(subscription) {
    const index = this._subscribers.indexOf(subscription);
    if (index === -1) return false;
    this._subscribers = this._subscribers.filter((_, i) => i !== index);
    this._updateActive();
    return true;
  }

  publish(data) {
    const subscribers = this._subscribers;
    for (let i = 0; i < subscribers.length; i++) {
      try {
        subscribers[i](data, this.name);
      } catch (err) {
        reportLater(err);
      }
    }
  }

  bindStore(store, transform) {
    this._stores.set(store, transform);
    this._updateActive();
  }

  unbindStore(store) {
    if (!this._stores.has(store)) return false;
    this._stores.delete(store);
    this._updateActive();
    return true;
  }

  // Enters each bound store with `data` (or its transform of it), publishes
  // `data` inside them and calls fn there.
  runStores(data, fn, thisArg, ...args) {
    let run = () => {
      this.publish(data);
      return ReflectApply(fn, thisArg, args);
    };
    for (const [store, transform] of this._stores) {
      const next = run;
      run = () => {
        let value = data;
        if (transform !== undefined) {
          try {
            value = transform(data);
          } catch (err) {
            reportLater(err);
            return next();
          }
        }
        return store.run(value, next);
      };
    }
    return run();
  }
}

function validateName(name) {
  if (typeof name !== 'string' && typeof name !== 'symbol') {
    throw new codes.ERR_INVALID_ARG_TYPE('channel', ['string', 'symbol'], name);
  }
}

function channel(name) {
  const ref = channels.get(name);
  const existing = ref === undefined ? undefined : ref.deref();
  if (existing !== undefined) return existing;
  validateName(name);
  const made = new Channel(name);
  channels.set(name, new WeakRef(made));
  forgetName.register(made, name);
  return made;
}

function subscribe(name, subscription) {
  channel(name).subscribe(subscription);
}

function unsubscribe(name, subscription) {
  return channel(name).unsubscribe(subscription);
}

function hasSubscribers(name) {
  const ref = channels.get(name);
  const existing = ref === undefined ? undefined : ref.deref();
  return existing !== undefined && existing.hasSubscribers;
}

// ---------------------------------------------------------- TracingChannel

const kEvents = ['start', 'end', 'asyncStart', 'asyncEnd', 'error'];

class TracingChannel {
  constructor(nameOrChannels) {
    if (typeof nameOrChannels === 'string') {
      for (const event of kEvents) this[event] = channel(`tracing:${nameOrChannels}:${event}`);
    } else if (typeof nameOrChannels === 'object' && nameOrChannels !== null) {
      for (const event of kEvents) {
        const given = nameOrChannels[event];
        // A missing channel fails where Node's reads it as an object.
        if (given === undefined || given === null) throw new TypeError('Cannot convert undefined or null to object');
        if (!(given instanceof Channel)) {
          throw new codes.ERR_INVALID_ARG_TYPE(`nameOrChannels.${event}`, 'Channel', given);
        }
        this[event] = given;
      }
    } else {
      throw new codes.ERR_INVALID_ARG_TYPE('nameOrChannels', ['string', 'object', 'TracingChannel'], nameOrChannels);
    }
  }

  get hasSubscribers() {
    return kEvents.some((event) => this[event].hasSubscribers);
  }

  subscribe(handlers) {
    for (const event of kEvents) {
      if (handlers[event]) this[event].subscribe(handlers[event]);
    }
  }

  unsubscribe(handlers) {
    let done = true;
    for (const event of kEvents) {
      if (handlers[event] && !this[event].unsubscribe(handlers[event])) done = false;
    }
    return done;
  }

  traceSync(fn, context = {}, thisArg, ...args) {
    if (!this.hasSubscribers) return ReflectApply(fn, thisArg, args);
    const { start, end, error } = this;
    return start.runStores(context, () => {
      try {
        const result = ReflectApply(fn, thisArg, args);
        context.result = result;
        return result;
      } catch (err) {
        context.error = err;
        error.publish(context);
        throw err;
      } finally {
        end.publish(context);
      }
    });
  }

  tracePromise(fn, context = {}, thisArg, ...args) {
    if (!this.hasSubscribers) return ReflectApply(fn, thisArg, args);
    const { start, end, asyncStart, asyncEnd, error } = this;
    function resolve(result) {
      context.result = result;
      asyncStart.publish(context);
      asyncEnd.publish(context);
      return result;
    }
    function reject(err) {
      context.error = err;
      error.publish(context);
      asyncStart.publish(context);
      asyncEnd.publish(context);
      return Promise.reject(err);
    }
    return start.runStores(context, () => {
      try {
        let promise = ReflectApply(fn, thisArg, args);
        if (!(promise instanceof Promise)) promise = Promise.resolve(promise);
        return promise.then(resolve, reject);
      } catch (err) {
        context.error = err;
        error.publish(context);
        throw err;
      } finally {
        end.publish(context);
      }
    });
  }

  traceCallback(fn, position = -1, context = {}, thisArg, ...args) {
    if (!this.hasSubscribers) return ReflectApply(fn, thisArg, args);
    const { start, end, asyncStart, asyncEnd, error } = this;
    const callback = args.at(position);
    validateFunction(callback, 'callback');
    function wrappedCallback(err, result) {
      if (err) {
        context.error = err;
        error.publish(context);
      } else {
        context.result = result;
      }
      // Through runStores, so that stores bound to asyncStart are entered
      // around the original callback.
      return asyncStart.runStores(context, () => {
        try {
          return ReflectApply(callback, this, arguments);
        } finally {
          asyncEnd.publish(context);
        }
      });
    }
    args.splice(position, 1, wrappedCallback);
    return start.runStores(context, () => {
      try {
        return ReflectApply(fn, thisArg, args);
      } catch (err) {
        context.error = err;
        error.publish(context);
        throw err;
      } finally {
        end.publish(context);
      }
    });
  }
}

function tracingChannel(nameOrChannels) {
  return new TracingChannel(nameOrChannels);
}

module.exports = { channel, hasSubscribers, subscribe, tracingChannel, unsubscribe, Channel };
