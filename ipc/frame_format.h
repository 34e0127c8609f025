// Wire format of the host <-> worker channel: each frame is a 4-byte
// little-endian payload length followed by one serialised proto::Envelope.
#ifndef ISOHOST_IPC_FRAME_FORMAT_H_
#define ISOHOST_IPC_FRAME_FORMAT_H_

#include <cstddef>
#include <cstdint>

namespace isohost::ipc {

inline constexpr std::size_t kFrameHeaderSize = 4;

// Largest frame either side accepts unless configured otherwise. A length
// above the limit is rejected before anything is allocated for it.
inline constexpr std::size_t kDefaultMaxFrameSize = 64u << 20;

// The worker's end of the channel is always this descriptor.
inline constexpr int kWorkerChannelFd = 3;

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
