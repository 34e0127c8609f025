// The host's part in MessagePort channels between the workers of one tree
// (host/ports/port_registry.h): it checks every claim a worker makes about an end
// against the record, relays messages to the holder of the other end, links
// two holders that exchange messages so that they talk directly (PortLink),
// and drains an end that is transferred away so that nothing sent to it is
// lost or overtaken on its way to the new holder. Shared by the workers of
// the tree (host/worker/worker.cc); lives on their loop.
#ifndef ISOHOST_HOST_PORTS_PORT_RELAY_H_
#define ISOHOST_HOST_PORTS_PORT_RELAY_H_

#include <cstdint>
#include <string>
#include <vector>

#include "host/ports/port_registry.h"
#include "isohost.pb.h"

namespace isohost {

class PortRelay {
 public:
  // Messages relayed between two holders before the host links them: a
  // channel used once or twice (a reply port) is not worth a link.
  static constexpr std::uint64_t kLinkAfterMessages = 4;

  // The ends `message` transfers leave `from` now (into `moved`, in order).
  // Returns an error (the worker lied) or empty.
  std::string TakeTransferred(PortHolder* from, const proto::ChannelMessage& message,
                              std::vector<std::uint64_t>* moved) {
    return TakeTransferred(from, message.ports(), moved);
  }
  // The same for a transfer list of another frame (a nested worker's
  // workerData, NestedSpawn).
  std::string TakeTransferred(PortHolder* from,
                              const google::protobuf::RepeatedPtrField<proto::TransferredPort>& ports,
                              std::vector<std::uint64_t>* moved);
  // Gives `moved` to `to`, naming them in `out`, after which `to` holds them.
  void GiveMoved(const std::vector<std::uint64_t>& moved, PortHolder* to, proto::ChannelMessage* out,
                 std::vector<std::uint64_t>* nowhere);
  // The same, naming them in `names` (in order).
  void GiveMoved(const std::vector<std::uint64_t>& moved, PortHolder* to, std::vector<std::uint64_t>* names,
                 std::vector<std::uint64_t>* nowhere);
  // Sends PortClose for names that lead nowhere (ends closed in transit).
  static void SayClosed(PortHolder* to, const std::vector<std::uint64_t>& names);
  // Closes ends that nobody will hold (they went to the host, or their
  // message was dropped).
  void CloseMoved(const std::vector<std::uint64_t>& moved);

  // A new channel: `holder` keeps one end as `kept_name` and the other goes
  // to `to`, named in `out`. False when the name is not one it may choose.
  bool SplitTo(PortHolder* holder, std::uint64_t kept_name, PortHolder* to, proto::ChannelMessage* out);

  // A ChannelMessage from `from` through its end message.port() (non-zero),
  // with the descriptors of the SharedArrayBuffers it carries (or null).
  std::string OnChannelMessage(PortHolder* from, const proto::ChannelMessage& message, SharedFds fds = nullptr);
  std::string OnPortClose(PortHolder* from, std::uint64_t port);
  std::string OnPortDrain(PortHolder* from, std::uint64_t port);
  // `holder` is gone: the channels of the ends it held close, its drains end.
  void DropHolder(PortHolder* holder);

 private:
  // `item` for `end`: into its first drain, or to its holder.
  void Deliver(std::uint64_t end, PortItem item);
  // Runs drain `index` of `end` as far as its steps allow.
  void Pump(std::uint64_t end, std::size_t index);
  // What drain `index` of `end` lets through: into the next drain, or to the holder.
  void Pass(std::uint64_t end, std::size_t index, PortItem item);
  void ToHolder(std::uint64_t end, PortItem item);
  // The end's channel closes: its holder is told after what came before.
  void CloseFrom(std::uint64_t end);
  void MaybeLink(std::uint64_t end);

  PortRegistry registry_;
};

}  // namespace isohost

#endif  // ISOHOST_HOST_PORTS_PORT_RELAY_H_
