// Clears its own parent-death signal natively, then spins: only something
// outside it can end it once its host is gone. Prints its pid first.
const probe = require('internal/test/binding').internalBinding('sandbox_probe');
const SYS_prctl = 157;
const PR_SET_PDEATHSIG = 1;
console.log(`${process.pid} ${probe.syscall(SYS_prctl, PR_SET_PDEATHSIG, 0)}`);
for (;;) {}
