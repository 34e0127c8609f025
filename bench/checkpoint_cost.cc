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
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

extern char** environ;

namespace isohost::bench {
namespace {

namespace fs = std::filesystem;

// ------------------------------------------------------------------ the rows

// One script shape. Every row but the chained one schedules all N callbacks
// before the loop starts, so the check phase runs them in one JS call with a
// JS-side checkpoint between two callbacks (as Node's processImmediate does).
struct RowSpec {
  const char* id;       // stable key for --json
  const char* label;    // first column of the table
  const char* prelude;  // statement run once before scheduling
  bool chained;         // each callback schedules the next: one loop turn each
};

constexpr RowSpec kRows[] = {
    {"plain", "plain", "", false},
    {"read_next_tick", "after void process.nextTick", "void process.nextTick;", false},
    {"call_next_tick", "after process.nextTick(() => {})", "process.nextTick(() => {});", false},
    {"touch_stdout", "after void process.stdout", "void process.stdout;", false},
    {"chained", "chained setImmediate", "", true},
};
constexpr int kRowCount = static_cast<int>(std::size(kRows));
constexpr int kPlainRow = 0;

enum class Runtime { kIsohost, kNode };

const char* RuntimeName(Runtime runtime) { return runtime == Runtime::kIsohost ? "isohost" : "node"; }

enum class JitMode { kJit, kJitless };

const char* JitModeName(JitMode mode) { return mode == JitMode::kJit ? "jit" : "jitless"; }
const char* JitModeTitle(JitMode mode) {
  return mode == JitMode::kJit ? "JIT on (default V8 flags)" : "--jitless";
}

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

// ----------------------------------------------------------------- options

struct Options {
  int n1 = 4000;
  int n2 = 14000;
  int repeats = 3;
  bool run_jit = true;
  bool run_jitless = true;
  std::string isohost;  // empty: beside this binary
  std::string node;     // empty: `node` on $PATH, if any
  bool skip_node = false;
  int jobs = 0;  // 0: one per core
  bool json = false;
  bool keep_files = false;
};

void PrintUsage(std::FILE* out) {
  std::fputs(
      "Usage: checkpoint_cost [options]\n"
      "Instructions per setImmediate callback (callgrind Ir over the whole worker\n"
      "process, slope between two N), for isohost and node, JIT on and --jitless.\n"
      "\n"
      "  --n1 N            callbacks in the small run (default 4000)\n"
      "  --n2 N            callbacks in the large run (default 14000)\n"
      "  --repeats R       runs per point, the median is used (default 3)\n"
      "  --jit-only        only with the JIT on\n"
      "  --jitless-only    only with --jitless\n"
      "  --isohost PATH    isohost binary (default: beside this binary); its\n"
      "                    isohost-worker is the one in the same directory\n"
      "  --node PATH       node binary (default: node on PATH; skipped if none)\n"
      "  --no-node         isohost only\n"
      "  --jobs J          runs at a time (default: one per core; Ir does not\n"
      "                    depend on it)\n"
      "  --quick           smoke test: N 1000 and 3000, 1 run per point\n"
      "  --json            print one JSON object instead of the table\n"
      "  --keep-files      keep the scripts and callgrind files (path on stderr)\n",
      out);
}

bool ParsePositive(const char* text, int* value) {
  char* end = nullptr;
  long parsed = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || parsed <= 0 || parsed > 100'000'000) return false;
  *value = static_cast<int>(parsed);
  return true;
}

// Returns false after printing the reason; `exit_code` says how to exit.
bool ParseOptions(int argc, char** argv, Options* options, int* exit_code) {
  *exit_code = 2;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    auto value = [&](const char** out) {
      if (i + 1 >= argc) return false;
      *out = argv[++i];
      return true;
    };
    const char* text = nullptr;
    if (arg == "--help" || arg == "-h") {
      PrintUsage(stdout);
      *exit_code = 0;
      return false;
    } else if (arg == "--n1" || arg == "--n2" || arg == "--repeats" || arg == "--jobs") {
      int* target = arg == "--n1"        ? &options->n1
                    : arg == "--n2"      ? &options->n2
                    : arg == "--repeats" ? &options->repeats
                                         : &options->jobs;
      if (!value(&text) || !ParsePositive(text, target)) {
        std::fprintf(stderr, "checkpoint_cost: %s needs a positive integer\n", argv[i - 1]);
        return false;
      }
    } else if (arg == "--isohost" || arg == "--node") {
      if (!value(&text)) {
        std::fprintf(stderr, "checkpoint_cost: %s needs a path\n", argv[i]);
        return false;
      }
      (arg == "--isohost" ? options->isohost : options->node) = text;
    } else if (arg == "--no-node") {
      options->skip_node = true;
    } else if (arg == "--jit-only") {
      options->run_jitless = false;
    } else if (arg == "--jitless-only") {
      options->run_jit = false;
    } else if (arg == "--quick") {
      options->n1 = 1000;
      options->n2 = 3000;
      options->repeats = 1;
    } else if (arg == "--json") {
      options->json = true;
    } else if (arg == "--keep-files") {
      options->keep_files = true;
    } else {
      std::fprintf(stderr, "checkpoint_cost: unknown option '%s'\n", argv[i]);
      PrintUsage(stderr);
      return false;
    }
  }
  if (!options->run_jit && !options->run_jitless) {
    std::fputs("checkpoint_cost: --jit-only and --jitless-only exclude each other\n", stderr);
    return false;
  }
  if (options->n2 <= options->n1) {
    std::fputs("checkpoint_cost: --n2 must be larger than --n1\n", stderr);
    return false;
  }
  return true;
}

