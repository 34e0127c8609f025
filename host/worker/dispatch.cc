// Worker::Impl: the frames a worker sends, and the messages and tasks the
// host sends it.
#include "host/worker/impl.h"

namespace isohost {

bool Worker::Impl::PostMessage(std::string_view data, std::string* error) {
  // The channel checks the limit too, but cannot say which refusal it was.
  if (data.size() > options_.limits.max_message_bytes) {
    return Refuse(error, ipc::MessageOverLimitError(data.size(), options_.limits.max_message_bytes));
  }
  if (!channel_ || !channel_->is_open() || !channel_->SendPortMessage(data)) {
    return Refuse(error, finished_ ? "the worker has exited" : "the worker's channel is closed");
  }
  return true;
}

bool Worker::Impl::RunTask(std::uint64_t id, std::string_view task, std::uint64_t heap_limit_bytes, std::string* error) {
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

void Worker::Impl::CancelTask(std::uint64_t id, std::string_view reason, bool reclaim) {
  if (!channel_ || !channel_->is_open() || !unsettled_tasks_.contains(id)) return;
  proto::Envelope envelope;
  envelope.mutable_task_cancel()->set_id(id);
  envelope.mutable_task_cancel()->set_reason(std::string(reason));
  envelope.mutable_task_cancel()->set_reclaim(reclaim);
  channel_->Send(envelope);
}

void Worker::Impl::OnEnvelope(proto::Envelope& envelope) {
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

void Worker::Impl::HandleEnvelope(proto::Envelope& envelope) {
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

void Worker::Impl::OnTaskResult(const proto::TaskResult& result) {
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

bool Worker::Impl::SendShared(proto::Envelope& envelope, const SharedFds& fds) {
  if (channel_->SendWithDescriptors(envelope, RawFds(fds))) return true;
  envelope.set_shared_buffers(0);
  return channel_->Send(envelope);
}

void Worker::Impl::PostShared(std::string_view data, const SharedFds& fds) {
  proto::Envelope envelope;
  envelope.mutable_port_message()->set_data(data.data(), data.size());
  SendPortFrameWith(envelope, fds);
}

bool Worker::Impl::SendFrame(const proto::Envelope& envelope) {
  if (finished_ || !channel_ || !channel_->is_open()) return false;
  return channel_->Send(envelope);
}

}  // namespace isohost
