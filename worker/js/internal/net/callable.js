'use strict';
// Node's net and http classes are functions that work without `new`
// (`net.Server(listener)`, `http.Agent()`), and old code calls them so.
// callable(Class) is the class itself for `new`, `extends` and
// `instanceof`, and a call without `new` constructs.

function callable(Class) {
  const proxy = new Proxy(Class, {
    __proto__: null,
    apply(target, thisArg, args) {
      return Reflect.construct(target, args);
    },
  });
  Object.defineProperty(Class.prototype, 'constructor', {
    __proto__: null, value: proxy, writable: true, enumerable: false, configurable: true,
  });
  return proxy;
}

module.exports = { callable };
