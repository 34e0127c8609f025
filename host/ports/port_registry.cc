#include "host/ports/port_registry.h"

#include <algorithm>

namespace isohost {

std::optional<std::uint64_t> PortRegistry::Split(PortHolder* holder, std::uint64_t kept_name) {
  if (kept_name % 2 == 0 || WasIssued(holder, kept_name)) return std::nullopt;
  const std::uint64_t kept = next_end_++;
  const std::uint64_t other = next_end_++;
  End& kept_end = ends_[kept];
  kept_end.holder = holder;
  kept_end.name = kept_name;
  kept_end.peer = other;
  ends_[other].peer = kept;
  by_name_[{holder, kept_name}] = kept;
  std::uint64_t& top = top_odd_[holder];
  top = std::max(top, kept_name);
  return other;
}

std::optional<std::uint64_t> PortRegistry::Find(PortHolder* holder, std::uint64_t name) const {
  auto found = by_name_.find({holder, name});
  if (found == by_name_.end()) return std::nullopt;
  return found->second;
}

bool PortRegistry::WasIssued(PortHolder* holder, std::uint64_t name) const {
  if (name == 0) return false;
  const auto& names = name % 2 == 0 ? next_name_ : top_odd_;
  auto found = names.find(holder);
  return found != names.end() && name <= found->second;
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
  found->second.relayed = 0;
  by_name_[{holder, next}] = end;
  return next;
}

PortRegistry::End* PortRegistry::Get(std::uint64_t end) {
  auto found = ends_.find(end);
  return found == ends_.end() ? nullptr : &found->second;
}

std::vector<std::uint64_t> PortRegistry::Forget(std::uint64_t end) {
  std::vector<std::uint64_t> moved;
  auto found = ends_.find(end);
  if (found == ends_.end()) return moved;
  const std::uint64_t peer = found->second.peer;
  ForgetOne(end, &moved);
  ForgetOne(peer, &moved);
  return moved;
}

void PortRegistry::ForgetOne(std::uint64_t end, std::vector<std::uint64_t>* moved) {
  auto found = ends_.find(end);
  if (found == ends_.end()) return;
  End& e = found->second;
  if (e.holder != nullptr) by_name_.erase({e.holder, e.name});
  for (const Drain& drain : e.drains) {
    drains_by_name_.erase({drain.drainer, drain.name});
    for (const DrainStep& step : drain.steps) moved->insert(moved->end(), step.item.moved.begin(), step.item.moved.end());
    for (const PortItem& item : drain.held) moved->insert(moved->end(), item.moved.begin(), item.moved.end());
  }
  ends_.erase(found);
}

std::vector<std::uint64_t> PortRegistry::HeldBy(PortHolder* holder) const {
  std::vector<std::uint64_t> held;
  for (const auto& [key, end] : by_name_) {
    if (key.first == holder) held.push_back(end);
  }
  return held;
}

void PortRegistry::AddDrain(std::uint64_t end, PortHolder* drainer, std::uint64_t name) {
  End* e = Get(end);
  if (e == nullptr) return;
  e->drains.push_back(Drain{drainer, name, {}, {}});
  drains_by_name_[{drainer, name}] = end;
}

std::optional<std::uint64_t> PortRegistry::DrainOf(PortHolder* drainer, std::uint64_t name) const {
  auto found = drains_by_name_.find({drainer, name});
  if (found == drains_by_name_.end()) return std::nullopt;
  return found->second;
}

std::vector<std::pair<std::uint64_t, std::uint64_t>> PortRegistry::DrainsBy(PortHolder* drainer) const {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> drains;  // (name, end)
  for (const auto& [key, end] : drains_by_name_) {
    if (key.first == drainer) drains.emplace_back(key.second, end);
  }
  return drains;
}

void PortRegistry::ForgetHolder(PortHolder* holder) {
  next_name_.erase(holder);
  top_odd_.erase(holder);
}

}  // namespace isohost
