// The worker's CPU-time limit (Start.cpu_time_ms): a thread that sleeps
// until the process could have used its allowance, with RLIMIT_CPU as the
// kernel's backstop (SetCpuTimeBackstop()). Owned by the Runtime; lives from
// Start to exit.
#ifndef ISOHOST_WORKER_SANDBOX_CPU_LIMIT_H_
#define ISOHOST_WORKER_SANDBOX_CPU_LIMIT_H_

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>

namespace isohost::worker::sandbox {

class CpuLimit {
 public:
  // `on_reached` runs on the limit's thread once the process has used
  // `limit_ms` more CPU time than it had now; it must be thread-safe.
  CpuLimit(std::uint64_t limit_ms, std::function<void()> on_reached);
  ~CpuLimit();

  CpuLimit(const CpuLimit&) = delete;
  CpuLimit& operator=(const CpuLimit&) = delete;

  bool reached() const { return reached_; }
  std::uint64_t limit_ms() const { return limit_ms_; }

 private:
  void Watch(std::uint64_t deadline_ns);

  std::uint64_t limit_ms_;
  std::function<void()> on_reached_;
  std::atomic<bool> reached_{false};
  std::mutex mutex_;  // guards cancelled_ for the condition variable
  std::condition_variable cv_;
  bool cancelled_ = false;
  std::thread thread_;
};

// The kernel's backstop of a limit of `limit_ms` from now, for JS that
// cannot be stopped (a long native call): RLIMIT_CPU, SIGXCPU a second past
// the limit and SIGKILL a second later (the host reports either as
// kCpuTime). Set before the sandbox, which refuses changes of the limits.
void SetCpuTimeBackstop(std::uint64_t limit_ms);

// The process's CPU time (user + system, all threads), in microseconds.
std::uint64_t ProcessCpuTimeUs();

}  // namespace isohost::worker::sandbox

#endif  // ISOHOST_WORKER_SANDBOX_CPU_LIMIT_H_
