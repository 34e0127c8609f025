#include "worker/api/vm/vm_run_timeout.h"

#include <chrono>

#include "worker/runtime/runtime.h"

namespace isohost::worker {

RunTimeout::RunTimeout(v8::Isolate* isolate, int64_t timeout_ms) : isolate_(isolate) {
  if (timeout_ms < 0) return;
  thread_ = std::thread([this, timeout_ms] {
    std::unique_lock<std::mutex> lock(mutex_);
    if (cv_.wait_for(lock, std::chrono::milliseconds(timeout_ms), [this] { return done_; })) return;
    fired_ = true;
    isolate_->TerminateExecution();
  });
}

bool RunTimeout::Stop() {
  if (!thread_.joinable()) return fired_;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    done_ = true;
  }
  cv_.notify_one();
  thread_.join();
  if (fired_) {
    Runtime* runtime = Runtime::From(isolate_);
    bool worker_timed_out = runtime != nullptr && runtime->timed_out();
    if (!worker_timed_out) {
      isolate_->CancelTerminateExecution();
      // The worker's limit may have passed in between: it wins.
      if (runtime != nullptr && runtime->timed_out()) isolate_->TerminateExecution();
    }
  }
  return fired_;
}

}  // namespace isohost::worker
