'use strict';
// The environment data of a worker (worker_threads' getEnvironmentData and
// setEnvironmentData): the values its parent had set when it started it,
// as a clone, then what it sets itself. A nested worker gets a clone of
// this worker's at its spawn. Loaded on first use.

let environmentData = null;

function data() {
  if (environmentData === null) {
    // It may name the ports of workerData (internal/worker/io.js).
    const native = binding.internalBinding('worker_threads');
    const ports = native.startWorkerDataPorts().length > 0 ? internalRequire('internal/worker/io').startPorts() : null;
    const inherited = native.startEnvironmentData(ports ?? undefined);
    environmentData = inherited instanceof Map ? inherited : new Map();
  }
  return environmentData;
}

exports.getEnvironmentData = (key) => data().get(key);

exports.setEnvironmentData = (key, value) => {
  if (value === undefined) data().delete(key);
  else data().set(key, value);
};

// Replaces the data with a copy of `entries` (a Map or its entries);
// undefined leaves it as it is.
exports.assignEnvironmentData = (entries) => {
  if (entries === undefined) return;
  environmentData = new Map(entries);
};

// What a nested worker starts with: undefined when there is nothing.
exports.environmentDataToSend = () => (data().size > 0 ? environmentData : undefined);
