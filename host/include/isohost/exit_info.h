// How a worker ended, as the host saw it.
#ifndef ISOHOST_EXIT_INFO_H_
#define ISOHOST_EXIT_INFO_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace isohost {

enum class ExitReason {
  kNormal,              // the loop ran dry or process.exit()
  kUncaughtException,   // also an unhandled rejection
  kOutOfMemory,
  kTimeout,
  kTerminated,          // Worker::Terminate()
  kCrashed,             // killed by a signal or died without saying why
  kProtocolError,       // sent a frame the host refused
  kStartupFailed,       // could not be spawned or did not start
  kCpuTime,             // used more CPU time than limits.cpu_time_ms
};

std::string_view ExitReasonName(ExitReason reason);

struct WorkerStats {
  std::uint64_t checkpoints = 0;
  std::uint64_t tick_passes = 0;
  std::uint64_t check_phase_js_calls = 0;
  std::uint64_t stdio_objects_built = 0;
  std::uint64_t builtins_loaded = 0;  // worker/js files the worker compiled, its bootstrap's included
  std::uint64_t builtins_prewarmed = 0;  // of those, compiled by a pooled worker's warm-up before Start
  // User modules compiled from the compile cache, with nothing usable in it,
  // and cache files found damaged or refused by V8 (WorkerOptions::compile_cache_dir).
  std::uint64_t compile_cache_hits = 0;
  std::uint64_t compile_cache_misses = 0;
  std::uint64_t compile_cache_rejected = 0;
  std::uint32_t landlock_abi = 0;     // the Landlock ABI its sandbox used; 0: none
  bool seccomp_filter = false;        // its sandbox's seccomp filter was installed
  std::uint64_t sandbox_us = 0;       // the worker's time making its sandbox at Start
  std::uint64_t cpu_time_us = 0;      // CPU time the worker process used
  // After its posts on direct links to other workers, how often the worker
  // polled for the answer before sleeping (WorkerOptions::link_spin_us), and
  // how often something came while it did.
  std::uint64_t link_spin_polls = 0;
  std::uint64_t link_spin_answered = 0;
  // Its entry script was compiled while it waited in the pool, the host
  // having guessed it (the script of the pool's last spawn).
  bool entry_prepared = false;
  // Modules it loaded whose file it had read, and compiled from the compile
  // cache, while it waited in the pool: the large ones the script's last run
  // loaded (each counts as a compile cache hit too).
  std::uint64_t modules_prepared = 0;
  // Builtins it loaded that it had compiled while it waited in the pool: the
  // ones the script's last run loaded (compile cache only).
  std::uint64_t builtins_prepared = 0;
};

struct ExitInfo {
  int code = 0;        // the worker's exit code (128 + signal when killed)
  int signal = 0;      // the signal that ended the process, or 0
  ExitReason reason = ExitReason::kNormal;
  std::string message;  // what went wrong, for any reason but kNormal
  WorkerStats stats;   // from the worker's Exit frame, when it sent one
  // What of WorkerOptions::permissions the kernel could not enforce (no
  // Landlock, say); the JS checks held regardless. Empty when all of it was.
  std::string sandbox_degraded;
};

}  // namespace isohost

#endif  // ISOHOST_EXIT_INFO_H_
