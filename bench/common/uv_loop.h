// A libuv loop owned by one benchmark, closed the checked way: when it is
// destroyed every handle must already be closed, else it lists them and
// aborts, since a leaked handle would mean a Worker was not torn down and
// its leftover work would leak into the next measurement.
#ifndef ISOHOST_BENCH_COMMON_UV_LOOP_H_
#define ISOHOST_BENCH_COMMON_UV_LOOP_H_

#include <uv.h>

#include <cstdint>

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

// Monotonic time in nanoseconds (the clock Node's process.hrtime uses too).
inline std::uint64_t NowNs() { return uv_hrtime(); }
inline double NsToMs(std::uint64_t ns) { return static_cast<double>(ns) / 1e6; }

}  // namespace isohost::bench

#endif  // ISOHOST_BENCH_COMMON_UV_LOOP_H_
