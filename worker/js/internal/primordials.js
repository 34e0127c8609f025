'use strict';
// Methods of the language's prototypes as plain functions, taken once when
// the worker boots. The code that runs once per worker (its start: reading
// Start, resolving and loading the entry) runs in the interpreter with no
// feedback yet, where reading a method off a string or a collection goes to
// the runtime every time; calling one of these does not. As Node's own
// primordials, they also keep the runtime's code working when a script
// replaces a prototype's method.

const uncurryThis = (fn) => Function.prototype.call.bind(fn);

exports.uncurryThis = uncurryThis;
exports.ArrayPrototypeConcat = uncurryThis(Array.prototype.concat);
exports.ArrayPrototypeJoin = uncurryThis(Array.prototype.join);
exports.ArrayPrototypePush = uncurryThis(Array.prototype.push);
exports.ArrayPrototypeSlice = uncurryThis(Array.prototype.slice);
exports.MapPrototypeGet = uncurryThis(Map.prototype.get);
exports.MapPrototypeHas = uncurryThis(Map.prototype.has);
exports.MapPrototypeSet = uncurryThis(Map.prototype.set);
exports.StringPrototypeCharCodeAt = uncurryThis(String.prototype.charCodeAt);
exports.StringPrototypeEndsWith = uncurryThis(String.prototype.endsWith);
exports.StringPrototypeIndexOf = uncurryThis(String.prototype.indexOf);
exports.StringPrototypeLastIndexOf = uncurryThis(String.prototype.lastIndexOf);
exports.StringPrototypeSlice = uncurryThis(String.prototype.slice);
exports.StringPrototypeStartsWith = uncurryThis(String.prototype.startsWith);
exports.WeakMapPrototypeSet = uncurryThis(WeakMap.prototype.set);
