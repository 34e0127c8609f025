#include "isohost/worker.h"

#include <fcntl.h>
#include <signal.h>
#include <spdlog/spdlog.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <unordered_set>

#include "host/cgroup_tree.h"
#include "host/launcher.h"
#include "host/host_port.h"
#include "isohost/clone_codec.h"
#include "host/port_relay.h"
#include "host/permissions_proto.h"
#include "host/script_path.h"
#include "host/worker_binary.h"
#include "ipc/channel.h"
#include "ipc/stdio_flow.h"
#include "base/uv_handle.h"
#include "isohost.pb.h"

extern char** environ;

namespace isohost {
namespace {

// How long past its time limit a worker may take to stop by itself.
constexpr std::uint64_t kTimeoutGraceMs = 2000;

std::atomic<std::uint64_t> next_worker_id{1};

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

}  // namespace

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

class Worker::Impl : public PortHolder, public BroadcastHub::Member, public ThreadDirectory::Member {
 public:
  Impl(uv_loop_t* loop, WorkerOptions options, WorkerCallbacks callbacks, Launcher* launcher)
      : loop_(loop),
        options_(std::move(options)),
        callbacks_(std::move(callbacks)),
        id_(next_worker_id.fetch_add(1)),
        stdout_pipe_(loop),
        stderr_pipe_(loop),
        kill_timer_(loop),
        deferred_(loop),
        nested_reaper_(loop),
        launcher_(launcher) {}

  ~Impl() override {
    // Nothing may call back into a Worker that is gone.
    callbacks_ = {};
    if (destroyed_flag_ != nullptr) *destroyed_flag_ = true;
    DropPorts();
    nested_impls_.clear();
    nested_.clear();  // its nested workers die with it
    finished_nested_.clear();
    channel_.reset();
    watch_.reset();  // kills a process that is still running, and reaps it
  }

  void Start() {
    std::string error = SpawnProcess();
    if (!error.empty()) {
      exit_info_.reason = ExitReason::kStartupFailed;
      exit_info_.code = 1;
      exit_info_.message = error;
      // Report on a later turn: the caller has not even got the handle yet.
      channel_closed_ = stdout_done_ = stderr_done_ = true;
      process_running_ = false;
      deferred_.Start([this] { MaybeFinish(); });
    }
  }

  std::unique_ptr<Port::Impl> PostPort(Port::Callbacks callbacks) {
    if (!running()) return nullptr;
    auto port = std::make_unique<Port::Impl>(Relay(), std::move(callbacks));
    proto::Envelope envelope;
    proto::ChannelMessage* message = envelope.mutable_channel_message();
    if (!Relay()->SplitTo(port.get(), Port::Impl::kName, this, message)) return nullptr;
    // The structured clone of the port itself: V8's header, then a host
    // object that is transfer 0 (worker/messaging/port_message.h).
    const char value[] = {static_cast<char>(0xFF), static_cast<char>(clone::kCloneFormatVersion), '\\', 0};
    message->set_data(value, sizeof(value));
    SendFrame(envelope);
    return port;
  }

  bool PostMessage(std::string_view data, std::string* error) {
    // The channel checks the limit too, but cannot say which refusal it was.
    if (data.size() > options_.limits.max_message_bytes) {
      return Refuse(error, ipc::MessageOverLimitError(data.size(), options_.limits.max_message_bytes));
    }
    if (!channel_ || !channel_->is_open() || !channel_->SendPortMessage(data)) {
      return Refuse(error, finished_ ? "the worker has exited" : "the worker's channel is closed");
    }
    return true;
  }

  void Terminate(int code, std::uint64_t grace_ms) {
    if (!process_running_) return;
    terminate_requested_ = true;
    if (channel_ && channel_->is_open()) {
      proto::Envelope envelope;
      envelope.mutable_terminate()->set_exit_code(code);
      channel_->Send(envelope);
    }
    kill_timer_.Start(grace_ms, [this] {
      if (process_running_) watch_->Kill(SIGKILL);
    });
  }

  bool RunTask(std::uint64_t id, std::string_view task, std::uint64_t heap_limit_bytes, std::string* error) {
    if (task.size() > options_.limits.max_message_bytes) {
      return Refuse(error, "task of " + std::to_string(task.size()) + " bytes exceeds the message limit of " +
                               std::to_string(options_.limits.max_message_bytes) + " bytes");
    }
    if (!channel_ || !channel_->is_open()) {
      return Refuse(error, finished_ ? "the worker has exited" : "the worker's channel is closed");
    }
    proto::Envelope envelope;
    proto::TaskRun* run = envelope.mutable_task_run();
    run->set_id(id);
    run->set_heap_limit_bytes(heap_limit_bytes);
    if (!channel_->SendWithPayload(envelope, run->mutable_task(), task.size(),
                                   [task](char* at) { std::memcpy(at, task.data(), task.size()); })) {
      return Refuse(error, "the worker's channel is closed");
    }
    unsettled_tasks_.insert(id);
    return true;
  }

  void CancelTask(std::uint64_t id, std::string_view reason, bool reclaim) {
    if (!channel_ || !channel_->is_open() || !unsettled_tasks_.contains(id)) return;
    proto::Envelope envelope;
    envelope.mutable_task_cancel()->set_id(id);
    envelope.mutable_task_cancel()->set_reason(std::string(reason));
    envelope.mutable_task_cancel()->set_reclaim(reclaim);
    channel_->Send(envelope);
  }

  void WriteStdin(std::string_view data, bool eof) {
    if (!channel_ || !channel_->is_open()) return;
    proto::Envelope envelope;
    envelope.mutable_stdin_chunk()->set_data(data.data(), data.size());
    envelope.mutable_stdin_chunk()->set_eof(eof);
    channel_->Send(envelope);
  }

  std::uint64_t id() const { return id_; }
  int pid() const { return pid_; }
  SpawnStrategy strategy() const { return strategy_; }
  bool running() const { return !finished_; }

