#include "bench/checkpoint_cost_report.h"

#include <algorithm>
#include <cinttypes>

#include "bench/common/stats.h"
#include "bench/common/table.h"

namespace isohost::bench {

const char* RuntimeName(Runtime runtime) { return runtime == Runtime::kIsohost ? "isohost" : "node"; }

const char* JitModeName(JitMode mode) { return mode == JitMode::kJit ? "jit" : "jitless"; }

namespace {

const char* JitModeTitle(JitMode mode) {
  return mode == JitMode::kJit ? "JIT on (default V8 flags)" : "--jitless";
}

double MedianIr(const std::vector<std::uint64_t>& values) {
  return Median(std::vector<double>(values.begin(), values.end()));
}

std::uint64_t Range(const std::vector<std::uint64_t>& values) {
  auto [low, high] = std::minmax_element(values.begin(), values.end());
  return *high - *low;
}

std::string Format(const char* format, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, value);
  return buffer;
}

void PrintHeader(const CheckpointSetup& setup, std::FILE* out) {
  std::fprintf(out, "checkpoint_cost: instructions per setImmediate callback\n");
  std::fprintf(out,
               "  callgrind Ir over the whole process, slope = (Ir(N2) - Ir(N1)) / (N2 - N1), which cancels\n");
  std::fprintf(out, "  start-up; N1 = %d, N2 = %d callbacks, median of %d run%s per point.\n", setup.n1, setup.n2,
               setup.repeats, setup.repeats == 1 ? "" : "s");
  std::fprintf(out, "  isohost: %s run SCRIPT; only the isohost-worker process is counted\n",
               setup.isohost.c_str());
  std::fprintf(out, "           (ISOHOST_WORKER = a wrapper that execs it under callgrind).\n");
  if (setup.node.empty()) {
    std::fprintf(out, "  node: not run (--no-node, or not found: --node PATH), node columns skipped.\n");
  } else {
    std::fprintf(out, "  node: %s %s, run as plain `node SCRIPT` on its main thread\n", setup.node.c_str(),
                 setup.node_version.c_str());
    std::fprintf(out, "        (not inside a worker_threads Worker).\n");
  }
  std::fprintf(out, "  Rows 1-4 schedule all N callbacks before the loop starts (one check phase runs them,\n");
  std::fprintf(out, "  with a checkpoint between two callbacks); row 5 schedules each from the one before it\n");
  std::fprintf(out, "  (one loop turn per callback, one immediate alive at a time): its delta compares the\n");
  std::fprintf(out, "  two shapes, not a checkpoint.\n");
}

void PrintModeTable(const ModeResult& result, bool with_node, std::FILE* out) {
  std::fprintf(out, "\n%s\n", JitModeTitle(result.mode));
  Table table({"row", "isohost Ir/cb", "Δ vs plain", "node Ir/cb", "Δ vs plain", "isohost/node", "noise iso/node"},
              1);
  const Cell& iso_plain = result.at(kPlainRow, Runtime::kIsohost);
  const Cell& node_plain = result.at(kPlainRow, Runtime::kNode);
  auto number = [](const Cell& cell, double value) {
    return cell.present ? Format("%.1f", value) : std::string("-");
  };
  for (int row = 0; row < kRowCount; ++row) {
    const Cell& iso = result.at(row, Runtime::kIsohost);
    const Cell& node = result.at(row, Runtime::kNode);
    bool first = row == kPlainRow;
    std::string iso_delta = first ? "" : Format("%+.1f", iso.per_callback - iso_plain.per_callback);
    std::string node_delta = !with_node ? "-"
                             : first    ? ""
                                        : Format("%+.1f", node.per_callback - node_plain.per_callback);
    std::string ratio = with_node ? Format("%.2f", iso.per_callback / node.per_callback) : "-";
    std::string noise = "±" + Format("%.1f", iso.noise) + (with_node ? "/" + Format("%.1f", node.noise) : "");
    table.AddRow({kRows[row].label, number(iso, iso.per_callback), iso_delta, number(node, node.per_callback),
                  node_delta, ratio, noise});
  }
  table.Print(out);
}

// isohost's own counters at N2: a row whose Ir grew should show whether it
// also ran tick passes or extra calls into JS.
void PrintLoopStats(const ModeResult& result, const CheckpointSetup& setup, std::FILE* out) {
  std::fprintf(out,
               "  isohost loop counters at N2 = %d (--stats): checkpoints / tick passes / check-phase JS calls\n",
               setup.n2);
  for (int row = 0; row < kRowCount; ++row) {
    const LoopStats& stats = result.at(row, Runtime::kIsohost).stats_n2;
    if (!stats.valid) continue;
    std::fprintf(out, "    %-34s %8" PRIu64 " %8" PRIu64 " %8" PRIu64 "\n", kRows[row].label, stats.checkpoints,
                 stats.tick_passes, stats.check_phase_js_calls);
  }
}

nlohmann::ordered_json StatsJson(const LoopStats& stats) {
  if (!stats.valid) return nullptr;
  return {{"checkpoints", stats.checkpoints},
          {"tick_passes", stats.tick_passes},
          {"check_phase_js_calls", stats.check_phase_js_calls}};
}

nlohmann::ordered_json CellJson(const Cell& cell, const Cell& plain, bool with_stats) {
  if (!cell.present) return nullptr;
  nlohmann::ordered_json json = {{"ir_per_callback", RoundTo(cell.per_callback, 2)},
                                 {"delta_vs_plain", RoundTo(cell.per_callback - plain.per_callback, 2)},
                                 {"noise", RoundTo(cell.noise, 2)},
                                 {"ir_n1", cell.ir_n1},
                                 {"ir_n2", cell.ir_n2}};
  if (with_stats) {
    json["stats_n1"] = StatsJson(cell.stats_n1);
    json["stats_n2"] = StatsJson(cell.stats_n2);
  }
  return json;
}

nlohmann::ordered_json ModeJson(const ModeResult& result) {
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  const Cell& iso_plain = result.at(kPlainRow, Runtime::kIsohost);
  const Cell& node_plain = result.at(kPlainRow, Runtime::kNode);
  for (int row = 0; row < kRowCount; ++row) {
    const Cell& iso = result.at(row, Runtime::kIsohost);
    const Cell& node = result.at(row, Runtime::kNode);
    rows.push_back({{"row", kRows[row].id},
                    {"label", kRows[row].label},
                    {"isohost", CellJson(iso, iso_plain, true)},
                    {"node", CellJson(node, node_plain, false)},
                    {"isohost_over_node", node.present ? nlohmann::ordered_json(RoundTo(
                                                             iso.per_callback / node.per_callback, 4))
                                                       : nlohmann::ordered_json(nullptr)}});
  }
  return rows;
}

}  // namespace

