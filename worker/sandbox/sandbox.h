// The kernel's half of the permission model: applied once in the worker
// process, after Start and before the script runs, whatever the spawn
// strategy (docs/sandbox.md). The JS half is worker/js/internal/permission.js.
#ifndef ISOHOST_WORKER_SANDBOX_SANDBOX_H_
#define ISOHOST_WORKER_SANDBOX_SANDBOX_H_

#include <cstdint>
#include <functional>
#include <string>

#include "isohost.pb.h"

namespace isohost::worker::sandbox {

// What was enforced, for the Exit frame.
struct SandboxReport {
  int landlock_abi = 0;        // 0: no Landlock
  bool seccomp_filter = false;
  // The worker's other thread (the channel's writer) restricted itself to
  // the same Landlock domain; if not, the caller replaces it before the
  // script runs.
  bool other_thread_restricted = false;
  std::uint64_t applied_in_us = 0;  // set by the Runtime (WorkerStats.sandbox_us)
  std::string degraded;        // what could not be enforced; empty: nothing missing
};

// Replaces the process's environment with `start.env` (the variables the
// host granted) and wipes the one it was started with, moves to the work
// directory, sets the rlimits, no_new_privs, Landlock and the seccomp filter.
// What the kernel cannot do is logged on stderr and reported; the JS checks
// hold regardless. A Landlock domain is per thread: `other_thread`, when
// given, runs a task on the one other thread the worker may have (the
// channel's writer), so that it restricts itself to the same domain while
// this one goes on (SandboxReport::other_thread_restricted); the caller
// replaces that thread if it did not. Any further thread would be outside
// Landlock, and is reported.
// `held_threads` more threads were held to nothing from birth (the
// channel's writer, HoldWriterThread()): they are accounted for, and need
// nothing done.
struct OtherThread {
  std::function<bool(std::function<void()> task)> post;  // false: it cannot take one
  std::function<bool()> await;                           // false: the task did not finish in time
};
SandboxReport ApplySandbox(const proto::Start& start, const OtherThread* other_thread = nullptr,
                           int held_threads = 0);

// Opens ahead of Start, in a worker that waits for it, what counting the
// process's threads needs; Discard...() closes it in one started without
// permissions.
void PrepareThreadCount();
void DiscardPreparedThreadCount();

// Run first on the channel's writer thread (ChannelOptions::on_writer_start):
// holds it to nothing (HoldThisThreadToNothing()), so that a sandbox needs
// nothing of it when Start comes.
void HoldWriterThread();
// Whether the writer thread started last was held so; waits up to
// `timeout_ms` for one that has not got that far yet.
bool WriterThreadHeld(int timeout_ms);

}  // namespace isohost::worker::sandbox

#endif  // ISOHOST_WORKER_SANDBOX_SANDBOX_H_
