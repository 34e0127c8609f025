// A script that reaches for other processes and shared kernel objects from
// inside its sandbox: another process's scheduling and limits, a device node
// in its write root, another program's SysV shared memory, new SysV
// objects, and its own parent-death signal. Natively, past every JS check
// (the test-only binding 'sandbox_probe'), except os.setPriority(), which is
// what a script would call. Prints one JSON object of results: a number is
// the call's result or -errno. argv: VICTIM_PID WRITE_DIR SHM_ID.
'use strict';
const os = require('os');
const probe = require('internal/test/binding').internalBinding('sandbox_probe');
const [victim, writeDir, shmId] = process.argv.slice(2);
const pid = Number(victim);

const S_IFCHR = 0o020000;
const S_IFBLK = 0o060000;
const S_IFIFO = 0o010000;
const IPC_CREAT = 0o1000;
const RLIMIT_NOFILE = 7;
const RLIMIT_CORE = 4;
const PR_SET_PDEATHSIG = 1;
const SIGKILL = 9;
const SYS = { shmget: 29, msgget: 68, semget: 64, prctl: 157, setpriority: 141, ioprio_set: 251, setrlimit: 160,
  prlimit64: 302 };

const results = {};
function attempt(name, fn) {
  try {
    results[name] = fn();
  } catch (err) {
    results[name] = err.info ? -Math.abs(err.info.errno) : String(err.code || err);
  }
}

// A process group or a user takes in others (the host, every process of the
// user, kernel threads for root). Asked of a group and a user that have no
// process, so that an allowed call (no sandbox, or a filter without its rule)
// changes nothing and fails with ESRCH, where the sandbox says EPERM.
const NOBODY = 0x7ffffff0;
attempt('reniceGroup', () => probe.syscall(SYS.setpriority, 1 /* PRIO_PGRP */, NOBODY, 19));
attempt('reniceUser', () => probe.syscall(SYS.setpriority, 2 /* PRIO_USER */, NOBODY, 19));
attempt('reniceOther', () => os.setPriority(pid, 19) ?? 0);
attempt('reniceSelf', () => os.setPriority(0, 1) ?? 0);
attempt('reniceOwnPid', () => os.setPriority(process.pid, 2) ?? 0);
attempt('ioReniceOther', () => probe.syscall(SYS.ioprio_set, 1 /* IOPRIO_WHO_PROCESS */, pid, (2 << 13) | 7));
attempt('ioReniceSelf', () => probe.syscall(SYS.ioprio_set, 1, 0, (2 << 13) | 7));
attempt('affinityOther', () => probe.setAffinity(pid, 0));
attempt('affinitySelf', () => probe.setAffinity(0, 0));
attempt('limitOther', () => probe.prlimit(pid, RLIMIT_NOFILE, 10, 10));
attempt('limitSelf', () => probe.prlimit(0, RLIMIT_CORE, 0, 0));
attempt('setrlimit', () => probe.syscall(SYS.setrlimit, RLIMIT_CORE, 0));
// Reading its own limits (glibc's getrlimit): a null new limit, a bad old one.
attempt('readLimitSelf', () => probe.syscall(SYS.prlimit64, 0, RLIMIT_CORE, 0, 1));
attempt('mknodChar', () => probe.mknod(`${writeDir}/kmsg`, S_IFCHR | 0o600, 1, 11));
attempt('mknodBlock', () => probe.mknod(`${writeDir}/disk`, S_IFBLK | 0o600, 7, 0));
attempt('mknodFifo', () => probe.mknod(`${writeDir}/fifo`, S_IFIFO | 0o600, 0, 0));
attempt('shmReadOther', () => probe.shmRead(Number(shmId), 6));
attempt('shmget', () => probe.syscall(SYS.shmget, 0 /* IPC_PRIVATE */, 4096, IPC_CREAT | 0o600));
attempt('msgget', () => probe.syscall(SYS.msgget, 0, IPC_CREAT | 0o600));
attempt('semget', () => probe.syscall(SYS.semget, 0, 1, IPC_CREAT | 0o600));
attempt('clearParentDeath', () => probe.syscall(SYS.prctl, PR_SET_PDEATHSIG, 0));
attempt('softenParentDeath', () => probe.syscall(SYS.prctl, PR_SET_PDEATHSIG, 15));
attempt('keepParentDeath', () => probe.syscall(SYS.prctl, PR_SET_PDEATHSIG, SIGKILL));
console.log(JSON.stringify(results));
