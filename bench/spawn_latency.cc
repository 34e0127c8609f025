// bench/spawn_latency: how long the host waits for a usable worker, and
// what an idle one costs, next to Node's worker_threads on the same machine
// and the same worker files. DESIGN.md ("Spawn") defines the latency: from
// the host's spawn call to the host receiving the worker's first message.
//
// Rounds interleave the contenders (each isohost strategy, then Node; the
// order flips every round) so that drift of the machine (thermal state,
// page cache, other load) spreads over all rows instead of biasing one.
#include <sys/stat.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <numeric>

#include "bench/common/node_harness.h"
#include "bench/common/stats.h"
#include "bench/common/subprocess.h"
#include "bench/common/temp_dir.h"
#include "host/launch/launcher.h"
#include "isohost/supervisor.h"
#include "bench/spawn_latency_isohost.h"
#include "bench/spawn_latency_report.h"

namespace isohost::bench {
namespace {

// The worker files; both runtimes load the same bytes from a temp dir.
constexpr char kPostWorker[] = "require('worker_threads').parentPort.postMessage(1);\n";
constexpr char kStdioWorker[] =
    "console.log('hello from a worker');\n"
    "require('worker_threads').parentPort.postMessage(1);\n";
constexpr char kIdleWorker[] =
    "const { parentPort } = require('worker_threads');\n"
    "parentPort.on('message', () => process.exit(0));\n"
    "parentPort.postMessage(1);\n";

// The large package of the large_package_* rows, installed with npm into the
// build tree on the first run: a real package whose main file is ~9 MB.
constexpr char kLargePackage[] = "typescript@5.4.5";
constexpr char kLargePackageName[] = "typescript";

struct Flags {
  int n = 30;
  int large_n = 0;  // samples of the large_package_* rows per round; 0: n / 5, at least 2
  bool no_large_package = false;
  int rounds = 5;
  int warmup = 1;
  int total = 100;       // workers per concurrent-spawn sample
  int concurrency = 8;    // of which at most this many run at once
  int memory_workers = 10;
  int settle_ms = 200;
  bool quick = false;
  bool json = false;
  std::string svg;
  std::string node;
  std::string filter;  // only the rows whose strategy contains it; empty: all
};

// The compile cache an isohost worker of a variant has: none, an empty one
// for each sample, or one its warm-up filled.
enum class CompileCacheState { kNone, kCold, kWarm };

struct Variant {
  const char* name;
  const char* script;  // file name in the temp dir
  SpawnEnd end;
  CompileCacheState cache = CompileCacheState::kNone;
  bool large = false;  // requires the large package: fewer samples, skipped without it
};

// "exit" runs the post worker: spawn -> exit is "post" plus the teardown.
constexpr Variant kVariants[] = {
    {"post", "post.js", SpawnEnd::kFirstMessage},
    {"stdio", "stdio.js", SpawnEnd::kFirstMessage},
    {"exit", "post.js", SpawnEnd::kExit},
    {"large_package_cold", "large.js", SpawnEnd::kFirstMessage, CompileCacheState::kCold, true},
    {"large_package_warm", "large.js", SpawnEnd::kFirstMessage, CompileCacheState::kWarm, true},
};

int SamplesOf(const Variant& variant, const Flags& flags) {
  if (!variant.large) return flags.n;
  return flags.large_n > 0 ? flags.large_n : std::max(2, flags.n / 5);
}

// One column of the comparison: an isohost strategy or Node. Each function
// measures one round's worth and reports failure through `error`.
struct Contender {
  std::string runtime;
  std::string strategy;
  std::function<bool(const Variant&, std::vector<double>*, std::string*)> latency;
  std::function<bool(double*, std::string*)> concurrent;
  std::function<bool(MemoryRow*, std::string*)> memory;
  std::shared_ptr<std::vector<double>> sandbox_us;  // SpawnStrategy::sandbox_us
};

Contender IsohostContender(const SpawnStrategy& strategy, const Flags& flags,
                           const std::string& dir) {
  Contender c{"isohost", strategy.name, {}, {}, {}, strategy.sandbox_us};
  auto cold_count = std::make_shared<int>(0);
  c.latency = [=](const Variant& variant, std::vector<double>* samples, std::string* error) {
    std::function<std::string()> cache_dir;
    int warmup = flags.warmup;
    if (variant.cache == CompileCacheState::kCold) {
      // A new directory per worker; the last one's goes (its worker has exited).
      cache_dir = [=] {
        std::error_code ignored;
        std::filesystem::remove_all(dir + "/cache-cold-" + strategy.name + std::to_string(*cold_count), ignored);
        return dir + "/cache-cold-" + strategy.name + std::to_string(++*cold_count);
      };
    } else if (variant.cache == CompileCacheState::kWarm) {
      cache_dir = [=] { return dir + "/cache-warm"; };
      warmup = std::max(1, warmup);  // the warm-up fills it
    }
    return MeasureSequentialSpawns(strategy, dir + "/" + variant.script, variant.end, SamplesOf(variant, flags),
                                   warmup, samples, error, cache_dir);
  };
  c.concurrent = [=](double* ms, std::string* error) {
    return MeasureConcurrentSpawns(strategy, dir + "/post.js", flags.total, flags.concurrency, ms, error);
  };
  c.memory = [=](MemoryRow* row, std::string* error) {
    IdleWorkersMemory memory;
    if (!MeasureIdleMemory(strategy, dir + "/idle.js", flags.memory_workers, flags.settle_ms,
                           &memory, error)) {
      return false;
    }
    std::vector<double> pss, uss, rss;
    for (const ProcessMemory& one : memory.workers) {
      pss.push_back(static_cast<double>(one.pss_kib));
      uss.push_back(static_cast<double>(one.private_kib));
      rss.push_back(static_cast<double>(one.rss_kib));
    }
    row->runtime = "isohost";
    row->strategy = strategy.name;
    row->measure = "PSS of a worker process (median)";
    row->workers = flags.memory_workers;
    row->per_worker_kib = Median(pss);
    row->total_kib = std::accumulate(pss.begin(), pss.end(), 0.0);
    row->private_kib_per_worker = Median(uss);
    row->rss_kib_per_worker = Median(rss);
    row->host_rss_growth_kib = static_cast<double>(memory.host_rss_growth_kib);
    return true;
  };
  return c;
}

Contender NodeContender(const NodeHarness& node, const Flags& flags, const std::string& dir) {
  Contender c{"node", "worker_threads", {}, {}, {}, nullptr};
  c.latency = [=](const Variant& variant, std::vector<double>* samples, std::string* error) {
    nlohmann::json out;
    if (!node.Run({"latency", "--worker", dir + "/" + variant.script, "--until",
                   variant.end == SpawnEnd::kExit ? "exit" : "message", "--n",
                   std::to_string(SamplesOf(variant, flags)), "--warmup", std::to_string(flags.warmup)},
                  &out, error)) {
      return false;
    }
    for (double ms : out.value("samples_ms", std::vector<double>{})) samples->push_back(ms);
    return true;
  };
  c.concurrent = [=](double* ms, std::string* error) {
    nlohmann::json out;
    if (!node.Run({"concurrent", "--worker", dir + "/post.js", "--workers", std::to_string(flags.total),
                   "--concurrency", std::to_string(flags.concurrency)}, &out, error)) {
      return false;
    }
    *ms = out.value("elapsed_ms", 0.0);
    return true;
  };
  c.memory = [=](MemoryRow* row, std::string* error) {
    nlohmann::json out;
    if (!node.Run({"memory", "--worker", dir + "/idle.js", "--workers",
                   std::to_string(flags.memory_workers), "--settle-ms",
                   std::to_string(flags.settle_ms)}, &out, error)) {
      return false;
    }
    double growth = out.value("rss_growth_kib", 0.0);
    row->runtime = "node";
    row->strategy = "worker_threads";
    row->measure = "RSS growth of the process / workers";
    row->workers = flags.memory_workers;
    row->per_worker_kib = growth / flags.memory_workers;
    row->total_kib = growth;
    return true;
  };
  return c;
}

// Contenders in the order of round 0; odd rounds run them in reverse.
std::vector<const Contender*> RoundOrder(const std::vector<Contender>& contenders, int round) {
  std::vector<const Contender*> order;
  for (const Contender& c : contenders) order.push_back(&c);
  if (round % 2 == 1) std::reverse(order.begin(), order.end());
  return order;
}

LatencyRow* FindRow(SpawnLatencyResults* results, const Contender& c, const Variant& v) {
  for (LatencyRow& row : results->latency) {
    if (row.runtime == c.runtime && row.strategy == c.strategy && row.variant == v.name) return &row;
  }
  results->latency.push_back({c.runtime, c.strategy, v.name, {}, {}});
  return &results->latency.back();
}

bool RunLatencyRound(const std::vector<Contender>& contenders, int round, const Flags& flags,
                     SpawnLatencyResults* results, std::string* error) {
  for (const Variant& variant : kVariants) {
    if (variant.large && results->large_package.empty()) continue;
    std::fprintf(stderr, "[round %d/%d] %-5s", round + 1, flags.rounds, variant.name);
    for (const Contender* c : RoundOrder(contenders, round)) {
      // A sandboxed worker may not read the package, and gets no compile
      // cache (docs/sandbox.md): the large_package rows are unsandboxed only.
      if (variant.large && c->strategy.ends_with("+sandbox")) continue;
      std::vector<double> samples;
      if (!c->latency(variant, &samples, error)) {
        *error = c->runtime + " " + c->strategy + " " + variant.name + ": " + *error;
        return false;
      }
      LatencyRow* row = FindRow(results, *c, variant);
      row->samples_ms.insert(row->samples_ms.end(), samples.begin(), samples.end());
      row->round_medians_ms.push_back(Median(samples));
      std::fprintf(stderr, "  %s/%s median %.2f ms", c->runtime.c_str(), c->strategy.c_str(),
                   Median(samples));
    }
    std::fprintf(stderr, "\n");
  }
  return true;
}

bool RunConcurrentRound(const std::vector<Contender>& contenders, int round,
                        SpawnLatencyResults* results, std::string* error) {
  std::fprintf(stderr, "[round %d] %d workers, %d at a time", round + 1, results->total, results->concurrency);
  for (const Contender* c : RoundOrder(contenders, round)) {
    double ms = 0;
    if (!c->concurrent(&ms, error)) {
      *error = c->runtime + " " + c->strategy + " concurrent: " + *error;
      return false;
    }
    auto it = std::find_if(results->concurrent.begin(), results->concurrent.end(),
                           [&](const ConcurrentRow& row) {
                             return row.runtime == c->runtime && row.strategy == c->strategy;
                           });
    if (it == results->concurrent.end()) {
      it = results->concurrent.insert(it, {c->runtime, c->strategy, {}});
    }
    it->samples_ms.push_back(ms);
    std::fprintf(stderr, "  %s/%s %.1f ms", c->runtime.c_str(), c->strategy.c_str(), ms);
  }
  std::fprintf(stderr, "\n");
  return true;
}

bool RunMemory(const std::vector<Contender>& contenders, SpawnLatencyResults* results,
               std::string* error) {
  for (const Contender& c : contenders) {
    MemoryRow row;
    if (!c.memory(&row, error)) {
      *error = c.runtime + " " + c.strategy + " memory: " + *error;
      return false;
    }
    std::fprintf(stderr, "[memory] %s/%s %.0f KiB per idle worker\n", c.runtime.c_str(),
                 c.strategy.c_str(), row.per_worker_kib);
    results->memory.push_back(std::move(row));
  }
  return true;
}

bool WriteScripts(TempDir& dir, std::string* error) {
  return !dir.WriteFile("post.js", kPostWorker, error).empty() &&
         !dir.WriteFile("stdio.js", kStdioWorker, error).empty() &&
         !dir.WriteFile("idle.js", kIdleWorker, error).empty();
}

bool FileExists(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0;
}

// The large package in `npm_dir`/node_modules, installed with npm the first
// time; writes large.js, which requires it and posts. Fills results'
// large_package, or large_package_skipped with the reason.
void PrepareLargePackage(TempDir& dir, const std::string& npm_dir, SpawnLatencyResults* results) {
  std::string package_dir = npm_dir + "/node_modules/" + kLargePackageName;
  if (!FileExists(package_dir + "/package.json")) {
    std::string npm = FindOnPath("npm");
    if (npm.empty()) {
      results->large_package_skipped = std::string("npm is not on PATH to install ") + kLargePackage;
      return;
    }
    std::fprintf(stderr, "installing %s into %s\n", kLargePackage, npm_dir.c_str());
    ProcessResult result;
    std::string error;
    if (!RunProcess({npm, "install", "--prefix", npm_dir, kLargePackage, "--no-audit", "--no-fund", "--silent"},
                    &result, &error) ||
        result.exit_code != 0 || !FileExists(package_dir + "/package.json")) {
      results->large_package_skipped =
          std::string("npm install ") + kLargePackage + " failed" + (error.empty() ? "" : ": " + error);
      return;
    }
  }
  std::string main_file = package_dir + "/lib/typescript.js";
  std::error_code size_error;
  auto size = std::filesystem::file_size(main_file, size_error);
  std::string error;
  nlohmann::json package_path = package_dir;
  std::string script = "require(" + package_path.dump() + ");\nrequire('worker_threads').parentPort.postMessage(1);\n";
  if (dir.WriteFile("large.js", script, &error).empty()) {
    results->large_package_skipped = error;
    return;
  }
  results->large_package = kLargePackage;
  results->large_package_mb = size_error ? 0 : static_cast<double>(size) / (1 << 20);
}

int Run(const Flags& flags) {
  std::string error;
  std::unique_ptr<TempDir> dir = TempDir::Create("isohost-spawn-latency", &error);
  if (!dir || !WriteScripts(*dir, &error)) {
    std::fprintf(stderr, "spawn_latency: %s\n", error.c_str());
    return 1;
  }
  std::vector<SpawnStrategy> strategies = SpawnStrategies();
  std::vector<Contender> contenders;
  for (const SpawnStrategy& strategy : strategies) {
    if (strategy.name.find(flags.filter) == std::string::npos) continue;
    contenders.push_back(IsohostContender(strategy, flags, dir->path()));
  }
  SpawnLatencyResults results;
  results.default_strategy = std::string(SpawnStrategyName(SupervisorOptions{}.default_strategy));
  results.n = flags.n;
  results.rounds = flags.rounds;
  results.warmup = flags.warmup;
  results.concurrency = flags.concurrency;
  results.total = flags.total;
  results.settle_ms = flags.settle_ms;
  if (flags.no_large_package) {
    results.large_package_skipped = "--no-large-package";
  } else {
    PrepareLargePackage(*dir, ISOHOST_BENCH_NPM_DIR, &results);
    if (!results.large_package_skipped.empty()) {
      std::fprintf(stderr, "spawn_latency: large_package rows skipped: %s\n", results.large_package_skipped.c_str());
    }
  }
  NodeHarness node(flags.node, "spawn_latency.js");
  if (std::string("worker_threads").find(flags.filter) == std::string::npos) {
    std::fprintf(stderr, "spawn_latency: Node rows skipped (--filter)\n");
  } else if (node.available()) {
    results.node_version = node.Version();
    contenders.push_back(NodeContender(node, flags, dir->path()));
  } else {
    std::fprintf(stderr, "spawn_latency: no node found (%s); Node rows are skipped\n",
                 flags.node.empty() ? "not on PATH" : flags.node.c_str());
  }

  for (int round = 0; round < flags.rounds; ++round) {
    if (!RunLatencyRound(contenders, round, flags, &results, &error) ||
        !RunConcurrentRound(contenders, round, &results, &error)) {
      std::fprintf(stderr, "spawn_latency: %s\n", error.c_str());
      return 1;
    }
  }
  for (const Contender& c : contenders) {
    if (c.sandbox_us && !c.sandbox_us->empty()) results.sandbox_cost.push_back({c.strategy, *c.sandbox_us});
  }
  if (!RunMemory(contenders, &results, &error)) {
    std::fprintf(stderr, "spawn_latency: %s\n", error.c_str());
    return 1;
  }
  results.machine.Finish();

  if (flags.json) {
    std::cout << SpawnLatencyJson(results).dump(2) << std::endl;
  } else {
    PrintSpawnLatencyTables(results, stdout);
  }
  if (!flags.svg.empty()) {
    std::ofstream(flags.svg) << SpawnLatencySvg(results);
    std::fprintf(stderr, "spawn_latency: wrote %s\n", flags.svg.c_str());
  }
  return 0;
}

}  // namespace
}  // namespace isohost::bench

