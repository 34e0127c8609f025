#include "host/cli/run_command.h"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <unistd.h>
#include <uv.h>

#include <cstdio>
#include <memory>

#include "host/cli/output_sink.h"
#include "host/cli/stdin_forwarder.h"
#include "host/uv_handle.h"
#include "ipc/clone_codec.h"
#include "ipc/clone_json.h"
#include "isohost/worker.h"

namespace isohost::cli {
namespace {

std::shared_ptr<spdlog::logger> HostLogger() {
  static std::shared_ptr<spdlog::logger> logger = [] {
    auto created = spdlog::stderr_color_mt("host");
    created->set_pattern("isohost: %v");
    return created;
  }();
  return logger;
}

// JSON text -> structured-clone bytes, or an error naming `what`.
bool JsonToClone(const std::string& json, const char* what, std::string* out) {
  ipc::Result<ipc::CloneValue> value = ipc::ParseJson(json);
  if (!value) {
    HostLogger()->error("{} is not valid JSON: {}", what, value.error().message);
    return false;
  }
  std::vector<std::uint8_t> bytes = ipc::Encode(*value);
  out->assign(bytes.begin(), bytes.end());
  return true;
}

class SignalWatcher {
 public:
  SignalWatcher(uv_loop_t* loop, int signum, std::function<void(int)> on_signal)
      : handle_(new uv_signal_t), on_signal_(std::move(on_signal)) {
    uv_signal_init(loop, handle_);
    handle_->data = this;
    uv_signal_start(handle_, [](uv_signal_t* handle, int signum) {
      static_cast<SignalWatcher*>(handle->data)->on_signal_(signum);
    }, signum);
    uv_unref(reinterpret_cast<uv_handle_t*>(handle_));
  }
  ~SignalWatcher() {
    uv_close(reinterpret_cast<uv_handle_t*>(handle_),
             [](uv_handle_t* handle) { delete reinterpret_cast<uv_signal_t*>(handle); });
  }

 private:
  uv_signal_t* handle_;
  std::function<void(int)> on_signal_;
};

}  // namespace

int RunCommand(const RunOptions& options) {
  auto logger = HostLogger();
  WorkerOptions worker_options;
  worker_options.script_path = options.script;
  worker_options.argv = options.script_args;
  worker_options.v8_flags = options.v8_flags;
  worker_options.limits.max_message_bytes = options.max_message_bytes;
  worker_options.limits.max_old_space_mb = options.max_old_space_mb;
  worker_options.limits.max_young_space_mb = options.max_young_space_mb;
  worker_options.stdin_attached = true;
  if (!options.worker_data.empty() &&
      !JsonToClone(options.worker_data, "--worker-data", &worker_options.worker_data)) {
    return 2;
  }
  std::vector<std::string> to_send;
  for (const std::string& json : options.send) {
    std::string bytes;
    if (!JsonToClone(json, "--send", &bytes)) return 2;
    to_send.push_back(std::move(bytes));
  }

  uv_loop_t loop;
  uv_loop_init(&loop);
  int status = 1;
  {
    std::unique_ptr<Worker> worker;
    std::unique_ptr<StdinForwarder> stdin_forwarder;
    int signals_seen = 0;
    WorkerCallbacks callbacks;
    callbacks.on_message = [&](std::string_view data) {
      if (options.print_messages) {
        ipc::Result<ipc::CloneValue> value =
            ipc::Decode({reinterpret_cast<const std::uint8_t*>(data.data()), data.size()});
        std::string line = value ? ipc::ToJsonText(*value) : "{\"error\":\"" + value.error().message + "\"}";
        line += '\n';
        WriteAll(STDOUT_FILENO, line);
      }
      // The bytes go back as they came: nothing is decoded or re-encoded.
      if (options.echo) worker->PostMessage(data);
    };
    callbacks.on_output = [&](StdioStream stream, std::string_view data, ConsoleLevel) {
      WriteAll(stream == StdioStream::kStderr ? STDERR_FILENO : STDOUT_FILENO, data);
    };
    callbacks.on_exit = [&](const ExitInfo& info) {
      status = info.code;
      if (info.reason == ExitReason::kStartupFailed || info.reason == ExitReason::kProtocolError ||
          info.reason == ExitReason::kCrashed) {
        logger->error("worker {}: {}", ExitReasonName(info.reason), info.message);
      }
      if (options.stats) {
        std::fprintf(stderr,
                     "{\"checkpoints\":%llu,\"tick_passes\":%llu,\"check_phase_js_calls\":%llu,"
                     "\"stdio_objects_built\":%llu}\n",
                     static_cast<unsigned long long>(info.stats.checkpoints),
                     static_cast<unsigned long long>(info.stats.tick_passes),
                     static_cast<unsigned long long>(info.stats.check_phase_js_calls),
                     static_cast<unsigned long long>(info.stats.stdio_objects_built));
      }
      stdin_forwarder.reset();
    };
    worker = Worker::Spawn(&loop, std::move(worker_options), std::move(callbacks));
    for (const std::string& bytes : to_send) worker->PostMessage(bytes);
    stdin_forwarder = StdinForwarder::Start(&loop, worker.get());

    auto on_signal = [&](int signum) {
      if (++signals_seen == 1 && signum != SIGTERM) {
        worker->Terminate(128 + signum, 2000);
      } else {
        worker->Terminate(128 + signum, 0);
      }
    };
    SignalWatcher sigint(&loop, SIGINT, on_signal);
    SignalWatcher sigterm(&loop, SIGTERM, on_signal);
    uv_run(&loop, UV_RUN_DEFAULT);
    worker.reset();
  }
  uv_run(&loop, UV_RUN_DEFAULT);  // close callbacks
  if (uv_loop_close(&loop) != 0) logger->warn("event loop closed with handles still open");
  return status;
}

}  // namespace isohost::cli
