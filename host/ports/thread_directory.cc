#include "host/ports/thread_directory.h"

#include <vector>

#include "isohost.pb.h"

namespace isohost {

void ThreadDirectory::Add(std::uint32_t thread_id, Member* member) { threads_[thread_id] = member; }

void ThreadDirectory::Remove(Member* member) {
  for (auto it = threads_.begin(); it != threads_.end();) {
    it = it->second == member ? threads_.erase(it) : std::next(it);
  }
  // Answered after the erase: a member's send may reach back into us.
  std::vector<Pending> unanswered;
  for (auto it = pending_.begin(); it != pending_.end();) {
    if (it->second.to == member && it->second.from != member) unanswered.push_back(it->second);
    if (it->second.to == member || it->second.from == member) {
      it = pending_.erase(it);
    } else {
      ++it;
    }
  }
  for (const Pending& pending : unanswered) {
    SendResult(pending.from, pending.request, proto::THREAD_MESSAGE_STATUS_NO_LISTENERS);
  }
}

ThreadDirectory::Member* ThreadDirectory::Find(std::uint32_t thread_id) const {
  auto found = threads_.find(thread_id);
  return found == threads_.end() ? nullptr : found->second;
}

std::uint64_t ThreadDirectory::Open(Member* from, std::uint64_t request, Member* to) {
  std::uint64_t token = next_token_++;
  pending_[token] = Pending{from, request, to};
  return token;
}

std::string ThreadDirectory::Answer(Member* to, std::uint64_t token, proto::ThreadMessageStatus status) {
  auto found = pending_.find(token);
  if (found == pending_.end() || found->second.to != to) {
    return "worker answered thread message " + std::to_string(token) + ", which was not sent to it";
  }
  Pending pending = found->second;
  pending_.erase(found);
  if (status != proto::THREAD_MESSAGE_STATUS_DELIVERED && status != proto::THREAD_MESSAGE_STATUS_ERRORED) {
    status = proto::THREAD_MESSAGE_STATUS_NO_LISTENERS;
  }
  SendResult(pending.from, pending.request, status);
  return {};
}

void ThreadDirectory::SendResult(Member* to, std::uint64_t request, proto::ThreadMessageStatus status) {
  proto::Envelope envelope;
  envelope.mutable_thread_result()->set_request(request);
  envelope.mutable_thread_result()->set_status(status);
  to->SendThreadFrame(envelope);
}

}  // namespace isohost
