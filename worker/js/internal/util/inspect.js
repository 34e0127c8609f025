'use strict';
// util.inspect, given what only the engine knows (promise state, proxies,
// entries of iterators and weak collections): the first require installs
// the native hooks, so every user of it (errors, process, util) sees the same.

const inspect = internalRequire('internal/util/inspect/format');
const kStates = ['pending', 'fulfilled', 'rejected'];
inspect.setNativeHooks({
  promiseState(promise) {
    const details = binding.promiseState(promise);
    return details === undefined ? undefined : { state: kStates[details[0]], value: details[1] };
  },
  previewEntries(object, isIterator) {
    const preview = binding.previewEntries(object);
    if (preview === undefined) return undefined;
    return isIterator ? preview : preview[0];
  },
  proxyDetails: binding.internalBinding('util').getProxyDetails,
  constructorName: binding.constructorName,
});

module.exports = inspect;
