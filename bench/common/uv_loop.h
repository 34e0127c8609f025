// A libuv loop owned by one benchmark, closed the checked way: when it is
// destroyed every handle must already be closed, else it lists them and
// aborts, since a leaked handle would mean a Worker was not torn down and
// its leftover work would leak into the next measurement.
#ifndef ISOHOST_BENCH_COMMON_UV_LOOP_H_
#define ISOHOST_BENCH_COMMON_UV_LOOP_H_

#include <uv.h>

#include <cstdint>
#include <functional>

namespace isohost::bench {

class UvLoop {
 public:
  UvLoop();
  ~UvLoop();

  UvLoop(const UvLoop&) = delete;
  UvLoop& operator=(const UvLoop&) = delete;

  uv_loop_t* get() { return &loop_; }
  // Runs until nothing is active (close callbacks included).
  void Run() { uv_run(&loop_, UV_RUN_DEFAULT); }

 private:
  uv_loop_t loop_;
};

// A timer that does not keep its loop alive: it fires only if the loop is
// still running after `timeout_ms`, so a worker that hangs fails the
// benchmark instead of hanging it. Destroy it before its loop; the handle is
// freed in its close callback.
class Watchdog {
 public:
  Watchdog(uv_loop_t* loop, std::uint64_t timeout_ms, std::function<void()> on_timeout);
  ~Watchdog();

  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

 private:
  struct State {
    uv_timer_t handle;
    std::function<void()> on_timeout;
  };
  State* state_;  // owned by the handle once closed
};

// Monotonic time in nanoseconds (the clock Node's process.hrtime uses too).
inline std::uint64_t NowNs() { return uv_hrtime(); }
inline double NsToMs(std::uint64_t ns) { return static_cast<double>(ns) / 1e6; }

}  // namespace isohost::bench

#endif  // ISOHOST_BENCH_COMMON_UV_LOOP_H_
