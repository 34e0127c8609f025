#include "ipc/frame_writer.h"

#include "ipc/frame_format.h"
#include "ipc/wire_format.h"

#include <cstring>

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

std::size_t PortMessageFrameSize(std::size_t data_size) {
  // An empty `data` is not written at all by protobuf (proto3 default).
  std::size_t inner = data_size == 0 ? 0 : 1 + base::VarintSize(data_size) + data_size;
  return 1 + base::VarintSize(inner) + inner;
}

char* AppendPortMessageFrameFor(std::size_t data_size, std::size_t max_frame_size, std::string* out) {
  std::size_t inner = data_size == 0 ? 0 : 1 + base::VarintSize(data_size) + data_size;
  std::size_t length = PortMessageFrameSize(data_size);
  if (length > max_frame_size) return nullptr;
  out->reserve(out->size() + kFrameHeaderSize + length);
  std::uint8_t header[kFrameHeaderSize];
  EncodeFrameLength(static_cast<std::uint32_t>(length), header);
  out->append(reinterpret_cast<const char*>(header), kFrameHeaderSize);
  out->push_back(static_cast<char>(kEnvelopePortMessageTag));
  base::AppendVarint(inner, out);
  if (data_size != 0) {
    out->push_back(static_cast<char>(kPortMessageDataTag));
    base::AppendVarint(data_size, out);
  }
  std::size_t at = out->size();
  out->resize(at + data_size);
  return out->data() + at;
}

bool AppendPortMessageFrame(std::string_view data, std::size_t max_frame_size, std::string* out) {
  char* at = AppendPortMessageFrameFor(data.size(), max_frame_size, out);
  if (at == nullptr) return false;
  if (!data.empty()) std::memcpy(at, data.data(), data.size());
  return true;
}

}  // namespace isohost::ipc
