// BroadcastChannel between worker processes: which workers have channels of
// each name, and the fan-out of a message to the others. One per supervisor
// (its Launcher holds it) or, for workers spawned without one, per tree of
// workers; lives on their loop.
#ifndef ISOHOST_HOST_PORTS_BROADCAST_HUB_H_
#define ISOHOST_HOST_PORTS_BROADCAST_HUB_H_

#include <map>
#include <set>
#include <string>

#include "host/ports/shared_fds.h"

namespace isohost {
namespace proto {
class BroadcastMessage;
class Envelope;
}  // namespace proto

class BroadcastHub {
 public:
  // A worker (a Worker::Impl).
  class Member {
   public:
    virtual ~Member() = default;
    virtual bool SendBroadcast(const proto::Envelope& envelope) = 0;
    // The same with the descriptors of the message's SharedArrayBuffers.
    virtual bool SendBroadcastWith(proto::Envelope& envelope, const SharedFds&) { return SendBroadcast(envelope); }
  };

  // A BroadcastMessage from `from`; returns an error (the worker lied) or empty.
  std::string OnMessage(Member* from, const proto::BroadcastMessage& message, const SharedFds& fds = nullptr);
  // `member` is gone.
  void Drop(Member* member);

 private:
  std::map<std::string, std::set<Member*>> members_;
};

}  // namespace isohost

#endif  // ISOHOST_HOST_PORTS_BROADCAST_HUB_H_
