// Without a sandbox nothing stops this: the worker's parent (the host, or
// the zygote its pooled workers are forked from) gets an RLIMIT_NOFILE of 10,
// so that the workers started after it cannot start. Then it exits 0.
const probe = require('internal/test/binding').internalBinding('sandbox_probe');
const RLIMIT_NOFILE = 7;
console.log(`lowered: ${probe.prlimit(process.ppid, RLIMIT_NOFILE, 10, 10)}`);