 private:
  static bool Refuse(std::string* error, std::string why) {
    if (error != nullptr) *error = std::move(why);
    return false;
  }

  std::string SpawnProcess() {
    // Both ends take the limit from here: this channel, and the worker's
    // from Start.
    if (options_.limits.max_message_bytes == 0) options_.limits.max_message_bytes = ipc::kDefaultMaxMessageSize;
    if (options_.limits.max_message_bytes > ipc::kLargestMaxMessageSize) {
      return "max_message_bytes " + std::to_string(options_.limits.max_message_bytes) +
             " is over the largest a frame can carry, " + std::to_string(ipc::kLargestMaxMessageSize);
    }
    LaunchRequest request;
    request.binary = options_.worker_binary.empty() ? FindWorkerBinary() : options_.worker_binary;
    if (request.binary.empty() || !IsExecutable(request.binary)) {
      return "cannot find the isohost-worker binary" + (request.binary.empty() ? std::string() : " at " + request.binary) +
             " (set ISOHOST_WORKER to its path)";
    }
    if (!options_.script_source) {
      if (options_.script_path.empty()) return "no script given";
      // The path as given, made absolute but with its symbolic links kept:
      // the worker resolves it as Node resolves its main module (symbolic
      // links unless --preserve-symlinks-main, `main` for `main.js`, a
      // folder's index.js), says Node's "Cannot find module" when nothing
      // is there, and process.argv[1] is this path.
      std::string error;
      std::optional<std::string> absolute = AbsoluteScriptPath(options_.script_path, &error);
      if (!absolute) return error;
      options_.script_path = std::move(*absolute);
    }
    if (options_.permissions &&
        !ToProto(*options_.permissions, options_.script_source ? std::string() : options_.script_path,
                 &permissions_, &error_of_permissions_)) {
      return "permissions: " + error_of_permissions_;
    }
    request.v8_flags = options_.v8_flags;
    request.max_old_space_mb = options_.limits.max_old_space_mb;
    request.max_young_space_mb = options_.limits.max_young_space_mb;
    request.code_range_mb = options_.limits.code_range_mb;
    exec_path_ = ExecPathFor(request.binary);

    std::string error;
    std::optional<LaunchedProcess> launched =
        launcher_ != nullptr
            ? launcher_->Launch(request, options_.spawn, &error, /*nested=*/parent_ != nullptr,
                                // As Start will say: no path for source text, no cache when sandboxed.
                                EntryHint{options_.script_source ? std::string() : options_.script_path,
                                          options_.permissions ? std::string() : options_.compile_cache_dir})
                             : LaunchByExec(loop_, request, &error,
                                            CgroupTree::ForThisProcess(request.binary, *spdlog::default_logger()));
    if (!launched) return error;
    pid_ = launched->pid;
    strategy_ = launched->strategy;
    cgroup_ = std::move(launched->cgroup);
    process_running_ = true;
    watch_ = std::move(launched->watch);
    watch_->OnExit([this](int exit_status, int term_signal) { OnProcessExit(exit_status, term_signal); });

    // Start goes out before Hello comes back: the worker reads it as soon as
    // it is ready, which saves a round trip on every spawn. A pooled or
    // forked worker has the pipe its frames come on already: Start goes on
    // it now, so that the worker reads it while this side builds its
    // channel, unless descriptors must go with it (on the socket, which the
    // channel owns).
    proto::Envelope start;
    BuildStart(&start);
    const bool start_sent = !start_fds_ && options_.stdin_fd < 0 && ipc::SendAhead(launched->output_pipe, start);

    ipc::ChannelOptions channel_options;
    channel_options.max_message_size = options_.limits.max_message_bytes;
    // Results of a task runner come steadily: the pages of the ring they
    // come through stay, rather than being faulted in again for each.
    if (options_.task_runner) channel_options.shared_ring_keep_bytes = SIZE_MAX;
    channel_ = std::make_unique<ipc::Channel>(
        loop_, launched->channel.release(),
        ipc::Channel::Callbacks{[this](proto::Envelope& envelope) { OnEnvelope(envelope); },
                                [this](const std::string& error) { OnChannelClosed(error); }, nullptr,
                                // Messages reach the caller as views of the read buffer.
                                [this](std::string_view data) {
                                  if (callbacks_.on_message) callbacks_.on_message(data);
                                }},
        channel_options);
    if (launched->output_pipe.write) channel_->AdoptOutputPipe(std::move(launched->output_pipe));
    if (options_.limits.timeout_ms > 0) {
      // The worker stops itself at the limit; this is for one that cannot.
      kill_timer_.Start(options_.limits.timeout_ms + kTimeoutGraceMs, [this] {
        if (process_running_) {
          timeout_kill_ = true;
          watch_->Kill(SIGKILL);
        }
      });
    }
    if (!start_sent) SendStart(&start);
    ReportStartPortsClosed();
    stdout_pipe_.OpenPipe(launched->stdout_read.release());
    stderr_pipe_.OpenPipe(launched->stderr_read.release());
    stdout_pipe_.StartReading([this](std::string_view data) { OnNativeOutput(StdioStream::kStdout, data); },
                              [this] { stdout_done_ = true; MaybeFinish(); });
    stderr_pipe_.StartReading([this](std::string_view data) { OnNativeOutput(StdioStream::kStderr, data); },
                              [this] { stderr_done_ = true; MaybeFinish(); });
    return {};
  }

