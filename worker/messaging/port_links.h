// The direct links of this worker's MessagePort ends to ends in other
// workers (PortLink in proto/isohost.proto): one Channel (ipc/channel.h)
// per link, on the socket the host handed over, whose frames go to the JS
// that holds the ends (internal/worker/io.js) as channel frames of the
// kinds below. Made on the first PortLink; owned by the Runtime.
#ifndef ISOHOST_WORKER_MESSAGING_PORT_LINKS_H_
#define ISOHOST_WORKER_MESSAGING_PORT_LINKS_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string_view>
#include <vector>

#include "worker/messaging/shared_memory.h"

#include <v8.h>

#include "ipc/channel.h"
#include "isohost.pb.h"

namespace isohost::worker {

class Runtime;

// What a channel frame tells io.js's onChannelFrame(port, nestedId, bytes,
// names, kind, link), beyond a plain message (0) or a close (bytes undefined).
enum ChannelFrameKind : int {
  kFrameMessage = 0,
  kFrameFenced = 1,        // a message through the host whose place is a placeholder on the link
  kFrameMarker = 2,        // the peer's messages come on the link from here
  kFrameLinkAttached = 3,  // end `port` has a link now, `link`
  kFrameDrainAck = 4,      // the host relays nothing more for end `port`, which we gave away
  kFrameBroadcast = 5,     // a BroadcastChannel message for the channels named `link`
  kFrameThreadMessage = 6,  // a postMessageToThread message from thread `link`, request `request`
  kFrameThreadResult = 7,   // the answer (status `link`) to our request `port`
  kFrameLinkData = 10,     // on link `link`: a message
  kFrameLinkPlaceholder = 11,
  kFrameLinkEnd = 12,      // the peer sends nothing more on the link
  kFrameLinkClose = 13,    // the peer closed its end, or is gone
};

class PortLinks {
 public:
  explicit PortLinks(Runtime* runtime) : runtime_(runtime) {}

  // PortLink from the host; its socket is the next descriptor on the host channel.
  void OnPortLink(const proto::PortLink& link);

  // Frames on link `id`; false when the link is gone or the message is over
  // the limit. `fds`: the memory of the SharedArrayBuffers the message
  // carries, sent with it.
  bool Send(std::uint32_t id, std::string_view data, const std::vector<int>& fds = {});
  // Serialises `value` (which transfers nothing) onto link `id`, a large
  // one straight into the link's shared ring. Nothing when the value cannot
  // be cloned or is over the limit (an exception is pending); false when
  // the link is gone or the value names SharedArrayBuffers (which take
  // Send(), with their descriptors).
  v8::Maybe<bool> Post(std::uint32_t id, v8::Local<v8::Context> context, v8::Local<v8::Value> value);
  bool SendPlaceholder(std::uint32_t id);
  bool SendEnd(std::uint32_t id);
  bool SendClose(std::uint32_t id);
  // Writes what waits on every link, for up to `timeout_ms` in all: the
  // process is exiting.
  void FlushAll(int timeout_ms);
  // JS is done with link `id`: what was sent is written, and it closes.
  void Drop(std::uint32_t id);

  struct Stats {
    std::uint64_t links = 0;
    std::uint64_t sent = 0;
    std::uint64_t received = 0;
  };
  const Stats& stats() const { return stats_; }

 private:
  ipc::Channel* Find(std::uint32_t id);
  void Deliver(std::uint32_t id, ChannelFrameKind kind, std::string_view data,
               const SharedBuffers* shared = nullptr);
  // A message that came with SharedArrayBuffers: a ChannelMessage frame.
  void OnSharedMessage(std::uint32_t id, const proto::Envelope& envelope);

  Runtime* runtime_;
  std::map<std::uint32_t, std::unique_ptr<ipc::Channel>> links_;
  // Links dropped from inside a callback, destroyed when it returns.
  std::vector<std::unique_ptr<ipc::Channel>> dropped_;
  int depth_ = 0;  // callbacks into JS under way
  std::uint32_t next_id_ = 1;
  Stats stats_;
};

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_MESSAGING_PORT_LINKS_H_
