#include "worker/api/buffer/base64.h"

#include "worker/api/buffer/simd.h"

#include <array>
#include <cstring>

namespace isohost::worker::buffer {
namespace {

constexpr char kStandardChars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr char kUrlChars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// Two characters for each 12 bits, so that three bytes take two lookups.
using PairTable = std::array<std::uint16_t, 4096>;

constexpr PairTable MakePairs(const char* chars) {
  PairTable table{};
  for (std::size_t i = 0; i < table.size(); ++i) {
    // Little-endian: the first character is the low byte.
    table[i] = static_cast<std::uint16_t>(static_cast<std::uint8_t>(chars[i >> 6]) |
                                          (static_cast<std::uint8_t>(chars[i & 63]) << 8));
  }
  return table;
}

constexpr PairTable kStandardPairs = MakePairs(kStandardChars);
constexpr PairTable kUrlPairs = MakePairs(kUrlChars);

constexpr std::uint32_t kInvalid = 0xff;

// The 6-bit value of each byte in either alphabet, kInvalid for the rest.
constexpr std::array<std::uint8_t, 256> MakeValues() {
  std::array<std::uint8_t, 256> table{};
  for (auto& entry : table) entry = kInvalid;
  for (std::uint8_t i = 0; i < 64; ++i) {
    table[static_cast<std::uint8_t>(kStandardChars[i])] = i;
    table[static_cast<std::uint8_t>(kUrlChars[i])] = i;
  }
  return table;
}

constexpr std::array<std::uint8_t, 256> kValues = MakeValues();

// The values of a group's four positions, already shifted into place, so
// that a group is four lookups and three ORs. Bit 31 marks a character
// outside the alphabets.
using ShiftedTable = std::array<std::uint32_t, 256>;

constexpr ShiftedTable MakeShifted(int shift) {
  ShiftedTable table{};
  for (std::size_t i = 0; i < 256; ++i) {
    table[i] = kValues[i] == kInvalid ? 0x80000000u : static_cast<std::uint32_t>(kValues[i]) << shift;
  }
  return table;
}

constexpr ShiftedTable kShift18 = MakeShifted(18);
constexpr ShiftedTable kShift12 = MakeShifted(12);
constexpr ShiftedTable kShift6 = MakeShifted(6);
constexpr ShiftedTable kShift0 = MakeShifted(0);

// Node reads a UTF-16 unit by its low byte only (U+0161 counts as 'a', and
// U+D83D, the first half of many emoji, as '='), and so does this.
inline std::uint8_t LowByte(std::uint8_t c) { return c; }
inline std::uint8_t LowByte(std::uint16_t c) { return static_cast<std::uint8_t>(c); }

// The 24 bits of four characters, with bit 31 set if one is not in the
// alphabets.
template <typename Char>
inline std::uint32_t Group(const Char* in) {
  return kShift18[static_cast<std::uint8_t>(in[0])] | kShift12[static_cast<std::uint8_t>(in[1])] |
         kShift6[static_cast<std::uint8_t>(in[2])] | kShift0[static_cast<std::uint8_t>(in[3])];
}

}  // namespace

std::size_t Base64EncodedLength(std::size_t size, Base64Alphabet alphabet) {
  if (alphabet == Base64Alphabet::kStandard) return (size + 2) / 3 * 4;
  return size / 3 * 4 + (size % 3 == 0 ? 0 : size % 3 + 1);
}

void Base64Encode(const std::uint8_t* in, std::size_t size, char* out, Base64Alphabet alphabet) {
  const PairTable& pairs = alphabet == Base64Alphabet::kStandard ? kStandardPairs : kUrlPairs;
  const char* chars = alphabet == Base64Alphabet::kStandard ? kStandardChars : kUrlChars;
  std::size_t i = 0;
  if (simd::HasAvx2()) {
    i = simd::Base64EncodeBlocks(in, size, out, alphabet == Base64Alphabet::kUrl);
    out += i / 3 * 4;
  }
  // Six bytes at a time: one 8-byte load, four lookups, one 8-byte store.
  for (; i + 8 <= size; i += 6) {
    std::uint64_t word;
    std::memcpy(&word, in + i, sizeof(word));
    word = __builtin_bswap64(word);  // the first byte is now the top one
    std::uint16_t quad[4] = {pairs[(word >> 52) & 0xfff], pairs[(word >> 40) & 0xfff],
                             pairs[(word >> 28) & 0xfff], pairs[(word >> 16) & 0xfff]};
    std::memcpy(out, quad, sizeof(quad));
    out += 8;
  }
  for (; i + 3 <= size; i += 3) {
    std::uint32_t group = (std::uint32_t{in[i]} << 16) | (std::uint32_t{in[i + 1]} << 8) | in[i + 2];
    std::uint16_t pair[2] = {pairs[group >> 12], pairs[group & 0xfff]};
    std::memcpy(out, pair, sizeof(pair));
    out += 4;
  }
  std::size_t rest = size - i;
  if (rest == 0) return;
  std::uint32_t group = std::uint32_t{in[i]} << 16;
  if (rest == 2) group |= std::uint32_t{in[i + 1]} << 8;
  *out++ = chars[group >> 18];
  *out++ = chars[(group >> 12) & 63];
  if (rest == 2) *out++ = chars[(group >> 6) & 63];
  if (alphabet == Base64Alphabet::kStandard) {
    if (rest == 1) *out++ = '=';
    *out++ = '=';
  }
}

bool Base64Decoder::Push(std::uint32_t value) {
  bits_ = (bits_ << 6) | value;
  ++count_;
  // Each character after the first of a group completes one byte.
  if (count_ >= 2) {
    int spare = 8 - 2 * count_;  // low bits that belong to the next byte
    out_[written_++] = static_cast<std::uint8_t>(bits_ >> spare);
    bits_ &= (1u << spare) - 1;
    if (count_ == 4) count_ = 0;
    if (written_ == capacity_) {
      done_ = true;
      return false;
    }
  }
  return true;
}

template <typename Char>
bool Base64Decoder::FeedChars(const Char* in, std::size_t size) {
  if (done_) return false;
  if (capacity_ == written_) {
    done_ = true;
    return false;
  }
  std::size_t i = 0;
  while (i < size) {
    // Whole groups of clean input, 32 characters at a time where the CPU
    // can, else eight characters to six bytes.
    if (count_ == 0) {
      if constexpr (sizeof(Char) == 1) {
        if (simd::HasAvx2()) {
          std::size_t consumed = simd::Base64DecodeBlocks(in + i, size - i, out_ + written_, capacity_ - written_);
          i += consumed;
          written_ += consumed / 4 * 3;
        }
      }
      while (i + 8 <= size && capacity_ - written_ >= 6) {
        std::uint32_t first = Group(in + i);
        std::uint32_t second = Group(in + i + 4);
        if ((first | second) & 0x80000000u) break;
        std::uint8_t* at = out_ + written_;
        at[0] = static_cast<std::uint8_t>(first >> 16);
        at[1] = static_cast<std::uint8_t>(first >> 8);
        at[2] = static_cast<std::uint8_t>(first);
        at[3] = static_cast<std::uint8_t>(second >> 16);
        at[4] = static_cast<std::uint8_t>(second >> 8);
        at[5] = static_cast<std::uint8_t>(second);
        written_ += 6;
        i += 8;
      }
      if (written_ == capacity_) {
        done_ = true;
        return false;
      }
      if (i == size) break;
    }
    // One character at a time around whitespace, junk, the end and '='.
    std::uint8_t c = LowByte(in[i++]);
    std::uint32_t value = kValues[c];
    if (value != kInvalid) {
      if (!Push(value)) return false;
    } else if (c == '=') {
      done_ = true;
      return false;
    }
  }
  return true;
}

bool Base64Decoder::Feed(const std::uint8_t* in, std::size_t size) { return FeedChars(in, size); }
bool Base64Decoder::Feed(const std::uint16_t* in, std::size_t size) { return FeedChars(in, size); }

}  // namespace isohost::worker::buffer
