// PortRelay (host/ports/port_relay.h) with holders that only record what they are
// sent: relaying, linking, the drain of a transferred end, and refusing
// claims about ends a holder never had.
#include "host/ports/port_relay.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <string>
#include <vector>

namespace isohost {
namespace {

class Recorder : public PortHolder {
 public:
  explicit Recorder(bool links = true) : links_(links) {}
  bool SendPortFrame(const proto::Envelope& envelope) override {
    const proto::ChannelMessage& m = envelope.channel_message();
    if (envelope.has_channel_message()) {
      if (m.linked()) {
        said.push_back("marker " + std::to_string(m.port()));
      } else {
        said.push_back(std::to_string(m.port()) + ":" + m.data() + (m.fenced() ? " fenced" : ""));
        for (const proto::TransferredPort& port : m.ports()) given.push_back(port.name());
      }
    } else if (envelope.has_port_close()) {
      said.push_back("close " + std::to_string(envelope.port_close().port()));
    } else if (envelope.has_port_drain()) {
      said.push_back("drain " + std::to_string(envelope.port_drain().port()));
    }
    return true;
  }
  bool SendPortDescriptor(int, const proto::Envelope& envelope) override {
    said.push_back("link " + std::to_string(envelope.port_link().port()));
    return true;
  }
  bool AcceptsLinks() const override { return links_; }

  std::vector<std::string> said;
  std::vector<std::uint64_t> given;

