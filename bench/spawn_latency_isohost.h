// The isohost side of bench/spawn_latency: spawns workers through the host
// library and times them with the host's clock.
#ifndef ISOHOST_BENCH_SPAWN_LATENCY_ISOHOST_H_
#define ISOHOST_BENCH_SPAWN_LATENCY_ISOHOST_H_

#include <uv.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bench/common/proc_memory.h"
#include "bench/common/uv_loop.h"
#include "isohost/worker.h"

namespace isohost::bench {

// One way for the host to get a worker; each is a row of the report: exec,
// zygote and pool (DESIGN.md, "Spawn"). A strategy keeps one loop and one
// Launcher for the whole run, as a long-lived host would: the zygote is
// started once, not per sample.
struct SpawnStrategy {
  std::string name;
  std::shared_ptr<UvLoop> loop;
  std::function<std::unique_ptr<Worker>(uv_loop_t*, WorkerOptions, WorkerCallbacks)> spawn;
  // Runs, untimed, before each sequential sample: the pool is refilled and
  // waited for, so that a sample measures a warm pool.
  std::function<void()> prepare;
  // The workers' permissions (a "+sandbox" row), or none.
  std::optional<Permissions> permissions;
  // With permissions: each sequential sample's WorkerStats::sandbox_us, the
  // worker's own time making its sandbox, free of the scheduling noise of
  // the end-to-end samples.
  std::shared_ptr<std::vector<double>> sandbox_us;
};

std::vector<SpawnStrategy> SpawnStrategies();

// The host event that ends one latency sample.
enum class SpawnEnd { kFirstMessage, kExit };

// Spawns `warmup` untimed workers, then `count` timed ones, one after the
// other: each runs to its exit before the next starts, so that samples never
// overlap. Appends one sample per timed worker: ms from Spawn() to `end`.
// `compile_cache_dir`, when given, names each worker's compile cache
// (WorkerOptions::compile_cache_dir); else the workers have none.
bool MeasureSequentialSpawns(const SpawnStrategy& strategy, const std::string& script,
                             SpawnEnd end, int count, int warmup, std::vector<double>* samples_ms,
                             std::string* error,
                             const std::function<std::string()>& compile_cache_dir = nullptr);

// Spawns `total` workers, at most `concurrency` alive at a time (the next
// starts when one exits); ms from the first Spawn() call until the last one
// has posted its first message.
bool MeasureConcurrentSpawns(const SpawnStrategy& strategy, const std::string& script, int total,
                             int concurrency, double* elapsed_ms, std::string* error);

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
