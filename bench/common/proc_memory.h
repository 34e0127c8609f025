// Memory of a process as Linux accounts it, from /proc.
#ifndef ISOHOST_BENCH_COMMON_PROC_MEMORY_H_
#define ISOHOST_BENCH_COMMON_PROC_MEMORY_H_

#include <cstdint>
#include <optional>

namespace isohost::bench {

struct ProcessMemory {
  // Proportional set size: private pages plus each shared page divided by
  // the number of processes mapping it. Summed over the workers it is what
  // they cost together, which is why it is the figure to compare with Node's
  // RSS growth (all of Node's workers live in one process).
  std::uint64_t pss_kib = 0;
  std::uint64_t rss_kib = 0;
  // Pages no other process maps (USS): what killing this one worker frees.
  std::uint64_t private_kib = 0;
};

// From /proc/PID/smaps_rollup; nullopt if it cannot be read.
std::optional<ProcessMemory> ReadProcessMemory(int pid);

// VmRSS of this process, from /proc/self/status.
std::optional<std::uint64_t> ReadSelfRssKib();

}  // namespace isohost::bench

#endif  // ISOHOST_BENCH_COMMON_PROC_MEMORY_H_
