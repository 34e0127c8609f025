// bench/task_pool: isohost's task pool next to piscina (the task pool of
// Node's worker_threads) in one run, on the same task files: tiny tasks at
// 1, 2 and 8 workers, 1 MiB payload round trips, a CPU-bound ~5 ms task, cold
// start -> first result, and a task that crashes its worker every 100th.
//
// Both sides feed tasks the same way (a fixed window of unsettled tasks,
// each new one started when one settles) and time each from run() to its
// result. Rounds interleave the two (the order flips every round), so that
// drift of a shared machine spreads over both. piscina is installed from npm
// into the build tree on the first run; without node or npm its rows are
// skipped, and the benchmark says so.
#include <CLI/CLI.hpp>
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>

#include "bench/common/node_harness.h"
#include "bench/common/stats.h"
#include "bench/common/subprocess.h"
#include "bench/common/temp_dir.h"
#include "bench/task_pool_isohost.h"
#include "bench/task_pool_report.h"

namespace isohost::bench {
namespace {

// The task files, identical for both runtimes.
constexpr char kTinyScript[] = "module.exports = (n) => n + 1;\n";
constexpr char kPayloadScript[] = "module.exports = (bytes) => bytes;\n";
// About 5 ms of V8's time on this kind of machine, under Node 20 and V8 10.2 alike.
constexpr char kCpuScript[] =
    "module.exports = (i) => {\n"
    "  let x = 0;\n"
    "  for (let k = 0; k < 2500000; k++) x += Math.sqrt(k + i);\n"
    "  return x;\n"
    "};\n";
constexpr char kCrashScript[] =
    "module.exports = (n) => {\n"
    "  if (n % 100 === 99) process.exit(1);\n"
    "  return n + 1;\n"
    "};\n";

constexpr char kPiscinaPackage[] = "piscina@5.3.2";

struct Flags {
  int rounds = 3;
  double scale = 1.0;  // of every case's task count
  bool quick = false;
  bool json = false;
  std::string svg;
  std::string node;
  std::string npm_dir = ISOHOST_BENCH_NPM_DIR;
  std::vector<std::string> cases;  // empty: all
};

struct Case {
  const char* name;
  const char* script;  // file name in the temp dir
  int workers;
  int tasks;
  int window_per_worker;
  std::size_t payload_bytes = 0;
};

const Case kCases[] = {
    {"tiny", "tiny.js", 1, 20000, 4},
    {"tiny", "tiny.js", 2, 20000, 4},
    {"tiny", "tiny.js", 8, 20000, 4},
    {"payload_1mib", "payload.js", 2, 400, 2, std::size_t{1} << 20},
    {"cpu", "cpu.js", 1, 150, 2},
    {"cpu", "cpu.js", 2, 300, 2},
    {"crash_every_100", "crash.js", 2, 5000, 4},
};
constexpr int kColdStartSamples = 10;

bool FileExists(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0;
}

// piscina in `dir`/node_modules, installed with npm the first time. Returns
// its version, or empty with `why` set.
std::string EnsurePiscina(const std::string& dir, const NodeHarness& node, std::string* why) {
  if (!node.available()) {
    *why = "node is not on PATH";
    return {};
  }
  std::string package_json = dir + "/node_modules/piscina/package.json";
  if (!FileExists(package_json)) {
    std::string npm = FindOnPath("npm");
    if (npm.empty()) {
      *why = "npm is not on PATH to install piscina";
      return {};
    }
    std::fprintf(stderr, "installing %s into %s\n", kPiscinaPackage, dir.c_str());
    ProcessResult result;
    std::string error;
    if (!RunProcess({npm, "install", "--prefix", dir, kPiscinaPackage, "--no-audit", "--no-fund", "--silent"},
                    &result, &error) ||
        result.exit_code != 0 || !FileExists(package_json)) {
      *why = "npm install " + std::string(kPiscinaPackage) + " failed" + (error.empty() ? "" : ": " + error);
      return {};
    }
  }
  std::ifstream in(package_json);
  nlohmann::json package = nlohmann::json::parse(in, nullptr, false);
  return package.is_object() ? package.value("version", std::string("?")) : std::string("?");
}

TaskPoolRow* RowFor(TaskPoolResults* results, const std::string& runtime, const std::string& name, int workers) {
  for (TaskPoolRow& row : results->rows) {
    if (row.runtime == runtime && row.name == name && row.workers == workers) return &row;
  }
  results->rows.push_back({runtime, name, workers, {}, {}, 0});
  return &results->rows.back();
}

int Run(const Flags& flags) {
  TaskPoolResults results;
  results.rounds = flags.rounds;
  std::string error;
  std::unique_ptr<TempDir> dir = TempDir::Create("isohost-task-pool", &error);
  if (!dir) {
    std::fprintf(stderr, "task_pool: %s\n", error.c_str());
    return 1;
  }
  for (auto [name, text] : {std::pair{"tiny.js", kTinyScript}, std::pair{"payload.js", kPayloadScript},
                            std::pair{"cpu.js", kCpuScript}, std::pair{"crash.js", kCrashScript}}) {
    if (dir->WriteFile(name, text, &error).empty()) {
      std::fprintf(stderr, "task_pool: %s\n", error.c_str());
      return 1;
    }
  }
  auto script = [&](const char* name) { return dir->path() + "/" + name; };

  NodeHarness node(flags.node, "task_pool.js");
  results.piscina_version = EnsurePiscina(flags.npm_dir, node, &results.skipped);
  if (results.piscina_version.empty()) {
    std::fprintf(stderr, "task_pool: piscina is skipped: %s\n", results.skipped.c_str());
  } else {
    results.node_version = node.Version();
  }
  bool piscina = !results.piscina_version.empty();

  IsohostTaskPools isohost("");
  auto scaled = [&](int tasks) { return std::max(10, static_cast<int>(tasks * flags.scale)); };

  auto wanted = [&](const std::string& name) {
    return flags.cases.empty() || std::find(flags.cases.begin(), flags.cases.end(), name) != flags.cases.end();
  };
  for (int round = 0; round < flags.rounds; ++round) {
    bool isohost_first = round % 2 == 0;
    for (const Case& c : kCases) {
      if (!wanted(c.name)) continue;
      ThroughputSpec spec;
      spec.script = script(c.script);
      spec.workers = static_cast<std::size_t>(c.workers);
      spec.tasks = scaled(c.tasks);
      spec.window = c.window_per_worker * c.workers;
      spec.warmup = std::min(spec.tasks, 200);
      spec.payload_bytes = c.payload_bytes;
      std::fprintf(stderr, "[round %d/%d] %-16s x%d", round + 1, flags.rounds, c.name, c.workers);
      for (int side = 0; side < 2; ++side) {
        bool run_isohost = (side == 0) == isohost_first;
        if (run_isohost) {
          ThroughputResult measured;
          if (!isohost.Throughput(spec, &measured, &error)) {
            std::fprintf(stderr, "\ntask_pool: isohost %s: %s\n", c.name, error.c_str());
            return 1;
          }
          TaskPoolRow* row = RowFor(&results, "isohost", c.name, c.workers);
          row->round_tasks_per_s.push_back(measured.tasks_per_s);
          row->latencies_ms.insert(row->latencies_ms.end(), measured.latencies_ms.begin(),
                                   measured.latencies_ms.end());
          row->failed += measured.failed;
          std::fprintf(stderr, "  isohost %.0f/s", measured.tasks_per_s);
        } else if (piscina) {
          nlohmann::json out;
          if (!node.Run({"throughput", "--piscina", flags.npm_dir, "--script", spec.script, "--workers",
                         std::to_string(spec.workers), "--tasks", std::to_string(spec.tasks), "--window",
                         std::to_string(spec.window), "--warmup", std::to_string(spec.warmup), "--payload-bytes",
                         std::to_string(spec.payload_bytes)},
                        &out, &error)) {
            std::fprintf(stderr, "\ntask_pool: piscina %s: %s\n", c.name, error.c_str());
            return 1;
          }
          TaskPoolRow* row = RowFor(&results, "piscina", c.name, c.workers);
          row->round_tasks_per_s.push_back(out.value("tasks_per_s", 0.0));
          for (double ms : out.value("latencies_ms", std::vector<double>{})) row->latencies_ms.push_back(ms);
          row->failed += out.value("failed", std::uint64_t{0});
          std::fprintf(stderr, "  piscina %.0f/s", out.value("tasks_per_s", 0.0));
        }
      }
      std::fprintf(stderr, "\n");
    }
    if (!wanted("cold_start")) continue;
    std::fprintf(stderr, "[round %d/%d] cold_start      ", round + 1, flags.rounds);
    for (int side = 0; side < 2; ++side) {
      bool run_isohost = (side == 0) == isohost_first;
      int samples = flags.quick ? 3 : kColdStartSamples;
      if (run_isohost) {
        TaskPoolRow* row = RowFor(&results, "isohost", "cold_start", 1);
        std::size_t before = row->latencies_ms.size();
        if (!isohost.ColdStart(script("tiny.js"), samples, &row->latencies_ms, &error)) {
          std::fprintf(stderr, "\ntask_pool: isohost cold start: %s\n", error.c_str());
          return 1;
        }
        std::vector<double> these(row->latencies_ms.begin() + static_cast<std::ptrdiff_t>(before), row->latencies_ms.end());
        row->round_tasks_per_s.push_back(1000 / Median(these));
        std::fprintf(stderr, "  isohost median %.2f ms", Median(these));
      } else if (piscina) {
        nlohmann::json out;
        if (!node.Run({"cold", "--piscina", flags.npm_dir, "--script", script("tiny.js"), "--samples",
                       std::to_string(samples)},
                      &out, &error)) {
          std::fprintf(stderr, "\ntask_pool: piscina cold start: %s\n", error.c_str());
          return 1;
        }
        TaskPoolRow* row = RowFor(&results, "piscina", "cold_start", 1);
        std::vector<double> these = out.value("samples_ms", std::vector<double>{});
        row->latencies_ms.insert(row->latencies_ms.end(), these.begin(), these.end());
        if (!these.empty()) row->round_tasks_per_s.push_back(1000 / Median(these));
        std::fprintf(stderr, "  piscina median %.2f ms", these.empty() ? 0.0 : Median(these));
      }
    }
    std::fprintf(stderr, "\n");
  }
  if (wanted("cold_start") && !isohost.ColdStartWithNewZygote(script("tiny.js"), flags.quick ? 2 : 5, &results.cold_start_new_zygote_ms,
                                      &error)) {
    std::fprintf(stderr, "task_pool: isohost cold start with a new zygote: %s\n", error.c_str());
    return 1;
  }
  results.load.Finish();

  // isohost and piscina of one case side by side.
  std::stable_sort(results.rows.begin(), results.rows.end(), [](const TaskPoolRow& a, const TaskPoolRow& b) {
    auto order = [](const TaskPoolRow& row) {
      static const char* kOrder[] = {"tiny", "payload_1mib", "cpu", "crash_every_100", "cold_start"};
      for (int i = 0; i < 5; ++i) {
        if (row.name == kOrder[i]) return i;
      }
      return 5;
    };
    return std::tuple(order(a), a.workers, a.runtime) < std::tuple(order(b), b.workers, b.runtime);
  });
  if (flags.json) {
    std::cout << TaskPoolJson(results).dump(2) << "\n";
  } else {
    PrintTaskPoolTable(results, stdout);
  }
  if (!flags.svg.empty()) {
    std::ofstream(flags.svg) << TaskPoolSvg(results);
    std::fprintf(stderr, "wrote %s\n", flags.svg.c_str());
  }
  return 0;
}

}  // namespace
}  // namespace isohost::bench

int main(int argc, char** argv) {
  isohost::bench::Flags flags;
  CLI::App app{"isohost's task pool next to piscina: throughput, latency, cold start, crashes"};
  app.add_option("-r,--rounds", flags.rounds, "Interleaved rounds")->check(CLI::Range(1, 100))->capture_default_str();
  app.add_option("--scale", flags.scale, "Multiply every case's task count")->check(CLI::Range(0.001, 100.0));
  app.add_flag("--quick", flags.quick, "One round, a tenth of the tasks: a smoke test");
  app.add_flag("--json", flags.json, "Print the results as JSON");
  app.add_option("--svg", flags.svg, "Write the latency distributions to this SVG file");
  app.add_option("--node", flags.node, "The node binary (default: node on PATH)");
  app.add_option("--case", flags.cases, "Run only this case (repeatable): tiny, payload_1mib, cpu, cold_start, crash_every_100");
  app.add_option("--npm-dir", flags.npm_dir, "Where piscina is installed (npm install --prefix)")->capture_default_str();
  CLI11_PARSE(app, argc, argv);
  if (flags.quick) {
    flags.rounds = 1;
    flags.scale = std::min(flags.scale, 0.1);
  }
  return isohost::bench::Run(flags);
}
