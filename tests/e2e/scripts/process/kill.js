// process.kill(): Node's argument checks, kill(2)'s errors as Node reports
// them, a signal sent to another process (argv[2]), then one to itself.
const target = Number(process.argv[2]);

function show(what, fn) {
  try {
    console.log(what, fn());
  } catch (err) {
    console.log(what, err.name, err.code, err.errno, err.syscall, err.message);
  }
}

show('no pid:', () => process.kill());
show('fractional pid:', () => process.kill(1.5));
show('unknown signal:', () => process.kill(process.pid, 'SIGNOPE'));
show('signal 0:', () => process.kill(process.pid, 0));
show('no such process:', () => process.kill(2 ** 30, 0));
show('bad signal number:', () => process.kill(process.pid, 999));
show('SIGUSR1 to the test:', () => process.kill(target, 'SIGUSR1'));
// Output of this callback goes out when it returns; the next one ends the
// worker by a real SIGTERM, which the host reports as such.
setImmediate(() => process.kill(process.pid, 'SIGTERM'));