  // What the worker is to run and with what (its descriptors apart).
  void BuildStart(proto::Envelope* envelope) {
    proto::Start* start = envelope->mutable_start();
    if (options_.script_source) {
      start->set_script_source(*options_.script_source);
    } else {
      start->set_script_path(options_.script_path);
    }
    if (options_.script_source) start->set_source_kind(ToProto(options_.source_kind));
    for (const std::string& arg : options_.argv) start->add_argv(arg);
    for (const std::string& arg : options_.exec_argv) start->add_exec_argv(arg);
    // The environment goes as one block, as environ holds it; a variable
    // that a block cannot carry (a NUL inside, '=' in its name) as an EnvVar.
    // Under permissions, only the variables granted leave the host.
    auto granted = [this](std::string_view name) {
      return !options_.permissions || EnvGranted(*options_.permissions, std::string(name));
    };
    std::string* block = start->mutable_env_block();
    if (options_.env) {
      for (const auto& [name, value] : *options_.env) {
        if (!granted(name)) continue;
        if (name.find('=') != std::string::npos || name.find('\0') != std::string::npos ||
            value.find('\0') != std::string::npos) {
          proto::EnvVar* var = start->add_env();
          var->set_name(name);
          var->set_value(value);
          continue;
        }
        block->append(name).append(1, '=').append(value).append(1, '\0');
      }
    } else {
      for (char** entry = environ; *entry != nullptr; ++entry) {
        const char* eq = std::strchr(*entry, '=');
        if (eq == nullptr || !granted(std::string_view(*entry, static_cast<size_t>(eq - *entry)))) continue;
        block->append(*entry, std::strlen(*entry) + 1);
      }
    }
    start->set_worker_data(options_.worker_data);
    start->mutable_limits()->set_max_message_bytes(options_.limits.max_message_bytes);
    start->mutable_limits()->set_max_old_space_mb(options_.limits.max_old_space_mb);
    start->mutable_limits()->set_max_young_space_mb(options_.limits.max_young_space_mb);
    start->mutable_limits()->set_timeout_ms(options_.limits.timeout_ms);
    start->mutable_limits()->set_stack_size_kib(options_.limits.stack_size_kib);
    start->mutable_limits()->set_code_range_mb(options_.limits.code_range_mb);
    start->mutable_limits()->set_max_memory_mb(options_.limits.max_memory_mb);
    thread_id_ = options_.thread_id != 0 ? options_.thread_id : static_cast<std::uint32_t>(id_);
    start->set_thread_id(thread_id_);
    Threads()->Add(thread_id_, this);
    start->set_exec_path(exec_path_);
    start->set_argv0(options_.argv0);
    start->set_stdin_attached(options_.stdin_attached);
    start->set_task_runner(options_.task_runner);
    start->set_link_spin_us(options_.link_spin_us);
    start->set_task_concurrency(static_cast<std::uint32_t>(options_.task_concurrency));
    // A sandboxed worker gets no compile cache: one it could write would be
    // code that other workers run (V8 checks a cache's length, not its text).
    if (!options_.permissions) start->set_compile_cache_dir(options_.compile_cache_dir);
    start->set_compile_cache_max_bytes(options_.compile_cache_max_bytes);
    if (options_.permissions) *start->mutable_permissions() = permissions_;
    start->set_cpu_time_ms(options_.limits.cpu_time_ms);
    start->set_cgroup(cgroup_);
    start->set_share_env(shares_env_with_parent_);
    start->set_environment_data(environment_data_);
    for (std::uint64_t name : start_ports_) start->add_worker_data_ports(name);
    start_ports_.clear();
    start->mutable_worker_data_queued()->Swap(&start_queued_);
  }

  // Start on the channel, after the descriptors that go with it: workerData's
  // SharedArrayBuffers first (the worker takes a frame's own descriptors
  // before it looks at the frame), then the host's stdin.
  void SendStart(proto::Envelope* envelope) {
    if (start_fds_) {
      if (channel_->SendDescriptors(RawFds(start_fds_))) {
        envelope->set_shared_buffers(static_cast<std::uint32_t>(start_fds_->size()));
      }
      start_fds_.reset();
    }
    if (options_.stdin_fd >= 0) {
      envelope->mutable_start()->set_stdin_descriptor(channel_->SendDescriptor(options_.stdin_fd));
    }
    channel_->Send(*envelope);
  }

  // Ends of its workerData whose channel closed on the way to Start.
  void ReportStartPortsClosed() {
    if (!start_ports_closed_.empty()) {
      PortRelay::SayClosed(this, start_ports_closed_);
      start_ports_closed_.clear();
    }
  }

  // A frame from the worker, with the descriptors of the SharedArrayBuffers
  // its message carries, which the host passes on and never maps; they close
  // once the frame is handled, whatever became of it.
  void OnEnvelope(proto::Envelope& envelope) {
    std::vector<base::UniqueFd> fds;
    frame_fds_ = nullptr;
    if (envelope.shared_buffers() != 0) {
      if (envelope.shared_buffers() > ipc::kMaxSharedBuffersPerMessage ||
          !channel_->ReceiveDescriptors(envelope.shared_buffers(), &fds)) {
        return ProtocolError("worker sent a frame naming " + std::to_string(envelope.shared_buffers()) +
                             " SharedArrayBuffers whose descriptors did not come");
      }
      // Checked here, so that a worker that sends something else is the one
      // that ends, not the worker it was meant for.
      for (const base::UniqueFd& fd : fds) {
        const int seals = ::fcntl(fd.get(), F_GET_SEALS);
        if (seals < 0 || (seals & (F_SEAL_SHRINK | F_SEAL_GROW)) != (F_SEAL_SHRINK | F_SEAL_GROW)) {
          return ProtocolError("worker sent a SharedArrayBuffer whose descriptor is not a sealed memfd");
        }
      }
      frame_fds_ = std::make_shared<const std::vector<base::UniqueFd>>(std::move(fds));
      bool destroyed = false;
      bool* outer = destroyed_flag_;
      destroyed_flag_ = &destroyed;
      HandleEnvelope(envelope);
      if (destroyed) {
        if (outer != nullptr) *outer = true;
        return;
      }
      destroyed_flag_ = outer;
      frame_fds_.reset();  // what was passed on has its own copies
      return;
    }
    HandleEnvelope(envelope);
  }

