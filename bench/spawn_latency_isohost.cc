#include "bench/spawn_latency_isohost.h"

#include <chrono>
#include <thread>

#include "bench/common/uv_loop.h"
#include "host/launch/launcher.h"
#include "isohost/clone_codec.h"

namespace isohost::bench {
namespace {

// Far above any spawn on a loaded machine; only a hung worker reaches it.
constexpr std::uint64_t kBatchTimeoutMs = 120'000;

// What happened to the workers of one batch, in NowNs() time.
struct BatchTimes {
  std::uint64_t start_ns = 0;
  std::vector<std::uint64_t> first_message_ns;
  std::vector<std::uint64_t> exit_ns;
  std::uint64_t all_posted_ns = 0;
  std::uint64_t sandbox_us = 0;  // the last exit's WorkerStats::sandbox_us
};

using Workers = std::vector<std::unique_ptr<Worker>>;

// Spawns `count` workers back to back on a fresh loop and runs it until all
// have exited. `on_all_posted` runs once, when the last first message
// arrives; it is where a caller lets workers that wait on a message go.
// Fails when any worker ends other than by a normal exit with code 0, since
// a sample from a worker that crashed would measure the wrong thing.
bool RunBatch(const SpawnStrategy& strategy, const std::string& script, int count,
              const std::function<void(Workers&)>& on_all_posted, BatchTimes* times,
              std::string* error, const std::string& compile_cache_dir = {}) {
  UvLoop& loop = *strategy.loop;
  Workers workers(count);
  times->first_message_ns.assign(count, 0);
  times->exit_ns.assign(count, 0);
  int posted = 0;
  std::string failure;
  // On the first failure the other workers are stopped: idle ones would
  // otherwise wait for a message that never comes.
  auto fail = [&](std::string message) {
    if (!failure.empty()) return;
    failure = std::move(message);
    for (const std::unique_ptr<Worker>& worker : workers) {
      if (worker && worker->running()) worker->Terminate(1, 0);
    }
  };
  Watchdog watchdog(loop.get(), kBatchTimeoutMs, [&] {
    fail("timed out after " + std::to_string(kBatchTimeoutMs) + " ms");
  });
  times->start_ns = NowNs();
  for (int i = 0; i < count; ++i) {
    WorkerCallbacks callbacks;
    callbacks.on_message = [&, i](std::string_view) {
      if (times->first_message_ns[i] != 0) return;
      times->first_message_ns[i] = NowNs();
      if (++posted == count) {
        times->all_posted_ns = times->first_message_ns[i];
        if (on_all_posted) on_all_posted(workers);
      }
    };
    // Output is received and dropped, as Node's harness drains worker.stdout.
    callbacks.on_output = [](StdioStream, std::string_view, ConsoleLevel) {};
    callbacks.on_exit = [&, i](const ExitInfo& info) {
      times->exit_ns[i] = NowNs();
      times->sandbox_us = info.stats.sandbox_us;
      if (info.reason != ExitReason::kNormal || info.code != 0) {
        fail("worker exited with code " + std::to_string(info.code) + " (" +
             std::string(ExitReasonName(info.reason)) + ")" +
             (info.message.empty() ? "" : ": " + info.message));
      }
    };
    WorkerOptions options;
    options.script_path = script;
    options.compile_cache_dir = compile_cache_dir;
    options.permissions = strategy.permissions;
    workers[i] = strategy.spawn(loop.get(), std::move(options), std::move(callbacks));
  }
  loop.Run();
  // Destroyed before the loop, which then runs their close callbacks.
  workers.clear();
  if (!failure.empty()) {
    *error = failure;
    return false;
  }
  if (posted != count) {
    *error = "only " + std::to_string(posted) + " of " + std::to_string(count) +
             " workers posted a message";
    return false;
  }
  return true;
}

}  // namespace

std::vector<SpawnStrategy> SpawnStrategies() {
  std::vector<SpawnStrategy> strategies;
  for (isohost::SpawnStrategy kind : {isohost::SpawnStrategy::kExec, isohost::SpawnStrategy::kZygote,
                                      isohost::SpawnStrategy::kPool}) {
    auto loop = std::make_shared<UvLoop>();
    LauncherOptions options;
    options.default_strategy = kind;
    options.pool_size = 2;
    // Destroyed with the last copy of the strategy, before its loop.
    auto launcher = std::shared_ptr<Launcher>(new Launcher(loop->get(), options), [loop](Launcher* launcher) {
      delete launcher;
      loop->Run();  // close callbacks of the zygote's handles
    });
    SpawnStrategy strategy;
    strategy.name = std::string(SpawnStrategyName(kind));
    strategy.loop = loop;
    strategy.spawn = [launcher](uv_loop_t* on, WorkerOptions worker_options, WorkerCallbacks callbacks) {
      return Worker::Spawn(on, std::move(worker_options), std::move(callbacks), launcher.get());
    };
    if (kind == isohost::SpawnStrategy::kPool) {
      strategy.prepare = [launcher] {
        launcher->FillPool();
        launcher->WaitForPoolReady(10'000);
      };
    } else {
      strategy.prepare = [] {};
    }
    // The same strategy under --sandbox (Permissions::Sandbox()): what the
    // worker's Landlock, seccomp filter and rlimits add to a spawn.
    SpawnStrategy sandboxed = strategy;
    sandboxed.name += "+sandbox";
    sandboxed.permissions = Permissions::Sandbox();
    sandboxed.sandbox_us = std::make_shared<std::vector<double>>();
    strategies.push_back(std::move(strategy));
    strategies.push_back(std::move(sandboxed));
  }
  return strategies;
}

bool MeasureSequentialSpawns(const SpawnStrategy& strategy, const std::string& script,
                             SpawnEnd end, int count, int warmup, std::vector<double>* samples_ms,
                             std::string* error, const std::function<std::string()>& compile_cache_dir) {
  for (int i = 0; i < warmup + count; ++i) {
    std::string cache_dir = compile_cache_dir ? compile_cache_dir() : std::string();
    if (strategy.prepare) strategy.prepare();
    BatchTimes times;
    if (!RunBatch(strategy, script, 1, nullptr, &times, error, cache_dir)) return false;
    if (i < warmup) continue;
    if (strategy.sandbox_us) strategy.sandbox_us->push_back(static_cast<double>(times.sandbox_us));
    std::uint64_t end_ns = end == SpawnEnd::kExit ? times.exit_ns[0] : times.first_message_ns[0];
    samples_ms->push_back(NsToMs(end_ns - times.start_ns));
  }
  return true;
}

bool MeasureConcurrentSpawns(const SpawnStrategy& strategy, const std::string& script, int total,
                             int concurrency, double* elapsed_ms, std::string* error) {
  uv_loop_t* loop = strategy.loop->get();
  std::vector<std::unique_ptr<Worker>> finished;
  int started = 0;
  int posted = 0;
  int alive = 0;
  std::uint64_t last_posted_ns = 0;
  std::string failure;
  std::function<void()> start_one = [&] {
    ++started;
    ++alive;
    auto slot = std::make_shared<std::unique_ptr<Worker>>();
    WorkerCallbacks callbacks;
    callbacks.on_message = [&, posted_once = std::make_shared<bool>(false)](std::string_view) {
      if (*posted_once) return;
      *posted_once = true;
      ++posted;
      last_posted_ns = NowNs();
    };
    callbacks.on_output = [](StdioStream, std::string_view, ConsoleLevel) {};
    callbacks.on_exit = [&, slot](const ExitInfo& info) {
      --alive;
      if ((info.reason != ExitReason::kNormal || info.code != 0) && failure.empty()) {
        failure = "worker exited with code " + std::to_string(info.code) + " (" +
                  std::string(ExitReasonName(info.reason)) + ")";
      }
      // Destroyed after the loop turn, not from inside its own callback.
      finished.push_back(std::move(*slot));
      if (failure.empty() && started < total) start_one();
    };
    WorkerOptions options;
    options.script_path = script;
    options.permissions = strategy.permissions;
    *slot = strategy.spawn(loop, std::move(options), std::move(callbacks));
  };
  Watchdog watchdog(loop, kBatchTimeoutMs, [&] {
    if (failure.empty()) failure = "timed out after " + std::to_string(kBatchTimeoutMs) + " ms";
  });
  std::uint64_t start_ns = NowNs();
  while (started < std::min(concurrency, total)) start_one();
  while (alive > 0 && failure.empty()) uv_run(loop, UV_RUN_ONCE);
  finished.clear();
  if (!failure.empty()) {
    *error = failure;
    return false;
  }
  if (posted != total) {
    *error = "only " + std::to_string(posted) + " of " + std::to_string(total) + " workers posted a message";
    return false;
  }
  *elapsed_ms = NsToMs(last_posted_ns - start_ns);
  return true;
}

bool MeasureIdleMemory(const SpawnStrategy& strategy, const std::string& script, int workers,
                       int settle_ms, IdleWorkersMemory* memory, std::string* error) {
  std::optional<std::uint64_t> host_before = ReadSelfRssKib();
  std::string read_error;
  auto on_all_posted = [&](Workers& all) {
    // The host has nothing to do while the workers settle, so it may block.
    std::this_thread::sleep_for(std::chrono::milliseconds(settle_ms));
    std::optional<std::uint64_t> host_after = ReadSelfRssKib();
    if (host_before && host_after) {
      memory->host_rss_growth_kib =
          static_cast<std::int64_t>(*host_after) - static_cast<std::int64_t>(*host_before);
    }
    for (const std::unique_ptr<Worker>& worker : all) {
      std::optional<ProcessMemory> one = ReadProcessMemory(worker->pid());
      if (!one) read_error = "cannot read /proc/" + std::to_string(worker->pid()) + "/smaps_rollup";
      memory->workers.push_back(one.value_or(ProcessMemory{}));
    }
    // Any message makes an idle worker exit.
    std::vector<std::uint8_t> bytes = clone::Encode(clone::CloneValue::Undefined());
    std::string_view message(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    for (const std::unique_ptr<Worker>& worker : all) worker->PostMessage(message);
  };
  BatchTimes times;
  if (!RunBatch(strategy, script, workers, on_all_posted, &times, error)) return false;
  if (!read_error.empty()) {
    *error = read_error;
    return false;
  }
  return true;
}

}  // namespace isohost::bench
