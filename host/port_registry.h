// The MessagePort channels of one tree of workers (a worker and the nested
// workers it started, and theirs) whose ends are in different processes:
// which worker holds each end, and by what name. Shared by the workers of
// the tree (host/worker.cc); lives on their loop. The host relays each
// message to the holder of the other end, and a worker can use only the
// ends this record says it holds.
#ifndef ISOHOST_HOST_PORT_REGISTRY_H_
#define ISOHOST_HOST_PORT_REGISTRY_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace isohost {

// A worker that can hold ends (a Worker::Impl).
class PortHolder {
 public:
  virtual ~PortHolder() = default;
};

class PortRegistry {
 public:
  // Where an end is: its holder and the holder's name for it.
  struct Route {
    PortHolder* holder = nullptr;
    std::uint64_t name = 0;
  };

  // `holder` splits a channel of its own: it keeps one end as `kept_name`
  // (odd, not in use); returns the other end, held by nobody yet. Nothing
  // when the name is not one the holder may choose.
  std::optional<std::uint64_t> Split(PortHolder* holder, std::uint64_t kept_name);
  // The end `holder` holds as `name`.
  std::optional<std::uint64_t> Find(PortHolder* holder, std::uint64_t name) const;
  // `end` leaves its holder (it travels in a message).
  void Release(std::uint64_t end);
  // `end` goes to `holder`, which gets a new (even) name for it.
  std::uint64_t Give(std::uint64_t end, PortHolder* holder);
  // Where the other end of `end` is; nothing once it is closed.
  std::optional<Route> PeerOf(std::uint64_t end) const;
  // Closes `end`'s channel; returns where the other end is, to be told.
  std::optional<Route> Close(std::uint64_t end);
  // `holder` is gone: closes the channels of every end it held; returns the
  // other ends, to be told.
  std::vector<Route> DropHolder(PortHolder* holder);

 private:
  struct End {
    PortHolder* holder = nullptr;
    std::uint64_t name = 0;
    std::uint64_t peer = 0;
  };
  void Forget(std::uint64_t end);

  std::map<std::uint64_t, End> ends_;
  std::map<std::pair<PortHolder*, std::uint64_t>, std::uint64_t> by_name_;
  std::map<PortHolder*, std::uint64_t> next_name_;  // the next even name of each holder
  std::uint64_t next_end_ = 1;
};

}  // namespace isohost

#endif  // ISOHOST_HOST_PORT_REGISTRY_H_