  void HandleEnvelope(proto::Envelope& envelope) {
    switch (envelope.body_case()) {
      case proto::Envelope::kHello:
        if (envelope.hello().protocol_version() != proto::PROTOCOL_VERSION_CURRENT) {
          return ProtocolError("worker speaks protocol version " +
                               std::to_string(envelope.hello().protocol_version()) + ", host speaks " +
                               std::to_string(proto::PROTOCOL_VERSION_CURRENT));
        }
        if (callbacks_.on_online) callbacks_.on_online();
        return;
      case proto::Envelope::kPortMessage:
        if (callbacks_.on_message) callbacks_.on_message(envelope.port_message().data());
        return;
      case proto::Envelope::kStdioChunk: {
        const proto::StdioChunk& chunk = envelope.stdio_chunk();
        StdioStream stream = chunk.stream() == proto::STDIO_STREAM_STDERR ? StdioStream::kStderr
                                                                         : StdioStream::kStdout;
        if (callbacks_.on_output) callbacks_.on_output(stream, chunk.data(), FromProto(chunk.level()));
        unacked_stdio_ += chunk.data().size();
        if (unacked_stdio_ >= ipc::kStdioAckBatch && channel_) {
          proto::Envelope ack;
          ack.mutable_stdio_ack()->set_bytes(unacked_stdio_);
          unacked_stdio_ = 0;
          channel_->Send(ack);
        }
        return;
      }
      case proto::Envelope::kExit: {
        const proto::Exit& exit = envelope.exit();
        exit_frame_ = true;
        exit_info_.code = exit.code();
        exit_info_.reason = FromProto(exit.reason());
        exit_info_.message = exit.message();
        exit_info_.stats.checkpoints = exit.stats().checkpoints();
        exit_info_.stats.tick_passes = exit.stats().tick_passes();
        exit_info_.stats.check_phase_js_calls = exit.stats().check_phase_js_calls();
        exit_info_.stats.stdio_objects_built = exit.stats().stdio_objects_built();
        exit_info_.stats.builtins_loaded = exit.stats().builtins_loaded();
        exit_info_.stats.builtins_prewarmed = exit.stats().builtins_prewarmed();
        exit_info_.stats.compile_cache_hits = exit.stats().compile_cache_hits();
        exit_info_.stats.compile_cache_misses = exit.stats().compile_cache_misses();
        exit_info_.stats.compile_cache_rejected = exit.stats().compile_cache_rejected();
        exit_info_.stats.landlock_abi = exit.stats().landlock_abi();
        exit_info_.stats.seccomp_filter = exit.stats().seccomp_filter();
        exit_info_.stats.sandbox_us = exit.stats().sandbox_us();
        exit_info_.stats.link_spin_polls = exit.stats().link_spin_polls();
        exit_info_.stats.link_spin_answered = exit.stats().link_spin_answered();
        exit_info_.stats.entry_prepared = exit.stats().entry_prepared();
        exit_info_.stats.modules_prepared = exit.stats().modules_prepared();
        exit_info_.stats.builtins_prepared = exit.stats().builtins_prepared();
        exit_info_.stats.cpu_time_us = exit.cpu_time_us();
        exit_info_.sandbox_degraded = exit.sandbox_degraded();
        if (callbacks_.on_exiting) {
          ExitInfo said = exit_info_;
          if (said.message.empty()) said.message = error_message_;
          callbacks_.on_exiting(said);
        }
        return;
      }
      case proto::Envelope::kError:
        error_message_ = envelope.error().message();
        return;
      case proto::Envelope::kTaskReady:
        if (!options_.task_runner || task_ready_) return ProtocolError("worker said it is ready for tasks unasked");
        task_ready_ = true;
        if (callbacks_.on_task_ready) callbacks_.on_task_ready();
        return;
      case proto::Envelope::kTaskResult:
        return OnTaskResult(envelope.task_result());
      case proto::Envelope::kNestedSpawn:
        return OnNestedSpawn(envelope.nested_spawn());
      case proto::Envelope::kNestedPortMessage: {
        // One that exited a moment ago is not an error: the parent did not know yet.
        auto found = nested_.find(envelope.nested_port_message().nested_id());
        if (found == nested_.end()) return;
        if (frame_fds_) {
          auto impl = nested_impls_.find(envelope.nested_port_message().nested_id());
          if (impl != nested_impls_.end()) impl->second->PostShared(envelope.nested_port_message().data(), frame_fds_);
          return;
        }
        found->second->PostMessage(envelope.nested_port_message().data());
        return;
      }
      case proto::Envelope::kChannelMessage:
        return OnChannelMessage(envelope.channel_message());
      case proto::Envelope::kPortClose:
        return OnPortClose(envelope.port_close());
      case proto::Envelope::kNestedStdio: {
        // Input for a nested worker's process.stdin; one that exited a
        // moment ago takes none, and that is no error.
        // One spawned without `stdin` reads none: its input is dropped.
        const proto::NestedStdio& stdio = envelope.nested_stdio();
        auto found = nested_impls_.find(stdio.nested_id());
        if (found == nested_impls_.end() || !found->second->options_.stdin_attached) return;
        found->second->WriteStdin(stdio.data(), stdio.eof());
        return;
      }
      case proto::Envelope::kNestedControl:
        return OnNestedControl(envelope);
      case proto::Envelope::kPortDrain:
        return OnPortDrain(envelope.port_drain());
      case proto::Envelope::kThreadResult: {
        std::string error = Threads()->Answer(this, envelope.thread_result().request(), envelope.thread_result().status());
        if (!error.empty()) ProtocolError(error);
        return;
      }
      case proto::Envelope::kBroadcast: {
        std::string error = Hub()->OnMessage(this, envelope.broadcast(), frame_fds_);
        if (!error.empty()) ProtocolError(error);
        return;
      }
      case proto::Envelope::kNestedTerminate: {
        auto found = nested_.find(envelope.nested_terminate().nested_id());
        if (found != nested_.end()) found->second->Terminate(1);
        return;
      }
      default:
        return ProtocolError("worker sent a frame only the host may send (field " +
                             std::to_string(envelope.body_case()) + ")");
    }
  }

