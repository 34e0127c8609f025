#include "host/ports/port_relay.h"

#include <unistd.h>

#include <utility>

#include "ipc/channel.h"

namespace isohost {
namespace {

void SendClose(PortHolder* to, std::uint64_t name) {
  proto::Envelope envelope;
  envelope.mutable_port_close()->set_port(name);
  to->SendPortFrame(envelope);
}

Drain* FindDrain(PortRegistry::End* end, PortHolder* drainer, std::uint64_t name, std::size_t* index) {
  for (std::size_t i = 0; i < end->drains.size(); ++i) {
    if (end->drains[i].drainer == drainer && end->drains[i].name == name) {
      *index = i;
      return &end->drains[i];
    }
  }
  return nullptr;
}

}  // namespace

std::string PortRelay::TakeTransferred(PortHolder* from,
                                       const google::protobuf::RepeatedPtrField<proto::TransferredPort>& ports,
                                       std::vector<std::uint64_t>* moved) {
  for (const proto::TransferredPort& port : ports) {
    if (port.new_pair()) {
      std::optional<std::uint64_t> end = registry_.Split(from, port.name());
      if (!end) {
        return "worker named a new port " + std::to_string(port.name()) + ", which is not a name it may choose";
      }
      moved->push_back(*end);
      continue;
    }
    std::optional<std::uint64_t> end = registry_.Find(from, port.name());
    if (!end) {
      // One it held whose channel closed meanwhile travels as a closed end.
      if (!registry_.WasIssued(from, port.name())) {
        return "worker transferred port " + std::to_string(port.name()) + ", which it does not hold";
      }
      moved->push_back(0);
      continue;
    }
    // It may have messages for the end that it has not read, and more may
    // reach it (through us or its link) before it learns it gave the end
    // away: the end drains through it first.
    PortRegistry::End* e = registry_.Get(*end);
    e->linked = false;
    if (PortRegistry::End* peer = registry_.Get(e->peer)) peer->linked = false;
    registry_.Release(*end);
    registry_.AddDrain(*end, from, port.name());
    proto::Envelope ack;
    ack.mutable_port_drain()->set_port(port.name());
    from->SendPortFrame(ack);
    moved->push_back(*end);
  }
  return {};
}

void PortRelay::GiveMoved(const std::vector<std::uint64_t>& moved, PortHolder* to, proto::ChannelMessage* out,
                          std::vector<std::uint64_t>* nowhere) {
  std::vector<std::uint64_t> names;
  GiveMoved(moved, to, &names, nowhere);
  for (std::uint64_t name : names) out->add_ports()->set_name(name);
}

void PortRelay::GiveMoved(const std::vector<std::uint64_t>& moved, PortHolder* to, std::vector<std::uint64_t>* names,
                          std::vector<std::uint64_t>* nowhere) {
  for (std::uint64_t end : moved) {
    const std::uint64_t name = registry_.Give(end, to);
    names->push_back(name);
    PortRegistry::End* e = registry_.Get(end);
    if (e == nullptr || e->closed) nowhere->push_back(name);
  }
}

void PortRelay::SayClosed(PortHolder* to, const std::vector<std::uint64_t>& names) {
  for (std::uint64_t name : names) SendClose(to, name);
}

void PortRelay::CloseMoved(const std::vector<std::uint64_t>& moved) {
  for (std::uint64_t end : moved) {
    if (end != 0) CloseFrom(end);
  }
}

bool PortRelay::SplitTo(PortHolder* holder, std::uint64_t kept_name, PortHolder* to, proto::ChannelMessage* out) {
  std::optional<std::uint64_t> other = registry_.Split(holder, kept_name);
  if (!other) return false;
  out->add_ports()->set_name(registry_.Give(*other, to));
  return true;
}

std::string PortRelay::OnChannelMessage(PortHolder* from, const proto::ChannelMessage& message, SharedFds fds) {
  const std::uint64_t port = message.port();
  std::vector<std::uint64_t> moved;
  if (message.forwarded()) {
    std::optional<std::uint64_t> end = registry_.DrainOf(from, port);
    if (!end) {
      if (!registry_.WasIssued(from, port)) {
        return "worker forwarded messages of port " + std::to_string(port) + ", which it is not draining";
      }
      // The channel closed while the end drained: nobody wants them.
      std::string error = TakeTransferred(from, message, &moved);
      CloseMoved(moved);
      return error;
    }
    if (std::string error = TakeTransferred(from, message, &moved); !error.empty()) return error;
    DrainStep step;
    if (message.linked()) {
      step.kind = DrainStep::Kind::kUntilMarker;
    } else if (message.fenced() && message.data().empty() && moved.empty()) {
      step.kind = DrainStep::Kind::kPlaceholder;
    } else {
      step.item.data = message.data();
      step.item.moved = std::move(moved);
      step.item.fds = std::move(fds);
    }
    PortRegistry::End* e = registry_.Get(*end);
    std::size_t index = 0;
    Drain* drain = e == nullptr ? nullptr : FindDrain(e, from, port, &index);
    if (drain == nullptr) {
      CloseMoved(step.item.moved);
      return {};
    }
    drain->steps.push_back(std::move(step));
    Pump(*end, index);
    return {};
  }
  std::optional<std::uint64_t> end = registry_.Find(from, port);
  if (!end) {
    if (!registry_.WasIssued(from, port)) {
      return "worker sent through port " + std::to_string(port) + ", which it does not hold";
    }
    // Its channel closed on the way (the close is on its way to the sender).
    std::string error = TakeTransferred(from, message, &moved);
    CloseMoved(moved);
    return error;
  }
  if (std::string error = TakeTransferred(from, message, &moved); !error.empty()) return error;
  PortItem item;
  item.kind = message.linked() ? PortItem::Kind::kMarker : PortItem::Kind::kMessage;
  item.data = message.data();
  item.fenced = message.fenced();
  item.moved = std::move(moved);
  item.fds = std::move(fds);
  PortRegistry::End* e = registry_.Get(*end);
  Deliver(e->peer, std::move(item));
  return {};
}

std::string PortRelay::OnPortClose(PortHolder* from, std::uint64_t port) {
  // An end it no longer holds (the other side closed first) is no error.
  if (std::optional<std::uint64_t> end = registry_.Find(from, port)) CloseFrom(*end);
  return {};
}

std::string PortRelay::OnPortDrain(PortHolder* from, std::uint64_t port) {
  std::optional<std::uint64_t> end = registry_.DrainOf(from, port);
  if (!end) {
    if (registry_.WasIssued(from, port)) return {};
    return "worker ended the drain of port " + std::to_string(port) + ", which it was not draining";
  }
  PortRegistry::End* e = registry_.Get(*end);
  std::size_t index = 0;
  Drain* drain = e == nullptr ? nullptr : FindDrain(e, from, port, &index);
  if (drain == nullptr) return {};
  drain->steps.push_back(DrainStep{DrainStep::Kind::kDrained, {}});
  Pump(*end, index);
  return {};
}

void PortRelay::DropHolder(PortHolder* holder) {
  for (std::uint64_t end : registry_.HeldBy(holder)) CloseFrom(end);
  // What it was draining will not come: what waits behind goes on.
  for (const auto& [name, end] : registry_.DrainsBy(holder)) {
    PortRegistry::End* e = registry_.Get(end);
    std::size_t index = 0;
    Drain* drain = e == nullptr ? nullptr : FindDrain(e, holder, name, &index);
    if (drain == nullptr) continue;
    drain->steps.clear();
    drain->steps.push_back(DrainStep{DrainStep::Kind::kDrained, {}});
    Pump(end, index);
  }
  registry_.ForgetHolder(holder);
}

void PortRelay::Deliver(std::uint64_t end, PortItem item) {
  PortRegistry::End* e = registry_.Get(end);
  if (e == nullptr) {
    CloseMoved(item.moved);
    return;
  }
  if (e->closed) {
    // Its holder closed it: messages for it are dropped, and once both
    // sides have closed the channel is gone.
    if (item.kind == PortItem::Kind::kClose) {
      CloseMoved(registry_.Forget(end));
    } else {
      CloseMoved(item.moved);
    }
    return;
  }
  if (!e->drains.empty()) {
    e->drains.front().held.push_back(std::move(item));
    Pump(end, 0);
    return;
  }
  ToHolder(end, std::move(item));
}

void PortRelay::Pump(std::uint64_t end, std::size_t index) {
  for (;;) {
    PortRegistry::End* e = registry_.Get(end);
    if (e == nullptr || index >= e->drains.size()) return;
    Drain& drain = e->drains[index];
    if (drain.steps.empty()) return;
    DrainStep& step = drain.steps.front();
    switch (step.kind) {
      case DrainStep::Kind::kMessage: {
        PortItem item = std::move(step.item);
        drain.steps.pop_front();
        Pass(end, index, std::move(item));
        break;
      }
      case DrainStep::Kind::kPlaceholder: {
        while (!drain.held.empty() && drain.held.front().kind == PortItem::Kind::kMarker) drain.held.pop_front();
        if (drain.held.empty()) return;  // the message it stands for has not come yet
        PortItem item = std::move(drain.held.front());
        drain.held.pop_front();
        drain.steps.pop_front();
        item.fenced = false;
        Pass(end, index, std::move(item));
        break;
      }
      case DrainStep::Kind::kUntilMarker: {
        if (drain.held.empty()) return;
        PortItem item = std::move(drain.held.front());
        drain.held.pop_front();
        if (item.kind == PortItem::Kind::kMarker) {
          drain.steps.pop_front();
          break;
        }
        item.fenced = false;
        Pass(end, index, std::move(item));
        break;
      }
      case DrainStep::Kind::kDrained: {
        if (!drain.held.empty()) {
          PortItem item = std::move(drain.held.front());
          drain.held.pop_front();
          if (item.kind == PortItem::Kind::kMarker) break;
          item.fenced = false;
          Pass(end, index, std::move(item));
          break;
        }
        registry_.RemoveDrainKey(drain.drainer, drain.name);
        e->drains.erase(e->drains.begin() + static_cast<std::ptrdiff_t>(index));
        return;
      }
    }
  }
}

void PortRelay::Pass(std::uint64_t end, std::size_t index, PortItem item) {
  PortRegistry::End* e = registry_.Get(end);
  if (e == nullptr) {
    CloseMoved(item.moved);
    return;
  }
  if (index + 1 < e->drains.size()) {
    if (item.kind == PortItem::Kind::kMarker) return;
    e->drains[index + 1].held.push_back(std::move(item));
    Pump(end, index + 1);
    return;
  }
  ToHolder(end, std::move(item));
}

void PortRelay::ToHolder(std::uint64_t end, PortItem item) {
  PortRegistry::End* e = registry_.Get(end);
  PortHolder* holder = e == nullptr ? nullptr : e->holder;
  if (item.kind == PortItem::Kind::kClose) {
    const std::uint64_t name = holder == nullptr ? 0 : e->name;
    if (e != nullptr && e->closed) return;
    std::vector<std::uint64_t> moved = registry_.Forget(end);
    if (holder != nullptr) SendClose(holder, name);
    CloseMoved(moved);
    return;
  }
  if (holder == nullptr || e->closed) {
    CloseMoved(item.moved);
    return;
  }
  proto::Envelope envelope;
  proto::ChannelMessage* out = envelope.mutable_channel_message();
  out->set_port(e->name);
  if (item.kind == PortItem::Kind::kMarker) {
    out->set_linked(true);
    holder->SendPortFrame(envelope);
    return;
  }
  out->set_data(std::move(item.data));
  out->set_fenced(item.fenced);
  std::vector<std::uint64_t> nowhere;
  GiveMoved(item.moved, holder, out, &nowhere);
  if (item.fds) {
    holder->SendPortFrameWith(envelope, item.fds);
  } else {
    holder->SendPortFrame(envelope);
  }
  SayClosed(holder, nowhere);
  if (PortRegistry::End* again = registry_.Get(end)) {
    ++again->relayed;
    MaybeLink(end);
  }
}

void PortRelay::CloseFrom(std::uint64_t end) {
  PortRegistry::End* e = registry_.Get(end);
  if (e == nullptr || e->closed) return;
  e->closed = true;
  registry_.Release(end);
  const std::uint64_t peer = e->peer;
  if (registry_.Get(peer) == nullptr) {
    CloseMoved(registry_.Forget(end));
    return;
  }
  PortItem close;
  close.kind = PortItem::Kind::kClose;
  Deliver(peer, std::move(close));
}

void PortRelay::MaybeLink(std::uint64_t end) {
  PortRegistry::End* a = registry_.Get(end);
  PortRegistry::End* b = a == nullptr ? nullptr : registry_.Get(a->peer);
  if (b == nullptr || a->linked || a->closed || b->closed) return;
  if (a->holder == nullptr || b->holder == nullptr || a->holder == b->holder) return;
  if (!a->holder->AcceptsLinks() || !b->holder->AcceptsLinks()) return;
  if (!a->drains.empty() || !b->drains.empty()) return;
  if (a->relayed + b->relayed < kLinkAfterMessages) return;
  int fds[2];
  if (ipc::MakeChannelSocketPair(fds) != 0) return;
  a->linked = b->linked = true;
  proto::Envelope to_a;
  to_a.mutable_port_link()->set_port(a->name);
  proto::Envelope to_b;
  to_b.mutable_port_link()->set_port(b->name);
  // Either may fail (its worker is going away): the other then sees its
  // link end, and the channel closes with the worker.
  a->holder->SendPortDescriptor(fds[0], to_a);
  b->holder->SendPortDescriptor(fds[1], to_b);
  ::close(fds[0]);
  ::close(fds[1]);
}

}  // namespace isohost
