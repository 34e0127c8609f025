// What bench/checkpoint_cost measured, and how it is shown: the rows it runs,
// the runs' results, their slopes, and the text table or one JSON object.
#ifndef ISOHOST_BENCH_CHECKPOINT_COST_REPORT_H_
#define ISOHOST_BENCH_CHECKPOINT_COST_REPORT_H_

#include <cstdint>
#include <cstdio>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace isohost::bench {

// One script shape. Every row but the chained one schedules all N callbacks
// before the loop starts, so the check phase runs them in one JS call with a
// JS-side checkpoint between two callbacks (as Node's processImmediate does).
struct RowSpec {
  const char* id;       // stable key for --json
  const char* label;    // first column of the table
  const char* prelude;  // statement run once before scheduling
  bool chained;         // each callback schedules the next: one loop turn each
};

inline constexpr RowSpec kRows[] = {
    {"plain", "plain", "", false},
    {"read_next_tick", "after void process.nextTick", "void process.nextTick;", false},
    {"call_next_tick", "after process.nextTick(() => {})", "process.nextTick(() => {});", false},
    {"touch_stdout", "after void process.stdout", "void process.stdout;", false},
    {"chained", "chained setImmediate", "", true},
};
inline constexpr int kRowCount = static_cast<int>(std::size(kRows));
inline constexpr int kPlainRow = 0;

enum class Runtime { kIsohost, kNode };
const char* RuntimeName(Runtime runtime);

enum class JitMode { kJit, kJitless };
const char* JitModeName(JitMode mode);

// `isohost run --stats` prints the worker's loop counters as one JSON line on
// stderr. They tell whether a row's extra instructions come with extra tick
// passes or extra calls into JS.
struct LoopStats {
  bool valid = false;
  std::uint64_t checkpoints = 0;
  std::uint64_t tick_passes = 0;
  std::uint64_t check_phase_js_calls = 0;
};

// One process under callgrind; the unit the thread pool hands out.
struct Run {
  JitMode mode;
  int row;
  int callbacks;
  int repeat;
  Runtime runtime;
  // Results, written by the one thread that ran it.
  bool ok = false;
  std::uint64_t ir = 0;
  LoopStats stats{};
  double seconds = 0;
};

// What the report says about how the runs were made.
struct CheckpointSetup {
  int n1 = 0;
  int n2 = 0;
  int repeats = 0;
  bool run_jit = true;
  bool run_jitless = true;
  std::string isohost;       // absolute path
  std::string node;          // empty: the node columns are skipped
  std::string node_version;
};

// One runtime, one row, one JIT mode.
struct Cell {
  bool present = false;
  std::vector<std::uint64_t> ir_n1;
  std::vector<std::uint64_t> ir_n2;
  double per_callback = 0;  // the slope of the medians
  // (range at N1 + range at N2) / (N2 - N1): how far run-to-run variation
  // could move the slope, so a small delta can be judged against it.
  double noise = 0;
  LoopStats stats_n1;
  LoopStats stats_n2;
};

struct ModeResult {
  JitMode mode;
  Cell cells[kRowCount][2];  // [row][Runtime]

  Cell& at(int row, Runtime runtime) { return cells[row][runtime == Runtime::kIsohost ? 0 : 1]; }
  const Cell& at(int row, Runtime runtime) const { return cells[row][runtime == Runtime::kIsohost ? 0 : 1]; }
};

// The slopes and noise of every cell, per JIT mode that ran.
std::vector<ModeResult> SummarizeRuns(const CheckpointSetup& setup, const std::vector<Run>& runs);

void PrintCheckpointTable(const CheckpointSetup& setup, const std::vector<ModeResult>& results, std::FILE* out);
nlohmann::ordered_json CheckpointJson(const CheckpointSetup& setup, const std::vector<ModeResult>& results);

}  // namespace isohost::bench

#endif  // ISOHOST_BENCH_CHECKPOINT_COST_REPORT_H_