std::vector<ModeResult> SummarizeRuns(const CheckpointSetup& setup, const std::vector<Run>& runs) {
  std::vector<ModeResult> results;
  for (JitMode mode : {JitMode::kJit, JitMode::kJitless}) {
    if ((mode == JitMode::kJit && !setup.run_jit) || (mode == JitMode::kJitless && !setup.run_jitless)) {
      continue;
    }
    ModeResult result{mode, {}};
    for (const Run& run : runs) {
      if (run.mode != mode) continue;
      Cell& cell = result.at(run.row, run.runtime);
      cell.present = true;
      bool small = run.callbacks == setup.n1;
      (small ? cell.ir_n1 : cell.ir_n2).push_back(run.ir);
      (small ? cell.stats_n1 : cell.stats_n2) = run.stats;
    }
    double span = setup.n2 - setup.n1;
    for (auto& row : result.cells) {
      for (Cell& cell : row) {
        if (!cell.present) continue;
        cell.per_callback = (MedianIr(cell.ir_n2) - MedianIr(cell.ir_n1)) / span;
        cell.noise = static_cast<double>(Range(cell.ir_n1) + Range(cell.ir_n2)) / span;
      }
    }
    results.push_back(result);
  }
  return results;
}

void PrintCheckpointTable(const CheckpointSetup& setup, const std::vector<ModeResult>& results, std::FILE* out) {
  PrintHeader(setup, out);
  for (const ModeResult& result : results) {
    PrintModeTable(result, !setup.node.empty(), out);
    PrintLoopStats(result, setup, out);
  }
  std::fprintf(out,
               "\nnoise: (max - min at N1 + max - min at N2) / (N2 - N1), a bound on how far run-to-run\n"
               "variation moves a slope; 0 with one run per point. Node's counts vary by millions of Ir\n"
               "from run to run (its compiler and GC threads): read its deltas against this column.\n");
  if (setup.run_jit) {
    std::fprintf(out,
                 "JIT on: V8's optimizing compiles are one-off costs of several million Ir each. One that\n"
                 "falls between N1 and N2 in one row but before N1 in another moves that row by hundreds of\n"
                 "Ir per callback; a JIT-only delta that goes away with larger --n1/--n2 is one of those,\n"
                 "not a per-callback cost.\n");
  }
}

nlohmann::ordered_json CheckpointJson(const CheckpointSetup& setup, const std::vector<ModeResult>& results) {
  nlohmann::ordered_json json = {
      {"benchmark", "checkpoint_cost"},
      {"unit", "callgrind Ir per setImmediate callback"},
      {"n1", setup.n1},
      {"n2", setup.n2},
      {"repeats", setup.repeats},
      {"isohost", setup.isohost},
      {"node", setup.node.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(setup.node)},
      {"node_version",
       setup.node.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(setup.node_version)},
      {"node_mode", "plain `node SCRIPT` on the main thread, not a worker_threads Worker"},
  };
  nlohmann::ordered_json modes = nlohmann::ordered_json::object();
  for (const ModeResult& result : results) modes[JitModeName(result.mode)] = ModeJson(result);
  json["modes"] = std::move(modes);
  return json;
}

}  // namespace isohost::bench