  void OnTaskResult(const proto::TaskResult& result) {
    if (unsettled_tasks_.erase(result.id()) == 0) {
      return ProtocolError("worker sent a result for task " + std::to_string(result.id()) +
                           ", which it was not running");
    }
    TaskOutcome outcome;
    outcome.id = result.id();
    outcome.heap_used_bytes = result.heap_used_bytes();
    outcome.dropped = result.dropped();
    if (result.has_error()) {
      outcome.thrown = true;
      outcome.name = result.error().name();
      outcome.message = result.error().message();
      outcome.stack = result.error().stack();
      outcome.code = result.error().code();
      if (callbacks_.on_task_result) callbacks_.on_task_result(outcome);
      return;
    }
    if (!result.has_value()) {
      return ProtocolError("worker sent a result for task " + std::to_string(result.id()) +
                           " with neither a value nor an error");
    }
    const proto::TaskPayload& payload = result.value();
    if (!channel_->ViewPayload(payload, &outcome.value)) return;  // the channel failed and said why
    bool destroyed = false;
    destroyed_flag_ = &destroyed;
    if (callbacks_.on_task_result) callbacks_.on_task_result(outcome);
    // The callback may have destroyed this worker, and its channel with it.
    if (destroyed) return;
    destroyed_flag_ = nullptr;
    if (channel_) channel_->ReleasePayload(payload);
  }

  // A nested worker, spawned as a sibling process on this worker's behalf:
  // its messages, its output and its end go back to this worker only, and
  // it dies with this worker.
  void OnNestedSpawn(const proto::NestedSpawn& spawn) {
    const std::uint32_t nested_id = spawn.nested_id();
    if (nested_.contains(nested_id)) {
      return ProtocolError("worker asked for nested worker " + std::to_string(nested_id) + " twice");
    }
    // What its workerData's ports had queued: messages for them, no more.
    for (const proto::ChannelMessage& queued : spawn.worker_data_queued()) {
      if (queued.port() >= static_cast<std::uint64_t>(spawn.worker_data_ports_size()) || queued.ports_size() > 0) {
        return ProtocolError("worker queued a message for workerData's port " + std::to_string(queued.port()) +
                             (queued.ports_size() > 0 ? " that transfers ports" : ", which it does not carry"));
      }
    }
    // The ports its workerData transfers leave it now, whatever becomes of
    // the spawn (checked against the record, as any transfer is).
    std::vector<std::uint64_t> moved;
    if (spawn.worker_data_ports_size() > 0) {
      std::string error = Relay()->TakeTransferred(this, spawn.worker_data_ports(), &moved);
      if (!error.empty()) return ProtocolError(error);
    }
    auto refuse = [this, nested_id, &moved](const std::string& why) {
      // Nobody holds them: their channels close.
      if (!moved.empty()) Relay()->CloseMoved(moved);
      proto::Envelope refusal;
      proto::NestedEvent* event = refusal.mutable_nested_event();
      event->set_nested_id(nested_id);
      event->set_kind(proto::NESTED_EVENT_KIND_EXIT);
      event->set_exit_code(1);
      event->set_reason(proto::EXIT_REASON_STARTUP_FAILED);
      event->set_message(why);
      // A thread Node refuses to start has had its threadId.
      event->set_thread_id(static_cast<std::uint32_t>(next_worker_id.fetch_add(1)));
      if (channel_) channel_->Send(refusal);
    };
    // The worker's own check may have been bypassed: the host decides.
    if (options_.permissions && !options_.permissions->worker_threads) {
      return refuse("Access to this API has been restricted (permission: WorkerThreads)");
    }
    if (nested_.size() >= options_.max_nested_workers) {
      return refuse("nested worker quota of " + std::to_string(options_.max_nested_workers) +
                    " running workers exceeded");
    }
    WorkerOptions child;
    if (spawn.has_script_source()) {
      child.script_source = spawn.script_source();
      child.source_kind = spawn.script_is_url() ? SourceKind::kWorkerUrl : SourceKind::kWorkerEval;
    } else {
      child.script_path = spawn.script_path();
    }
    child.argv.assign(spawn.argv().begin(), spawn.argv().end());
    child.exec_argv.assign(spawn.exec_argv().begin(), spawn.exec_argv().end());
    child.env.emplace();
    for (const proto::EnvVar& var : spawn.env()) (*child.env)[var.name()] = var.value();
    child.worker_data = spawn.worker_data();
    child.limits = options_.limits;
    // A nested worker may ask for less than its parent has, never more.
    auto lower = [](std::uint32_t asked, std::uint32_t own) {
      return asked == 0 ? own : own == 0 ? asked : std::min(asked, own);
    };
    child.limits.max_old_space_mb = lower(spawn.limits().max_old_space_mb(), options_.limits.max_old_space_mb);
    child.limits.max_young_space_mb = lower(spawn.limits().max_young_space_mb(), options_.limits.max_young_space_mb);
    child.limits.stack_size_kib = lower(spawn.limits().stack_size_kib(), options_.limits.stack_size_kib);
    child.limits.code_range_mb = lower(spawn.limits().code_range_mb(), options_.limits.code_range_mb);
    child.v8_flags = options_.v8_flags;
    child.spawn = options_.spawn;
    child.worker_binary = options_.worker_binary;
    child.argv0 = options_.argv0;
    child.max_nested_workers = options_.max_nested_workers;
    child.link_spin_us = options_.link_spin_us;
    // A nested worker has no more rights than its parent, and shares its cache.
    child.permissions = options_.permissions;
    child.compile_cache_dir = options_.compile_cache_dir;
    child.compile_cache_max_bytes = options_.compile_cache_max_bytes;
    child.stdin_attached = spawn.stdin();
    WorkerCallbacks callbacks;
    callbacks.on_online = [this, nested_id] { SendNestedEvent(nested_id, proto::NESTED_EVENT_KIND_ONLINE, {}); };
    callbacks.on_message = [this, nested_id](std::string_view data) {
      if (!channel_ || !channel_->is_open()) return;
      proto::Envelope envelope;
      envelope.mutable_nested_port_message()->set_nested_id(nested_id);
      envelope.mutable_nested_port_message()->set_data(data.data(), data.size());
      // The nested worker's frame is being handled: its SharedArrayBuffers come along.
      auto child = nested_impls_.find(nested_id);
      if (child != nested_impls_.end() && child->second->frame_fds_) {
        SendShared(envelope, child->second->frame_fds_);
        return;
      }
      channel_->Send(envelope);
    };
    // Its output is its parent's to read (worker.stdout, worker.stderr),
    // which passes it on to its own unless it asked for the streams.
    callbacks.on_output = [this, nested_id](StdioStream stream, std::string_view data, ConsoleLevel) {
      if (!channel_ || !channel_->is_open()) return;
      proto::Envelope envelope;
      proto::NestedStdio* stdio = envelope.mutable_nested_stdio();
      stdio->set_nested_id(nested_id);
      stdio->set_stream(stream == StdioStream::kStderr ? proto::STDIO_STREAM_STDERR : proto::STDIO_STREAM_STDOUT);
      stdio->set_data(data.data(), data.size());
      channel_->Send(envelope);
    };
    callbacks.on_exit = [this, nested_id](const ExitInfo& info) {
      SendNestedEvent(nested_id, proto::NESTED_EVENT_KIND_EXIT, info);
      // Destroyed on a later turn: we are inside its own callback.
      auto found = nested_.find(nested_id);
      if (found == nested_.end()) return;
      finished_nested_.push_back(std::move(found->second));
      nested_.erase(found);
      nested_impls_.erase(nested_id);
      nested_reaper_.Start([this] { finished_nested_.clear(); });
    };
    auto impl = std::make_unique<Impl>(loop_, std::move(child), std::move(callbacks), launcher_);
    impl->relay_ = Relay();
    impl->hub_ = Hub();
    impl->threads_ = Threads();
    impl->parent_ = this;
    impl->id_in_parent_ = nested_id;
    impl->shares_env_with_parent_ = spawn.share_env();
    impl->environment_data_ = spawn.environment_data();
    impl->start_fds_ = frame_fds_;  // workerData's SharedArrayBuffers
    Impl* started = impl.get();
    // It holds its workerData's ports from the start: what comes for them
    // goes to it after its Start, which names them.
    if (!moved.empty()) {
      Relay()->GiveMoved(moved, started, &started->start_ports_, &started->start_ports_closed_);
      started->start_queued_ = spawn.worker_data_queued();
    }
    // Its threadId is its id, numbered as spawns come: the parent waits for it.
    proto::Envelope spawned;
    spawned.mutable_nested_event()->set_nested_id(nested_id);
    spawned.mutable_nested_event()->set_kind(proto::NESTED_EVENT_KIND_SPAWNED);
    spawned.mutable_nested_event()->set_thread_id(static_cast<std::uint32_t>(started->id_));
    if (channel_) channel_->Send(spawned);
    nested_[nested_id] = std::unique_ptr<Worker>(new Worker(std::move(impl)));
    nested_impls_[nested_id] = started;
    started->Start();
  }

