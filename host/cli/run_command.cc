#include "host/cli/run_command.h"

#include <fcntl.h>
#include <signal.h>
#include <spdlog/spdlog.h>
#include <unistd.h>
#include <uv.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>

#include "host/cli/json_input.h"
#include "base/uv_handle.h"
#include "isohost/clone_codec.h"
#include "isohost/clone_json.h"
#include "isohost/output_forwarder.h"
#include "isohost/supervisor.h"

namespace isohost::cli {
namespace {

// How long workers get to finish after SIGINT/SIGTERM before they are killed.
constexpr std::uint64_t kShutdownGraceMs = 3000;

// JSON text -> structured-clone bytes, or an error naming `what`.
bool JsonToClone(spdlog::logger& logger, const std::string& json, const char* what, std::string* out) {
  std::string error;
  if (JsonToCloneBytes(json, out, &error)) return true;
  logger.error("{} is not valid JSON: {}", what, error);
  return false;
}

// Runs `on_signal` when `signum` arrives; waiting for it alone does not keep
// the host running.
class SignalWatcher {
 public:
  SignalWatcher(uv_loop_t* loop, int signum, std::function<void(int)> on_signal) : handle_(loop) {
    handle_.Start(signum, std::move(on_signal));
    handle_.SetReferenced(false);
  }

