#include "host/cli/pool_command.h"

#include "host/cli/json_input.h"
#include "host/cli/run_command.h"
#include "host/cli/task_line_reader.h"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "isohost/clone_codec.h"
#include "isohost/clone_json.h"
#include "isohost/pool.h"

namespace isohost::cli {
namespace {

constexpr auto kProgressInterval = std::chrono::milliseconds(200);

// One output line per task: {"index":N,"result":VALUE} or
// {"index":N,"error":{"reason":..., "message":..., ...}}.
std::string ResultLine(std::uint64_t index, const TaskResult& result) {
  nlohmann::ordered_json line;
  line["index"] = index;
  if (result.ok()) {
    auto value = clone::Decode(std::span<const std::uint8_t>(
        reinterpret_cast<const std::uint8_t*>(result.value.data()), result.value.size()));
    if (value) {
      line["result"] = clone::ToJson(*value);
      return line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    }
    // A value the codec cannot read (a host object): say so rather than lie.
    nlohmann::ordered_json error;
    error["reason"] = "invalid";
    error["message"] = "the result cannot be shown as JSON: " + value.error().message;
    line["error"] = error;
    return line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }
  const TaskError& failure = *result.error;
  nlohmann::ordered_json error;
  error["reason"] = std::string(TaskErrorKindName(failure.kind));
  if (!failure.name.empty()) error["name"] = failure.name;
  error["message"] = failure.message;
  if (!failure.code.empty()) error["code"] = failure.code;
  if (!failure.stack.empty()) error["stack"] = failure.stack;
  if (failure.exit) {
    error["exit_code"] = failure.exit->code;
    if (failure.exit->signal != 0) error["signal"] = failure.exit->signal;
  }
  line["error"] = error;
  return line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// Prints result lines on stdout in input order (or as they come), from the
// pool's thread; the reader waits on it for the end.
class ResultPrinter {
 public:
  explicit ResultPrinter(bool unordered) : unordered_(unordered) {}

  void Add(std::uint64_t index, std::string line, bool ok) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (ok) {
      ++succeeded_;
    } else {
      ++failed_;
    }
    if (unordered_) {
      Print(line);
    } else {
      pending_.emplace(index, std::move(line));
      for (auto it = pending_.begin(); it != pending_.end() && it->first == next_; it = pending_.erase(it)) {
        Print(it->second);
        ++next_;
      }
    }
    ++done_;
    std::fflush(stdout);
    changed_.notify_all();
  }

  void WaitFor(std::uint64_t count) {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return done_ >= count; });
  }

  std::uint64_t succeeded() {
    std::lock_guard<std::mutex> lock(mutex_);
    return succeeded_;
  }
  std::uint64_t failed() {
    std::lock_guard<std::mutex> lock(mutex_);
    return failed_;
  }

 private:
  static void Print(const std::string& line) {
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fputc('\n', stdout);
  }

  bool unordered_;
  std::mutex mutex_;  // guards everything below, and stdout
  std::condition_variable changed_;
  std::map<std::uint64_t, std::string> pending_;  // results waiting for an earlier one
  std::uint64_t next_ = 0;
  std::uint64_t done_ = 0;
  std::uint64_t succeeded_ = 0;
  std::uint64_t failed_ = 0;
};

// A line on stderr, rewritten in place while tasks run, at a terminal only.
class Progress {
 public:
  Progress(const Pool& pool, bool enabled) : pool_(pool) {
    if (!enabled) return;
    thread_ = std::thread([this] {
      std::unique_lock<std::mutex> lock(mutex_);
      while (!stop_) {
        stop_changed_.wait_for(lock, kProgressInterval, [this] { return stop_; });
        if (stop_) break;
        PoolStats stats = pool_.stats();
        std::fprintf(stderr, "\r\033[K%llu done, %llu failed, %zu queued, %zu running on %zu workers",
                     static_cast<unsigned long long>(stats.completed),
                     static_cast<unsigned long long>(stats.failed - stats.refused), stats.queue_size,
                     stats.running_tasks, stats.workers);
        std::fflush(stderr);
        shown_ = true;
      }
      if (shown_) std::fprintf(stderr, "\r\033[K");
    });
  }
  ~Progress() { Stop(); }

  void Stop() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    stop_changed_.notify_all();
    thread_.join();
  }

 private:
  const Pool& pool_;
  std::thread thread_;
  std::mutex mutex_;  // guards stop_ and shown_
  std::condition_variable stop_changed_;
  bool stop_ = false;
  bool shown_ = false;
};

