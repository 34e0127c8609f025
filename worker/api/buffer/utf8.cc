#include "worker/api/buffer/utf8.h"

#include "worker/api/buffer/simd.h"

#include <cstring>

namespace isohost::worker::buffer {
namespace {

constexpr std::uint64_t kHighBits = 0x8080808080808080ull;

inline std::uint64_t Load64(const std::uint8_t* at) {
  std::uint64_t word;
  std::memcpy(&word, at, sizeof(word));
  return word;
}

inline bool IsContinuation(std::uint8_t byte) { return (byte & 0xc0) == 0x80; }

}  // namespace

std::size_t AsciiPrefixLength(const std::uint8_t* data, std::size_t size) {
  std::size_t i = simd::AsciiPrefixBlocks(data, size);
  for (; i + 32 <= size; i += 32) {
    std::uint64_t any = Load64(data + i) | Load64(data + i + 8) | Load64(data + i + 16) | Load64(data + i + 24);
    if (any & kHighBits) break;
  }
  for (; i + 8 <= size; i += 8) {
    std::uint64_t word = Load64(data + i) & kHighBits;
    // Little-endian: the lowest set bit belongs to the first such byte.
    if (word != 0) return i + static_cast<std::size_t>(__builtin_ctzll(word)) / 8;
  }
  for (; i < size; ++i) {
    if (data[i] & 0x80) return i;
  }
  return size;
}

bool IsAscii(const std::uint8_t* data, std::size_t size) {
  std::uint64_t any = 0;
  std::size_t i = simd::AsciiPrefixBlocks(data, size);
  for (; i + 32 <= size; i += 32) {
    any |= Load64(data + i) | Load64(data + i + 8) | Load64(data + i + 16) | Load64(data + i + 24);
  }
  for (; i + 8 <= size; i += 8) any |= Load64(data + i);
  for (; i < size; ++i) any |= data[i];
  return (any & kHighBits) == 0;
}

bool IsValidUtf8(const std::uint8_t* data, std::size_t size) {
  std::size_t i = 0;
  while (i < size) {
    i += AsciiPrefixLength(data + i, size - i);
    // A run of non-ASCII characters, one at a time.
    while (i < size && data[i] >= 0x80) {
      std::uint8_t lead = data[i];
      std::size_t left = size - i;
      if (lead < 0xc2) return false;  // a continuation byte, or an overlong two-byte form
      if (lead < 0xe0) {
        if (left < 2 || !IsContinuation(data[i + 1])) return false;
        i += 2;
        continue;
      }
      if (lead < 0xf0) {
        if (left < 3) return false;
        std::uint8_t second = data[i + 1];
        std::uint8_t low = lead == 0xe0 ? 0xa0 : 0x80;   // no overlong form
        std::uint8_t high = lead == 0xed ? 0x9f : 0xbf;  // no surrogate
        if (second < low || second > high || !IsContinuation(data[i + 2])) return false;
        i += 3;
        continue;
      }
      if (lead < 0xf5) {
        if (left < 4) return false;
        std::uint8_t second = data[i + 1];
        std::uint8_t low = lead == 0xf0 ? 0x90 : 0x80;   // no overlong form
        std::uint8_t high = lead == 0xf4 ? 0x8f : 0xbf;  // nothing above U+10FFFF
        if (second < low || second > high || !IsContinuation(data[i + 2]) || !IsContinuation(data[i + 3])) {
          return false;
        }
        i += 4;
        continue;
      }
      return false;
    }
  }
  return true;
}

}  // namespace isohost::worker::buffer
