#include "worker/messaging/reply_spin.h"

#include <poll.h>
#include <sched.h>

#include <algorithm>
#include <chrono>

namespace isohost::worker {
namespace {

// The CPUs this process may run on (its affinity mask, which a cpuset or
// taskset narrows).
int UsableCpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) != 0) return 1;
  return CPU_COUNT(&set);
}

}  // namespace

void ReplySpin::SetBudget(std::uint32_t budget_us) {
  budget_us_ = budget_us;
  armed_ = false;
}

void ReplySpin::PollForAnswer() {
  armed_ = false;
  if (!cpus_counted_) {
    // Once, when the first post asks: a worker that never talks to
    // another one does not pay for the question.
    cpus_counted_ = true;
    if (UsableCpus() < 2) budget_us_ = 0;
    if (budget_us_ == 0) return;
  }
  if (skip_ > 0) {
    --skip_;
    return;
  }
  // 0: something is due now (an immediate, a timer, a closing handle), so
  // the loop will not sleep anyway; else the next timer bounds the poll.
  const int timeout_ms = uv_backend_timeout(loop_);
  if (timeout_ms == 0) return;
  std::chrono::microseconds budget(budget_us_);
  if (timeout_ms > 0) budget = std::min<std::chrono::microseconds>(budget, std::chrono::milliseconds(timeout_ms));
  ++stats_.polls;
  // The loop's epoll descriptor is readable once any descriptor it watches
  // has something: the link's answer, but also the host's frames, a signal
  // or the watchdog, which the loop then handles without sleeping.
  pollfd backend = {uv_backend_fd(loop_), POLLIN, 0};
  const auto deadline = std::chrono::steady_clock::now() + budget;
  do {
    if (::poll(&backend, 1, 0) > 0) {
      ++stats_.answered;
      backoff_ = 0;
      return;
    }
    // Lets a process waiting for this CPU (the peer, on a busy machine) run.
    sched_yield();
  } while (std::chrono::steady_clock::now() < deadline);
  backoff_ = backoff_ == 0 ? 1 : std::min(backoff_ * 2, kMaxSkip);
  skip_ = backoff_;
}

}  // namespace isohost::worker
