#include "bench/task_pool_isohost.h"

#include <spdlog/sinks/null_sink.h>
#include <spdlog/spdlog.h>
#include <uv.h>

#include <chrono>
#include <functional>
#include <optional>

#include "base/uv_handle.h"
#include "isohost/clone_codec.h"
#include "isohost/pool.h"
#include "isohost/supervisor.h"

namespace isohost::bench {
namespace {

double NowMs() { return static_cast<double>(uv_hrtime()) / 1e6; }

std::string Bytes(const clone::CloneValue& value) {
  std::vector<std::uint8_t> bytes = clone::Encode(value);
  return std::string(bytes.begin(), bytes.end());
}

std::string IndexTask(int index) { return Bytes(clone::CloneValue::Int32(index)); }

// A Uint8Array of `size` bytes of 7, as the harness makes it.
std::string PayloadTask(std::size_t size) {
  clone::CloneValue buffer = clone::CloneValue::NewObject(clone::CloneArrayBuffer{std::vector<std::uint8_t>(size, 7)});
  return Bytes(clone::CloneValue::NewObject(
      clone::CloneArrayBufferView{clone::CloneViewType::kUint8Array, buffer, 0, static_cast<std::uint32_t>(size)}));
}

// Crashes of the crash row are expected: the pool's warnings would only be noise.
std::shared_ptr<spdlog::logger> QuietLogger() {
  return std::make_shared<spdlog::logger>("task_pool", std::make_shared<spdlog::sinks::null_sink_mt>());
}

PoolOptions OptionsFor(const std::string& script, std::size_t workers, const std::string& worker_binary) {
  PoolOptions options;
  options.script = script;
  options.worker_binary = worker_binary;
  options.min_workers = options.max_workers = workers;
  options.logger = QuietLogger();
  // Worker output is not part of the measurement.
  options.on_output = [](std::uint64_t, StdioStream, std::string_view, ConsoleLevel) {};
  return options;
}

// Feeds `count` tasks, at most `window` unsettled; runs `loop` until all
// have settled.
void Feed(uv_loop_t* loop, Pool& pool, int count, int window, const std::function<std::string(int)>& task_for,
          std::vector<double>* latencies, std::uint64_t* failed) {
  int next = 0;
  int settled = 0;
  std::function<void()> launch = [&] {
    int index = next++;
    double start = NowMs();
    pool.Run(task_for(index), {}, [&, index, start](TaskResult result) {
      if (latencies != nullptr) (*latencies)[static_cast<std::size_t>(index)] = NowMs() - start;
      if (!result.ok() && failed != nullptr) ++*failed;
      ++settled;
      if (next < count) launch();
    });
  };
  for (int i = 0; i < std::min(window, count); ++i) launch();
  while (settled < count) uv_run(loop, UV_RUN_ONCE);
}

void CloseAndWait(uv_loop_t* loop, Pool& pool) {
  bool closed = false;
  pool.Close({}, [&closed] { closed = true; });
  while (!closed) uv_run(loop, UV_RUN_ONCE);
}

}  // namespace

IsohostTaskPools::IsohostTaskPools(const std::string& worker_binary) : worker_binary_(worker_binary) {
  SupervisorOptions options;
  options.worker_binary = worker_binary;
  options.logger = QuietLogger();
  supervisor_ = std::make_unique<Supervisor>(options);
}

IsohostTaskPools::~IsohostTaskPools() = default;

void IsohostTaskPools::Settle(int ms) {
  base::TimerHandle timer(supervisor_->loop());
  bool done = false;
  timer.Start(static_cast<std::uint64_t>(ms), [&done] { done = true; });
  while (!done) uv_run(supervisor_->loop(), UV_RUN_ONCE);
}

bool IsohostTaskPools::Throughput(const ThroughputSpec& spec, ThroughputResult* result, std::string* error) {
  uv_loop_t* loop = supervisor_->loop();
  Pool pool(*supervisor_, OptionsFor(spec.script, spec.workers, worker_binary_));
  std::string payload = spec.payload_bytes > 0 ? PayloadTask(spec.payload_bytes) : std::string();
  std::function<std::string(int)> task_for = [&](int index) {
    return spec.payload_bytes > 0 ? payload : IndexTask(index);
  };
  Feed(loop, pool, spec.warmup, spec.window, task_for, nullptr, nullptr);
  result->latencies_ms.assign(static_cast<std::size_t>(spec.tasks), 0);
  result->failed = 0;
  double start = NowMs();
  Feed(loop, pool, spec.tasks, spec.window, task_for, &result->latencies_ms, &result->failed);
  double seconds = (NowMs() - start) / 1000;
  result->tasks_per_s = spec.tasks / seconds;
  CloseAndWait(loop, pool);
  if (pool.stats().startup_failures > 0) {
    *error = "the task script did not start";
    return false;
  }
  return true;
}

bool IsohostTaskPools::ColdStart(const std::string& script, int samples, std::vector<double>* samples_ms,
                                 std::string* error) {
  uv_loop_t* loop = supervisor_->loop();
  for (int i = 0; i < samples; ++i) {
    // The supervisor's warm workers refill on a timer after one is taken;
    // then the sample starts, soon after the last, as piscina's do.
    Settle(30);
    double start = NowMs();
    Pool pool(*supervisor_, OptionsFor(script, 1, worker_binary_));
    std::optional<TaskResult> first;
    pool.Run(IndexTask(1), {}, [&](TaskResult result) {
      samples_ms->push_back(NowMs() - start);
      first = std::move(result);
    });
    while (!first) uv_run(loop, UV_RUN_ONCE);
    if (!first->ok()) {
      *error = "the first task failed: " + first->error->message;
      return false;
    }
    CloseAndWait(loop, pool);
  }
  return true;
}

bool IsohostTaskPools::ColdStartWithNewZygote(const std::string& script, int samples,
                                              std::vector<double>* samples_ms, std::string* error) {
  for (int i = 0; i < samples; ++i) {
    double start = NowMs();
    Pool pool(OptionsFor(script, 1, worker_binary_));
    TaskResult first = pool.Run(IndexTask(1)).get();
    samples_ms->push_back(NowMs() - start);
    if (!first.ok()) {
      *error = "the first task failed: " + first.error->message;
      return false;
    }
  }
  return true;
}

}  // namespace isohost::bench
