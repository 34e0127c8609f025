// Base-128 varints, the one codec for the two formats that use them: the
// protobuf fields of a frame (ipc/wire_format.h) and V8's structured-clone
// bytes (clone/clone_format.h). Header-only and free of V8 and protobuf.
#ifndef ISOHOST_BASE_VARINT_H_
#define ISOHOST_BASE_VARINT_H_

#include <cstddef>
#include <cstdint>

namespace isohost::base {

// A uint32 takes at most this many bytes; both formats read no more.
inline constexpr std::size_t kMaxVarint32Size = 5;

constexpr std::size_t VarintSize(std::uint64_t value) {
  std::size_t size = 1;
  while (value >= 0x80) {
    value >>= 7;
    ++size;
  }
  return size;
}

// Writes `value` at `out` (room for VarintSize(value) bytes) and returns
// how many bytes it took.
inline std::size_t PutVarint(std::uint64_t value, std::uint8_t* out) {
  std::size_t size = 0;
  while (value >= 0x80) {
    out[size++] = static_cast<std::uint8_t>(value | 0x80);
    value >>= 7;
  }
  out[size++] = static_cast<std::uint8_t>(value);
  return size;
}

// Appends `value` to a std::string or a std::vector<std::uint8_t>.
template <typename Bytes>
void AppendVarint(std::uint64_t value, Bytes* out) {
  using Byte = typename Bytes::value_type;
  while (value >= 0x80) {
    out->push_back(static_cast<Byte>((value & 0x7f) | 0x80));
    value >>= 7;
  }
  out->push_back(static_cast<Byte>(value));
}

enum class VarintStatus {
  kOk,
  kTruncated,  // the input ended inside the varint
  kTooLong,    // more than kMaxVarint32Size bytes
  kOverflow,   // five bytes whose value does not fit 32 bits
};

// Reads a varint of at most five bytes, canonical or not (as V8 and protobuf
// both accept), advancing `at` past what it read. `*value` is set only on
// kOk.
inline VarintStatus ReadVarint(const std::uint8_t*& at, const std::uint8_t* end, std::uint32_t* value) {
  std::uint64_t result = 0;
  for (std::size_t i = 0; i < kMaxVarint32Size; ++i) {
    if (at == end) return VarintStatus::kTruncated;
    std::uint8_t byte = *at++;
    result |= static_cast<std::uint64_t>(byte & 0x7f) << (7 * i);
    if ((byte & 0x80) == 0) {
      if (result > UINT32_MAX) return VarintStatus::kOverflow;
      *value = static_cast<std::uint32_t>(result);
      return VarintStatus::kOk;
    }
  }
  return VarintStatus::kTooLong;
}

}  // namespace isohost::base

#endif  // ISOHOST_BASE_VARINT_H_
