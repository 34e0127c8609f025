// The SIGINT watchdog of Node's `contextify` binding: while at least one
// watchdog is started, SIGINT does not end the worker but is only noted, and
// the last stop says whether one came. Starts and stops nest; one pending
// flag serves them all, and a stop takes it.
//
// The handler replaces whatever SIGINT did before (the default action, or
// libuv's handler when the script listens for 'SIGINT') from the first start
// to the last stop, which puts the old one back.
#include <v8.h>

#include <atomic>
#include <csignal>

#include "worker/v8/binding.h"

namespace isohost::worker {
namespace {

using v8::FunctionCallbackInfo;
using v8::Value;

// Touched by the signal handler: lock-free, nothing else.
std::atomic<bool> sigint_pending{false};
static_assert(std::atomic<bool>::is_always_lock_free);

int started = 0;
struct sigaction previous_action {};

void NoteSigint(int) { sigint_pending.store(true, std::memory_order_relaxed); }

void StartSigintWatchdog(const FunctionCallbackInfo<Value>&) {
  if (started++ > 0) return;
  struct sigaction action {};
  action.sa_handler = NoteSigint;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, &previous_action);
}

// Returns whether a SIGINT came since the last stop (or the first start).
void StopSigintWatchdog(const FunctionCallbackInfo<Value>& info) {
  if (started == 0) {
    info.GetReturnValue().Set(false);
    return;
  }
  const bool had_pending = sigint_pending.exchange(false, std::memory_order_relaxed);
  if (--started == 0) sigaction(SIGINT, &previous_action, nullptr);
  info.GetReturnValue().Set(had_pending);
}

void WatchdogHasPendingSigint(const FunctionCallbackInfo<Value>& info) {
  info.GetReturnValue().Set(sigint_pending.load(std::memory_order_relaxed));
}

}  // namespace

namespace native_modules {

ISOHOST_BINDING(contextify) {
  SetMethod(isolate, context, target, "startSigintWatchdog", StartSigintWatchdog);
  SetMethod(isolate, context, target, "stopSigintWatchdog", StopSigintWatchdog);
  SetMethod(isolate, context, target, "watchdogHasPendingSigint", WatchdogHasPendingSigint);
}

}  // namespace native_modules
}  // namespace isohost::worker
