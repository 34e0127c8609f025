// Port::Impl: the host as the holder of one end of a channel in the record
// of a tree of workers (host/ports/port_relay.h). It never drains and takes no
// links: the relay carries its messages.
#ifndef ISOHOST_HOST_PORTS_HOST_PORT_H_
#define ISOHOST_HOST_PORTS_HOST_PORT_H_

#include <cstdint>
#include <memory>

#include "host/ports/port_relay.h"
#include "isohost/port.h"

namespace isohost {

class Port::Impl : public PortHolder {
 public:
  // The name the host keeps its end under (odd: one it chooses).
  static constexpr std::uint64_t kName = 1;

  Impl(std::shared_ptr<PortRelay> relay, Port::Callbacks callbacks)
      : relay_(std::move(relay)), callbacks_(std::move(callbacks)) {}
  ~Impl() override;

  bool PostMessage(std::string_view data);
  void Close();
  bool closed() const { return closed_; }

  bool SendPortFrame(const proto::Envelope& envelope) override;
  bool SendPortDescriptor(int, const proto::Envelope&) override { return false; }
  bool AcceptsLinks() const override { return false; }

 private:
  std::shared_ptr<PortRelay> relay_;
  Port::Callbacks callbacks_;
  bool closed_ = false;
};

}  // namespace isohost

#endif  // ISOHOST_HOST_PORTS_HOST_PORT_H_