  // Passed on between this worker and its parent or a nested worker: env
  // changes only between workers that share their env, heap snapshot
  // requests only down, snapshots, uncaught errors and messages of the
  // environment port only up. Anything
  // else (a top-level worker's uncaught error among it), and anything for
  // a worker that exited a moment ago, is dropped.
  void OnNestedControl(proto::Envelope& envelope) {
    proto::NestedControl* control = envelope.mutable_nested_control();
    const bool env_change = control->has_env_change();
    if (control->nested_id() == 0) {
      const bool up = control->has_heap_snapshot() || control->has_uncaught_error() || control->has_env_message();
      if (parent_ == nullptr || !(up || (env_change && shares_env_with_parent_))) return;
      control->set_nested_id(id_in_parent_);
      parent_->SendFrame(envelope);
      return;
    }
    auto found = nested_impls_.find(control->nested_id());
    if (found == nested_impls_.end()) return;
    if (!(control->has_heap_snapshot_request() || (env_change && found->second->shares_env_with_parent_))) return;
    control->set_nested_id(0);
    found->second->SendFrame(envelope);
  }

  // --- MessagePorts whose ends are in different processes -----------------------

  std::shared_ptr<PortRelay>& Relay() {
    if (!relay_) relay_ = std::make_shared<PortRelay>();
    return relay_;
  }

  void OnChannelMessage(const proto::ChannelMessage& message) {
    if (message.thread_id() != 0 && message.port() == 0) return OnThreadMessage(message);
    PortRelay& relay = *Relay();
    if (message.port() != 0 || message.forwarded()) {
      std::string error = relay.OnChannelMessage(this, message, frame_fds_);
      if (!error.empty()) ProtocolError(error);
      return;
    }
    // Through the link between a worker and its parent.
    Impl* destination = nullptr;
    std::uint32_t destination_nested = 0;
    bool to_host = false;
    if (message.nested_id() != 0) {
      auto found = nested_impls_.find(message.nested_id());
      if (found != nested_impls_.end() && found->second->running()) destination = found->second;
    } else if (parent_ != nullptr) {
      destination = parent_;
      destination_nested = id_in_parent_;
    } else {
      to_host = true;
    }
    // The ends it transfers leave it now, whatever becomes of the message.
    std::vector<std::uint64_t> moved;
    std::string error = relay.TakeTransferred(this, message, &moved);
    if (!error.empty()) return ProtocolError(error);
    if (destination == nullptr) {
      // Nobody to take them (the host holds no ports): their channels close.
      relay.CloseMoved(moved);
      if (to_host && callbacks_.on_message) callbacks_.on_message(message.data());
      return;
    }
    proto::Envelope envelope;
    proto::ChannelMessage* out = envelope.mutable_channel_message();
    out->set_nested_id(destination_nested);
    out->set_data(message.data());
    std::vector<std::uint64_t> nowhere;
    relay.GiveMoved(moved, destination, out, &nowhere);
    if (frame_fds_) {
      destination->SendPortFrameWith(envelope, frame_fds_);
    } else {
      destination->SendFrame(envelope);
    }
    PortRelay::SayClosed(destination, nowhere);
  }

