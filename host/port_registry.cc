#include "host/port_registry.h"

namespace isohost {

std::optional<std::uint64_t> PortRegistry::Split(PortHolder* holder, std::uint64_t kept_name) {
  if (kept_name % 2 == 0 || by_name_.contains({holder, kept_name})) return std::nullopt;
  const std::uint64_t kept = next_end_++;
  const std::uint64_t other = next_end_++;
  ends_[kept] = End{holder, kept_name, other};
  ends_[other] = End{nullptr, 0, kept};
  by_name_[{holder, kept_name}] = kept;
  return other;
}

std::optional<std::uint64_t> PortRegistry::Find(PortHolder* holder, std::uint64_t name) const {
  auto found = by_name_.find({holder, name});
  if (found == by_name_.end()) return std::nullopt;
  return found->second;
}

void PortRegistry::Release(std::uint64_t end) {
  auto found = ends_.find(end);
  if (found == ends_.end() || found->second.holder == nullptr) return;
  by_name_.erase({found->second.holder, found->second.name});
  found->second.holder = nullptr;
  found->second.name = 0;
}

std::uint64_t PortRegistry::Give(std::uint64_t end, PortHolder* holder) {
  std::uint64_t& next = next_name_[holder];
  next += 2;
  auto found = ends_.find(end);
  if (found == ends_.end()) return next;  // a closed channel: the name leads nowhere
  found->second.holder = holder;
  found->second.name = next;
  by_name_[{holder, next}] = end;
  return next;
}

std::optional<PortRegistry::Route> PortRegistry::PeerOf(std::uint64_t end) const {
  auto found = ends_.find(end);
  if (found == ends_.end()) return std::nullopt;
  auto peer = ends_.find(found->second.peer);
  if (peer == ends_.end()) return std::nullopt;
  return Route{peer->second.holder, peer->second.name};
}

std::optional<PortRegistry::Route> PortRegistry::Close(std::uint64_t end) {
  auto found = ends_.find(end);
  if (found == ends_.end()) return std::nullopt;
  const std::uint64_t peer = found->second.peer;
  std::optional<Route> route = PeerOf(end);
  Forget(end);
  Forget(peer);
  if (route && route->holder == nullptr) return std::nullopt;
  return route;
}

std::vector<PortRegistry::Route> PortRegistry::DropHolder(PortHolder* holder) {
  std::vector<std::uint64_t> held;
  for (const auto& [key, end] : by_name_) {
    if (key.first == holder) held.push_back(end);
  }
  std::vector<Route> peers;
  for (std::uint64_t end : held) {
    std::optional<Route> route = Close(end);
    if (route && route->holder != holder) peers.push_back(*route);
  }
  next_name_.erase(holder);
  return peers;
}

void PortRegistry::Forget(std::uint64_t end) {
  auto found = ends_.find(end);
  if (found == ends_.end()) return;
  if (found->second.holder != nullptr) by_name_.erase({found->second.holder, found->second.name});
  ends_.erase(found);
}

}  // namespace isohost