 private:
  bool links_;
};

proto::ChannelMessage Message(std::uint64_t port, const std::string& data) {
  proto::ChannelMessage m;
  m.set_port(port);
  m.set_data(data);
  return m;
}

// `from` makes a channel, keeps end `kept` and gives the other to `to`;
// returns `to`'s name for it.
std::uint64_t Split(PortRelay& relay, PortHolder* from, std::uint64_t kept, Recorder* to) {
  proto::ChannelMessage out;
  EXPECT_TRUE(relay.SplitTo(from, kept, to, &out));
  return out.ports(0).name();
}

// `from` transfers its end `name` to `to` (through the link between two
// workers, port 0); returns `to`'s name for it.
std::uint64_t Transfer(PortRelay& relay, PortHolder* from, std::uint64_t name, Recorder* to) {
  proto::ChannelMessage carrier;
  carrier.add_ports()->set_name(name);
  std::vector<std::uint64_t> moved;
  EXPECT_EQ(relay.TakeTransferred(from, carrier, &moved), "");
  proto::ChannelMessage out;
  std::vector<std::uint64_t> nowhere;
  relay.GiveMoved(moved, to, &out, &nowhere);
  return out.ports(0).name();
}

TEST(PortRelayTest, RelaysThenLinksTwoWorkersThatTalk) {
  PortRelay relay;
  Recorder a, b;
  const std::uint64_t at_b = Split(relay, &a, 1, &b);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(relay.OnChannelMessage(&a, Message(1, "m" + std::to_string(i))), "");
  EXPECT_EQ(b.said, (std::vector<std::string>{"2:m0", "2:m1", "2:m2", "2:m3", "link 2"}));
  EXPECT_EQ(a.said, (std::vector<std::string>{"link 1"}));
  EXPECT_EQ(at_b, 2u);
}

TEST(PortRelayTest, TheHostsOwnEndIsNeverLinked) {
  PortRelay relay;
  Recorder host(false), b;
  Split(relay, &host, 1, &b);
  for (int i = 0; i < 8; ++i) relay.OnChannelMessage(&host, Message(1, "m"));
  EXPECT_EQ(b.said.size(), 8u);
  EXPECT_TRUE(host.said.empty());
}

TEST(PortRelayTest, ATransferredEndDrainsBeforeItsPeersNewerMessages) {
  PortRelay relay;
  Recorder a, b, c;
  const std::uint64_t at_b = Split(relay, &a, 1, &b);
  const std::uint64_t at_c = Transfer(relay, &b, at_b, &c);
  EXPECT_EQ(b.said, (std::vector<std::string>{"drain " + std::to_string(at_b)}));
  // A's message waits: B may still have older ones for the end.
  relay.OnChannelMessage(&a, Message(1, "newer"));
  proto::ChannelMessage fenced = Message(1, "fenced");
  fenced.set_fenced(true);
  relay.OnChannelMessage(&a, fenced);
  relay.OnChannelMessage(&a, Message(1, "newest"));
  EXPECT_TRUE(c.said.empty());
  proto::ChannelMessage older = Message(at_b, "older");
  older.set_forwarded(true);
  EXPECT_EQ(relay.OnChannelMessage(&b, older), "");
  // A placeholder B read on its link: the next held message goes there.
  proto::ChannelMessage placeholder;
  placeholder.set_port(at_b);
  placeholder.set_forwarded(true);
  placeholder.set_fenced(true);
  EXPECT_EQ(relay.OnChannelMessage(&b, placeholder), "");
  const std::string name = std::to_string(at_c);
  EXPECT_EQ(c.said, (std::vector<std::string>{name + ":older", name + ":newer"}));
  EXPECT_EQ(relay.OnPortDrain(&b, at_b), "");
  EXPECT_EQ(c.said, (std::vector<std::string>{name + ":older", name + ":newer", name + ":fenced", name + ":newest"}));
  // Drained: the next goes straight through, and the two that talk now
  // get their link.
  relay.OnChannelMessage(&a, Message(1, "after"));
  EXPECT_EQ(c.said, (std::vector<std::string>{name + ":older", name + ":newer", name + ":fenced", name + ":newest",
                                              name + ":after", "link " + name}));
}

TEST(PortRelayTest, ACloseWaitsBehindTheMessagesSentBeforeIt) {
  PortRelay relay;
  Recorder a, b, c;
  const std::uint64_t at_b = Split(relay, &a, 1, &b);
  const std::uint64_t at_c = Transfer(relay, &b, at_b, &c);
  relay.OnChannelMessage(&a, Message(1, "last"));
  relay.OnPortClose(&a, 1);
  EXPECT_TRUE(c.said.empty());
  relay.OnPortDrain(&b, at_b);
  const std::string name = std::to_string(at_c);
  EXPECT_EQ(c.said, (std::vector<std::string>{name + ":last", "close " + name}));
}

TEST(PortRelayTest, TheDeathOfAHolderClosesItsPeers) {
  PortRelay relay;
  Recorder a, b;
  const std::uint64_t at_b = Split(relay, &a, 1, &b);
  relay.DropHolder(&a);
  EXPECT_EQ(b.said, (std::vector<std::string>{"close " + std::to_string(at_b)}));
}

TEST(PortRelayTest, ClaimsAboutEndsAHolderNeverHadAreRefused) {
  PortRelay relay;
  Recorder a, b, stranger;
  Split(relay, &a, 1, &b);
  EXPECT_EQ(relay.OnChannelMessage(&stranger, Message(1, "x")), "worker sent through port 1, which it does not hold");
  proto::ChannelMessage forwarded = Message(2, "x");
  forwarded.set_forwarded(true);
  EXPECT_EQ(relay.OnChannelMessage(&stranger, forwarded),
            "worker forwarded messages of port 2, which it is not draining");
  EXPECT_EQ(relay.OnPortDrain(&stranger, 2), "worker ended the drain of port 2, which it was not draining");
  proto::ChannelMessage carrier;
  carrier.add_ports()->set_name(2);
  std::vector<std::uint64_t> moved;
  EXPECT_EQ(relay.TakeTransferred(&stranger, carrier, &moved), "worker transferred port 2, which it does not hold");
  EXPECT_TRUE(b.said.empty());
}

// A nested worker's workerData (NestedSpawn's transfer list): a new
// channel whose other end stays with the parent, and an end the parent
// held, both go to the child, named in order; the child then holds them,
// and a stranger naming the child's ends is refused.
TEST(PortRelayTest, EndsInASpawnsTransferListGoToTheChildInOrder) {
  PortRelay relay;
  Recorder parent, peer, child, stranger;
  const std::uint64_t held = Split(relay, &peer, 1, &parent);
  google::protobuf::RepeatedPtrField<proto::TransferredPort> list;
  proto::TransferredPort* fresh = list.Add();
  fresh->set_name(3);
  fresh->set_new_pair(true);
  list.Add()->set_name(held);
  std::vector<std::uint64_t> moved;
  EXPECT_EQ(relay.TakeTransferred(&parent, list, &moved), "");
  std::vector<std::uint64_t> names;
  std::vector<std::uint64_t> nowhere;
  relay.GiveMoved(moved, &child, &names, &nowhere);
  ASSERT_EQ(names.size(), 2u);
  EXPECT_TRUE(nowhere.empty());
  // The parent's kept end reaches the child's first one at once; the held
  // end drains through the parent first.
  EXPECT_EQ(relay.OnChannelMessage(&parent, Message(3, "queued")), "");
  EXPECT_EQ(relay.OnChannelMessage(&peer, Message(1, "to the held end")), "");
  EXPECT_EQ(relay.OnPortDrain(&parent, held), "");
  EXPECT_EQ(child.said, (std::vector<std::string>{std::to_string(names[0]) + ":queued",
                                                  std::to_string(names[1]) + ":to the held end"}));
  EXPECT_EQ(relay.OnChannelMessage(&child, Message(names[0], "answer")), "");
  EXPECT_EQ(parent.said.back(), "3:answer");
  EXPECT_EQ(relay.OnChannelMessage(&stranger, Message(names[0], "x")),
            "worker sent through port " + std::to_string(names[0]) + ", which it does not hold");
}

}  // namespace
}  // namespace isohost
