'use strict';
// The timers the runtime sets for itself, as Node's internal/timers offers
// them: setUnrefTimeout(callback, after), a setTimeout that never
// keeps the worker alive (worker/js/internal/timers/globals.js).

module.exports = { setUnrefTimeout: internalRequire('internal/timers/globals').setUnrefTimeout };
