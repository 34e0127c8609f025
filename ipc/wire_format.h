// The protobuf wire format of the frames the fast path reads and writes
// without protobuf: an Envelope whose body is a PortMessage
// (proto/isohost.proto). Shared by ipc/frame_reader.cc and
// ipc/frame_writer.cc so that both ends agree on it byte for byte.
#ifndef ISOHOST_IPC_WIRE_FORMAT_H_
#define ISOHOST_IPC_WIRE_FORMAT_H_

#include <cstdint>

#include "base/varint.h"

namespace isohost::ipc {

// Protobuf's wire type of bytes, strings and embedded messages.
inline constexpr std::uint8_t kWireTypeLengthDelimited = 2;

constexpr std::uint8_t FieldTag(std::uint32_t field, std::uint8_t wire_type) {
  return static_cast<std::uint8_t>((field << 3) | wire_type);
}

// Envelope.port_message is field 3, PortMessage.data field 1.
inline constexpr std::uint8_t kEnvelopePortMessageTag = FieldTag(3, kWireTypeLengthDelimited);
inline constexpr std::uint8_t kPortMessageDataTag = FieldTag(1, kWireTypeLengthDelimited);

}  // namespace isohost::ipc

#endif  // ISOHOST_IPC_WIRE_FORMAT_H_
