// The time limit of one vm run (vm.Script runs, vm.Module evaluations):
// `timeout` in milliseconds, after which the run's JavaScript is stopped.
#ifndef ISOHOST_WORKER_API_VM_VM_RUN_TIMEOUT_H_
#define ISOHOST_WORKER_API_VM_VM_RUN_TIMEOUT_H_

#include <v8.h>

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

namespace isohost::worker {

// Stops the JS of one vm run that outlives `timeout_ms`, from a thread that
// sleeps until then (no thread at all for a negative limit). The worker's own
// watchdog (--timeout) stays in charge of the worker: when it has fired as
// well, its termination is never cancelled.
class RunTimeout {
 public:
  RunTimeout(v8::Isolate* isolate, int64_t timeout_ms);
  ~RunTimeout() { Stop(); }

  RunTimeout(const RunTimeout&) = delete;
  RunTimeout& operator=(const RunTimeout&) = delete;

  // Ends the wait; true if the limit was reached. Termination that the limit
  // caused is cancelled, so the caller can throw its error.
  bool Stop();

 private:
  v8::Isolate* isolate_;
  std::thread thread_;
  std::mutex mutex_;  // guards done_ for the condition variable
  std::condition_variable cv_;
  bool done_ = false;
  bool fired_ = false;  // written by the thread before join(), read after
};

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_API_VM_VM_RUN_TIMEOUT_H_
