#include "bench/builtins_report.h"

#include <optional>

#include "bench/common/stats.h"
#include "bench/common/table.h"

namespace isohost::bench {
namespace {

std::optional<double> MedianOf(const BuiltinTimes& times) {
  if (!times.error.empty() || times.ns_per_op.empty()) return std::nullopt;
  return Median(times.ns_per_op);
}

// Node's median time over isohost's: above 1 means isohost is faster.
std::optional<double> SpeedRatio(const BuiltinsRowResult& row) {
  std::optional<double> isohost = MedianOf(row.isohost);
  std::optional<double> node = MedianOf(row.node);
  if (!isohost || !node || *isohost <= 0) return std::nullopt;
  return *node / *isohost;
}

// Microseconds with a precision that suits the size.
std::string FormatMicros(std::optional<double> ns) {
  if (!ns) return "-";
  double us = *ns / 1000.0;
  return FormatNumber(us, us < 10 ? 3 : (us < 1000 ? 1 : 0));
}

nlohmann::ordered_json TimesJson(const BuiltinTimes& times) {
  if (!times.error.empty()) return {{"error", times.error}};
  nlohmann::ordered_json rounds = nlohmann::ordered_json::array();
  for (double ns : times.ns_per_op) rounds.push_back(RoundTo(ns, 1));
  std::optional<double> median = MedianOf(times);
  return {{"median_ns_per_op", median ? nlohmann::ordered_json(RoundTo(*median, 1)) : nullptr},
          {"rounds_ns_per_op", rounds}};
}

}  // namespace

void PrintBuiltinsTable(const BuiltinsResults& results, std::FILE* out) {
  std::fprintf(out, "Builtins: microseconds per call, medians over %d interleaved rounds "
                    "(each round: the median of %d samples of >= %d ms)\n\n",
               results.rounds, results.samples, results.sample_ms);
  Table table({"row", "isohost us", "node us", "isohost/node"}, 1);
  for (const BuiltinsRowResult& row : results.rows) {
    std::string isohost = row.isohost.error.empty() ? FormatMicros(MedianOf(row.isohost)) : "error";
    std::string node = row.node.error.empty() ? FormatMicros(MedianOf(row.node)) : "error";
    table.AddRow({row.name, isohost, node, FormatNumber(SpeedRatio(row), 2)});
  }
  table.Print(out);
  std::fprintf(out, "\nisohost/node: Node's median time / isohost's (above 1: isohost is faster).\n");
  for (const BuiltinsRowResult& row : results.rows) {
    if (!row.isohost.error.empty()) std::fprintf(out, "- %s: isohost: %s\n", row.name.c_str(), row.isohost.error.c_str());
    if (!row.node.error.empty()) std::fprintf(out, "- %s: node: %s\n", row.name.c_str(), row.node.error.c_str());
  }
  std::fprintf(out, "Both run the same generated file in a worker (isohost: a worker process; Node: "
                    "worker_threads). Node: %s. Machine: %s.\n",
               results.node_version.empty() ? "not run" : results.node_version.c_str(),
               results.machine.Describe().c_str());
}

nlohmann::ordered_json BuiltinsJson(const BuiltinsResults& results) {
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (const BuiltinsRowResult& row : results.rows) {
    std::optional<double> ratio = SpeedRatio(row);
    rows.push_back({{"row", row.name},
                    {"isohost", TimesJson(row.isohost)},
                    {"node", TimesJson(row.node)},
                    {"speed_ratio_isohost_to_node", ratio ? nlohmann::ordered_json(RoundTo(*ratio, 3)) : nullptr}});
  }
  return {{"config", {{"rounds", results.rounds}, {"samples", results.samples}, {"sample_ms", results.sample_ms},
                      {"node_version", results.node_version.empty() ? nlohmann::ordered_json(nullptr)
                                                                    : nlohmann::ordered_json(results.node_version)},
                      {"machine", results.machine.ToJson()}}},
          {"rows", rows}};
}

}  // namespace isohost::bench
