#include "bench/spawn_latency_report.h"

#include "bench/common/distribution_svg.h"
#include "bench/common/stats.h"
#include "bench/common/table.h"

namespace isohost::bench {
namespace {

constexpr char kNode[] = "node";

// A row's median over Node's median for the same variant: how many times
// slower than Node (1.0 for Node itself). nullopt when Node did not run.
std::optional<double> LatencyRatio(const SpawnLatencyResults& results, const LatencyRow& row) {
  for (const LatencyRow& node : results.latency) {
    if (node.runtime == kNode && node.variant == row.variant && !node.samples_ms.empty()) {
      return Median(row.samples_ms) / Median(node.samples_ms);
    }
  }
  return std::nullopt;
}

std::optional<double> ConcurrentRatio(const SpawnLatencyResults& results, const ConcurrentRow& row) {
  for (const ConcurrentRow& node : results.concurrent) {
    if (node.runtime == kNode && !node.samples_ms.empty()) {
      return Median(row.samples_ms) / Median(node.samples_ms);
    }
  }
  return std::nullopt;
}

std::optional<double> MemoryRatio(const SpawnLatencyResults& results, const MemoryRow& row) {
  for (const MemoryRow& node : results.memory) {
    if (node.runtime == kNode && node.per_worker_kib > 0) return row.per_worker_kib / node.per_worker_kib;
  }
  return std::nullopt;
}

nlohmann::ordered_json NumberOrNull(std::optional<double> value, int digits) {
  if (!value) return nullptr;
  return RoundTo(*value, digits);
}

nlohmann::ordered_json RoundAll(const std::vector<double>& values) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (double value : values) out.push_back(RoundTo(value, 3));
  return out;
}

void PrintLatencyTable(const SpawnLatencyResults& results, std::FILE* out) {
  std::fprintf(out,
               "Spawn latency, ms: Spawn() / new Worker() -> first message (post, stdio) or -> "
               "exit (exit: the post worker)\n%d sequential spawns x %d interleaved rounds per "
               "row, after %d untimed warm-up spawn(s) per run\n\n",
               results.n, results.rounds, results.warmup);
  Table table({"runtime", "strategy", "variant", "n", "min", "median", "p90", "p99", "x node"}, 3);
  for (const LatencyRow& row : results.latency) {
    Summary s = Summarize(row.samples_ms);
    table.AddRow({row.runtime, row.strategy, row.variant, std::to_string(s.n),
                  FormatNumber(s.min, 2), FormatNumber(s.median, 2), FormatNumber(s.p90, 2),
                  FormatNumber(s.p99, 2), FormatNumber(LatencyRatio(results, row), 2)});
  }
  table.Print(out);
}

void PrintConcurrentTable(const SpawnLatencyResults& results, std::FILE* out) {
  std::fprintf(out, "\nConcurrent spawn, ms: %d workers, at most %d at a time, from the first spawn "
                    "until the last has posted (one sample per round)\n\n", results.total, results.concurrency);
  Table table({"runtime", "strategy", "n", "min", "median", "max", "x node"}, 2);
  for (const ConcurrentRow& row : results.concurrent) {
    Summary s = Summarize(row.samples_ms);
    table.AddRow({row.runtime, row.strategy, std::to_string(s.n), FormatNumber(s.min, 1),
                  FormatNumber(s.median, 1), FormatNumber(s.max, 1),
                  FormatNumber(ConcurrentRatio(results, row), 2)});
  }
  table.Print(out);
}

void PrintMemoryTable(const SpawnLatencyResults& results, std::FILE* out) {
  if (results.memory.empty()) return;
  std::fprintf(out, "\nMemory per idle worker, KiB (%d workers waiting on a message listener, "
                    "read %d ms after all posted)\n\n", results.memory.front().workers,
               results.settle_ms);
  Table table({"runtime", "strategy", "measure", "per worker", "total", "x node"}, 3);
  for (const MemoryRow& row : results.memory) {
    table.AddRow({row.runtime, row.strategy, row.measure, FormatNumber(row.per_worker_kib, 0),
                  FormatNumber(row.total_kib, 0), FormatNumber(MemoryRatio(results, row), 2)});
  }
  table.Print(out);
  std::fprintf(out, "  PSS splits the pages the workers share (libnode's code) among them, so "
                    "\"total\" is what the %d cost together; Node's workers share one process, "
                    "whose RSS growth is divided by %d.\n",
               results.memory.front().workers, results.memory.front().workers);
  for (const MemoryRow& row : results.memory) {
    if (!row.private_kib_per_worker) continue;
    std::fprintf(out, "  %s %s per worker: private (USS) %.0f KiB, RSS %.0f KiB; host RSS growth "
                      "%.0f KiB\n", row.runtime.c_str(), row.strategy.c_str(),
                 *row.private_kib_per_worker, row.rss_kib_per_worker.value_or(0),
                 row.host_rss_growth_kib.value_or(0));
  }
}

nlohmann::ordered_json LatencyRowsJson(const SpawnLatencyResults& results) {
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (const LatencyRow& row : results.latency) {
    Summary s = Summarize(row.samples_ms);
    rows.push_back({{"runtime", row.runtime}, {"strategy", row.strategy},
                    {"variant", row.variant}, {"n", s.n}, {"min_ms", RoundTo(s.min, 3)},
                    {"median_ms", RoundTo(s.median, 3)}, {"p90_ms", RoundTo(s.p90, 3)},
                    {"p99_ms", RoundTo(s.p99, 3)},
                    {"ratio_to_node", NumberOrNull(LatencyRatio(results, row), 3)},
                    {"round_medians_ms", RoundAll(row.round_medians_ms)}});
  }
  return rows;
}

nlohmann::ordered_json ConcurrentJson(const SpawnLatencyResults& results) {
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (const ConcurrentRow& row : results.concurrent) {
    Summary s = Summarize(row.samples_ms);
    rows.push_back({{"runtime", row.runtime}, {"strategy", row.strategy}, {"n", s.n},
                    {"min_ms", RoundTo(s.min, 3)}, {"median_ms", RoundTo(s.median, 3)},
                    {"max_ms", RoundTo(s.max, 3)},
                    {"ratio_to_node", NumberOrNull(ConcurrentRatio(results, row), 3)}});
  }
  return {{"workers", results.total}, {"concurrency", results.concurrency}, {"rows", rows}};
}

nlohmann::ordered_json MemoryJson(const SpawnLatencyResults& results) {
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (const MemoryRow& row : results.memory) {
    nlohmann::ordered_json json = {
        {"runtime", row.runtime}, {"strategy", row.strategy}, {"measure", row.measure},
        {"workers", row.workers}, {"per_worker_kib", RoundTo(row.per_worker_kib, 1)},
        {"total_kib", RoundTo(row.total_kib, 1)},
        {"ratio_to_node", NumberOrNull(MemoryRatio(results, row), 3)}};
    if (row.private_kib_per_worker) json["private_kib_per_worker"] = *row.private_kib_per_worker;
    if (row.rss_kib_per_worker) json["rss_kib_per_worker"] = *row.rss_kib_per_worker;
    if (row.host_rss_growth_kib) json["host_rss_growth_kib"] = *row.host_rss_growth_kib;
    rows.push_back(std::move(json));
  }
  return {{"settle_ms", results.settle_ms}, {"rows", rows}};
}

void PrintSandboxCostTable(const SpawnLatencyResults& results, std::FILE* out) {
  if (results.sandbox_cost.empty()) return;
  std::fprintf(out, "\nThe sandbox inside the worker, us: from Start until its environment, rlimits, Landlock and\n"
                    "seccomp filter are in place (WorkerStats.sandbox_us); the +sandbox latency rows include it\n\n");
  Table table({"runtime", "strategy", "n", "min", "median", "p90"}, 2);
  for (const SandboxCostRow& row : results.sandbox_cost) {
    Summary s = Summarize(row.samples_us);
    table.AddRow({"isohost", row.strategy, std::to_string(s.n), FormatNumber(s.min, 0), FormatNumber(s.median, 0),
                  FormatNumber(s.p90, 0)});
  }
  table.Print(out);
}

nlohmann::ordered_json SandboxCostJson(const SpawnLatencyResults& results) {
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (const SandboxCostRow& row : results.sandbox_cost) {
    Summary s = Summarize(row.samples_us);
    rows.push_back({{"runtime", "isohost"}, {"strategy", row.strategy}, {"n", s.n}, {"min_us", RoundTo(s.min, 1)},
                    {"median_us", RoundTo(s.median, 1)}, {"p90_us", RoundTo(s.p90, 1)}});
  }
  return rows;
}

}  // namespace

