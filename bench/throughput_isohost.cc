#include "bench/throughput_isohost.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

#include "bench/common/uv_loop.h"
#include "host/launch/launcher.h"
#include "isohost/clone_codec.h"
#include "isohost/worker.h"

namespace isohost::bench {
namespace {

// Added to the expected run time; only a hung worker reaches it.
constexpr std::uint64_t kTimeoutSlackMs = 120'000;

std::string DescribeExit(const ExitInfo& info) {
  return "worker exited with code " + std::to_string(info.code) + " (" +
         std::string(ExitReasonName(info.reason)) + ")" +
         (info.message.empty() ? "" : ": " + info.message);
}

}  // namespace

bool MeasureEcho(const std::string& script, std::string_view payload, bool decode, int warmup,
                 int duration_ms, EchoResult* result, std::string* error) {
  UvLoop loop;
  std::unique_ptr<Worker> worker;
  const std::uint64_t duration_ns = static_cast<std::uint64_t>(duration_ms) * 1'000'000;
  std::uint64_t received = 0;
  std::uint64_t start_ns = 0;
  bool done = false;
  std::string failure;

  WorkerCallbacks callbacks;
  callbacks.on_message = [&](std::string_view data) {
    if (done) return;
    // V8 re-serialises what it echoes; bytes that differ from ours would mean
    // the two ends disagree on the format, which the figure should not hide.
    if (received == 0 && data != payload) {
      std::fprintf(stderr, "throughput: warning: the echo differs from the message posted "
                           "(%zu bytes back, %zu sent)\n", data.size(), payload.size());
    }
    ++received;
    std::uint64_t now = NowNs();
    if (received == static_cast<std::uint64_t>(warmup)) start_ns = now;
    if (received > static_cast<std::uint64_t>(warmup) && now - start_ns >= duration_ns) {
      result->round_trips = received - warmup;
      result->elapsed_ms = NsToMs(now - start_ns);
      done = true;
      worker->Terminate(0);
      return;
    }
    if (!decode) {
      worker->PostMessage(payload);
      return;
    }
    clone::Result<clone::CloneValue> value =
        clone::Decode({reinterpret_cast<const std::uint8_t*>(data.data()), data.size()});
    if (!value) {
      failure = "the echo does not decode: " + value.error().message;
      done = true;
      worker->Terminate(1, 0);
      return;
    }
    std::vector<std::uint8_t> again = clone::Encode(*value);
    worker->PostMessage({reinterpret_cast<const char*>(again.data()), again.size()});
  };
  callbacks.on_output = [](StdioStream, std::string_view, ConsoleLevel) {};
  callbacks.on_exit = [&](const ExitInfo& info) {
    if (!done && failure.empty()) failure = DescribeExit(info);
  };
  WorkerOptions options;
  options.script_path = script;
  worker = Worker::Spawn(loop.get(), std::move(options), std::move(callbacks));
  Watchdog watchdog(loop.get(), duration_ms + kTimeoutSlackMs, [&] {
    failure = "timed out";
    worker->Terminate(1, 0);
  });
  // Queued behind Start, so it arrives once the script has set its listener.
  if (warmup == 0) start_ns = NowNs();
  worker->PostMessage(payload);
  loop.Run();
  worker.reset();
  if (!failure.empty()) {
    *error = failure;
    return false;
  }
  return true;
}

bool MeasureConsole(const std::string& script, std::uint64_t expected_lines,
                    ConsoleResult* result, std::string* error) {
  UvLoop loop;
  std::uint64_t spawn_ns = 0, online_ns = 0, last_ns = 0;
  std::string failure;

  WorkerCallbacks callbacks;
  callbacks.on_online = [&] { online_ns = NowNs(); };
  callbacks.on_output = [&](StdioStream stream, std::string_view data, ConsoleLevel) {
    if (stream != StdioStream::kStdout) return;
    result->lines += static_cast<std::uint64_t>(std::count(data.begin(), data.end(), '\n'));
    result->bytes += data.size();
    if (last_ns == 0 && result->lines >= expected_lines) last_ns = NowNs();
  };
  callbacks.on_exit = [&](const ExitInfo& info) {
    result->total_ms = NsToMs(NowNs() - spawn_ns);
    bool failed = info.reason != ExitReason::kNormal || info.code != 0;
    if (failed && failure.empty()) failure = DescribeExit(info);
  };
  WorkerOptions options;
  options.script_path = script;
  spawn_ns = NowNs();
  std::unique_ptr<Worker> worker =
      Worker::Spawn(loop.get(), std::move(options), std::move(callbacks));
  Watchdog watchdog(loop.get(), kTimeoutSlackMs, [&] {
    failure = "timed out";
    worker->Terminate(1, 0);
  });
  loop.Run();
  worker.reset();
  if (failure.empty() && result->lines != expected_lines) {
    failure = "received " + std::to_string(result->lines) + " lines, expected " +
              std::to_string(expected_lines);
  }
  if (failure.empty() && online_ns == 0) failure = "the worker never came online";
  if (!failure.empty()) {
    *error = failure;
    return false;
  }
  result->elapsed_ms = NsToMs(last_ns - online_ns);
  return true;
}

bool RunDriver(const std::string& script, const std::vector<std::string>& argv, bool pooled, std::string* text,
               std::string* error) {
  UvLoop loop;
  std::unique_ptr<Launcher> launcher;
  if (pooled) {
    LauncherOptions launcher_options;  // a Supervisor's: the pool, refilled from the zygote
    launcher_options.default_strategy = SpawnStrategy::kPool;
    launcher = std::make_unique<Launcher>(loop.get(), launcher_options);
  }
  std::unique_ptr<Worker> worker;
  bool done = false;
  std::string failure;
  WorkerCallbacks callbacks;
  callbacks.on_message = [&](std::string_view data) {
    if (done) return;
    done = true;
    clone::Result<clone::CloneValue> value =
        clone::Decode({reinterpret_cast<const std::uint8_t*>(data.data()), data.size()});
    if (!value || value->kind() != clone::CloneValue::Kind::kString) {
      failure = "the driver posted something other than a string";
    } else {
      *text = value->string();
    }
    worker->Terminate(0);
  };
  callbacks.on_output = [](StdioStream stream, std::string_view data, ConsoleLevel) {
    if (stream == StdioStream::kStderr) std::fwrite(data.data(), 1, data.size(), stderr);
  };
  callbacks.on_exit = [&](const ExitInfo& info) {
    if (!done && failure.empty()) failure = DescribeExit(info);
  };
  WorkerOptions options;
  options.script_path = script;
  options.argv = argv;
  options.spawn = pooled ? SpawnStrategy::kDefault : SpawnStrategy::kExec;
  worker = Worker::Spawn(loop.get(), std::move(options), std::move(callbacks), launcher.get());
  Watchdog watchdog(loop.get(), kTimeoutSlackMs, [&] {
    failure = "timed out";
    worker->Terminate(1, 0);
  });
  loop.Run();
  worker.reset();
  launcher.reset();
  loop.Run();  // the close callbacks of the zygote's handles
  if (!failure.empty()) {
    *error = failure;
    return false;
  }
  return true;
}

}  // namespace isohost::bench
