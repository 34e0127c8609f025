// Worker::Impl: the process (its launch, Start, the end of its output and
// its exit, and what the host reports of it).
#include "host/worker/impl.h"

extern char** environ;

namespace isohost {

Worker::Impl::~Impl() {
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

void Worker::Impl::Start() {
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

void Worker::Impl::Terminate(int code, std::uint64_t grace_ms) {
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

void Worker::Impl::WriteStdin(std::string_view data, bool eof) {
  if (!channel_ || !channel_->is_open()) return;
  proto::Envelope envelope;
  envelope.mutable_stdin_chunk()->set_data(data.data(), data.size());
  envelope.mutable_stdin_chunk()->set_eof(eof);
  channel_->Send(envelope);
}

bool Worker::Impl::Refuse(std::string* error, std::string why) {
  if (error != nullptr) *error = std::move(why);
  return false;
}

std::string Worker::Impl::SpawnProcess() {
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

void Worker::Impl::BuildStart(proto::Envelope* envelope) {
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

void Worker::Impl::SendStart(proto::Envelope* envelope) {
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

void Worker::Impl::ReportStartPortsClosed() {
  if (!start_ports_closed_.empty()) {
    PortRelay::SayClosed(this, start_ports_closed_);
    start_ports_closed_.clear();
  }
}

void Worker::Impl::ProtocolError(const std::string& message) {
  protocol_error_ = message;
  channel_.reset();
  channel_closed_ = true;
  if (process_running_) watch_->Kill(SIGKILL);
}

void Worker::Impl::OnChannelClosed(const std::string& error) {
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

void Worker::Impl::OnNativeOutput(StdioStream stream, std::string_view data) {
  if (callbacks_.on_output) callbacks_.on_output(stream, data, ConsoleLevel::kNone);
}

void Worker::Impl::OnProcessExit(int exit_status, int term_signal) {
  process_running_ = false;
  exit_status_ = exit_status;
  term_signal_ = term_signal;
  kill_timer_.Stop();
  MaybeFinish();
}

void Worker::Impl::MaybeFinish() {
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

}  // namespace isohost
