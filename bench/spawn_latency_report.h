// What bench/spawn_latency measured, and its three renderings: text tables,
// one JSON object (--json) and an SVG of the distributions (--svg).
#ifndef ISOHOST_BENCH_SPAWN_LATENCY_REPORT_H_
#define ISOHOST_BENCH_SPAWN_LATENCY_REPORT_H_

#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bench/common/machine.h"

namespace isohost::bench {

// Samples of one (runtime, strategy, variant), pooled over all rounds.
struct LatencyRow {
  std::string runtime;   // "isohost" or "node"
  std::string strategy;  // "exec", later "zygote"/"pool"; "worker_threads"
  std::string variant;   // "post", "stdio", "exit", "large_package_cold" or "large_package_warm"
  std::vector<double> samples_ms;
  std::vector<double> round_medians_ms;
};

// One sample per round: `total` workers, at most `concurrency` at a time,
// from the first spawn until the last has posted.
struct ConcurrentRow {
  std::string runtime;
  std::string strategy;
  std::vector<double> samples_ms;
};

struct MemoryRow {
  std::string runtime;
  std::string strategy;
  std::string measure;  // how per_worker_kib was obtained, for the reader
  int workers = 0;
  double per_worker_kib = 0;
  double total_kib = 0;
  // isohost only: USS and RSS per worker (medians), host growth.
  std::optional<double> private_kib_per_worker;
  std::optional<double> rss_kib_per_worker;
  std::optional<double> host_rss_growth_kib;
};

// A sandboxed strategy's WorkerStats::sandbox_us over its sequential samples.
struct SandboxCostRow {
  std::string strategy;  // "pool+sandbox", ...
  std::vector<double> samples_us;
};

struct SpawnLatencyResults {
  std::string default_strategy;
  int n = 0;
  int rounds = 0;
  int warmup = 0;
  int concurrency = 0;
  int total = 0;
  int settle_ms = 0;
  std::string node_version;  // empty when Node did not run
  // The package the large_package_* rows require ("typescript@5.4.5", its
  // main file's size), or why those rows were skipped.
  std::string large_package;
  double large_package_mb = 0;
  std::string large_package_skipped;
  MachineLoad machine;
  std::vector<LatencyRow> latency;
  std::vector<ConcurrentRow> concurrent;
  std::vector<MemoryRow> memory;
  std::vector<SandboxCostRow> sandbox_cost;
};

void PrintSpawnLatencyTables(const SpawnLatencyResults& results, std::FILE* out);
nlohmann::ordered_json SpawnLatencyJson(const SpawnLatencyResults& results);
std::string SpawnLatencySvg(const SpawnLatencyResults& results);

}  // namespace isohost::bench

#endif  // ISOHOST_BENCH_SPAWN_LATENCY_REPORT_H_
