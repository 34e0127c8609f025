// What a worker made ahead of demand (a pool's) does for its sandbox while it
// waits for Start. Used by the Runtime; see docs/sandbox.md.
#ifndef ISOHOST_WORKER_SANDBOX_AHEAD_OF_START_H_
#define ISOHOST_WORKER_SANDBOX_AHEAD_OF_START_H_

#include <uv.h>

#include "base/uv_handle.h"

namespace isohost::worker::sandbox {

// Once the worker has waited a little for Start (an exec'd or forked worker
// gets its Start at once, a pooled one may wait long), the part of the
// Landlock ruleset that no grant changes and the seccomp program of the
// default grant are made, and the thread count's procfs entry opened
// (PrepareRuleset(), PrepareSeccompFilter(), PrepareThreadCount()), so that
// a sandboxed Start only adds the grant's roots and attaches. The timer does
// not keep the loop alive.
class AheadOfStart {
 public:
  explicit AheadOfStart(uv_loop_t* loop);
  // Makes them now rather than after the wait: for a worker known to be made
  // ahead of demand (one that warms up before its Hello), so that even a
  // Start that comes right after the Hello finds them made.
  void PrepareNow();
  // Start came: the timer stops; a worker without permissions closes what
  // was made (ApplySandbox() uses it otherwise).
  void Started(bool sandboxed);

 private:
  base::TimerHandle timer_;
  bool prepared_ = false;
};

}  // namespace isohost::worker::sandbox

#endif  // ISOHOST_WORKER_SANDBOX_AHEAD_OF_START_H_