int main(int argc, char** argv) {
  isohost::bench::Flags flags;
  CLI::App app{"Spawn latency and idle memory of isohost workers, next to Node's worker_threads."};
  app.add_option("-n", flags.n, "Sequential spawns per row and round")->check(CLI::PositiveNumber);
  app.add_option("-r,--rounds", flags.rounds, "Interleaved rounds")->check(CLI::PositiveNumber);
  app.add_option("--warmup", flags.warmup, "Untimed spawns before each run")->check(CLI::NonNegativeNumber);
  app.add_option("--total", flags.total, "Workers per concurrent-spawn sample")->check(CLI::PositiveNumber);
  app.add_option("--concurrency", flags.concurrency, "Of those, at most this many at once")
      ->check(CLI::PositiveNumber);
  app.add_option("--memory-workers", flags.memory_workers, "Idle workers for the memory figures")
      ->check(CLI::PositiveNumber);
  app.add_option("--large-n", flags.large_n, "Sequential spawns per round of the large_package rows (default: n / 5)")
      ->check(CLI::PositiveNumber);
  app.add_flag("--no-large-package", flags.no_large_package,
               "Skip the large_package rows (which install typescript with npm into the build tree)");
  app.add_flag("--quick", flags.quick, "Small counts, for a smoke test: -n 5 -r 2, 20 workers 8 at a time, 3 idle");
  app.add_flag("--json", flags.json, "Print one JSON object instead of tables");
  app.add_option("--svg", flags.svg, "Also write a plot of the latency distributions to FILE");
  app.add_option("--node", flags.node, "The node binary (default: node on PATH)");
  app.add_option("--filter", flags.filter,
                 "Only the rows whose strategy contains TEXT (exec, zygote, pool, +sandbox, worker_threads)");
  CLI11_PARSE(app, argc, argv);
  // --quick changes the defaults; counts given explicitly still win.
  if (flags.quick) {
    if (app.count("-n") == 0) flags.n = 5;
    if (app.count("--rounds") == 0) flags.rounds = 2;
    if (app.count("--total") == 0) flags.total = 20;
    if (app.count("--memory-workers") == 0) flags.memory_workers = 3;
  }
  return isohost::bench::Run(flags);
}
