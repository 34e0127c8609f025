'use strict';
// assert.CallTracker: wraps functions to count their calls and reports the
// ones that were not called as often as expected.

const { codes } = internalRequire('internal/errors');
const { AssertionError } = internalRequire('internal/assert/assertion_error');

class CallTracker {
  #calls = new Set();
  #byWrapper = new WeakMap();

  calls(fn = () => {}, exact = 1) {
    if (typeof fn === 'number') {
      exact = fn;
      fn = () => {};
    }
    if (typeof fn !== 'function') throw new codes.ERR_INVALID_ARG_TYPE('fn', 'function', fn);
    if (!Number.isInteger(exact) || exact < 1 || exact > 2 ** 32 - 1) {
      throw new codes.ERR_OUT_OF_RANGE('exact', `>= 1 && <= ${2 ** 32 - 1}`, exact);
    }
    const record = { fn, exact, actual: [], stack: new Error() };
    const calls = this.#calls;
    const wrapper = new Proxy(fn, {
      apply(target, thisArg, args) {
        record.actual.push({ thisArg, arguments: args });
        if (record.actual.length === record.exact) calls.delete(record);
        else calls.add(record);
        return Reflect.apply(target, thisArg, args);
      },
    });
    calls.add(record);
    this.#byWrapper.set(wrapper, record);
    return wrapper;
  }

  getCalls(wrapper) {
    const record = this.#byWrapper.get(wrapper);
    if (record === undefined) throw new codes.ERR_INVALID_ARG_VALUE('fn', wrapper, 'is not a tracked function');
    return record.actual.map((call) => ({ thisArg: call.thisArg, arguments: call.arguments }));
  }

  reset(wrapper) {
    if (wrapper === undefined) {
      for (const record of this.#calls) record.actual.length = 0;
      return;
    }
    const record = this.#byWrapper.get(wrapper);
    if (record === undefined) throw new codes.ERR_INVALID_ARG_VALUE('fn', wrapper, 'is not a tracked function');
    record.actual.length = 0;
    this.#calls.add(record);
  }

  report() {
    const result = [];
    for (const record of this.#calls) {
      if (record.actual.length === record.exact) continue;
      const name = record.fn.name || 'calls';
      result.push({
        message: `Expected the ${name} function to be executed ${record.exact} time(s) but was executed ${record.actual.length} time(s).`,
        actual: record.actual.length,
        expected: record.exact,
        operator: name,
        stack: record.stack,
      });
    }
    return result;
  }

  verify() {
    const errors = this.report();
    if (errors.length === 0) return;
    const message = errors.length === 1 ? errors[0].message : 'Functions were not called the expected number of times';
    throw new AssertionError({ message, details: errors });
  }
}

module.exports = { CallTracker };
