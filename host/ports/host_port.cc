#include "host/ports/host_port.h"

namespace isohost {

Port::Impl::~Impl() {
  callbacks_ = {};
  Close();
  relay_->DropHolder(this);
}

bool Port::Impl::PostMessage(std::string_view data) {
  if (closed_) return false;
  proto::ChannelMessage message;
  message.set_port(kName);
  message.set_data(data.data(), data.size());
  return relay_->OnChannelMessage(this, message).empty();
}

void Port::Impl::Close() {
  if (closed_) return;
  closed_ = true;
  relay_->OnPortClose(this, kName);
}

bool Port::Impl::SendPortFrame(const proto::Envelope& envelope) {
  if (envelope.has_port_close()) {
    if (closed_) return true;
    closed_ = true;
    auto on_close = std::move(callbacks_.on_close);
    if (on_close) on_close();  // may destroy us: nothing after it
    return true;
  }
  if (!envelope.has_channel_message() || closed_) return true;
  const proto::ChannelMessage& message = envelope.channel_message();
  // The host holds no ports: those a message brings close.
  for (const proto::TransferredPort& port : message.ports()) relay_->OnPortClose(this, port.name());
  if (!message.linked() && callbacks_.on_message) callbacks_.on_message(message.data());
  return true;
}

Port::Port(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Port::~Port() = default;
bool Port::PostMessage(std::string_view data) { return impl_->PostMessage(data); }
void Port::Close() { impl_->Close(); }
bool Port::closed() const { return impl_->closed(); }

}  // namespace isohost
