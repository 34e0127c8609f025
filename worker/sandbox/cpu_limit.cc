#include "worker/sandbox/cpu_limit.h"

#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>

namespace isohost::worker::sandbox {
namespace {

std::uint64_t CpuNowNs() {
  timespec now{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<std::uint64_t>(now.tv_sec) * 1000000000u + static_cast<std::uint64_t>(now.tv_nsec);
}

}  // namespace

std::uint64_t ProcessCpuTimeUs() { return CpuNowNs() / 1000; }

void SetCpuTimeBackstop(std::uint64_t limit_ms) {
  std::uint64_t deadline_ns = CpuNowNs() + limit_ms * 1000000u;
  rlim_t seconds = static_cast<rlim_t>(deadline_ns / 1000000000u) + 2;
  rlimit limit{seconds, seconds + 1};
  rlimit current{};
  if (::getrlimit(RLIMIT_CPU, &current) == 0 && (current.rlim_max == RLIM_INFINITY || current.rlim_max >= limit.rlim_max)) {
    ::setrlimit(RLIMIT_CPU, &limit);
  }
}

CpuLimit::CpuLimit(std::uint64_t limit_ms, std::function<void()> on_reached)
    : limit_ms_(limit_ms), on_reached_(std::move(on_reached)) {
  std::uint64_t deadline_ns = CpuNowNs() + limit_ms * 1000000u;
  thread_ = std::thread([this, deadline_ns] { Watch(deadline_ns); });
}

CpuLimit::~CpuLimit() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    cancelled_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

void CpuLimit::Watch(std::uint64_t deadline_ns) {
  // The process's clock runs at most as fast as the wall clock times the
  // CPUs it can use: sleeping (time left) / CPUs never oversleeps the
  // limit, and an idle worker wakes only now and then.
  long cpus = std::max(1L, ::sysconf(_SC_NPROCESSORS_ONLN));
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    std::uint64_t now = CpuNowNs();
    if (now >= deadline_ns) break;
    std::uint64_t wait_ns = std::max<std::uint64_t>((deadline_ns - now) / static_cast<std::uint64_t>(cpus), 1000000u);
    if (cv_.wait_for(lock, std::chrono::nanoseconds(wait_ns), [this] { return cancelled_; })) return;
  }
  reached_ = true;
  on_reached_();
}

}  // namespace isohost::worker::sandbox
