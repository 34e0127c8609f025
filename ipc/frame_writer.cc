#include "ipc/frame_writer.h"

#include "ipc/frame_format.h"

namespace isohost::ipc {

bool AppendFrame(const proto::Envelope& envelope, std::size_t max_frame_size,
                 std::string* out) {
  std::size_t length = envelope.ByteSizeLong();
  if (length > max_frame_size) return false;
  std::size_t start = out->size();
  out->resize(start + kFrameHeaderSize + length);
  auto* bytes = reinterpret_cast<std::uint8_t*>(out->data() + start);
  EncodeFrameLength(static_cast<std::uint32_t>(length), bytes);
  // ByteSizeLong() above cached the sizes this call needs.
  envelope.SerializeWithCachedSizesToArray(bytes + kFrameHeaderSize);
  return true;
}

}  // namespace isohost::ipc
