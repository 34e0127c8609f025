// checkpoint_cost: how many instructions one setImmediate callback costs in a
// worker, and how much more once the script has touched process.nextTick or
// process.stdout. DESIGN.md ("The worker's event loop") requires an idle
// checkpoint to cost only a handful of instructions more than in a worker that
// never touched process.nextTick; this is the measurement that checks it, with
// the method of the first reference (bun #43826): the instruction count of
// the whole process at two N, whose slope cancels start-up.
//
// Instructions come from `valgrind --tool=callgrind` (exact, unlike time).
// Only the worker is counted: ISOHOST_WORKER points the host at a wrapper
// that execs the real isohost-worker under callgrind, so the host runs
// natively. Node runs the same script as `node SCRIPT` on its main thread.
//
//   checkpoint_cost [--n1 N] [--n2 N] [--repeats R] [--jit-only|--jitless-only]
//                   [--isohost PATH] [--node PATH] [--no-node] [--jobs J] [--quick]
//                   [--json] [--keep-files]
//
// This file runs the measurements; checkpoint_cost_report.cc shows them.
#include <sys/stat.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench/checkpoint_cost_report.h"
#include "bench/common/node_harness.h"
#include "bench/common/subprocess.h"
#include "bench/common/temp_dir.h"

namespace isohost::bench {
namespace {

namespace fs = std::filesystem;

struct Options {
  int n1 = 4000;
  int n2 = 14000;
  int repeats = 3;
  bool jit_only = false;
  bool jitless_only = false;
  std::string isohost;  // empty: beside this binary
  std::string node;     // empty: `node` on $PATH, if any
  bool skip_node = false;
  int jobs = 0;  // 0: one per core
  bool quick = false;
  bool json = false;
  bool keep_files = false;
};

// The script for one row at one N. N is written into the source (not passed
// in argv) so that isohost and Node run byte-identical files with the same
// command line shape. The up-front rows end with one more immediate that
// fails the run if any counted callback did not run; it is there at both N,
// so it cancels in the slope.
std::string ScriptSource(const RowSpec& row, int callbacks) {
  std::ostringstream out;
  out << "// checkpoint_cost row \"" << row.id << "\": " << row.label << ".\n"
      << "'use strict';\n"
      << "const kCallbacks = " << callbacks << ";\n"
      << "let ran = 0;\n";
  if (*row.prelude != '\0') out << row.prelude << "\n";
  if (row.chained) {
    out << "function onImmediate() {\n"
        << "  if (++ran < kCallbacks) setImmediate(onImmediate);\n"
        << "}\n"
        << "setImmediate(onImmediate);\n";
  } else {
    out << "function onImmediate() { ran++; }\n"
        << "for (let i = 0; i < kCallbacks; i++) setImmediate(onImmediate);\n"
        << "setImmediate(() => {\n"
        << "  if (ran !== kCallbacks) throw new Error(`ran ${ran} of ${kCallbacks} callbacks`);\n"
        << "});\n";
  }
  return out.str();
}

// ------------------------------------------------------------ the programs

bool IsExecutable(const std::string& path) { return !path.empty() && ::access(path.c_str(), X_OK) == 0; }

// The build puts every binary in build/bin, so isohost is our neighbour.
std::string BesideThisBinary(std::string_view name) {
  std::error_code error;
  fs::path self = fs::read_symlink("/proc/self/exe", error);
  if (error) return {};
  return (self.parent_path() / name).string();
}

std::string Absolute(const std::string& path) {
  std::error_code error;
  fs::path absolute = fs::canonical(path, error);
  return error ? path : absolute.string();
}

// Absolute paths of everything the runs exec. The wrapper and the host get
// absolute paths because the runs do not share our working directory's
// meaning once they exec through sh and valgrind.
struct Programs {
  std::string valgrind;
  std::string isohost;
  std::string isohost_worker;
  std::string node;  // empty: the node columns are skipped
  std::string node_version;
};

// Finds the programs; false after printing what is missing.
bool ResolvePrograms(const Options& options, Programs* programs) {
  programs->valgrind = FindOnPath("valgrind");
  if (programs->valgrind.empty()) {
    std::fputs("checkpoint_cost: valgrind is not on PATH\n", stderr);
    return false;
  }
  std::string isohost = options.isohost.empty() ? BesideThisBinary("isohost") : options.isohost;
  if (!IsExecutable(isohost)) {
    std::fprintf(stderr, "checkpoint_cost: no isohost binary at '%s' (--isohost PATH)\n", isohost.c_str());
    return false;
  }
  programs->isohost = Absolute(isohost);
  programs->isohost_worker = (fs::path(programs->isohost).parent_path() / "isohost-worker").string();
  if (!IsExecutable(programs->isohost_worker)) {
    std::fprintf(stderr, "checkpoint_cost: no isohost-worker beside %s\n", programs->isohost.c_str());
    return false;
  }
  if (options.skip_node) return true;
  // Node runs the scripts itself, under callgrind; the harness only finds it.
  NodeHarness node(options.node, "");
  if (!options.node.empty() && !node.available()) {
    std::fprintf(stderr, "checkpoint_cost: no node binary at '%s'\n", options.node.c_str());
    return false;
  }
  if (node.available()) {
    programs->node = Absolute(node.node());
    programs->node_version = node.Version();
    if (programs->node_version.empty()) programs->node_version = "(version unknown)";
  }
  return true;
}

// ------------------------------------------------------- callgrind output

struct CallgrindCount {
  std::uint64_t ir = 0;
  std::string cmd;  // the `cmd:` header: which process the file is about
};

// Instructions in one callgrind out file: the sum of its `totals:` lines (one
// per part), or of `summary:` if a writer left totals out. Ir is the first,
// and with --tool=callgrind's defaults the only, event.
std::optional<CallgrindCount> ReadCallgrindCount(const std::string& path, std::string* error) {
  std::ifstream in(path);
  if (!in) {
    *error = "no callgrind output at " + path;
    return std::nullopt;
  }
  CallgrindCount count;
  std::uint64_t totals = 0;
  std::uint64_t summary = 0;
  bool saw_totals = false;
  bool saw_summary = false;
  std::string line;
  auto number_after = [&line](size_t prefix) { return std::strtoull(line.c_str() + prefix, nullptr, 10); };
  while (std::getline(in, line)) {
    if (line.rfind("cmd:", 0) == 0) {
      count.cmd = line.substr(line.find_first_not_of(' ', 4));
    } else if (line.rfind("totals:", 0) == 0) {
      totals += number_after(7);
      saw_totals = true;
    } else if (line.rfind("summary:", 0) == 0) {
      summary += number_after(8);
      saw_summary = true;
    }
  }
  if (!saw_totals && !saw_summary) {
    *error = "no totals: or summary: line in " + path;
    return std::nullopt;
  }
  count.ir = saw_totals ? totals : summary;
  return count;
}

// ------------------------------------------------------- isohost's counters

// The last JSON object on stderr that has a "tick_passes" key; other keys
// (the worker's id, newer counters) may come before or after it.
LoopStats ParseLoopStats(const std::string& stderr_text) {
  LoopStats stats{};
  size_t key = stderr_text.rfind("\"tick_passes\":");
  if (key == std::string::npos) return stats;
  size_t open = stderr_text.rfind('{', key);
  size_t close = stderr_text.find('}', key);
  if (open == std::string::npos || close == std::string::npos) return stats;
  auto json = nlohmann::json::parse(stderr_text.substr(open, close + 1 - open), nullptr, false);
  if (json.is_discarded() || !json.is_object()) return stats;
  stats.valid = true;
  stats.checkpoints = json.value("checkpoints", std::uint64_t{0});
  stats.tick_passes = json.value("tick_passes", std::uint64_t{0});
  stats.check_phase_js_calls = json.value("check_phase_js_calls", std::uint64_t{0});
  return stats;
}

// ------------------------------------------------------------------- runs

std::string ReadWholeFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The last `lines` lines of a file, to show why a run failed.
std::string Tail(const std::string& path, int lines) {
  std::string text = ReadWholeFile(path);
  size_t start = text.size();
  for (int seen = 0; start > 0 && seen <= lines; --start) {
    if (text[start - 1] == '\n') ++seen;
  }
  return text.substr(start);
}

// The wrapper ISOHOST_WORKER points at. It takes its paths from the
// environment, so one file serves every run and no path needs shell quoting.
constexpr const char kWorkerWrapper[] =
    "#!/bin/sh\n"
    "# Written by checkpoint_cost: the host execs this as its worker binary.\n"
    "exec \"$CHECKPOINT_COST_VALGRIND\" --tool=callgrind \\\n"
    "  \"--callgrind-out-file=$CHECKPOINT_COST_CALLGRIND_OUT\" \\\n"
    "  \"--log-file=$CHECKPOINT_COST_VALGRIND_LOG\" \\\n"
    "  \"$CHECKPOINT_COST_REAL_WORKER\" \"$@\"\n";

std::string RunName(const Run& run) {
  return std::string(RuntimeName(run.runtime)) + "-" + JitModeName(run.mode) + "-" + kRows[run.row].id + "-" +
         std::to_string(run.callbacks) + "-" + std::to_string(run.repeat);
}

std::string ScriptPath(const std::string& dir, int row, int callbacks) {
  return dir + "/" + kRows[row].id + "-" + std::to_string(callbacks) + ".js";
}

FileRedirectedProcess IsohostCommand(const Programs& programs, const std::string& dir, const Run& run,
                       const std::string& base) {
  FileRedirectedProcess command;
  command.argv = {programs.isohost, "run", "--stats"};
  if (run.mode == JitMode::kJitless) command.argv.push_back("--v8-flag=--jitless");
  command.argv.push_back(ScriptPath(dir, run.row, run.callbacks));
  command.extra_env = {
      "ISOHOST_WORKER=" + dir + "/worker-under-callgrind.sh",
      "CHECKPOINT_COST_VALGRIND=" + programs.valgrind,
      "CHECKPOINT_COST_CALLGRIND_OUT=" + base + ".callgrind",
      "CHECKPOINT_COST_VALGRIND_LOG=" + base + ".valgrind.log",
      "CHECKPOINT_COST_REAL_WORKER=" + programs.isohost_worker,
  };
  return command;
}

// Node is counted directly: it is one process, and valgrind follows no child.
FileRedirectedProcess NodeCommand(const Programs& programs, const std::string& dir, const Run& run,
                    const std::string& base) {
  FileRedirectedProcess command;
  command.argv = {programs.valgrind,
                  "--tool=callgrind",
                  "--trace-children=no",
                  "--callgrind-out-file=" + base + ".callgrind",
                  "--log-file=" + base + ".valgrind.log",
                  programs.node};
  if (run.mode == JitMode::kJitless) command.argv.push_back("--jitless");
  command.argv.push_back(ScriptPath(dir, run.row, run.callbacks));
  return command;
}

// Runs one process and fills in its result; `error` explains a failure.
void ExecuteRun(const Programs& programs, const std::string& dir, Run* run, std::string* error) {
  std::string base = dir + "/runs/" + RunName(*run);
  FileRedirectedProcess command = run->runtime == Runtime::kIsohost ? IsohostCommand(programs, dir, *run, base)
                                                      : NodeCommand(programs, dir, *run, base);
  command.stdout_path = base + ".stdout";
  command.stderr_path = base + ".stderr";
  auto start = std::chrono::steady_clock::now();
  int exit_code = RunProcessToFiles(command, error);
  run->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (exit_code != 0) {
    if (exit_code > 0) {
      *error = RunName(*run) + " exited with " + std::to_string(exit_code) + "\n--- stderr:\n" +
               Tail(command.stderr_path, 15) + "--- valgrind log:\n" + Tail(base + ".valgrind.log", 15);
    }
    return;
  }
  std::optional<CallgrindCount> count = ReadCallgrindCount(base + ".callgrind", error);
  if (!count) return;
  // The file must be about the process we meant, not the host or a shell.
  std::string expected = run->runtime == Runtime::kIsohost ? "isohost-worker" : programs.node;
  if (count->cmd.find(expected) == std::string::npos) {
    *error = base + ".callgrind is about '" + count->cmd + "', not " + expected;
    return;
  }
  run->ir = count->ir;
  if (run->runtime == Runtime::kIsohost) run->stats = ParseLoopStats(ReadWholeFile(command.stderr_path));
  run->ok = true;
}

// Every run the options ask for. Node's are listed first within each point
// because they take about twice as long, so the pool ends with short runs.
std::vector<Run> PlanRuns(const Options& options, bool with_node) {
  std::vector<Run> runs;
  std::vector<JitMode> modes;
  if (!options.jitless_only) modes.push_back(JitMode::kJit);
  if (!options.jit_only) modes.push_back(JitMode::kJitless);
  for (JitMode mode : modes) {
    for (int row = 0; row < kRowCount; ++row) {
      for (int callbacks : {options.n2, options.n1}) {
        for (int repeat = 0; repeat < options.repeats; ++repeat) {
          for (Runtime runtime : {Runtime::kNode, Runtime::kIsohost}) {
            if (runtime == Runtime::kNode && !with_node) continue;
            runs.push_back(
                {.mode = mode, .row = row, .callbacks = callbacks, .repeat = repeat, .runtime = runtime});
          }
        }
      }
    }
  }
  return runs;
}

// Runs everything on `jobs` threads, each waiting on one child at a time.
// Callgrind counts instructions, not time, so sharing the cores changes no
// count. Stops handing out runs after the first failure.
bool ExecuteAll(const Programs& programs, const std::string& dir, int jobs, std::vector<Run>* runs) {
  std::atomic<size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex progress_mutex;  // guards `done` and stderr lines
  size_t done = 0;
  auto start = std::chrono::steady_clock::now();
  auto work = [&] {
    for (size_t i = next++; i < runs->size() && !failed; i = next++) {
      Run& run = (*runs)[i];
      std::string error;
      ExecuteRun(programs, dir, &run, &error);
      std::lock_guard<std::mutex> lock(progress_mutex);
      ++done;
      double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (!run.ok) {
        failed = true;
        std::fprintf(stderr, "checkpoint_cost: %s failed: %s\n", RunName(run).c_str(), error.c_str());
        continue;
      }
      std::fprintf(stderr, "[%3zu/%zu %5.0fs] %-7s %-7s %-15s N=%-6d #%d  %12" PRIu64 " Ir  (%.1fs)\n", done,
                   runs->size(), elapsed, RuntimeName(run.runtime), JitModeName(run.mode), kRows[run.row].id,
                   run.callbacks, run.repeat + 1, run.ir, run.seconds);
    }
  };
  std::vector<std::thread> threads;
  for (int i = 0; i < jobs; ++i) threads.emplace_back(work);
  for (std::thread& thread : threads) thread.join();
  return !failed;
}

// ------------------------------------------------------------------ main

// Writes every script and the worker wrapper; false, with `error` set, on
// the first failure.
bool WriteInputs(const Options& options, TempDir& dir, std::string* error) {
  std::error_code ec;
  fs::create_directories(dir.path() + "/runs", ec);
  if (ec) {
    *error = "cannot make " + dir.path() + "/runs: " + ec.message();
    return false;
  }
  std::string wrapper = dir.WriteFile("worker-under-callgrind.sh", kWorkerWrapper, error);
  if (wrapper.empty()) return false;
  if (::chmod(wrapper.c_str(), 0755) != 0) {
    *error = "cannot make " + wrapper + " executable";
    return false;
  }
  for (int row = 0; row < kRowCount; ++row) {
    for (int callbacks : {options.n1, options.n2}) {
      std::string name = fs::path(ScriptPath(dir.path(), row, callbacks)).filename().string();
      if (dir.WriteFile(name, ScriptSource(kRows[row], callbacks), error).empty()) return false;
    }
  }
  return true;
}

void AddOptions(CLI::App& app, Options* options) {
  auto* n1 = app.add_option("--n1", options->n1, "callbacks in the small run")
                 ->check(CLI::Range(1, 100'000'000))
                 ->capture_default_str();
  auto* n2 = app.add_option("--n2", options->n2, "callbacks in the large run")
                 ->check(CLI::Range(1, 100'000'000))
                 ->capture_default_str();
  auto* repeats = app.add_option("--repeats", options->repeats, "runs per point, the median is used")
                      ->check(CLI::Range(1, 100'000'000))
                      ->capture_default_str();
  auto* jit_only = app.add_flag("--jit-only", options->jit_only, "only with the JIT on");
  app.add_flag("--jitless-only", options->jitless_only, "only with --jitless")->excludes(jit_only);
  app.add_option("--isohost", options->isohost,
                 "isohost binary (default: beside this binary); its isohost-worker is the one in the same "
                 "directory");
  app.add_option("--node", options->node, "node binary (default: node on PATH; skipped if none)");
  app.add_flag("--no-node", options->skip_node, "isohost only");
  app.add_option("--jobs", options->jobs, "runs at a time (default: one per core; Ir does not depend on it)")
      ->check(CLI::Range(1, 100'000'000));
  app.add_flag("--quick", options->quick, "smoke test: N 1000 and 3000, 1 run per point")
      ->excludes(n1)
      ->excludes(n2)
      ->excludes(repeats);
  app.add_flag("--json", options->json, "print one JSON object instead of the table");
  app.add_flag("--keep-files", options->keep_files, "keep the scripts and callgrind files (path on stderr)");
}

int Main(int argc, char** argv) {
  CLI::App app{
      "Instructions per setImmediate callback (callgrind Ir over the whole worker\n"
      "process, slope between two N), for isohost and node, JIT on and --jitless.",
      "checkpoint_cost"};
  Options options;
  AddOptions(app, &options);
  CLI11_PARSE(app, argc, argv);
  if (options.quick) {
    options.n1 = 1000;
    options.n2 = 3000;
    options.repeats = 1;
  }
  if (options.n2 <= options.n1) {
    std::fputs("checkpoint_cost: --n2 must be larger than --n1\n", stderr);
    return 2;
  }
  Programs programs;
  if (!ResolvePrograms(options, &programs)) return 1;
  std::string error;
  std::unique_ptr<TempDir> dir = TempDir::Create("checkpoint_cost", &error);
  if (dir == nullptr || !WriteInputs(options, *dir, &error)) {
    std::fprintf(stderr, "checkpoint_cost: cannot write the scripts in a temporary directory: %s\n",
                 error.c_str());
    return 1;
  }
  if (options.keep_files) dir->Keep();
  int jobs = options.jobs > 0 ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
  std::vector<Run> runs = PlanRuns(options, !programs.node.empty());
  std::fprintf(stderr, "checkpoint_cost: %zu callgrind runs, %d at a time, files in %s\n", runs.size(), jobs,
               dir->path().c_str());
  if (!ExecuteAll(programs, dir->path(), jobs, &runs)) {
    dir->Keep();
    std::fprintf(stderr, "checkpoint_cost: stopped; the files are kept in %s\n", dir->path().c_str());
    return 1;
  }
  CheckpointSetup setup{.n1 = options.n1,
                        .n2 = options.n2,
                        .repeats = options.repeats,
                        .run_jit = !options.jitless_only,
                        .run_jitless = !options.jit_only,
                        .isohost = programs.isohost,
                        .node = programs.node,
                        .node_version = programs.node_version};
  std::vector<ModeResult> results = SummarizeRuns(setup, runs);
  if (options.json) {
    std::printf("%s\n", CheckpointJson(setup, results).dump().c_str());
  } else {
    PrintCheckpointTable(setup, results, stdout);
  }
  if (options.keep_files) std::fprintf(stderr, "checkpoint_cost: files kept in %s\n", dir->path().c_str());
  return 0;
}

}  // namespace
}  // namespace isohost::bench

int main(int argc, char** argv) { return isohost::bench::Main(argc, argv); }