void PrintSpawnLatencyTables(const SpawnLatencyResults& results, std::FILE* out) {
  PrintLatencyTable(results, out);
  PrintConcurrentTable(results, out);
  PrintMemoryTable(results, out);
  PrintSandboxCostTable(results, out);
  std::fprintf(out, "\nx node: median / Node's median for the same variant (higher is slower or "
                    "bigger).\nNode: %s. Machine: %s.\n",
               results.node_version.empty() ? "not run" : results.node_version.c_str(),
               results.machine.Describe().c_str());
  if (!results.large_package.empty()) {
    std::fprintf(out,
                 "large_package_*: the worker requires %s (%.1f MB of JavaScript), then posts. isohost: cold = an\n"
                 "empty compile cache for each sample, warm = the cache its warm-up filled. Node %s has no compile\n"
                 "cache (module.enableCompileCache() is Node 22's): its cold and warm rows measure the same thing.\n",
                 results.large_package.c_str(), results.large_package_mb,
                 results.node_version.empty() ? "" : results.node_version.c_str());
  } else if (!results.large_package_skipped.empty()) {
    std::fprintf(out, "large_package_* rows skipped: %s\n", results.large_package_skipped.c_str());
  }
}

nlohmann::ordered_json SpawnLatencyJson(const SpawnLatencyResults& results) {
  return {{"default_strategy", results.default_strategy},
          {"config", {{"n", results.n}, {"rounds", results.rounds}, {"warmup", results.warmup},
                      {"node_version", results.node_version.empty()
                                           ? nlohmann::ordered_json(nullptr)
                                           : nlohmann::ordered_json(results.node_version)},
                      {"large_package", results.large_package.empty()
                                            ? nlohmann::ordered_json(nullptr)
                                            : nlohmann::ordered_json{{"name", results.large_package},
                                                                     {"main_mb", results.large_package_mb},
                                                                     {"node_has_compile_cache", false}}},
                      {"machine", results.machine.ToJson()}}},
          {"rows", LatencyRowsJson(results)},
          {"concurrent", ConcurrentJson(results)},
          {"memory", MemoryJson(results)},
          {"sandbox_cost", SandboxCostJson(results)}};
}

std::string SpawnLatencySvg(const SpawnLatencyResults& results) {
  std::vector<PlotSeries> series;
  for (const LatencyRow& row : results.latency) {
    series.push_back({row.runtime + " " + row.strategy + " - " + row.variant, row.samples_ms,
                      row.runtime == kNode ? "#cc6633" : "#3366aa"});
  }
  PlotOptions options;
  options.title = "Spawn latency: Spawn() to first message / exit (" +
                  std::to_string(results.n) + " x " + std::to_string(results.rounds) +
                  " per row)";
  return RenderDistributionSvg(series, options);
}

}  // namespace isohost::bench
