// The MessagePort channels of one tree of workers (a worker and the nested
// workers it started, and theirs) whose ends are in different processes:
// which worker holds each end, and by what name, whether the channel is
// linked (its holders talk directly), and the drains of ends in transit.
// Shared by the workers of the tree (host/ports/port_relay.h); lives on their
// loop. A worker can use only the ends this record says it holds.
#ifndef ISOHOST_HOST_PORTS_PORT_REGISTRY_H_
#define ISOHOST_HOST_PORTS_PORT_REGISTRY_H_

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "host/ports/shared_fds.h"
#include "isohost.pb.h"

namespace isohost {

// A worker that can hold ends (a Worker::Impl): what the relay sends it.
class PortHolder {
 public:
  virtual ~PortHolder() = default;
  // Sends one frame to the holder's process; false when it cannot.
  virtual bool SendPortFrame(const proto::Envelope& envelope) = 0;
  // The same for a message with SharedArrayBuffers; a holder that cannot
  // map memory (the host's own ports) gets the bytes alone.
  virtual bool SendPortFrameWith(proto::Envelope& envelope, const SharedFds&) { return SendPortFrame(envelope); }
  // Sends `fd` (the caller keeps its own) and then `envelope`, which says
  // what it is for; false when it cannot.
  virtual bool SendPortDescriptor(int fd, const proto::Envelope& envelope) = 0;
  // Whether it can talk over a direct link (a worker process can).
  virtual bool AcceptsLinks() const { return true; }
};

// One thing on its way to an end: a message (with the ends it moves, which
// nobody holds until it is given), a marker, or the close of the channel.
struct PortItem {
  enum class Kind { kMessage, kMarker, kClose };
  Kind kind = Kind::kMessage;
  std::string data;
  bool fenced = false;
  std::vector<std::uint64_t> moved;
  SharedFds fds;  // the SharedArrayBuffers it carries, or null
};

// What the old holder of an end in transit sends about it, in its order:
// a message it forwards, a placeholder (the next message held from the
// peer goes here), the point where the peer's link began (the held
// messages up to the peer's marker go here), or the end of the drain.
struct DrainStep {
  enum class Kind { kMessage, kPlaceholder, kUntilMarker, kDrained };
  Kind kind = Kind::kMessage;
  PortItem item;
};

// An end its holder transferred away: until `drainer` has forwarded all it
// had for the end, what the peer sends the end waits in `held`.
struct Drain {
  PortHolder* drainer = nullptr;
  std::uint64_t name = 0;  // the drainer's name for the end
  std::deque<DrainStep> steps;
  std::deque<PortItem> held;
};

class PortRegistry {
 public:
  struct End {
    PortHolder* holder = nullptr;
    std::uint64_t name = 0;
    std::uint64_t peer = 0;
    bool closed = false;      // its holder closed it: what comes for it is dropped
    bool linked = false;      // the channel's holders have a link (both ends say so)
    std::uint64_t relayed = 0;  // messages relayed to it since it last moved
    // Transfers of this end whose drains are not over, oldest first: what
    // comes for the end passes through each in turn.
    std::deque<Drain> drains;
  };

  // `holder` splits a channel of its own: it keeps one end as `kept_name`
  // (odd, not in use); returns the other end, held by nobody yet. Nothing
  // when the name is not one the holder may choose.
  std::optional<std::uint64_t> Split(PortHolder* holder, std::uint64_t kept_name);
  // The end `holder` holds as `name`.
  std::optional<std::uint64_t> Find(PortHolder* holder, std::uint64_t name) const;
  // Whether `name` is one `holder` held at some time (given by the host, or
  // chosen by it in a Split): using it once it is gone is no lie.
  bool WasIssued(PortHolder* holder, std::uint64_t name) const;
  // `end` leaves its holder (it travels in a message).
  void Release(std::uint64_t end);
  // `end` goes to `holder`, which gets a new (even) name for it; 0 (or an
  // end that is gone) gives a name that leads nowhere.
  std::uint64_t Give(std::uint64_t end, PortHolder* holder);
  End* Get(std::uint64_t end);
  // Forgets the channel of `end`; returns the ends its pending items moved,
  // which the caller closes in turn.
  std::vector<std::uint64_t> Forget(std::uint64_t end);
  // The ends `holder` holds.
  std::vector<std::uint64_t> HeldBy(PortHolder* holder) const;
  // The drain of the end `drainer` transferred as `name`.
  void AddDrain(std::uint64_t end, PortHolder* drainer, std::uint64_t name);
  std::optional<std::uint64_t> DrainOf(PortHolder* drainer, std::uint64_t name) const;
  void RemoveDrainKey(PortHolder* drainer, std::uint64_t name) { drains_by_name_.erase({drainer, name}); }
  std::vector<std::pair<std::uint64_t, std::uint64_t>> DrainsBy(PortHolder* drainer) const;
  void ForgetHolder(PortHolder* holder);

 private:
  void ForgetOne(std::uint64_t end, std::vector<std::uint64_t>* moved);

  std::map<std::uint64_t, End> ends_;
  std::map<std::pair<PortHolder*, std::uint64_t>, std::uint64_t> by_name_;
  std::map<PortHolder*, std::uint64_t> next_name_;  // the last even name given to each holder
  std::map<PortHolder*, std::uint64_t> top_odd_;    // the highest odd name each holder chose
  std::map<std::pair<PortHolder*, std::uint64_t>, std::uint64_t> drains_by_name_;
  std::uint64_t next_end_ = 1;
};

}  // namespace isohost

#endif  // ISOHOST_HOST_PORTS_PORT_REGISTRY_H_
