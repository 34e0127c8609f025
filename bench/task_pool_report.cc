#include "bench/task_pool_report.h"

#include <algorithm>
#include <cmath>

#include "bench/common/distribution_svg.h"
#include "bench/common/stats.h"
#include "bench/common/table.h"

namespace isohost::bench {
namespace {

constexpr char kIsohost[] = "isohost";
constexpr char kPiscina[] = "piscina";

double PercentileOf(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  return Percentile(values, p);
}

const TaskPoolRow* Find(const TaskPoolResults& results, const std::string& runtime, const std::string& name,
                        int workers) {
  for (const TaskPoolRow& row : results.rows) {
    if (row.runtime == runtime && row.name == name && row.workers == workers) return &row;
  }
  return nullptr;
}

const TaskPoolRow* Piscina(const TaskPoolResults& results, const TaskPoolRow& row) {
  const TaskPoolRow* other = Find(results, kPiscina, row.name, row.workers);
  return other != nullptr && !other->latencies_ms.empty() ? other : nullptr;
}

bool IsColdStart(const TaskPoolRow& row) { return row.name == "cold_start"; }

// isohost over piscina: throughput (above 1 is better), and a latency or
// cold-start time (below 1 is better).
std::optional<double> ThroughputRatio(const TaskPoolResults& results, const TaskPoolRow& row) {
  const TaskPoolRow* other = Piscina(results, row);
  if (other == nullptr || other->tasks_per_s() <= 0) return std::nullopt;
  return row.tasks_per_s() / other->tasks_per_s();
}

std::optional<double> P50Ratio(const TaskPoolResults& results, const TaskPoolRow& row) {
  const TaskPoolRow* other = Piscina(results, row);
  if (other == nullptr || other->p50_ms() <= 0) return std::nullopt;
  return row.p50_ms() / other->p50_ms();
}

std::optional<double> P99Ratio(const TaskPoolResults& results, const TaskPoolRow& row) {
  const TaskPoolRow* other = Piscina(results, row);
  if (other == nullptr || other->p99_ms() <= 0) return std::nullopt;
  return row.p99_ms() / other->p99_ms();
}

// The CPU row's tasks/s at `row.workers` over its tasks/s at one worker.
std::optional<double> SpeedUp(const TaskPoolResults& results, const TaskPoolRow& row) {
  if (row.name != "cpu") return std::nullopt;
  const TaskPoolRow* one = Find(results, row.runtime, "cpu", 1);
  if (one == nullptr || one->tasks_per_s() <= 0) return std::nullopt;
  return row.tasks_per_s() / one->tasks_per_s();
}

struct Target {
  std::string what;
  std::optional<double> value;
  double bound;
  bool at_most;  // else at least
  bool met() const { return value && (at_most ? *value <= bound : *value >= bound); }
};

std::vector<Target> Targets(const TaskPoolResults& results) {
  std::vector<Target> targets;
  auto row = [&](const char* name, int workers) { return Find(results, kIsohost, name, workers); };
  if (const TaskPoolRow* cold = row("cold_start", 1)) {
    targets.push_back({"cold start -> first result, median, x piscina", P50Ratio(results, *cold), 0.05, true});
  }
  for (int workers : {2, 8}) {
    if (const TaskPoolRow* tiny = row("tiny", workers)) {
      targets.push_back({"tiny tasks/s at " + std::to_string(workers) + " workers, x piscina",
                         ThroughputRatio(results, *tiny), 1.0, false});
    }
  }
  for (const TaskPoolRow& candidate : results.rows) {
    if (candidate.runtime != kIsohost || IsColdStart(candidate)) continue;
    targets.push_back({"p99 of " + candidate.name + " at " + std::to_string(candidate.workers) +
                           " workers, x piscina",
                       P99Ratio(results, candidate), 1.0, true});
  }
  if (const TaskPoolRow* crash = row("crash_every_100", 2)) {
    targets.push_back({"crash every 100th: tasks/s x piscina", ThroughputRatio(results, *crash), 5.0, false});
  }
  return targets;
}

nlohmann::ordered_json NumberOrNull(std::optional<double> value, int digits) {
  if (!value) return nullptr;
  return RoundTo(*value, digits);
}

// At most `count` order statistics of `samples`, evenly spaced: the shape of
// a distribution of 100,000 samples without 100,000 dots.
std::vector<double> Thin(std::vector<double> samples, std::size_t count) {
  if (samples.size() <= count) return samples;
  std::sort(samples.begin(), samples.end());
  std::vector<double> thin;
  for (std::size_t i = 0; i < count; ++i) thin.push_back(samples[i * (samples.size() - 1) / (count - 1)]);
  return thin;
}

}  // namespace

double TaskPoolRow::tasks_per_s() const {
  if (round_tasks_per_s.empty()) return 0;
  return Median(round_tasks_per_s);
}

double TaskPoolRow::p50_ms() const { return PercentileOf(latencies_ms, 50); }
double TaskPoolRow::p99_ms() const { return PercentileOf(latencies_ms, 99); }

void PrintTaskPoolTable(const TaskPoolResults& results, std::FILE* out) {
  std::fprintf(out,
               "Task pools, %d interleaved rounds: tasks/s is the median of the rounds; p50/p99 are over every\n"
               "task of every round, from run() to its result. Cold start: a new pool of one worker -> its first\n"
               "result (isohost: on a host whose zygote is up). x: isohost over piscina.\n",
               results.rounds);
  std::fprintf(out, "%s; %s\n\n", results.load.Describe().c_str(),
               results.piscina_version.empty() ? ("piscina not run: " + results.skipped).c_str()
                                                : ("piscina " + results.piscina_version + " on node " +
                                                   results.node_version).c_str());
  Table table({"case", "workers", "runtime", "tasks/s", "x", "p50 ms", "x", "p99 ms", "x", "speed-up", "failed"}, 3);
  for (const TaskPoolRow& row : results.rows) {
    bool isohost = row.runtime == kIsohost;
    table.AddRow({row.name, std::to_string(row.workers), row.runtime,
                  IsColdStart(row) ? std::string("-") : FormatNumber(row.tasks_per_s(), 0),
                  isohost && !IsColdStart(row) ? FormatNumber(ThroughputRatio(results, row), 2) : "",
                  FormatNumber(row.p50_ms(), 3), isohost ? FormatNumber(P50Ratio(results, row), 3) : "",
                  FormatNumber(row.p99_ms(), 3), isohost ? FormatNumber(P99Ratio(results, row), 2) : "",
                  row.name == "cpu" ? FormatNumber(SpeedUp(results, row), 2) : "", std::to_string(row.failed)});
  }
  table.Print(out);
  if (!results.cold_start_new_zygote_ms.empty()) {
    std::fprintf(out,
                 "\nisohost cold start with a zygote of its own (the first pool of a fresh host): median %.2f ms\n",
                 Median(results.cold_start_new_zygote_ms));
  }
  std::vector<Target> targets = Targets(results);
  if (targets.empty() || results.piscina_version.empty()) return;
  std::fprintf(out, "\nTargets:\n");
  for (const Target& target : targets) {
    std::fprintf(out, "  %-52s %8s  (%s %.2f)  %s\n", target.what.c_str(), FormatNumber(target.value, 3).c_str(),
                 target.at_most ? "<=" : ">=", target.bound, target.met() ? "met" : "NOT met");
  }
}

nlohmann::ordered_json TaskPoolJson(const TaskPoolResults& results) {
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (const TaskPoolRow& row : results.rows) {
    nlohmann::ordered_json json;
    json["runtime"] = row.runtime;
    json["case"] = row.name;
    json["workers"] = row.workers;
    // A cold start is one task: its rate is one over its median time.
    json["tasks_per_s"] = RoundTo(IsColdStart(row) ? (row.p50_ms() > 0 ? 1000 / row.p50_ms() : 0) : row.tasks_per_s(), 1);
    json["p50_ms"] = RoundTo(row.p50_ms(), 4);
    json["p99_ms"] = RoundTo(row.p99_ms(), 4);
    json["failed"] = row.failed;
    json["rounds_tasks_per_s"] = nlohmann::ordered_json::array();
    for (double value : row.round_tasks_per_s) json["rounds_tasks_per_s"].push_back(RoundTo(value, 1));
    rows.push_back(json);
  }
  nlohmann::ordered_json targets = nlohmann::ordered_json::array();
  for (const Target& target : Targets(results)) {
    targets.push_back({{"target", target.what},
                       {"value", NumberOrNull(target.value, 4)},
                       {target.at_most ? "at_most" : "at_least", target.bound},
                       {"met", target.met()}});
  }
  nlohmann::ordered_json json;
  json["rows"] = rows;
  json["targets"] = targets;
  json["cold_start_new_zygote_ms"] =
      results.cold_start_new_zygote_ms.empty() ? nlohmann::ordered_json(nullptr)
                                               : nlohmann::ordered_json(RoundTo(Median(results.cold_start_new_zygote_ms), 3));
  json["piscina"] = results.piscina_version.empty() ? nlohmann::ordered_json(nullptr)
                                                    : nlohmann::ordered_json(results.piscina_version);
  json["machine"] = results.load.ToJson();
  return json;
}

std::string TaskPoolSvg(const TaskPoolResults& results) {
  std::vector<PlotSeries> series;
  for (const TaskPoolRow& row : results.rows) {
    if (row.latencies_ms.empty()) continue;
    PlotSeries one;
    one.label = row.runtime + " " + row.name + " x" + std::to_string(row.workers);
    one.samples = Thin(row.latencies_ms, 300);
    one.color = row.runtime == kIsohost ? "#4477aa" : "#cc6677";
    series.push_back(std::move(one));
  }
  PlotOptions options;
  options.title = "Task latency, run() -> result (cold start: new pool -> first result), isohost vs piscina";
  return RenderDistributionSvg(series, options);
}

}  // namespace isohost::bench
