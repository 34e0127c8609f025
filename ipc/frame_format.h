// Wire format of the host <-> worker channel: each frame is a 4-byte
// little-endian payload length followed by one serialised proto::Envelope.
#ifndef ISOHOST_IPC_FRAME_FORMAT_H_
#define ISOHOST_IPC_FRAME_FORMAT_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace isohost::ipc {

inline constexpr std::size_t kFrameHeaderSize = 4;

// Largest message (structured-clone bytes) either side may send unless the
// host says otherwise in Start.
inline constexpr std::size_t kDefaultMaxMessageSize = 64u << 20;

// What the frame of a message adds to it at most: a PortMessage's two field
// tags and two varint lengths of at most 5 bytes each (a frame's length fits
// 32 bits), or a task frame's tags, lengths, id and heap counter (under 64).
inline constexpr std::size_t kMaxPortMessageOverhead = 64;

// The largest message limit a frame's 32-bit length can carry.
inline constexpr std::size_t kLargestMaxMessageSize = UINT32_MAX - kMaxPortMessageOverhead;

// Frames that are not messages (Start, stdio, ...) are bounded by this
// whatever the message limit, so a small message limit does not refuse them.
inline constexpr std::size_t kMinMaxFrameSize = 64u << 20;

// The frame limit that goes with a message limit: the one place it is
// derived, so that both ends agree on it. A length above it is rejected
// before anything is allocated for the frame.
constexpr std::size_t MaxFrameSizeFor(std::size_t max_message_size) {
  return std::max(kMinMaxFrameSize, std::min(max_message_size, kLargestMaxMessageSize) + kMaxPortMessageOverhead);
}

// Largest frame either side accepts unless configured otherwise.
inline constexpr std::size_t kDefaultMaxFrameSize = MaxFrameSizeFor(kDefaultMaxMessageSize);

// The worker's end of the channel is always this descriptor.
inline constexpr int kWorkerChannelFd = 3;

// The most SharedArrayBuffers one message may carry (Envelope
// shared_buffers): each is a descriptor in flight, which the kernel counts
// against the sender's open-file limit.
inline constexpr std::uint32_t kMaxSharedBuffersPerMessage = 64;

inline void EncodeFrameLength(std::uint32_t length, std::uint8_t* out) {
  out[0] = static_cast<std::uint8_t>(length);
  out[1] = static_cast<std::uint8_t>(length >> 8);
  out[2] = static_cast<std::uint8_t>(length >> 16);
  out[3] = static_cast<std::uint8_t>(length >> 24);
}

inline std::uint32_t DecodeFrameLength(const std::uint8_t* in) {
  return static_cast<std::uint32_t>(in[0]) |
         static_cast<std::uint32_t>(in[1]) << 8 |
         static_cast<std::uint32_t>(in[2]) << 16 |
         static_cast<std::uint32_t>(in[3]) << 24;
}

}  // namespace isohost::ipc

#endif  // ISOHOST_IPC_FRAME_FORMAT_H_
