#include "worker/api/buffer/hex.h"

#include <array>
#include <cstring>

namespace isohost::worker::buffer {
namespace {

// The two characters of each byte, first one in the low half.
constexpr std::array<std::uint16_t, 256> MakePairs() {
  constexpr char kDigits[] = "0123456789abcdef";
  std::array<std::uint16_t, 256> table{};
  for (std::size_t i = 0; i < 256; ++i) {
    table[i] = static_cast<std::uint16_t>(static_cast<std::uint8_t>(kDigits[i >> 4]) |
                                          (static_cast<std::uint8_t>(kDigits[i & 15]) << 8));
  }
  return table;
}

constexpr std::array<std::uint16_t, 256> kPairs = MakePairs();

// A digit's value shifted into the high or low nibble; 0x100 marks a
// character that is not a hex digit, so that one OR tells both apart.
constexpr std::array<std::uint16_t, 256> MakeNibbles(int shift) {
  std::array<std::uint16_t, 256> table{};
  for (std::size_t i = 0; i < 256; ++i) {
    int value = -1;
    if (i >= '0' && i <= '9') value = static_cast<int>(i - '0');
    if (i >= 'a' && i <= 'f') value = static_cast<int>(i - 'a' + 10);
    if (i >= 'A' && i <= 'F') value = static_cast<int>(i - 'A' + 10);
    table[i] = value < 0 ? 0x100 : static_cast<std::uint16_t>(value << shift);
  }
  return table;
}

constexpr std::array<std::uint16_t, 256> kHigh = MakeNibbles(4);
constexpr std::array<std::uint16_t, 256> kLow = MakeNibbles(0);

// Node reads a UTF-16 unit by its low byte only (U+0161 counts as 'a'), and
// so does this.
inline std::uint16_t Lookup(const std::array<std::uint16_t, 256>& table, std::uint8_t c) { return table[c]; }
inline std::uint16_t Lookup(const std::array<std::uint16_t, 256>& table, std::uint16_t c) {
  return table[static_cast<std::uint8_t>(c)];
}

template <typename Char>
std::size_t Decode(const Char* in, std::size_t size, std::uint8_t* out, std::size_t capacity, bool* stopped) {
  std::size_t pairs = size / 2 < capacity ? size / 2 : capacity;
  std::size_t i = 0;
  // Four pairs per step; a bad digit anywhere in them falls through to the
  // one-pair loop, which finds where exactly.
  for (; i + 4 <= pairs; i += 4) {
    const Char* at = in + 2 * i;
    std::uint16_t b0 = Lookup(kHigh, at[0]) | Lookup(kLow, at[1]);
    std::uint16_t b1 = Lookup(kHigh, at[2]) | Lookup(kLow, at[3]);
    std::uint16_t b2 = Lookup(kHigh, at[4]) | Lookup(kLow, at[5]);
    std::uint16_t b3 = Lookup(kHigh, at[6]) | Lookup(kLow, at[7]);
    if ((b0 | b1 | b2 | b3) & 0x100) break;
    out[i] = static_cast<std::uint8_t>(b0);
    out[i + 1] = static_cast<std::uint8_t>(b1);
    out[i + 2] = static_cast<std::uint8_t>(b2);
    out[i + 3] = static_cast<std::uint8_t>(b3);
  }
  for (; i < pairs; ++i) {
    std::uint16_t byte = Lookup(kHigh, in[2 * i]) | Lookup(kLow, in[2 * i + 1]);
    if (byte & 0x100) {
      *stopped = true;
      return i;
    }
    out[i] = static_cast<std::uint8_t>(byte);
  }
  return i;
}

}  // namespace

void HexEncode(const std::uint8_t* in, std::size_t size, char* out) {
  std::size_t i = 0;
  for (; i + 4 <= size; i += 4) {
    std::uint16_t quad[4] = {kPairs[in[i]], kPairs[in[i + 1]], kPairs[in[i + 2]], kPairs[in[i + 3]]};
    std::memcpy(out + 2 * i, quad, sizeof(quad));
  }
  for (; i < size; ++i) std::memcpy(out + 2 * i, &kPairs[in[i]], 2);
}

std::size_t HexDecode(const std::uint8_t* in, std::size_t size, std::uint8_t* out, std::size_t capacity,
                      bool* stopped) {
  return Decode(in, size, out, capacity, stopped);
}

std::size_t HexDecode(const std::uint16_t* in, std::size_t size, std::uint8_t* out, std::size_t capacity,
                      bool* stopped) {
  return Decode(in, size, out, capacity, stopped);
}

}  // namespace isohost::worker::buffer
