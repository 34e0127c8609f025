// Which worker runs each threadId, among the workers of one supervisor (its
// Launcher holds the directory) or, for workers spawned without one, of one
// tree of workers; and the worker_threads.postMessageToThread messages on
// their way, so that each answer goes back to its sender. Lives on their loop.
#ifndef ISOHOST_HOST_PORTS_THREAD_DIRECTORY_H_
#define ISOHOST_HOST_PORTS_THREAD_DIRECTORY_H_

#include <cstdint>
#include <string>
#include <unordered_map>

namespace isohost {
namespace proto {
class Envelope;
enum ThreadMessageStatus : int;
}  // namespace proto

class ThreadDirectory {
 public:
  // A worker (a Worker::Impl).
  class Member {
   public:
    virtual ~Member() = default;
    virtual bool SendThreadFrame(const proto::Envelope& envelope) = 0;
  };

  void Add(std::uint32_t thread_id, Member* member);
  // `member` is gone: what was sent to it is answered NO_LISTENERS, what it
  // sent is forgotten.
  void Remove(Member* member);
  Member* Find(std::uint32_t thread_id) const;

  // A message from `from` (its number `request`) goes to `to`: the number
  // it travels under.
  std::uint64_t Open(Member* from, std::uint64_t request, Member* to);
  // `to` answered the message it got as `token`; returns an error (it
  // answered what was not sent to it) or empty.
  std::string Answer(Member* to, std::uint64_t token, proto::ThreadMessageStatus status);

  static void SendResult(Member* to, std::uint64_t request, proto::ThreadMessageStatus status);

 private:
  struct Pending {
    Member* from;
    std::uint64_t request;
    Member* to;
  };
  std::unordered_map<std::uint32_t, Member*> threads_;
  std::unordered_map<std::uint64_t, Pending> pending_;
  std::uint64_t next_token_ = 1;
};

}  // namespace isohost

#endif  // ISOHOST_HOST_PORTS_THREAD_DIRECTORY_H_
