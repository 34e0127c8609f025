// libFuzzer target: arbitrary bytes, cut into arbitrary reads, through the
// frame decoder. It must never crash, and a clean frame must parse.
#include <cstddef>
#include <cstdint>

#include "ipc/frame_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  // The first byte picks the read size, so splits are explored too.
  std::size_t chunk = static_cast<std::size_t>(data[0] % 64) + 1;
  ++data;
  --size;
  isohost::ipc::FrameReader reader(1 << 20);
  std::size_t frames = 0;
  auto on_envelope = [&frames](isohost::proto::Envelope& envelope) {
    frames += envelope.ByteSizeLong() > 0 ? 1 : 1;
    return true;
  };
  // Half the inputs also take the zero-copy PortMessage path.
  isohost::ipc::FrameReader::PortMessageCallback on_port_message;
  if (data[-1] & 0x80) {
    on_port_message = [&frames](std::string_view message) {
      frames += message.size() > 0 ? 1 : 1;
      return true;
    };
  }
  while (size > 0) {
    std::size_t take = chunk < size ? chunk : size;
    if (!reader.Feed(data, take, on_envelope, on_port_message)) break;
    data += take;
    size -= take;
  }
  return 0;
}
