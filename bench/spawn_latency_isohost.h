// The isohost side of bench/spawn_latency: spawns workers through the host
// library and times them with the host's clock.
#ifndef ISOHOST_BENCH_SPAWN_LATENCY_ISOHOST_H_
#define ISOHOST_BENCH_SPAWN_LATENCY_ISOHOST_H_

#include <uv.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "bench/common/proc_memory.h"
#include "isohost/worker.h"

namespace isohost::bench {

// One way for the host to get a worker; each is a row of the report. Only
// exec exists today. The zygote and the pool (DESIGN.md, "Spawn") become
// further entries of SpawnStrategies(), and so further rows, without any
// other change to the benchmark.
struct SpawnStrategy {
  std::string name;
  std::function<std::unique_ptr<Worker>(uv_loop_t*, WorkerOptions, WorkerCallbacks)> spawn;
};

std::vector<SpawnStrategy> SpawnStrategies();

// The host event that ends one latency sample.
enum class SpawnEnd { kFirstMessage, kExit };

// Spawns `warmup` untimed workers, then `count` timed ones, one after the
// other: each runs to its exit before the next starts, so that samples never
// overlap. Appends one sample per timed worker: ms from Spawn() to `end`.
bool MeasureSequentialSpawns(const SpawnStrategy& strategy, const std::string& script,
                             SpawnEnd end, int count, int warmup, std::vector<double>* samples_ms,
                             std::string* error);

// Spawns `workers` workers at once; ms from the first Spawn() call until
// every one of them has posted its first message.
bool MeasureConcurrentSpawns(const SpawnStrategy& strategy, const std::string& script,
                             int workers, double* elapsed_ms, std::string* error);

struct IdleWorkersMemory {
  std::vector<ProcessMemory> workers;
  // The host's own growth for holding that many Worker handles.
  std::int64_t host_rss_growth_kib = 0;
};

// Starts `workers` workers of `script`, which must post once when it is
// ready and then exit on the first message it receives. Once all are ready,
// waits `settle_ms` and reads each worker's memory, then lets them go.
bool MeasureIdleMemory(const SpawnStrategy& strategy, const std::string& script, int workers,
                       int settle_ms, IdleWorkersMemory* memory, std::string* error);

}  // namespace isohost::bench

#endif  // ISOHOST_BENCH_SPAWN_LATENCY_ISOHOST_H_