  void OnPortClose(const proto::PortClose& close) {
    std::string error = Relay()->OnPortClose(this, close.port());
    if (!error.empty()) ProtocolError(error);
  }

  void OnPortDrain(const proto::PortDrain& drain) {
    std::string error = Relay()->OnPortDrain(this, drain.port());
    if (!error.empty()) ProtocolError(error);
  }

  // This worker holds no more ends: their channels close; nor
  // BroadcastChannels.
  void DropPorts() {
    if (relay_) relay_->DropHolder(this);
    if (hub_) hub_->Drop(this);
    if (threads_) threads_->Remove(this);
  }

  // Its supervisor's, or its tree's without one.
  std::shared_ptr<ThreadDirectory>& Threads() {
    if (!threads_) threads_ = launcher_ != nullptr ? launcher_->thread_directory() : std::make_shared<ThreadDirectory>();
    return threads_;
  }

  bool SendThreadFrame(const proto::Envelope& envelope) override { return SendFrame(envelope); }

  // worker_threads.postMessageToThread: to the worker of that threadId,
  // with the ports it transfers when that worker is of the same tree (the
  // record of channels is per tree); else, or when there is no such
  // worker, answered NO_LISTENERS at once.
  void OnThreadMessage(const proto::ChannelMessage& message) {
    PortRelay& relay = *Relay();
    std::vector<std::uint64_t> moved;
    std::string error = relay.TakeTransferred(this, message, &moved);
    if (!error.empty()) return ProtocolError(error);
    Impl* to = static_cast<Impl*>(Threads()->Find(message.thread_id()));
    if (to == nullptr || !to->running() || (!moved.empty() && to->relay_ != relay_)) {
      relay.CloseMoved(moved);
      ThreadDirectory::SendResult(this, message.thread_request(), proto::THREAD_MESSAGE_STATUS_NO_LISTENERS);
      return;
    }
    proto::Envelope envelope;
    proto::ChannelMessage* out = envelope.mutable_channel_message();
    out->set_data(message.data());
    out->set_thread_id(thread_id_);
    out->set_thread_request(Threads()->Open(this, message.thread_request(), to));
    std::vector<std::uint64_t> nowhere;
    relay.GiveMoved(moved, to, out, &nowhere);
    to->SendFrame(envelope);
    PortRelay::SayClosed(to, nowhere);
  }

  // Its supervisor's, or its tree's without one.
  std::shared_ptr<BroadcastHub>& Hub() {
    if (!hub_) hub_ = launcher_ != nullptr ? launcher_->broadcast_hub() : std::make_shared<BroadcastHub>();
    return hub_;
  }

  bool SendBroadcast(const proto::Envelope& envelope) override { return SendFrame(envelope); }

  bool SendPortFrame(const proto::Envelope& envelope) override { return SendFrame(envelope); }

  bool SendPortFrameWith(proto::Envelope& envelope, const SharedFds& fds) override {
    if (finished_ || !channel_ || !channel_->is_open()) return false;
    return SendShared(envelope, fds);
  }

  // A frame whose message carries SharedArrayBuffers. When their descriptors
  // cannot go (the worker has not read the hundreds of such messages sent
  // before), the message goes without them, so that the worker sees a
  // message it cannot read ('messageerror') rather than none.
  bool SendShared(proto::Envelope& envelope, const SharedFds& fds) {
    if (channel_->SendWithDescriptors(envelope, RawFds(fds))) return true;
    envelope.set_shared_buffers(0);
    return channel_->Send(envelope);
  }

  bool SendBroadcastWith(proto::Envelope& envelope, const SharedFds& fds) override {
    return SendPortFrameWith(envelope, fds);
  }

  // A message for its parentPort that carries SharedArrayBuffers.
  void PostShared(std::string_view data, const SharedFds& fds) {
    proto::Envelope envelope;
    envelope.mutable_port_message()->set_data(data.data(), data.size());
    SendPortFrameWith(envelope, fds);
  }

  bool SendPortDescriptor(int fd, const proto::Envelope& envelope) override {
    if (finished_ || !channel_ || !channel_->is_open()) return false;
    return channel_->SendDescriptor(fd) && channel_->Send(envelope);
  }

  bool SendFrame(const proto::Envelope& envelope) {
    if (finished_ || !channel_ || !channel_->is_open()) return false;
    return channel_->Send(envelope);
  }

  void SendNestedEvent(std::uint32_t nested_id, proto::NestedEventKind kind, const ExitInfo& info) {
    if (!channel_ || !channel_->is_open()) return;
    proto::Envelope envelope;
    proto::NestedEvent* event = envelope.mutable_nested_event();
    event->set_nested_id(nested_id);
    event->set_kind(kind);
    if (kind == proto::NESTED_EVENT_KIND_EXIT) {
      event->set_exit_code(info.code);
      event->set_reason(ToProto(info.reason));
      if (info.reason != ExitReason::kNormal) event->set_message(info.message);
    }
    channel_->Send(envelope);
  }

