// Reassembles frames from a byte stream that arrives in arbitrary pieces: a
// frame split over many reads, or many frames in one read. Pure (no I/O), so
// it is unit-tested and fuzzed on its own.
#ifndef ISOHOST_IPC_FRAME_READER_H_
#define ISOHOST_IPC_FRAME_READER_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "ipc/frame_format.h"
#include "isohost.pb.h"

namespace isohost::ipc {

// If `payload` is exactly the wire form of Envelope{port_message{data}}
// (what AppendPortMessageFrame writes), points `data` at the bytes.
bool DecodePortMessageFrame(const std::uint8_t* payload, std::size_t size, std::string_view* data);

class FrameReader {
 public:
  // Called once per complete, parsed frame; returns false to stop feeding
  // (the owner closed the stream and the rest of the input is to be dropped).
  using EnvelopeCallback = std::function<bool(proto::Envelope&)>;
  // Called instead, when given, for a frame that holds only a PortMessage:
  // `data` points into the read buffer (no copy, no allocation) and is valid
  // only during the call. Same return value as EnvelopeCallback.
  using PortMessageCallback = std::function<bool(std::string_view data)>;

  explicit FrameReader(std::size_t max_frame_size = kDefaultMaxFrameSize)
      : max_frame_size_(max_frame_size) {}

  // Consumes `size` bytes. Returns false on the first malformed frame (error()
  // then says what was wrong, and every later call returns false at once) or
  // when `on_envelope` asked to stop; the reader must not be touched after a
  // callback that destroyed it returned false.
  bool Feed(const std::uint8_t* data, std::size_t size,
            const EnvelopeCallback& on_envelope,
            const PortMessageCallback& on_port_message = nullptr);

  // True when the bytes so far end on a frame boundary. A stream that closes
  // when this is false ended in the middle of a frame (truncated).
  bool AtFrameBoundary() const { return pending_.empty() && carry_.empty(); }

  // From inside a callback of Feed(): the input after the current frame is
  // kept (copied) to go before the next Feed()'s, and Feed() returns once
  // the callback does. For an owner that must read more input before it
  // returns from the callback (the input may be in a buffer it reuses).
  void TakeRemainder();
  // Whether input taken by TakeRemainder() waits for a Feed().
  bool HasCarry() const { return !carry_.empty(); }
  std::size_t BufferedBytes() const { return pending_.size(); }

  bool failed() const { return !error_.empty(); }
  const std::string& error() const { return error_; }
  std::size_t max_frame_size() const { return max_frame_size_; }
  // Applies to every frame whose length has not been read yet, also to the
  // rest of the input of a Feed() whose callback calls it.
  void set_max_frame_size(std::size_t max_frame_size) { max_frame_size_ = max_frame_size; }

 private:
  bool Fail(std::string message);
  bool ParseFrame(const std::uint8_t* payload, std::size_t size,
                  const EnvelopeCallback& on_envelope, const PortMessageCallback& on_port_message);
  // ParseFrame() for a frame of FeedBytes(), with the input after it.
  bool ParseInFeed(const std::uint8_t* payload, std::size_t length, const std::uint8_t* rest, std::size_t rest_size,
                   const EnvelopeCallback& on_envelope, const PortMessageCallback& on_port_message, bool* taken);
  bool FeedBytes(const std::uint8_t* data, std::size_t size,
                 const EnvelopeCallback& on_envelope, const PortMessageCallback& on_port_message);

  // While a frame's callback runs: the input after it (TakeRemainder()).
  const std::uint8_t* rest_data_ = nullptr;
  std::size_t rest_size_ = 0;
  bool in_callback_ = false;
  bool remainder_taken_ = false;
  std::vector<std::uint8_t> carry_;  // taken input, before any new input

  std::size_t max_frame_size_;
  std::vector<std::uint8_t> pending_;  // bytes of an incomplete frame
  proto::Envelope envelope_;           // reused to avoid an allocation per frame
  std::uint64_t frames_read_ = 0;
  std::string error_;
};

}  // namespace isohost::ipc

#endif  // ISOHOST_IPC_FRAME_READER_H_
