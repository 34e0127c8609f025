// Worker::Impl: the workers a worker starts (new Worker() inside it), which
// the host runs on its behalf.
#include "host/worker/impl.h"

namespace isohost {

void Worker::Impl::OnNestedSpawn(const proto::NestedSpawn& spawn) {
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
    event->set_thread_id(static_cast<std::uint32_t>(NextWorkerId()));
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

void Worker::Impl::OnNestedControl(proto::Envelope& envelope) {
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

void Worker::Impl::SendNestedEvent(std::uint32_t nested_id, proto::NestedEventKind kind, const ExitInfo& info) {
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

}  // namespace isohost