  void ProtocolError(const std::string& message) {
    protocol_error_ = message;
    channel_.reset();
    channel_closed_ = true;
    if (process_running_) watch_->Kill(SIGKILL);
  }

  void OnChannelClosed(const std::string& error) {
    channel_closed_ = true;
    if (!error.empty() && protocol_error_.empty()) {
      protocol_error_ = error;
      if (process_running_) watch_->Kill(SIGKILL);
    }
    deferred_.Start([this] {
      channel_.reset();
      MaybeFinish();
    });
  }

  void OnNativeOutput(StdioStream stream, std::string_view data) {
    if (callbacks_.on_output) callbacks_.on_output(stream, data, ConsoleLevel::kNone);
  }

  void OnProcessExit(int exit_status, int term_signal) {
    process_running_ = false;
    exit_status_ = exit_status;
    term_signal_ = term_signal;
    kill_timer_.Stop();
    MaybeFinish();
  }

  void MaybeFinish() {
    if (finished_ || process_running_ || !channel_closed_ || !stdout_done_ || !stderr_done_) return;
    finished_ = true;
    DropPorts();
    // A worker's nested workers end with it (killed and reaped).
    nested_impls_.clear();
    nested_.clear();
    ExitInfo info = exit_info_;
    if (info.reason != ExitReason::kStartupFailed) {
      if (!protocol_error_.empty()) {
        info.reason = ExitReason::kProtocolError;
        info.message = protocol_error_;
        info.code = 1;
      } else if (term_signal_ != 0) {
        info.signal = term_signal_;
        info.code = 128 + term_signal_;
        // SIGXCPU: RLIMIT_CPU, the kernel's backstop of limits.cpu_time_ms.
        info.reason = timeout_kill_                                              ? ExitReason::kTimeout
                      : terminate_requested_                                     ? ExitReason::kTerminated
                      : term_signal_ == SIGXCPU && options_.limits.cpu_time_ms > 0 ? ExitReason::kCpuTime
                                                                                 : ExitReason::kCrashed;
        info.message = std::string("killed by signal ") + strsignal(term_signal_);
        if (timeout_kill_) {
          info.message = "did not stop at its time limit of " + std::to_string(options_.limits.timeout_ms) +
                         " ms; " + info.message;
        }
      } else if (!exit_frame_) {
        info.code = exit_status_;
        info.reason = ExitReason::kCrashed;
        info.message = "worker process exited with code " + std::to_string(exit_status_) +
                       " before it reported why";
      } else if (info.code != exit_status_) {
        info.code = exit_status_;
      }
      if (!error_message_.empty() && info.message.empty()) info.message = error_message_;
    }
    auto on_exit = std::move(callbacks_.on_exit);
    callbacks_ = {};
    if (on_exit) on_exit(info);  // may destroy this Worker: nothing after it
  }

  uv_loop_t* loop_;
  WorkerOptions options_;
  proto::Permissions permissions_;  // options_.permissions as Start carries them
  std::string error_of_permissions_;
  WorkerCallbacks callbacks_;
  std::uint64_t id_;
  int pid_ = 0;
  // Handles close in reverse order of declaration, each freed in its close
  // callback (ipc/uv_handle.h).
  base::StreamReader stdout_pipe_;
  base::StreamReader stderr_pipe_;
  base::TimerHandle kill_timer_;
  base::DeferredCall deferred_;
  base::DeferredCall nested_reaper_;
  std::unique_ptr<ipc::Channel> channel_;
  std::unique_ptr<ProcessWatch> watch_;
  std::string cgroup_;  // where the process is moved (LaunchedProcess::cgroup)
  Launcher* launcher_;
  SpawnStrategy strategy_ = SpawnStrategy::kExec;
  std::string exec_path_;

  bool process_running_ = false;
  bool channel_closed_ = false;
  bool stdout_done_ = false;
  bool stderr_done_ = false;
  bool finished_ = false;
  bool exit_frame_ = false;
  bool terminate_requested_ = false;
  bool timeout_kill_ = false;
  int exit_status_ = 0;
  int term_signal_ = 0;
  std::uint64_t unacked_stdio_ = 0;
  std::string protocol_error_;
  std::string error_message_;
  // Tasks sent and not yet answered: a result for any other is refused.
  std::unordered_set<std::uint64_t> unsettled_tasks_;
  bool task_ready_ = false;
  // Nested workers running on this worker's behalf, by its ids for them; and
  // ones that have just exited, destroyed on the next turn.
  std::map<std::uint32_t, std::unique_ptr<Worker>> nested_;
  std::vector<std::unique_ptr<Worker>> finished_nested_;
  std::map<std::uint32_t, Impl*> nested_impls_;  // the Impls of nested_
  // The channels of this tree of workers, made on first use; the worker
  // that started this one and its id for it (none for a worker of the host).
  std::shared_ptr<PortRelay> relay_;
  std::shared_ptr<BroadcastHub> hub_;  // made on first use
  std::shared_ptr<ThreadDirectory> threads_;  // made on first use
  std::uint32_t thread_id_ = 0;  // once Start is sent
  Impl* parent_ = nullptr;
  std::uint32_t id_in_parent_ = 0;
  bool shares_env_with_parent_ = false;  // env: SHARE_ENV
  std::string environment_data_;         // from the parent's setEnvironmentData()
  // Points at a flag on the stack of a callback that may destroy us.
  bool* destroyed_flag_ = nullptr;
  // The descriptors that came with the frame being handled (null: none).
  SharedFds frame_fds_;
  // Those of workerData, for Start.
  SharedFds start_fds_;
  // Its names for the ends of the ports its workerData carries (Start
  // names them), and those among them whose channel closed on the way.
  std::vector<std::uint64_t> start_ports_;
  std::vector<std::uint64_t> start_ports_closed_;
  google::protobuf::RepeatedPtrField<proto::ChannelMessage> start_queued_;  // what they had queued
  ExitInfo exit_info_;
};

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