void PrintSummary(const PoolStats& stats, std::uint64_t tasks, std::uint64_t succeeded, std::uint64_t failed,
                  double seconds) {
  std::fprintf(stderr, "isohost pool: %llu tasks in %.3f s (%.0f tasks/s): %llu succeeded, %llu failed\n",
               static_cast<unsigned long long>(tasks), seconds, seconds > 0 ? tasks / seconds : 0.0,
               static_cast<unsigned long long>(succeeded), static_cast<unsigned long long>(failed));
  auto latency = [](const char* name, const LatencyStats& latency) {
    std::fprintf(stderr, "  %-5s p50 %.3f ms  p90 %.3f ms  p99 %.3f ms  max %.3f ms\n", name, latency.p50_ms,
                 latency.p90_ms, latency.p99_ms, latency.max_ms);
  };
  latency("wait", stats.wait);
  latency("run", stats.run);
  std::fprintf(stderr,
               "  workers: %llu spawned (start-up p50 %.2f ms), %llu crashed, %llu killed after a cancel or "
               "timeout, recycled %llu (max tasks %llu, heap %llu, age %llu)\n",
               static_cast<unsigned long long>(stats.spawns), stats.spawn.p50_ms,
               static_cast<unsigned long long>(stats.crashes), static_cast<unsigned long long>(stats.kills),
               static_cast<unsigned long long>(stats.recycles.max_tasks + stats.recycles.heap +
                                               stats.recycles.max_age),
               static_cast<unsigned long long>(stats.recycles.max_tasks),
               static_cast<unsigned long long>(stats.recycles.heap),
               static_cast<unsigned long long>(stats.recycles.max_age));
}

}  // namespace

int PoolCommand(const PoolCommandOptions& options) {
  std::ifstream file;
  std::istream* input = &std::cin;
  if (!options.input.empty()) {
    file.open(options.input);
    if (!file) {
      std::fprintf(stderr, "isohost pool: cannot read %s\n", options.input.c_str());
      return 1;
    }
    input = &file;
  }
  std::ios::sync_with_stdio(false);

  PoolOptions pool_options;
  pool_options.script = options.script;
  pool_options.min_workers = pool_options.max_workers = options.workers;
  pool_options.concurrent_tasks_per_worker = options.concurrency;
  // The window below bounds what is read ahead; the pool's own queue limit
  // would refuse tasks while workers are replaced and hold none.
  pool_options.max_queue = 0;
  pool_options.task_timeout_ms = static_cast<std::uint64_t>(options.timeout_s * 1000);
  pool_options.recycle.max_tasks = options.max_tasks_per_worker;
  pool_options.recycle.max_heap_used_mb = options.max_heap_after_task_mb;
  pool_options.recycle.max_age_ms = static_cast<std::uint64_t>(options.max_age_s * 1000);
  pool_options.limits.max_old_space_mb = options.max_old_space_mb;
  pool_options.limits.max_memory_mb = options.max_memory_mb;
  pool_options.limits.max_message_bytes = options.max_message_bytes;
  pool_options.spawn = options.spawn;
  pool_options.compile_cache_dir = CompileCacheDir(options.compile_cache_dir);
  pool_options.permissions = options.permissions;
  // Stdout holds the results alone: what the workers print goes to stderr.
  pool_options.on_output = [](std::uint64_t, StdioStream, std::string_view data, ConsoleLevel) {
    std::fwrite(data.data(), 1, data.size(), stderr);
  };

  auto start = std::chrono::steady_clock::now();
  ResultPrinter printer(options.unordered);
  Pool pool(pool_options);
  Progress progress(pool, !options.quiet && ::isatty(STDERR_FILENO) != 0);

  // Reading waits while this many tasks are unsettled (those queued and
  // those the workers hold), so a large input is never held in memory whole.
  const std::uint64_t window = options.max_queue + options.workers * options.concurrency;
  std::uint64_t index = 0;
  std::string line;
  std::size_t length = 0;
  // A line longer than a message may be is refused before it is parsed.
  TaskLineReader reader(*input, pool_options.limits.max_message_bytes);
  auto refuse = [&printer](std::uint64_t task_index, const std::string& why) {
    TaskResult refused;
    refused.error = TaskError{};
    refused.error->kind = TaskErrorKind::kInvalid;
    refused.error->message = "task " + std::to_string(task_index) + " " + why;
    printer.Add(task_index, ResultLine(task_index, refused), false);
  };
  for (TaskLineReader::Status status; (status = reader.Next(&line, &length)) != TaskLineReader::Status::kEnd;) {
    if (status == TaskLineReader::Status::kTooLong) {
      refuse(index++, "is a line of " + std::to_string(length) + " bytes, longer than the message limit of " +
                          std::to_string(pool_options.limits.max_message_bytes) + " bytes");
      continue;
    }
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    std::uint64_t task_index = index++;
    std::string bytes;
    std::string error;
    if (!JsonToCloneBytes(line, &bytes, &error)) {
      refuse(task_index, "is not valid JSON: " + error);
      continue;
    }
    printer.WaitFor(task_index + 1 > window ? task_index + 1 - window : 0);
    pool.Run(std::move(bytes), {}, [&printer, task_index](TaskResult result) {
      printer.Add(task_index, ResultLine(task_index, result), result.ok());
    });
  }
  printer.WaitFor(index);
  pool.Close().wait();
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  progress.Stop();
  std::fflush(stdout);
  if (!options.quiet) PrintSummary(pool.stats(), index, printer.succeeded(), printer.failed(), seconds);
  return printer.failed() == 0 ? 0 : 1;
}

}  // namespace isohost::cli
