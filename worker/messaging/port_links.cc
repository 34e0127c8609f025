#include "worker/messaging/port_links.h"

#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <utility>

#include "ipc/frame_format.h"
#include "worker/messaging/port_message.h"
#include "worker/runtime/runtime.h"

namespace isohost::worker {
namespace {

// How long a closing link may wait for its last frames to be taken.
constexpr int kDropFlushMs = 1000;

// A link's shared ring as the room a large message is serialised into.
class RingRoom final : public MessageRoom {
 public:
  explicit RingRoom(ipc::Channel* channel) : channel_(channel) {}
  char* Take(std::size_t size) override { return channel_->ReserveRingMessage(size); }
  void GiveBack() override { channel_->CancelRingMessage(); }

 private:
  ipc::Channel* channel_;
};

}  // namespace

void PortLinks::OnPortLink(const proto::PortLink& link) {
  base::UniqueFd fd = runtime_->channel()->ReceiveDescriptor();
  if (!fd) return;  // the host's promise without the socket: the end stays relayed
  const std::uint32_t id = next_id_++;
  ipc::ChannelOptions options;
  // A link carries one conversation: each frame goes out at once.
  options.auto_flush = true;
  options.max_message_size = runtime_->channel()->options().max_message_size;
  ipc::Channel::Callbacks callbacks;
  callbacks.on_envelope = [this, id](proto::Envelope& envelope) {
    switch (envelope.body_case()) {
      case proto::Envelope::kChannelMessage:
        if (envelope.channel_message().fenced()) {
          Deliver(id, kFrameLinkPlaceholder, {});
        } else if (envelope.shared_buffers() != 0) {
          OnSharedMessage(id, envelope);
        }
        break;
      case proto::Envelope::kPortDrain:
        Deliver(id, kFrameLinkEnd, {});
        break;
      case proto::Envelope::kPortClose:
        Deliver(id, kFrameLinkClose, {});
        break;
      default:
        break;  // nothing else is said on a link; a peer that does is ignored
    }
  };
  callbacks.on_close = [this, id](const std::string&) { Deliver(id, kFrameLinkClose, {}); };
  callbacks.on_port_message = [this, id](std::string_view data) {
    ++stats_.received;
    Deliver(id, kFrameLinkData, data);
  };
  auto channel = std::make_unique<ipc::Channel>(runtime_->loop(), fd.release(), std::move(callbacks), options);
  // The ends keep the loop alive (io.js), not their links.
  channel->SetKeepAlive(false);
  links_[id] = std::move(channel);
  ++stats_.links;
  v8::Isolate* isolate = runtime_->isolate();
  v8::HandleScope handle_scope(isolate);
  if (runtime_->js().on_channel_frame.IsEmpty()) return;
  v8::Local<v8::Value> argv[6] = {v8::Number::New(isolate, static_cast<double>(link.port())),
                                  v8::Integer::New(isolate, 0),
                                  v8::Undefined(isolate),
                                  v8::Undefined(isolate),
                                  v8::Integer::New(isolate, kFrameLinkAttached),
                                  v8::Integer::NewFromUnsigned(isolate, id)};
  runtime_->MakeCallback(runtime_->js().on_channel_frame.Get(isolate), 6, argv);
}

void PortLinks::OnSharedMessage(std::uint32_t id, const proto::Envelope& envelope) {
  ipc::Channel* channel = Find(id);
  if (channel == nullptr) return;
  v8::Isolate* isolate = runtime_->isolate();
  v8::HandleScope handle_scope(isolate);
  std::vector<base::UniqueFd> fds;
  SharedBuffers shared;
  v8::TryCatch try_catch(isolate);
  if (envelope.shared_buffers() > ipc::kMaxSharedBuffersPerMessage ||
      !channel->ReceiveDescriptors(envelope.shared_buffers(), &fds) ||
      !MapReceived(isolate, std::move(fds), &shared)) {
    // A peer that says it sent memory it did not: the link is of no more use.
    std::fprintf(stderr, "isohost-worker: a message on a port's link came without its SharedArrayBuffers\n");
    Deliver(id, kFrameLinkClose, {});
    return;
  }
  ++stats_.received;
  Deliver(id, kFrameLinkData, envelope.channel_message().data(), &shared);
}

void PortLinks::Deliver(std::uint32_t id, ChannelFrameKind kind, std::string_view data, const SharedBuffers* shared) {
  v8::Isolate* isolate = runtime_->isolate();
  v8::HandleScope handle_scope(isolate);
  if (runtime_->js().on_channel_frame.IsEmpty()) return;
  v8::Local<v8::Value> bytes = v8::Undefined(isolate);
  v8::Local<v8::ArrayBuffer> view;
  if (shared != nullptr) {
    // Bytes of their own, which carry the buffers (AttachSharedBuffers).
    std::unique_ptr<v8::BackingStore> store = v8::ArrayBuffer::NewBackingStore(isolate, data.size());
    if (!data.empty()) std::memcpy(store->Data(), data.data(), data.size());
    v8::Local<v8::ArrayBuffer> owned = v8::ArrayBuffer::New(isolate, std::move(store));
    if (!AttachSharedBuffers(isolate, runtime_->context(), owned, *shared)) return;
    bytes = owned;
  } else if (kind == kFrameLinkData) {
    // The bytes where they are (the read buffer or the peer's ring), for
    // the length of the call: JS deserialises a message it dispatches at
    // once straight from them, and copies one it keeps for later.
    std::unique_ptr<v8::BackingStore> store = v8::ArrayBuffer::NewBackingStore(
        const_cast<char*>(data.data()), data.size(), [](void*, size_t, void*) {}, nullptr);
    view = v8::ArrayBuffer::New(isolate, std::move(store));
    bytes = view;
  }
  v8::Local<v8::Value> argv[6] = {v8::Integer::New(isolate, 0),
                                  v8::Integer::New(isolate, 0),
                                  bytes,
                                  v8::Undefined(isolate),
                                  v8::Integer::New(isolate, kind),
                                  v8::Integer::NewFromUnsigned(isolate, id)};
  ++depth_;
  runtime_->MakeCallback(runtime_->js().on_channel_frame.Get(isolate), 6, argv);
  if (!view.IsEmpty()) view->Detach();
  if (--depth_ == 0) dropped_.clear();
}

ipc::Channel* PortLinks::Find(std::uint32_t id) {
  auto found = links_.find(id);
  if (found == links_.end() || !found->second->is_open()) return nullptr;
  return found->second.get();
}

bool PortLinks::Send(std::uint32_t id, std::string_view data, const std::vector<int>& fds) {
  ipc::Channel* channel = Find(id);
  if (channel == nullptr) return false;
  if (!fds.empty()) {
    proto::Envelope envelope;
    envelope.mutable_channel_message()->set_data(data.data(), data.size());
    if (!channel->SendWithDescriptors(envelope, fds, kSharedSendWaitMs)) return false;
  } else if (!channel->SendPortMessage(data)) {
    return false;
  }
  ++stats_.sent;
  runtime_->reply_spin().NoteSent();
  return true;
}

v8::Maybe<bool> PortLinks::Post(std::uint32_t id, v8::Local<v8::Context> context, v8::Local<v8::Value> value) {
  ipc::Channel* channel = Find(id);
  if (channel == nullptr) return v8::Just(false);
  v8::Isolate* isolate = context->GetIsolate();
  RingRoom room(channel);
  SerializedMessage message;
  if (!SerializePortMessageTo(isolate, context, value, &room, channel->options().shared_ring_threshold, &message)) {
    return v8::Nothing<bool>();
  }
  if (!message.shared.empty()) {
    // Its buffers' descriptors go with it, which Send() does.
    if (message.in_room) channel->CancelRingMessage();
    else std::free(message.data);
    return v8::Just(false);
  }
  const std::size_t limit = channel->options().max_message_size;
  if (message.size > limit) {
    if (message.in_room) channel->CancelRingMessage();
    else std::free(message.data);
    v8::Local<v8::String> text;
    if (v8::String::NewFromUtf8(isolate, ipc::MessageOverLimitError(message.size, limit).c_str()).ToLocal(&text)) {
      isolate->ThrowException(v8::Exception::RangeError(text));
    }
    return v8::Nothing<bool>();
  }
  bool sent;
  if (message.in_room) {
    sent = channel->SendRingMessage(message.size);
  } else {
    sent = channel->SendPortMessage({message.data, message.size});
    std::free(message.data);
  }
  if (sent) {
    ++stats_.sent;
    runtime_->reply_spin().NoteSent();
  }
  return v8::Just(sent);
}

bool PortLinks::SendPlaceholder(std::uint32_t id) {
  ipc::Channel* channel = Find(id);
  if (channel == nullptr) return false;
  proto::Envelope envelope;
  envelope.mutable_channel_message()->set_fenced(true);
  channel->Send(envelope);
  return true;
}

bool PortLinks::SendEnd(std::uint32_t id) {
  ipc::Channel* channel = Find(id);
  if (channel == nullptr) return false;
  proto::Envelope envelope;
  envelope.mutable_port_drain();
  channel->Send(envelope);
  return true;
}

bool PortLinks::SendClose(std::uint32_t id) {
  ipc::Channel* channel = Find(id);
  if (channel == nullptr) return false;
  proto::Envelope envelope;
  envelope.mutable_port_close();
  channel->Send(envelope);
  return true;
}

void PortLinks::FlushAll(int timeout_ms) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (auto& [id, channel] : links_) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return;
    if (channel->is_open()) channel->FlushSync(static_cast<int>(left.count()));
  }
}

void PortLinks::Drop(std::uint32_t id) {
  auto found = links_.find(id);
  if (found == links_.end()) return;
  std::unique_ptr<ipc::Channel> channel = std::move(found->second);
  links_.erase(found);
  if (channel->is_open()) channel->FlushSync(kDropFlushMs);
  channel->Close();
  // This may run inside one of the link's own callbacks, which must not
  // lose their Channel under them: it goes once they have returned.
  dropped_.push_back(std::move(channel));
  if (depth_ == 0) dropped_.clear();
}

}  // namespace isohost::worker
