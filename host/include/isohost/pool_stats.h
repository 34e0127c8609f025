// What a Pool has done so far, readable at any time from any thread
// (Pool::stats()).
#ifndef ISOHOST_POOL_STATS_H_
#define ISOHOST_POOL_STATS_H_

#include <cstddef>
#include <cstdint>
#include <string>

namespace isohost {

// A latency distribution. The percentiles come from a histogram of
// logarithmic buckets, 32 per power of two: each is within 3% of the exact
// order statistic; max and mean are exact.
struct LatencyStats {
  std::uint64_t count = 0;
  double p50_ms = 0;
  double p90_ms = 0;
  double p99_ms = 0;
  double max_ms = 0;
  double mean_ms = 0;
};

// Workers that were ended on purpose and replaced as needed, by rule.
struct RecycleCounts {
  std::uint64_t max_tasks = 0;  // ran RecycleOptions::max_tasks tasks
  std::uint64_t heap = 0;       // used more heap after a task than max_heap_used_mb
  std::uint64_t max_age = 0;    // lived longer than max_age_ms
};

struct PoolStats {
  std::uint64_t submitted = 0;   // Run() calls
  std::uint64_t completed = 0;   // tasks with a result
  std::uint64_t failed = 0;      // tasks without one, whatever the reason (cancelled and refused too)
  std::uint64_t thrown = 0;      // of the failed: the function threw
  std::uint64_t cancelled = 0;   // of the failed: cancelled
  std::uint64_t timed_out = 0;   // of the failed: past their time limit
  std::uint64_t refused = 0;     // of the failed: queue full, closed, invalid

  std::size_t queue_size = 0;      // waiting for a worker
  std::size_t running_tasks = 0;   // given to a worker and not yet settled
  std::size_t workers = 0;         // processes of the pool, whatever their state
  std::size_t starting_workers = 0;
  std::size_t running_workers = 0;  // running at least one task
  std::size_t idle_workers = 0;     // started and running none

  // The share of the pool's capacity spent running tasks since it was made:
  // the run time of every settled task over (elapsed time x max_workers).
  double utilization = 0;

  std::uint64_t spawns = 0;            // workers started
  std::uint64_t startup_failures = 0;  // of those, ones whose script did not load
  std::uint64_t crashes = 0;           // workers that died unasked (crash, out of memory, exit)
  std::uint64_t kills = 0;             // workers killed because a cancelled or timed-out task did not settle in time
  std::uint64_t idle_exits = 0;        // workers above min_workers ended after idle_timeout_ms
  RecycleCounts recycles;

  // Run() -> the task starts: its worker is ready and runs fewer than
  // concurrent_tasks_per_worker others (a task may be sent ahead to a busy
  // worker, where it waits too).
  LatencyStats wait;
  LatencyStats run;    // started -> its result is back
  LatencyStats spawn;  // a worker's spawn -> its script is loaded
};

// One line for a log: counts, queue, workers, utilization and the latencies.
std::string FormatPoolStats(const PoolStats& stats);

}  // namespace isohost

#endif  // ISOHOST_POOL_STATS_H_
