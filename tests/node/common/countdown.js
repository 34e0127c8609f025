'use strict';
// Calls a callback once, after dec() has been called `limit` times.

const common = require('./');

class Countdown {
  #remaining;
  #callback;

  constructor(limit, callback) {
    if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`Invalid countdown limit: ${limit}`);
    this.#remaining = limit;
    this.#callback = common.mustCall(callback);
  }

  dec() {
    if (this.#remaining <= 0) throw new Error('Countdown was decremented past zero');
    if (--this.#remaining === 0) this.#callback();
    return this.#remaining;
  }

  get remaining() {
    return this.#remaining;
  }
}

module.exports = Countdown;
