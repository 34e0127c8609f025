#include "host/ports/broadcast_hub.h"

#include <vector>

#include "isohost.pb.h"

namespace isohost {

std::string BroadcastHub::OnMessage(Member* from, const proto::BroadcastMessage& message, const SharedFds& fds) {
  if (message.join()) {
    members_[message.name()].insert(from);
    return {};
  }
  auto found = members_.find(message.name());
  if (message.leave()) {
    if (found != members_.end()) {
      found->second.erase(from);
      if (found->second.empty()) members_.erase(found);
    }
    return {};
  }
  if (found == members_.end() || !found->second.contains(from)) {
    return "worker broadcast on channel \"" + message.name() + "\", which it has not joined";
  }
  proto::Envelope envelope;
  proto::BroadcastMessage* out = envelope.mutable_broadcast();
  out->set_name(message.name());
  out->set_data(message.data());
  // A copy: a member may leave (or go) while we send.
  std::vector<Member*> others(found->second.begin(), found->second.end());
  for (Member* member : others) {
    if (member == from) continue;
    if (fds) {
      member->SendBroadcastWith(envelope, fds);
    } else {
      member->SendBroadcast(envelope);
    }
  }
  return {};
}

void BroadcastHub::Drop(Member* member) {
  for (auto it = members_.begin(); it != members_.end();) {
    it->second.erase(member);
    it = it->second.empty() ? members_.erase(it) : std::next(it);
  }
}

}  // namespace isohost
