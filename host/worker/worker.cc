#include "isohost/worker.h"

#include <atomic>

#include "host/worker/impl.h"

namespace isohost {

std::uint64_t NextWorkerId() {
  static std::atomic<std::uint64_t> next{1};
  return next.fetch_add(1);
}

ExitReason FromProto(proto::ExitReason reason) {
  switch (reason) {
    case proto::EXIT_REASON_UNCAUGHT_EXCEPTION: return ExitReason::kUncaughtException;
    case proto::EXIT_REASON_OUT_OF_MEMORY: return ExitReason::kOutOfMemory;
    case proto::EXIT_REASON_TERMINATED: return ExitReason::kTerminated;
    case proto::EXIT_REASON_STARTUP_FAILED: return ExitReason::kStartupFailed;
    case proto::EXIT_REASON_TIMEOUT: return ExitReason::kTimeout;
    case proto::EXIT_REASON_CPU_TIME: return ExitReason::kCpuTime;
    default: return ExitReason::kNormal;
  }
}

ConsoleLevel FromProto(proto::ConsoleLevel level) {
  switch (level) {
    case proto::CONSOLE_LEVEL_DEBUG: return ConsoleLevel::kDebug;
    case proto::CONSOLE_LEVEL_INFO: return ConsoleLevel::kInfo;
    case proto::CONSOLE_LEVEL_WARN: return ConsoleLevel::kWarn;
    case proto::CONSOLE_LEVEL_ERROR: return ConsoleLevel::kError;
    case proto::CONSOLE_LEVEL_TRACE: return ConsoleLevel::kTrace;
    default: return ConsoleLevel::kNone;
  }
}

proto::ExitReason ToProto(ExitReason reason) {
  switch (reason) {
    case ExitReason::kNormal: return proto::EXIT_REASON_NORMAL;
    case ExitReason::kUncaughtException: return proto::EXIT_REASON_UNCAUGHT_EXCEPTION;
    case ExitReason::kOutOfMemory: return proto::EXIT_REASON_OUT_OF_MEMORY;
    case ExitReason::kTerminated: return proto::EXIT_REASON_TERMINATED;
    case ExitReason::kStartupFailed: return proto::EXIT_REASON_STARTUP_FAILED;
    case ExitReason::kTimeout: return proto::EXIT_REASON_TIMEOUT;
    case ExitReason::kCpuTime: return proto::EXIT_REASON_CPU_TIME;
    case ExitReason::kCrashed:
    case ExitReason::kProtocolError: break;
  }
  return proto::EXIT_REASON_UNSPECIFIED;
}

proto::SourceKind ToProto(SourceKind kind) {
  switch (kind) {
    case SourceKind::kEval: return proto::SOURCE_KIND_EVAL;
    case SourceKind::kPrint: return proto::SOURCE_KIND_PRINT;
    case SourceKind::kStdin: return proto::SOURCE_KIND_STDIN;
    case SourceKind::kWorkerUrl: return proto::SOURCE_KIND_WORKER_URL;
    case SourceKind::kWorkerEval: break;
  }
  return proto::SOURCE_KIND_WORKER_EVAL;
}


std::string_view ExitReasonName(ExitReason reason) {
  switch (reason) {
    case ExitReason::kNormal: return "normal";
    case ExitReason::kUncaughtException: return "uncaught exception";
    case ExitReason::kOutOfMemory: return "out of memory";
    case ExitReason::kTimeout: return "timeout";
    case ExitReason::kTerminated: return "terminated";
    case ExitReason::kCrashed: return "crashed";
    case ExitReason::kProtocolError: return "protocol error";
    case ExitReason::kStartupFailed: return "startup failed";
    case ExitReason::kCpuTime: return "cpu_time";
  }
  return "unknown";
}

std::unique_ptr<Worker> Worker::Spawn(uv_loop_t* loop, WorkerOptions options, WorkerCallbacks callbacks,
                                      Launcher* launcher) {
  auto impl = std::make_unique<Impl>(loop, std::move(options), std::move(callbacks), launcher);
  impl->Start();
  return std::unique_ptr<Worker>(new Worker(std::move(impl)));
}

Worker::Worker(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Worker::~Worker() = default;

bool Worker::PostMessage(std::string_view data, std::string* error) { return impl_->PostMessage(data, error); }

std::unique_ptr<Port> Worker::PostPort(Port::Callbacks callbacks) {
  std::unique_ptr<Port::Impl> port = impl_->PostPort(std::move(callbacks));
  if (!port) return nullptr;
  return std::unique_ptr<Port>(new Port(std::move(port)));
}
void Worker::Terminate(int code, std::uint64_t grace_ms) { impl_->Terminate(code, grace_ms); }
bool Worker::RunTask(std::uint64_t id, std::string_view task, std::uint64_t heap_limit_bytes, std::string* error) {
  return impl_->RunTask(id, task, heap_limit_bytes, error);
}
void Worker::CancelTask(std::uint64_t id, std::string_view reason, bool reclaim) {
  impl_->CancelTask(id, reason, reclaim);
}
void Worker::WriteStdin(std::string_view data) { impl_->WriteStdin(data, false); }
void Worker::EndStdin() { impl_->WriteStdin({}, true); }
std::uint64_t Worker::id() const { return impl_->id(); }
int Worker::pid() const { return impl_->pid(); }
SpawnStrategy Worker::strategy() const { return impl_->strategy(); }
bool Worker::running() const { return impl_->running(); }

}  // namespace isohost
