// What a worker made ahead of demand (a pool's) does for its sandbox while it
// waits for Start. Used by the Runtime; see docs/sandbox.md.
#ifndef ISOHOST_WORKER_SANDBOX_AHEAD_OF_START_H_
#define ISOHOST_WORKER_SANDBOX_AHEAD_OF_START_H_

#include <uv.h>

#include <functional>

#include "ipc/uv_handle.h"

namespace isohost::worker::sandbox {

// Once the worker has waited a little for Start (an exec'd or forked worker
// gets its Start at once, a pooled one may wait long), the part of the
// Landlock ruleset that no grant changes and the seccomp program of the
// default grant are made (PrepareRuleset(), PrepareSeccompFilter()), so that
// a sandboxed Start only adds the grant's roots and attaches, and `on_idle` runs: the
// Runtime ends the channel's writer thread there, so that a sandboxed Start
// need not wait for a thread made before its sandbox to end. The timer does
// not keep the loop alive.
class AheadOfStart {
 public:
  AheadOfStart(uv_loop_t* loop, std::function<void()> on_idle);
  // Makes the ruleset now rather than after the wait: for a worker known to
  // be made ahead of demand (one that warms up before its Hello), so that
  // even a Start that comes right after the Hello finds it made. The writer
  // thread stays until the wait is over: starting a new one at an
  // unsandboxed Start would cost more than a sandboxed Start saves.
  void PrepareNow();
  // Start came: the timer stops; a worker without permissions closes what
  // was made (ApplySandbox() uses it otherwise).
  void Started(bool sandboxed);

 private:
  ipc::TimerHandle timer_;
  bool prepared_ = false;
};

}  // namespace isohost::worker::sandbox

#endif  // ISOHOST_WORKER_SANDBOX_AHEAD_OF_START_H_
