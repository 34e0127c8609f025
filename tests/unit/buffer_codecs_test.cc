// The byte codecs behind Buffer (worker/buffer/), against plain reference
// implementations written here, on inputs long enough to take the SIMD
// paths where this CPU has them and short enough to take the scalar ones.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "worker/api/buffer/base64.h"
#include "worker/api/buffer/hex.h"
#include "worker/api/buffer/search.h"
#include "worker/api/buffer/utf8.h"

namespace isohost::worker::buffer {
namespace {

using Bytes = std::vector<std::uint8_t>;

constexpr char kStandard[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr char kUrl[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

Bytes RandomBytes(std::mt19937& rng, std::size_t size) {
  Bytes bytes(size);
  for (auto& byte : bytes) byte = static_cast<std::uint8_t>(rng());
  return bytes;
}

// Six bits at a time, the obvious way.
std::string ReferenceEncode(const Bytes& in, bool url) {
  const char* chars = url ? kUrl : kStandard;
  std::string out;
  std::size_t i = 0;
  for (; i + 3 <= in.size(); i += 3) {
    std::uint32_t group = (in[i] << 16) | (in[i + 1] << 8) | in[i + 2];
    for (int shift = 18; shift >= 0; shift -= 6) out += chars[(group >> shift) & 63];
  }
  std::size_t rest = in.size() - i;
  if (rest > 0) {
    std::uint32_t group = (in[i] << 16) | (rest == 2 ? in[i + 1] << 8 : 0);
    out += chars[group >> 18];
    out += chars[(group >> 12) & 63];
    if (rest == 2) out += chars[(group >> 6) & 63];
    if (!url) out.append(3 - rest, '=');
  }
  return out;
}

// The 6-bit value of `c` in either alphabet, or -1.
int ValueOf(char c) {
  for (int i = 0; i < 64; ++i) {
    if (kStandard[i] == c || kUrl[i] == c) return i;
  }
  return -1;
}

// Buffer's decoding rules, one character at a time: either alphabet, other
// characters skipped, '=' ends it, a UTF-16 unit read by its low byte.
template <typename Char>
Bytes ReferenceDecode(const std::basic_string<Char>& in, std::size_t capacity) {
  Bytes out;
  if (capacity == 0) return out;
  std::uint32_t bits = 0;
  int count = 0;
  for (Char unit : in) {
    auto c = static_cast<char>(static_cast<std::uint8_t>(unit));
    if (c == '=') break;
    int value = ValueOf(c);
    if (value < 0) continue;
    bits = (bits << 6) | static_cast<std::uint32_t>(value);
    if (++count >= 2) {
      int spare = 8 - 2 * count;
      out.push_back(static_cast<std::uint8_t>(bits >> spare));
      bits &= (1u << spare) - 1;
      if (count == 4) count = 0;
      if (out.size() == capacity) break;
    }
  }
  return out;
}

Bytes Decode(const std::string& text, std::size_t capacity) {
  Bytes out(capacity + 1, 0xee);
  Base64Decoder decoder(out.data(), capacity);
  decoder.Feed(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
  EXPECT_EQ(out[capacity], 0xee) << "wrote past the capacity";
  out.resize(decoder.size());
  return out;
}

TEST(Base64Test, EncodesAsTheReferenceAtEverySize) {
  std::mt19937 rng(1);
  for (std::size_t size = 0; size < 400; ++size) {
    Bytes in = RandomBytes(rng, size);
    for (bool url : {false, true}) {
      Base64Alphabet alphabet = url ? Base64Alphabet::kUrl : Base64Alphabet::kStandard;
      std::string out(Base64EncodedLength(size, alphabet), '\0');
      Base64Encode(in.data(), in.size(), out.data(), alphabet);
      ASSERT_EQ(out, ReferenceEncode(in, url)) << "size " << size << (url ? " url" : "");
    }
  }
}

TEST(Base64Test, DecodesWhatItEncodesAtEverySize) {
  std::mt19937 rng(2);
  for (std::size_t size = 0; size < 400; ++size) {
    Bytes in = RandomBytes(rng, size);
    for (bool url : {false, true}) {
      std::string text = ReferenceEncode(in, url);
      ASSERT_EQ(Decode(text, size + 8), in) << "size " << size;
    }
  }
}

TEST(Base64Test, SkipsJunkStopsAtPaddingAndHonoursCapacity) {
  std::mt19937 rng(3);
  const std::string junk = " \n\t\r!*.\x80\xff@[`{";
  for (int round = 0; round < 2000; ++round) {
    std::string text = ReferenceEncode(RandomBytes(rng, rng() % 300), rng() % 2 == 1);
    // Junk anywhere, '=' sometimes in the middle, both alphabets mixed.
    for (int n = static_cast<int>(rng() % 6); n > 0; --n) {
      text.insert(text.begin() + static_cast<std::ptrdiff_t>(rng() % (text.size() + 1)), junk[rng() % junk.size()]);
    }
    if (rng() % 4 == 0) text.insert(text.begin() + static_cast<std::ptrdiff_t>(rng() % (text.size() + 1)), '=');
    std::size_t capacity = rng() % 3 == 0 ? rng() % 250 : 400;
    ASSERT_EQ(Decode(text, capacity), ReferenceDecode(text, capacity)) << text;
  }
}

TEST(Base64Test, DecodesInPiecesAsInOne) {
  std::mt19937 rng(4);
  for (int round = 0; round < 300; ++round) {
    std::string text = ReferenceEncode(RandomBytes(rng, rng() % 1000), false);
    Bytes whole = Decode(text, text.size());
    Bytes pieces(text.size() + 1);
    Base64Decoder decoder(pieces.data(), text.size());
    for (std::size_t at = 0; at < text.size();) {
      std::size_t size = std::min<std::size_t>(1 + rng() % 100, text.size() - at);
      decoder.Feed(reinterpret_cast<const std::uint8_t*>(text.data() + at), size);
      at += size;
    }
    pieces.resize(decoder.size());
    ASSERT_EQ(pieces, whole);
  }
}

TEST(Base64Test, ReadsUtf16UnitsByTheirLowByte) {
  // U+0159 counts as 'Y' (0x59), U+D83D as '=' (0x3D).
  std::u16string text = u"\u0159WJj";
  Bytes out(8);
  Base64Decoder decoder(out.data(), out.size());
  decoder.Feed(reinterpret_cast<const std::uint16_t*>(text.data()), text.size());
  out.resize(decoder.size());
  EXPECT_EQ(out, (Bytes{'a', 'b', 'c'}));
  EXPECT_EQ(ReferenceDecode(std::u16string(u"YQ\xd83dYQ"), 10), (Bytes{'a'}));
}

TEST(HexTest, RoundTripsAndStopsAtTheFirstBadPair) {
  std::mt19937 rng(5);
  for (std::size_t size = 0; size < 200; ++size) {
    Bytes in = RandomBytes(rng, size);
    std::string text(size * 2, '\0');
    HexEncode(in.data(), in.size(), text.data());
    Bytes out(size);
    bool stopped = false;
    ASSERT_EQ(HexDecode(reinterpret_cast<const std::uint8_t*>(text.data()), text.size(), out.data(), size, &stopped),
              size);
    ASSERT_EQ(out, in);
    ASSERT_FALSE(stopped);
    if (size > 0) {
      std::size_t bad = rng() % text.size();
      text[bad] = 'g';
      bool stopped_here = false;
      EXPECT_EQ(HexDecode(reinterpret_cast<const std::uint8_t*>(text.data()), text.size(), out.data(), size,
                          &stopped_here),
                bad / 2);
      EXPECT_TRUE(stopped_here);
    }
  }
  Bytes out(4);
  bool stopped = false;
  EXPECT_EQ(HexDecode(reinterpret_cast<const std::uint8_t*>("ABcd1"), 5, out.data(), 4, &stopped), 2u);
  EXPECT_EQ(out[0], 0xab);
  EXPECT_EQ(out[1], 0xcd);
  EXPECT_EQ(HexDecode(reinterpret_cast<const std::uint8_t*>("abcdef"), 6, out.data(), 1, &stopped), 1u);
}

// Unicode's table 3-7, spelt out.
bool ReferenceValid(const Bytes& bytes) {
  std::size_t i = 0;
  while (i < bytes.size()) {
    std::uint8_t b = bytes[i];
    std::size_t need;
    std::uint8_t low = 0x80;
    std::uint8_t high = 0xbf;
    if (b < 0x80) {
      ++i;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b == 0xe0) low = 0xa0;
      if (b == 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b == 0xf0) low = 0x90;
      if (b == 0xf4) high = 0x8f;
    } else {
      return false;
    }
    if (i + need >= bytes.size()) return false;
    if (bytes[i + 1] < low || bytes[i + 1] > high) return false;
    for (std::size_t k = 2; k <= need; ++k) {
      if ((bytes[i + k] & 0xc0) != 0x80) return false;
    }
    i += need + 1;
  }
  return true;
}

TEST(Utf8Test, AgreesWithTheTableOnEveryShortSequenceAndRandomText) {
  // Every sequence of up to three bytes from a set that covers each range
  // boundary, behind an ASCII prefix long enough for the word-wide scan.
  const Bytes interesting = {0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf,
                             0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xff};
  for (std::uint8_t a : interesting) {
    for (std::uint8_t b : interesting) {
      for (std::uint8_t c : interesting) {
        for (std::size_t prefix : {0, 37}) {
          Bytes bytes(prefix, 'x');
          bytes.insert(bytes.end(), {a, b, c});
          ASSERT_EQ(IsValidUtf8(bytes.data(), bytes.size()), ReferenceValid(bytes));
          ASSERT_EQ(IsAscii(bytes.data(), bytes.size()), a < 0x80 && b < 0x80 && c < 0x80);
        }
      }
    }
  }
  std::mt19937 rng(6);
  for (int round = 0; round < 5000; ++round) {
    Bytes bytes(rng() % 80, 'a');
    for (auto& byte : bytes) {
      if (rng() % 3 == 0) byte = static_cast<std::uint8_t>(rng());
    }
    ASSERT_EQ(IsValidUtf8(bytes.data(), bytes.size()), ReferenceValid(bytes));
    std::size_t first_high = 0;
    while (first_high < bytes.size() && bytes[first_high] < 0x80) ++first_high;
    ASSERT_EQ(AsciiPrefixLength(bytes.data(), bytes.size()), first_high);
  }
}

TEST(Utf8Test, FindsTheFirstNonAsciiByteAnywhereInLongText) {
  for (std::size_t size : {0, 1, 63, 64, 65, 127, 128, 200, 1000}) {
    Bytes text(size, 'a');
    EXPECT_TRUE(IsAscii(text.data(), text.size()));
    EXPECT_EQ(AsciiPrefixLength(text.data(), text.size()), size);
    for (std::size_t at = 0; at < size; ++at) {
      text[at] = 0x80 | static_cast<std::uint8_t>(at);
      ASSERT_FALSE(IsAscii(text.data(), text.size())) << size << " " << at;
      ASSERT_EQ(AsciiPrefixLength(text.data(), text.size()), at) << size;
      text[at] = 'a';
    }
  }
}

std::size_t NaiveFind(const Bytes& hay, const Bytes& needle, std::size_t from, bool forward, bool even_only) {
  if (needle.size() > hay.size()) return kNotFound;
  std::size_t last = hay.size() - needle.size();
  auto matches = [&](std::size_t at) {
    return (!even_only || at % 2 == 0) && std::memcmp(hay.data() + at, needle.data(), needle.size()) == 0;
  };
  if (forward) {
    for (std::size_t at = from; at <= last; ++at) {
      if (matches(at)) return at;
    }
    return kNotFound;
  }
  for (std::size_t at = std::min(from, last) + 1; at-- > 0;) {
    if (matches(at)) return at;
  }
  return kNotFound;
}

TEST(SearchTest, FindsWhatANaiveSearchFindsBothWays) {
  std::mt19937 rng(7);
  for (int round = 0; round < 4000; ++round) {
    // Small alphabets make many near misses, which wear out the fast paths.
    int letters = 1 + static_cast<int>(rng() % 4);
    Bytes hay(rng() % 700);
    for (auto& byte : hay) byte = static_cast<std::uint8_t>('a' + rng() % letters);
    Bytes needle(1 + rng() % 12);
    for (auto& byte : needle) byte = static_cast<std::uint8_t>('a' + rng() % letters);
    std::size_t from = hay.empty() ? 0 : rng() % hay.size();
    bool even_only = rng() % 3 == 0;
    ASSERT_EQ(FindForward(hay.data(), hay.size(), needle.data(), needle.size(), from, even_only),
              NaiveFind(hay, needle, from, true, even_only));
    ASSERT_EQ(FindBackward(hay.data(), hay.size(), needle.data(), needle.size(), from, even_only),
              NaiveFind(hay, needle, from, false, even_only));
  }
}

}  // namespace
}  // namespace isohost::worker::buffer