 private:
  base::SignalHandle handle_;
};

void PrintStats(std::uint64_t id, const ExitInfo& info) {
  std::fprintf(stderr,
               "{\"worker\":%llu,\"checkpoints\":%llu,\"tick_passes\":%llu,\"check_phase_js_calls\":%llu,"
               "\"stdio_objects_built\":%llu,\"builtins_loaded\":%llu,\"builtins_prewarmed\":%llu,\"compile_cache_hits\":%llu,"
               "\"compile_cache_misses\":%llu,\"compile_cache_rejected\":%llu,\"landlock_abi\":%u,"
               "\"seccomp_filter\":%s,\"sandbox_us\":%llu,\"cpu_time_us\":%llu,\"link_spin_polls\":%llu,"
               "\"link_spin_answered\":%llu,\"entry_prepared\":%s,\"modules_prepared\":%llu,\"builtins_prepared\":%llu}\n",
               static_cast<unsigned long long>(id), static_cast<unsigned long long>(info.stats.checkpoints),
               static_cast<unsigned long long>(info.stats.tick_passes),
               static_cast<unsigned long long>(info.stats.check_phase_js_calls),
               static_cast<unsigned long long>(info.stats.stdio_objects_built),
               static_cast<unsigned long long>(info.stats.builtins_loaded),
               static_cast<unsigned long long>(info.stats.builtins_prewarmed),
               static_cast<unsigned long long>(info.stats.compile_cache_hits),
               static_cast<unsigned long long>(info.stats.compile_cache_misses),
               static_cast<unsigned long long>(info.stats.compile_cache_rejected), info.stats.landlock_abi,
               info.stats.seccomp_filter ? "true" : "false", static_cast<unsigned long long>(info.stats.sandbox_us),
               static_cast<unsigned long long>(info.stats.cpu_time_us),
               static_cast<unsigned long long>(info.stats.link_spin_polls),
               static_cast<unsigned long long>(info.stats.link_spin_answered),
               info.stats.entry_prepared ? "true" : "false", static_cast<unsigned long long>(info.stats.modules_prepared),
               static_cast<unsigned long long>(info.stats.builtins_prepared));
}

}  // namespace

std::string CompileCacheDir(const std::optional<std::string>& flag) {
  std::string dir;
  if (flag) {
    dir = *flag;
  } else {
    auto env = [](const char* name) {
      const char* value = std::getenv(name);
      return value != nullptr ? std::string(value) : std::string();
    };
    if (!env("NODE_DISABLE_COMPILE_CACHE").empty()) return {};
    if (!env("NODE_COMPILE_CACHE").empty()) {
      dir = env("NODE_COMPILE_CACHE");
    } else if (!env("XDG_CACHE_HOME").empty()) {
      dir = env("XDG_CACHE_HOME") + "/isohost";
    } else if (!env("HOME").empty()) {
      dir = env("HOME") + "/.cache/isohost";
    }
  }
  if (dir.empty()) return {};
  std::error_code error;
  std::filesystem::path absolute = std::filesystem::absolute(dir, error);
  return error ? std::string() : absolute.lexically_normal().string();
}

int RunCommand(const RunOptions& options) {
  auto logger = MakeHostLogger("host", options.log_format);
  WorkerOptions worker_options;
  worker_options.script_path = options.script;
  if (options.source) {
    worker_options.script_source = options.source;
    worker_options.source_kind = options.source_kind;
  }
  worker_options.argv = options.script_args;
  worker_options.exec_argv = options.exec_argv;
  worker_options.argv0 = options.argv0;
  worker_options.v8_flags = options.v8_flags;
  worker_options.compile_cache_dir = CompileCacheDir(options.compile_cache_dir);
  worker_options.compile_cache_max_bytes = options.compile_cache_max_bytes;
  worker_options.limits.max_message_bytes = options.max_message_bytes;
  worker_options.max_nested_workers = options.max_nested_workers;
  worker_options.link_spin_us = options.link_spin_us;
  worker_options.limits.max_old_space_mb = options.max_old_space_mb;
  worker_options.limits.max_memory_mb = options.max_memory_mb;
  worker_options.limits.max_young_space_mb = options.max_young_space_mb;
  worker_options.limits.timeout_ms = static_cast<std::uint64_t>(options.timeout_s * 1000);
  worker_options.limits.cpu_time_ms = static_cast<std::uint64_t>(options.cpu_time_s * 1000);
  worker_options.permissions = options.permissions;
  // One worker reads our stdin itself, as its own fd 0: process.stdin,
  // fs.readFileSync(0) and the children it starts all see the real thing,
  // and nothing is read that the worker did not ask for.
  if (options.workers == 1 && ::fcntl(STDIN_FILENO, F_GETFD) != -1) worker_options.stdin_fd = STDIN_FILENO;
  if (options.worker_data &&
      !JsonToClone(*logger, *options.worker_data, "--worker-data", &worker_options.worker_data)) {
    return 2;
  }
  std::vector<std::string> to_send;
  for (const std::string& json : options.send) {
    std::string bytes;
    if (!JsonToClone(*logger, json, "--send", &bytes)) return 2;
    to_send.push_back(std::move(bytes));
  }

  OutputMode mode = options.log                                  ? OutputMode::kLog
                    : (options.workers > 1 || options.prefix) ? OutputMode::kPrefixed
                                                                 : OutputMode::kPassThrough;
  SupervisorOptions supervisor_options;
  supervisor_options.pool_size = options.pool_size;
  supervisor_options.default_strategy = options.spawn;
  supervisor_options.logger = logger;  // the supervisor's diagnostics in the chosen format
  if (options.spawn == SpawnStrategy::kDefault) {
    bool one_shot = options.workers == 1 && options.restart.policy == RestartPolicy::kNo;
    supervisor_options.default_strategy = one_shot ? SpawnStrategy::kExec : SpawnStrategy::kPool;
    // One worker is exec'd (a zygote would cost more than it saves), but the
    // workers it starts come from a pool once the zygote has started.
    supervisor_options.nested_strategy = SpawnStrategy::kPool;
  }
  int status = 0;
  bool status_set = false;
  int signals_seen = 0;
  int stop_signal = 0;  // the first SIGINT or SIGTERM
  {
    Supervisor supervisor(supervisor_options);
    std::map<std::uint64_t, std::unique_ptr<OutputForwarder>> outputs;
    // Made when the worker first spawns, which is before it can say anything.
    auto output_of = [&](std::uint64_t id) -> OutputForwarder& {
      auto [it, added] = outputs.try_emplace(id);
      if (added) it->second = std::make_unique<OutputForwarder>(mode, options.log_format, id);
      return *it->second;
    };

    SupervisedCallbacks callbacks;
    callbacks.on_message = [&](std::uint64_t id, std::string_view data) {
      if (options.print_messages) {
        clone::Result<clone::CloneValue> value =
            clone::Decode({reinterpret_cast<const std::uint8_t*>(data.data()), data.size()});
        std::string line = value ? clone::ToJsonText(*value) : "{\"error\":\"" + value.error().message + "\"}";
        if (mode != OutputMode::kPassThrough) line = "[" + std::to_string(id) + "] " + line;
        line += '\n';
        std::fwrite(line.data(), 1, line.size(), stdout);
        std::fflush(stdout);
      }
      // The bytes go back as they came: nothing is decoded or re-encoded.
      if (options.echo) supervisor.PostMessage(id, data);
    };
    callbacks.on_output = [&](std::uint64_t id, StdioStream stream, std::string_view data, ConsoleLevel level) {
      output_of(id).Write(stream, data, level);
    };
    callbacks.on_exit = [&](std::uint64_t id, const ExitInfo& info) {
      output_of(id).Flush();
      if (info.reason != ExitReason::kNormal && info.reason != ExitReason::kUncaughtException &&
          !(info.reason == ExitReason::kTerminated && signals_seen > 0)) {
        logger->error("worker {}: {}{}{}", id, ExitReasonName(info.reason), info.message.empty() ? "" : ": ",
                      info.message);
      }
      if (!info.sandbox_degraded.empty()) logger->warn("worker {}: sandbox degraded: {}", id, info.sandbox_degraded);
      if (options.stats) PrintStats(id, info);
    };
    callbacks.on_spawn = [&](std::uint64_t id, Worker& worker) {
      output_of(id).set_pid(worker.pid());
      for (const std::string& bytes : to_send) {
        std::string error;
        if (!worker.PostMessage(bytes, &error)) logger->error("worker {}: --send not delivered: {}", id, error);
      }
    };
    callbacks.on_restart = [&](std::uint64_t id, std::uint64_t delay_ms, int restarts) {
      logger->warn("worker {}: restarting in {} ms (restart {})", id, delay_ms, restarts);
    };
    callbacks.on_done = [&](std::uint64_t id, const ExitInfo& info, const std::string& why) {
      if (!why.empty()) logger->error("worker {}: {}", id, why);
      // A worker that failed (it crashed, or was given up after restarts that
      // failed) is a failure of ours, whatever code its process left.
      int code = info.code;
      if (code == 0 && (!why.empty() || info.reason != ExitReason::kNormal)) code = 1;
      if (!status_set || (status == 0 && code != 0)) {
        status = code;
        status_set = true;
      }
    };
    for (unsigned i = 0; i < options.workers; ++i) supervisor.Spawn(worker_options, callbacks, options.restart);

    auto on_signal = [&](int signum) {
      ++signals_seen;
      if (stop_signal == 0) stop_signal = signum;
      if (signals_seen == 1 && signum == SIGINT) {
        logger->warn("interrupted: stopping {} worker(s); press Ctrl-C again to kill them", supervisor.active());
        supervisor.Shutdown(kShutdownGraceMs, 128 + signum);
      } else if (signals_seen == 1) {
        supervisor.Shutdown(kShutdownGraceMs, 128 + signum);
      } else {
        supervisor.Kill();
      }
    };
    SignalWatcher sigint(supervisor.loop(), SIGINT, on_signal);
    SignalWatcher sigterm(supervisor.loop(), SIGTERM, on_signal);
    supervisor.Run();
  }
  if (options.die_of_stop_signal && stop_signal != 0 && status == 128 + stop_signal) {
    // The watchers are gone, and with them libuv's handler.
    std::fflush(stdout);
    std::fflush(stderr);
    ::signal(stop_signal, SIG_DFL);
    ::raise(stop_signal);
  }
  return status;
}

}  // namespace isohost::cli
