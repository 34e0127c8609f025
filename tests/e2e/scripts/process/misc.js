// The rest of process as Node has it in a worker: warnings, exit code and
// argument checks, resource figures, credentials, the capture callback.
function show(what, fn) {
  try {
    console.log(what, fn());
  } catch (err) {
    console.log(what, err.name, err.code, err.message);
  }
}

process.on('warning', (w) => console.log('warning event:', w.name, w.code, w.message, w.detail));
process.emitWarning('plain');
process.emitWarning('with type and code', 'CustomWarning', 'ISO001');
process.emitWarning('with options', { type: 'OptionsWarning', code: 'ISO002', detail: 'some detail' });
show('emitWarning(1):', () => process.emitWarning(1));

show('exitCode = 1.5:', () => { process.exitCode = 1.5; });
show('exitCode = "x":', () => { process.exitCode = 'x'; });
show('exitCode = "3":', () => { process.exitCode = '3'; return process.exitCode; });
process.exitCode = undefined;

show('hrtime([1]):', () => process.hrtime([1]));
show('hrtime("x"):', () => process.hrtime('x'));
show('hrtime of a moment ago:', () => {
  const [seconds, nanos] = process.hrtime(process.hrtime());
  return seconds === 0 && nanos >= 0 && nanos < 1e9;
});
show('hrtime.bigint:', () => typeof process.hrtime.bigint());

show('cpuUsage:', () => Object.keys(process.cpuUsage()).join());
show('cpuUsage(bad):', () => process.cpuUsage({ user: -1, system: 0 }));
show('resourceUsage:', () => Object.keys(process.resourceUsage()).length);
show('memoryUsage.rss:', () => process.memoryUsage.rss() > 0);

show('chdir:', () => process.chdir('/'));
show('setuid:', () => process.setuid(0));
show('groups include egid:', () => process.getgroups().includes(process.getegid()));
show('ppid is another process:', () => process.ppid > 0 && process.ppid !== process.pid);

show('capture:', () => process.setUncaughtExceptionCaptureCallback((err) => console.log('captured:', err.message)));
show('capture again:', () => process.setUncaughtExceptionCaptureCallback(() => {}));
show('has capture:', () => process.hasUncaughtExceptionCaptureCallback());
setTimeout(() => {
  throw new Error('thrown from a timer');
}, 1);