// ------------------------------------------------------------ the programs

bool IsExecutable(const std::string& path) { return !path.empty() && ::access(path.c_str(), X_OK) == 0; }

std::string FindOnPath(std::string_view name) {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return {};
  std::string_view dirs = path;
  while (!dirs.empty()) {
    size_t colon = dirs.find(':');
    std::string_view dir = dirs.substr(0, colon);
    dirs = colon == std::string_view::npos ? std::string_view() : dirs.substr(colon + 1);
    if (dir.empty()) continue;
    std::string candidate = std::string(dir) + "/" + std::string(name);
    if (IsExecutable(candidate)) return candidate;
  }
  return {};
}

// The build puts every binary in build/bin, so isohost is our neighbour.
std::string BesideThisBinary(std::string_view name) {
  std::error_code error;
  fs::path self = fs::read_symlink("/proc/self/exe", error);
  if (error) return {};
  return (self.parent_path() / name).string();
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

std::string Absolute(const std::string& path) {
  std::error_code error;
  fs::path absolute = fs::canonical(path, error);
  return error ? path : absolute.string();
}

// ----------------------------------------------------------- running a run

// What to exec and where its output goes. stdin is /dev/null: the host
// forwards its stdin to the worker, and the scripts read none.
struct Command {
  std::vector<std::string> argv;
  std::vector<std::string> extra_env;  // NAME=value, added to ours
  std::string stdout_path;
  std::string stderr_path;
};

// Runs `command` to completion. Returns its exit code (128 + N if killed by
// signal N), or -1 with `error` set if it could not start. posix_spawn opens
// the redirections in the child, so concurrent runs never inherit each
// other's files.
int RunCommand(const Command& command, std::string* error) {
  // getenv() returns the first match, so an inherited ISOHOST_WORKER must go.
  auto overridden = [&command](std::string_view entry) {
    for (const std::string& extra : command.extra_env) {
      if (entry.substr(0, entry.find('=') + 1) == extra.substr(0, extra.find('=') + 1)) return true;
    }
    return false;
  };
  std::vector<std::string> env_storage;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    if (!overridden(*entry)) env_storage.emplace_back(*entry);
  }
  env_storage.insert(env_storage.end(), command.extra_env.begin(), command.extra_env.end());
  std::vector<char*> envp;
  for (std::string& entry : env_storage) envp.push_back(entry.data());
  envp.push_back(nullptr);
  std::vector<std::string> argv_storage = command.argv;
  std::vector<char*> argv;
  for (std::string& arg : argv_storage) argv.push_back(arg.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, command.stdout_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  posix_spawn_file_actions_addopen(&actions, 2, command.stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  pid_t pid = 0;
  int rc = ::posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    *error = "cannot start " + command.argv[0] + ": " + std::strerror(rc);
    return -1;
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      *error = std::string("waitpid failed: ") + std::strerror(errno);
      return -1;
    }
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::string ReadWholeFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool WriteWholeFile(const std::string& path, std::string_view content, bool executable) {
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << content;
    if (!out) return false;
  }
  return !executable || ::chmod(path.c_str(), 0755) == 0;
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

// `isohost run --stats` prints the worker's loop counters as one JSON line on
// stderr. They tell whether a row's extra instructions come with extra tick
// passes or extra calls into JS.
struct LoopStats {
  bool valid = false;
  std::uint64_t checkpoints = 0;
  std::uint64_t tick_passes = 0;
  std::uint64_t check_phase_js_calls = 0;
};

std::uint64_t JsonUint(std::string_view json, std::string_view key) {
  std::string quoted = "\"" + std::string(key) + "\":";
  size_t at = json.find(quoted);
  if (at == std::string_view::npos) return 0;
  return std::strtoull(std::string(json.substr(at + quoted.size(), 24)).c_str(), nullptr, 10);
}

// The last JSON object on stderr that has a "tick_passes" key; other keys
// (the worker's id, newer counters) may come before or after it.
LoopStats ParseLoopStats(const std::string& stderr_text) {
  LoopStats stats{};
  size_t key = stderr_text.rfind("\"tick_passes\":");
  if (key == std::string::npos) return stats;
  size_t open = stderr_text.rfind('{', key);
  size_t close = stderr_text.find('}', key);
  if (open == std::string::npos || close == std::string::npos) return stats;
  std::string_view json = std::string_view(stderr_text).substr(open, close + 1 - open);
  stats.valid = true;
  stats.checkpoints = JsonUint(json, "checkpoints");
  stats.tick_passes = JsonUint(json, "tick_passes");
  stats.check_phase_js_calls = JsonUint(json, "check_phase_js_calls");
  return stats;
}

// ------------------------------------------------------------------- runs

// The wrapper ISOHOST_WORKER points at. It takes its paths from the
// environment, so one file serves every run and no path needs shell quoting.
constexpr const char kWorkerWrapper[] =
    "#!/bin/sh\n"
    "# Written by checkpoint_cost: the host execs this as its worker binary.\n"
    "exec \"$CHECKPOINT_COST_VALGRIND\" --tool=callgrind \\\n"
    "  \"--callgrind-out-file=$CHECKPOINT_COST_CALLGRIND_OUT\" \\\n"
    "  \"--log-file=$CHECKPOINT_COST_VALGRIND_LOG\" \\\n"
    "  \"$CHECKPOINT_COST_REAL_WORKER\" \"$@\"\n";

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

std::string RunName(const Run& run) {
  return std::string(RuntimeName(run.runtime)) + "-" + JitModeName(run.mode) + "-" + kRows[run.row].id + "-" +
         std::to_string(run.callbacks) + "-" + std::to_string(run.repeat);
}

std::string ScriptPath(const std::string& dir, int row, int callbacks) {
  return dir + "/" + kRows[row].id + "-" + std::to_string(callbacks) + ".js";
}

Command IsohostCommand(const Programs& programs, const std::string& dir, const Run& run,
                       const std::string& base) {
  Command command;
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
Command NodeCommand(const Programs& programs, const std::string& dir, const Run& run,
                    const std::string& base) {
  Command command;
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
  Command command = run->runtime == Runtime::kIsohost ? IsohostCommand(programs, dir, *run, base)
                                                      : NodeCommand(programs, dir, *run, base);
  command.stdout_path = base + ".stdout";
  command.stderr_path = base + ".stderr";
  auto start = std::chrono::steady_clock::now();
  int exit_code = RunCommand(command, error);
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
  if (options.run_jit) modes.push_back(JitMode::kJit);
  if (options.run_jitless) modes.push_back(JitMode::kJitless);
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

// ----------------------------------------------------------------- results

double Median(std::vector<std::uint64_t> values) {
  std::sort(values.begin(), values.end());
  size_t mid = values.size() / 2;
  if (values.size() % 2 == 1) return static_cast<double>(values[mid]);
  return (static_cast<double>(values[mid - 1]) + static_cast<double>(values[mid])) / 2;
}

std::uint64_t Range(const std::vector<std::uint64_t>& values) {
  auto [low, high] = std::minmax_element(values.begin(), values.end());
  return *high - *low;
}

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
};

Cell& CellOf(ModeResult& result, int row, Runtime runtime) {
  return result.cells[row][runtime == Runtime::kIsohost ? 0 : 1];
}
const Cell& CellOf(const ModeResult& result, int row, Runtime runtime) {
  return result.cells[row][runtime == Runtime::kIsohost ? 0 : 1];
}

std::vector<ModeResult> Summarize(const Options& options, const std::vector<Run>& runs) {
  std::vector<ModeResult> results;
  for (JitMode mode : {JitMode::kJit, JitMode::kJitless}) {
    if ((mode == JitMode::kJit && !options.run_jit) || (mode == JitMode::kJitless && !options.run_jitless)) {
      continue;
    }
    ModeResult result{mode, {}};
    for (const Run& run : runs) {
      if (run.mode != mode) continue;
      Cell& cell = CellOf(result, run.row, run.runtime);
      cell.present = true;
      bool small = run.callbacks == options.n1;
      (small ? cell.ir_n1 : cell.ir_n2).push_back(run.ir);
      (small ? cell.stats_n1 : cell.stats_n2) = run.stats;
    }
    double span = options.n2 - options.n1;
    for (auto& row : result.cells) {
      for (Cell& cell : row) {
        if (!cell.present) continue;
        cell.per_callback = (Median(cell.ir_n2) - Median(cell.ir_n1)) / span;
        cell.noise = static_cast<double>(Range(cell.ir_n1) + Range(cell.ir_n2)) / span;
      }
    }
    results.push_back(result);
  }
  return results;
}

// ------------------------------------------------------------------ table

// Pads by code points, so that "Δ" takes one column.
std::string Pad(std::string_view text, size_t width, bool left) {
  size_t columns = 0;
  for (char c : text) columns += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  std::string padding(width > columns ? width - columns : 0, ' ');
  return left ? std::string(text) + padding : padding + std::string(text);
}

std::string Format(const char* format, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, value);
  return buffer;
}

void PrintHeader(const Options& options, const Programs& programs) {
  std::printf("checkpoint_cost: instructions per setImmediate callback\n");
  std::printf(
      "  callgrind Ir over the whole process, slope = (Ir(N2) - Ir(N1)) / (N2 - N1), which cancels\n");
  std::printf("  start-up; N1 = %d, N2 = %d callbacks, median of %d run%s per point.\n", options.n1,
              options.n2, options.repeats, options.repeats == 1 ? "" : "s");
  std::printf("  isohost: %s run SCRIPT; only the isohost-worker process is counted\n",
              programs.isohost.c_str());
  std::printf("           (ISOHOST_WORKER = a wrapper that execs it under callgrind).\n");
  if (programs.node.empty()) {
    std::printf("  node: not run (--no-node, or not found: --node PATH), node columns skipped.\n");
  } else {
    std::printf("  node: %s %s, run as plain `node SCRIPT` on its main thread\n", programs.node.c_str(),
                programs.node_version.c_str());
    std::printf("        (not inside a worker_threads Worker).\n");
  }
  std::printf("  Rows 1-4 schedule all N callbacks before the loop starts (one check phase runs them,\n");
  std::printf("  with a checkpoint between two callbacks); row 5 schedules each from the one before it\n");
  std::printf("  (one loop turn per callback, one immediate alive at a time): its delta compares the\n");
  std::printf("  two shapes, not a checkpoint.\n");
}

std::string NumberOrDash(const Cell& cell, double value, const char* format) {
  return cell.present ? Format(format, value) : "-";
}

void PrintModeTable(const ModeResult& result, bool with_node) {
  std::printf("\n%s\n", JitModeTitle(result.mode));
  std::printf("%s%s%s%s%s%s%s\n", Pad("row", 34, true).c_str(), Pad("isohost Ir/cb", 14, false).c_str(),
              Pad("Δ vs plain", 12, false).c_str(), Pad("node Ir/cb", 12, false).c_str(),
              Pad("Δ vs plain", 12, false).c_str(), Pad("isohost/node", 14, false).c_str(),
              Pad("noise iso/node", 17, false).c_str());
  const Cell& iso_plain = CellOf(result, kPlainRow, Runtime::kIsohost);
  const Cell& node_plain = CellOf(result, kPlainRow, Runtime::kNode);
  for (int row = 0; row < kRowCount; ++row) {
    const Cell& iso = CellOf(result, row, Runtime::kIsohost);
    const Cell& node = CellOf(result, row, Runtime::kNode);
    bool first = row == kPlainRow;
    std::string iso_delta = first ? "" : Format("%+.1f", iso.per_callback - iso_plain.per_callback);
    std::string node_delta = !with_node ? "-"
                             : first    ? ""
                                        : Format("%+.1f", node.per_callback - node_plain.per_callback);
    std::string ratio = with_node ? Format("%.2f", iso.per_callback / node.per_callback) : "-";
    std::string noise = "±" + Format("%.1f", iso.noise) + (with_node ? "/" + Format("%.1f", node.noise) : "");
    std::printf("%s%s%s%s%s%s%s\n", Pad(kRows[row].label, 34, true).c_str(),
                Pad(NumberOrDash(iso, iso.per_callback, "%.1f"), 14, false).c_str(),
                Pad(iso_delta, 12, false).c_str(),
                Pad(NumberOrDash(node, node.per_callback, "%.1f"), 12, false).c_str(),
                Pad(node_delta, 12, false).c_str(), Pad(ratio, 14, false).c_str(),
                Pad(noise, 17, false).c_str());
  }
}

// isohost's own counters at N2: a row whose Ir grew should show whether it
// also ran tick passes or extra calls into JS.
void PrintLoopStats(const ModeResult& result, const Options& options) {
  std::printf(
      "  isohost loop counters at N2 = %d (--stats): checkpoints / tick passes / check-phase JS calls\n",
      options.n2);
  for (int row = 0; row < kRowCount; ++row) {
    const LoopStats& stats = CellOf(result, row, Runtime::kIsohost).stats_n2;
    if (!stats.valid) continue;
    std::printf("    %-34s %8" PRIu64 " %8" PRIu64 " %8" PRIu64 "\n", kRows[row].label, stats.checkpoints,
                stats.tick_passes, stats.check_phase_js_calls);
  }
}

void PrintTable(const Options& options, const Programs& programs, const std::vector<ModeResult>& results) {
  PrintHeader(options, programs);
  for (const ModeResult& result : results) {
    PrintModeTable(result, !programs.node.empty());
    PrintLoopStats(result, options);
  }
  std::printf(
      "\nnoise: (max - min at N1 + max - min at N2) / (N2 - N1), a bound on how far run-to-run\n"
      "variation moves a slope; 0 with one run per point. Node's counts vary by millions of Ir\n"
      "from run to run (its compiler and GC threads): read its deltas against this column.\n");
  if (options.run_jit) {
    std::printf(
        "JIT on: V8's optimizing compiles are one-off costs of several million Ir each. One that\n"
        "falls between N1 and N2 in one row but before N1 in another moves that row by hundreds of\n"
        "Ir per callback; a JIT-only delta that goes away with larger --n1/--n2 is one of those,\n"
        "not a per-callback cost.\n");
  }
}

// ------------------------------------------------------------------- JSON

std::string JsonString(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
      out += escaped;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string JsonArray(const std::vector<std::uint64_t>& values) {
  std::string out = "[";
  for (size_t i = 0; i < values.size(); ++i) out += (i ? "," : "") + std::to_string(values[i]);
  return out + "]";
}

std::string JsonStats(const LoopStats& stats) {
  if (!stats.valid) return "null";
  return "{\"checkpoints\":" + std::to_string(stats.checkpoints) +
         ",\"tick_passes\":" + std::to_string(stats.tick_passes) +
         ",\"check_phase_js_calls\":" + std::to_string(stats.check_phase_js_calls) + "}";
}

std::string JsonCell(const Cell& cell, const Cell& plain, bool with_stats) {
  if (!cell.present) return "null";
  std::string out = "{\"ir_per_callback\":" + Format("%.2f", cell.per_callback) +
                    ",\"delta_vs_plain\":" + Format("%.2f", cell.per_callback - plain.per_callback) +
                    ",\"noise\":" + Format("%.2f", cell.noise) + ",\"ir_n1\":" + JsonArray(cell.ir_n1) +
                    ",\"ir_n2\":" + JsonArray(cell.ir_n2);
  if (with_stats)
    out += ",\"stats_n1\":" + JsonStats(cell.stats_n1) + ",\"stats_n2\":" + JsonStats(cell.stats_n2);
  return out + "}";
}

std::string JsonMode(const ModeResult& result) {
  std::string out = "[";
  const Cell& iso_plain = CellOf(result, kPlainRow, Runtime::kIsohost);
  const Cell& node_plain = CellOf(result, kPlainRow, Runtime::kNode);
  for (int row = 0; row < kRowCount; ++row) {
    const Cell& iso = CellOf(result, row, Runtime::kIsohost);
    const Cell& node = CellOf(result, row, Runtime::kNode);
    std::string ratio = node.present ? Format("%.4f", iso.per_callback / node.per_callback) : "null";
    out += std::string(row ? "," : "") + "{\"row\":" + JsonString(kRows[row].id) +
           ",\"label\":" + JsonString(kRows[row].label) + ",\"isohost\":" + JsonCell(iso, iso_plain, true) +
           ",\"node\":" + JsonCell(node, node_plain, false) + ",\"isohost_over_node\":" + ratio + "}";
  }
  return out + "]";
}

void PrintJson(const Options& options, const Programs& programs, const std::vector<ModeResult>& results) {
  std::string out = "{\"benchmark\":\"checkpoint_cost\",\"unit\":\"callgrind Ir per setImmediate callback\"";
  out += ",\"n1\":" + std::to_string(options.n1) + ",\"n2\":" + std::to_string(options.n2) +
         ",\"repeats\":" + std::to_string(options.repeats);
  out += ",\"isohost\":" + JsonString(programs.isohost);
  out += ",\"node\":" + (programs.node.empty() ? std::string("null") : JsonString(programs.node));
  out += ",\"node_version\":" +
         (programs.node.empty() ? std::string("null") : JsonString(programs.node_version));
  out += ",\"node_mode\":\"plain `node SCRIPT` on the main thread, not a worker_threads Worker\"";
  out += ",\"modes\":{";
  for (size_t i = 0; i < results.size(); ++i) {
    out += std::string(i ? "," : "") + JsonString(JitModeName(results[i].mode)) + ":" + JsonMode(results[i]);
  }
  out += "}}";
  std::printf("%s\n", out.c_str());
}

// ------------------------------------------------------------------ setup

std::string NodeVersion(const std::string& node, const std::string& dir) {
  Command command{{node, "--version"}, {}, dir + "/node-version.txt", "/dev/null"};
  std::string error;
  if (RunCommand(command, &error) != 0) return "(version unknown)";
  std::string version = ReadWholeFile(command.stdout_path);
  while (!version.empty() && std::isspace(static_cast<unsigned char>(version.back()))) version.pop_back();
  return version;
}

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
  std::string node = options.node.empty() ? FindOnPath("node") : options.node;
  if (!options.node.empty() && !IsExecutable(node)) {
    std::fprintf(stderr, "checkpoint_cost: no node binary at '%s'\n", node.c_str());
    return false;
  }
  if (!node.empty()) programs->node = Absolute(node);
  return true;
}

// Writes every script and the worker wrapper; false on the first failure.
bool WriteInputs(const Options& options, const std::string& dir) {
  std::error_code error;
  fs::create_directories(dir + "/runs", error);
  if (error) return false;
  if (!WriteWholeFile(dir + "/worker-under-callgrind.sh", kWorkerWrapper, true)) return false;
  for (int row = 0; row < kRowCount; ++row) {
    for (int callbacks : {options.n1, options.n2}) {
      if (!WriteWholeFile(ScriptPath(dir, row, callbacks), ScriptSource(kRows[row], callbacks), false)) {
        return false;
      }
    }
  }
  return true;
}

std::string MakeTempDir() {
  std::string pattern = (fs::temp_directory_path() / "checkpoint_cost.XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) return {};
  return pattern;
}

int Main(int argc, char** argv) {
  Options options;
  int exit_code = 0;
  if (!ParseOptions(argc, argv, &options, &exit_code)) return exit_code;
  Programs programs;
  if (!ResolvePrograms(options, &programs)) return 1;
  std::string dir = MakeTempDir();
  if (dir.empty() || !WriteInputs(options, dir)) {
    std::fprintf(stderr, "checkpoint_cost: cannot write the scripts in a temporary directory\n");
    return 1;
  }
  if (!programs.node.empty()) programs.node_version = NodeVersion(programs.node, dir);
  int jobs = options.jobs > 0 ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
  std::vector<Run> runs = PlanRuns(options, !programs.node.empty());
  std::fprintf(stderr, "checkpoint_cost: %zu callgrind runs, %d at a time, files in %s\n", runs.size(), jobs,
               dir.c_str());
  bool ok = ExecuteAll(programs, dir, jobs, &runs);
  if (!ok) {
    std::fprintf(stderr, "checkpoint_cost: stopped; the files are kept in %s\n", dir.c_str());
    return 1;
  }
  std::vector<ModeResult> results = Summarize(options, runs);
  if (options.json) {
    PrintJson(options, programs, results);
  } else {
    PrintTable(options, programs, results);
  }
  if (options.keep_files) {
    std::fprintf(stderr, "checkpoint_cost: files kept in %s\n", dir.c_str());
  } else {
    std::error_code error;
    fs::remove_all(dir, error);
  }
  return 0;
}

}  // namespace
}  // namespace isohost::bench

int main(int argc, char** argv) { return isohost::bench::Main(argc, argv); }
