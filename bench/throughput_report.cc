#include "bench/throughput_report.h"

#include <algorithm>
#include <optional>

#include "bench/common/stats.h"
#include "bench/common/table.h"

namespace isohost::bench {
namespace {

// isohost's median rate over Node's for the same case: above 1 means isohost
// is faster. nullopt for Node's own rows and when Node did not run.
std::optional<double> RatioToNode(const ThroughputResults& results, const ThroughputRow& row) {
  if (row.runtime == "node") return std::nullopt;
  for (const ThroughputRow& node : results.rows) {
    if (node.runtime == "node" && node.case_name == row.case_name && !node.rates.empty()) {
      return Median(row.rates) / Median(node.rates);
    }
  }
  return std::nullopt;
}

std::optional<double> MedianCpu(const ThroughputRow& row) {
  if (row.cpu_us_per_op.empty()) return std::nullopt;
  return Median(row.cpu_us_per_op);
}

nlohmann::ordered_json Rounded(const std::vector<double>& values, int digits) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (double value : values) out.push_back(RoundTo(value, digits));
  return out;
}

}  // namespace

void PrintThroughputTable(const ThroughputResults& results, std::FILE* out) {
  std::fprintf(out, "Throughput: medians over %d interleaved rounds (echo: %d untimed round "
                    "trips, then >= %d ms; console: %llu lines)\n\n",
               results.rounds, results.warmup, results.duration_ms,
               static_cast<unsigned long long>(results.lines));
  Table table({"case", "runtime", "strategy", "unit", "min", "median", "max", "MiB/s",
               "CPU us/op", "isohost/node"}, 4);
  for (const ThroughputRow& row : results.rows) {
    Summary s = Summarize(row.rates);
    table.AddRow({row.case_name, row.runtime, row.strategy, row.unit, FormatNumber(s.min, 0),
                  FormatNumber(s.median, 0), FormatNumber(s.max, 0),
                  FormatNumber(Median(row.mib_per_s), 1), FormatNumber(MedianCpu(row), 1),
                  FormatNumber(RatioToNode(results, row), 2)});
  }
  table.Print(out);
  std::fprintf(out, "\nisohost/node: isohost's median rate / Node's (above 1: isohost is faster).\n");
  for (const std::string& note : results.notes) std::fprintf(out, "- %s\n", note.c_str());
  std::fprintf(out, "Node: %s. Machine: %s.\n",
               results.node_version.empty() ? "not run" : results.node_version.c_str(),
               results.machine.Describe().c_str());
}

nlohmann::ordered_json ThroughputJson(const ThroughputResults& results) {
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (const ThroughputRow& row : results.rows) {
    Summary s = Summarize(row.rates);
    std::optional<double> ratio = RatioToNode(results, row);
    rows.push_back({{"case", row.case_name}, {"runtime", row.runtime}, {"strategy", row.strategy},
                    {"unit", row.unit}, {"n", s.n}, {"min", RoundTo(s.min, 1)},
                    {"median", RoundTo(s.median, 1)}, {"max", RoundTo(s.max, 1)},
                    {"median_mib_per_s", RoundTo(Median(row.mib_per_s), 2)},
                    {"median_cpu_us_per_op",
                     MedianCpu(row) ? nlohmann::ordered_json(RoundTo(*MedianCpu(row), 2)) : nullptr},
                    {"ratio_isohost_to_node",
                     ratio ? nlohmann::ordered_json(RoundTo(*ratio, 3)) : nullptr},
                    {"rounds", Rounded(row.rates, 1)}});
  }
  return {{"config", {{"rounds", results.rounds}, {"duration_ms", results.duration_ms},
                      {"warmup", results.warmup}, {"lines", results.lines},
                      {"node_version", results.node_version.empty()
                                           ? nlohmann::ordered_json(nullptr)
                                           : nlohmann::ordered_json(results.node_version)},
                      {"machine", results.machine.ToJson()}}},
          {"rows", rows},
          {"notes", results.notes}};
}

}  // namespace isohost::bench
