'use strict';
// The timers the runtime sets for itself, as Node's internal/timers offers
// them: setUnrefTimeout(callback, after), a setTimeout that never
// keeps the worker alive (worker/js/timers.js).

module.exports = { setUnrefTimeout: internalRequire('timers').setUnrefTimeout };
