// Worker::Impl: MessagePorts, BroadcastChannels and thread messages between
// a worker and the rest of its tree.
#include "host/worker/impl.h"

namespace isohost {

std::unique_ptr<Port::Impl> Worker::Impl::PostPort(Port::Callbacks callbacks) {
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

std::shared_ptr<PortRelay>& Worker::Impl::Relay() {
  if (!relay_) relay_ = std::make_shared<PortRelay>();
  return relay_;
}

void Worker::Impl::OnChannelMessage(const proto::ChannelMessage& message) {
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

void Worker::Impl::OnPortClose(const proto::PortClose& close) {
  std::string error = Relay()->OnPortClose(this, close.port());
  if (!error.empty()) ProtocolError(error);
}

void Worker::Impl::OnPortDrain(const proto::PortDrain& drain) {
  std::string error = Relay()->OnPortDrain(this, drain.port());
  if (!error.empty()) ProtocolError(error);
}

void Worker::Impl::DropPorts() {
  if (relay_) relay_->DropHolder(this);
  if (hub_) hub_->Drop(this);
  if (threads_) threads_->Remove(this);
}

std::shared_ptr<ThreadDirectory>& Worker::Impl::Threads() {
  if (!threads_) threads_ = launcher_ != nullptr ? launcher_->thread_directory() : std::make_shared<ThreadDirectory>();
  return threads_;
}

void Worker::Impl::OnThreadMessage(const proto::ChannelMessage& message) {
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

std::shared_ptr<BroadcastHub>& Worker::Impl::Hub() {
  if (!hub_) hub_ = launcher_ != nullptr ? launcher_->broadcast_hub() : std::make_shared<BroadcastHub>();
  return hub_;
}

bool Worker::Impl::SendPortFrameWith(proto::Envelope& envelope, const SharedFds& fds) {
  if (finished_ || !channel_ || !channel_->is_open()) return false;
  return SendShared(envelope, fds);
}

bool Worker::Impl::SendBroadcastWith(proto::Envelope& envelope, const SharedFds& fds) {
  return SendPortFrameWith(envelope, fds);
}

bool Worker::Impl::SendPortDescriptor(int fd, const proto::Envelope& envelope) {
  if (finished_ || !channel_ || !channel_->is_open()) return false;
  return channel_->SendDescriptor(fd) && channel_->Send(envelope);
}

}  // namespace isohost
