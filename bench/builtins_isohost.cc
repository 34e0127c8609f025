#include "bench/builtins_isohost.h"

#include <cstdint>
#include <memory>

#include "bench/common/uv_loop.h"
#include "isohost/worker.h"

namespace isohost::bench {

bool RunWorkerScript(const std::string& script, std::uint64_t timeout_ms, std::string* stdout_text,
                     std::string* error, const std::optional<Permissions>& permissions) {
  UvLoop loop;
  std::string failure;
  WorkerCallbacks callbacks;
  callbacks.on_output = [&](StdioStream stream, std::string_view data, ConsoleLevel) {
    if (stream == StdioStream::kStdout) stdout_text->append(data);
  };
  callbacks.on_exit = [&](const ExitInfo& info) {
    if ((info.reason != ExitReason::kNormal || info.code != 0) && failure.empty()) {
      failure = "worker exited with code " + std::to_string(info.code) + " (" +
                std::string(ExitReasonName(info.reason)) + ")" + (info.message.empty() ? "" : ": " + info.message);
    }
  };
  WorkerOptions options;
  options.script_path = script;
  options.permissions = permissions;
  std::unique_ptr<Worker> worker = Worker::Spawn(loop.get(), std::move(options), std::move(callbacks));
  Watchdog watchdog(loop.get(), timeout_ms, [&] {
    failure = "timed out";
    worker->Terminate(1, 0);
  });
  loop.Run();
  worker.reset();
  if (!failure.empty()) {
    *error = failure;
    return false;
  }
  return true;
}

}  // namespace isohost::bench
