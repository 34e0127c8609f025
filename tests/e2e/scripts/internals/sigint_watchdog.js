'use strict';
// The SIGINT watchdog of the `contextify` binding: a SIGINT while one is
// started is noted, not fatal; the stop that follows reports it.
const { internalBinding } = require('internal/test/binding');
const watchdog = internalBinding('contextify');

watchdog.startSigintWatchdog();
console.log('quiet stop', watchdog.stopSigintWatchdog());

watchdog.startSigintWatchdog();
watchdog.startSigintWatchdog();
process.kill(process.pid, 'SIGINT');
(function waitForSignal() {
  if (!watchdog.watchdogHasPendingSigint()) return setTimeout(waitForSignal, 5);
  console.log('first stop', watchdog.stopSigintWatchdog());
  console.log('second stop', watchdog.stopSigintWatchdog());
  console.log('pending after', watchdog.watchdogHasPendingSigint());
  // With every watchdog stopped, SIGINT takes its default action again.
  process.kill(process.pid, 'SIGINT');
  setTimeout(() => console.log('still alive'), 1000);
})();
