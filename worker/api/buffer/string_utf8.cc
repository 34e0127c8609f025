#include "worker/api/buffer/string_utf8.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "worker/api/buffer/simd.h"
#include "worker/api/buffer/utf8.h"
#include "worker/api/buffer/v8_bytes.h"

namespace isohost::worker::buffer {
namespace {

constexpr std::uint64_t kHighBits = 0x8080808080808080ull;

// The hint makes V8 flatten a string made by concatenation once, instead of
// walking its pieces on every copy.
constexpr int kCopyFlags = v8::String::NO_NULL_TERMINATION | v8::String::HINT_MANY_WRITES_EXPECTED;

// Bytes of 0x80 or more in `data`: the extra byte each takes in UTF-8.
// Each byte's top bit is added into its own lane of a word (up to 255 words
// at a time, so no lane overflows), and the lanes are summed after. Text is
// mostly ASCII, which a cheaper test finds first.
std::size_t CountHighBytes(const std::uint8_t* data, std::size_t size) {
  if (IsAscii(data, size)) return 0;
  constexpr std::uint64_t kLowBits = 0x0101010101010101ull;
  constexpr std::uint64_t kEvenBytes = 0x00ff00ff00ff00ffull;
  std::size_t count = 0;
  std::size_t i = 0;
  while (i + 8 <= size) {
    std::uint64_t lanes = 0;
    std::size_t end = i + std::min<std::size_t>((size - i) & ~std::size_t{7}, 255 * 8);
    for (; i < end; i += 8) {
      std::uint64_t word;
      std::memcpy(&word, data + i, sizeof(word));
      lanes += (word >> 7) & kLowBits;
    }
    std::uint64_t pairs = (lanes & kEvenBytes) + ((lanes >> 8) & kEvenBytes);  // four 16-bit sums
    count += static_cast<std::size_t>((pairs * 0x0001000100010001ull) >> 48);
  }
  for (; i < size; ++i) count += data[i] >> 7;
  return count;
}

// Widens the Latin-1 characters at out[0, count) into their UTF-8, which
// takes out[0, utf8_size), working from the end so that no byte is
// overwritten before it is read (the write position is never behind).
void WidenLatin1InPlace(std::uint8_t* out, std::size_t count, std::size_t utf8_size) {
  std::size_t write = utf8_size;
  for (std::size_t read = count; read > 0 && write > read;) {
    std::uint8_t c = out[--read];
    if (c < 0x80) {
      out[--write] = c;
    } else {
      out[--write] = static_cast<std::uint8_t>(0x80 | (c & 0x3f));
      out[--write] = static_cast<std::uint8_t>(0xc0 | (c >> 6));
    }
  }
}

// The longest prefix of the Latin-1 at `chars` whose UTF-8 fits `capacity`:
// its length in characters, and in `*bytes` its UTF-8 size.
std::size_t FittingPrefix(const std::uint8_t* chars, std::size_t count, std::size_t capacity, std::size_t* bytes) {
  std::size_t size = 0;
  std::size_t i = 0;
  for (; i < count; ++i) {
    std::size_t next = size + 1 + (chars[i] >> 7);
    if (next > capacity) break;
    size = next;
  }
  *bytes = size;
  return i;
}

// One-byte strings: copied out whole, then widened where needed.
std::size_t WriteOneByteUtf8(v8::Isolate* isolate, v8::Local<v8::String> string, std::uint8_t* out,
                             std::size_t capacity, std::size_t* units_read) {
  const std::size_t length = static_cast<std::size_t>(string->Length());
  const std::size_t count = std::min(length, capacity);
  // The characters are copied to `out` first. When they are cut short, the
  // UTF-8 written still covers all of them but possibly the very last byte
  // of `out`, which must then keep what it held.
  const bool fills_out = count == capacity;
  const std::uint8_t last_byte = fills_out ? out[capacity - 1] : 0;
  if (string->IsExternalOneByte()) {
    std::memcpy(out, string->GetExternalOneByteStringResource()->data(), count);
  } else {
    string->WriteOneByte(isolate, out, 0, static_cast<int>(count), kCopyFlags);
  }
  std::size_t high = CountHighBytes(out, count);
  std::size_t chars = count;
  std::size_t bytes = count + high;
  if (bytes > capacity) chars = FittingPrefix(out, count, capacity, &bytes);
  if (bytes > chars) WidenLatin1InPlace(out, chars, bytes);
  if (fills_out && bytes < capacity) out[capacity - 1] = last_byte;
  if (units_read != nullptr) *units_read = chars;
  return bytes;
}

// Two-byte strings, a piece at a time; a high surrogate at the end of a
// piece waits for the next.
class TwoByteEncoder {
 public:
  // `fits`: the capacity is known to hold the whole string's UTF-8.
  TwoByteEncoder(std::uint8_t* out, std::size_t capacity, bool fits = false)
      : out_(out), capacity_(capacity), fits_(fits) {}

  // False once the output is full.
  bool Feed(const std::uint16_t* units, std::size_t count) {
    std::size_t i = 0;
    if (pending_high_ != 0) {
      std::uint16_t high = pending_high_;
      pending_high_ = 0;
      if (count > 0 && IsLow(units[0])) {
        if (!Put(Pair(high, units[0]), 2)) return false;
        i = 1;
      } else if (!Put(0xfffd, 1)) {
        return false;
      }
    }
    // With room for the whole string, or for three bytes per unit left, no
    // character needs its size checked first.
    if (fits_ || capacity_ - size_ >= 3 * (count - i)) return FeedWithRoom(units, i, count);
    while (i < count) {
      // Runs of ASCII, four units at a time.
      while (i + 4 <= count && capacity_ - size_ >= 4) {
        std::uint64_t word;
        std::memcpy(&word, units + i, sizeof(word));
        if (word & 0xff80ff80ff80ff80ull) break;
        out_[size_] = static_cast<std::uint8_t>(units[i]);
        out_[size_ + 1] = static_cast<std::uint8_t>(units[i + 1]);
        out_[size_ + 2] = static_cast<std::uint8_t>(units[i + 2]);
        out_[size_ + 3] = static_cast<std::uint8_t>(units[i + 3]);
        size_ += 4;
        read_ += 4;
        i += 4;
      }
      if (i == count) break;
      std::uint16_t unit = units[i];
      if (IsHigh(unit)) {
        if (i + 1 == count) {
          pending_high_ = unit;  // its pair may start the next piece
          return true;
        }
        if (IsLow(units[i + 1])) {
          if (!Put(Pair(unit, units[i + 1]), 2)) return false;
          i += 2;
          continue;
        }
        if (!Put(0xfffd, 1)) return false;
      } else if (!Put(IsLow(unit) ? 0xfffd : unit, 1)) {
        return false;
      }
      ++i;
    }
    return true;
  }

  // Feed() from units[i] on, when the output has room for 3 bytes per unit
  // (a surrogate pair's 4 bytes take 2 units).
  bool FeedWithRoom(const std::uint16_t* units, std::size_t i, std::size_t count) {
    std::uint8_t* at = out_ + size_;
    const std::size_t start = i;
    const bool simd = simd::HasAvx512Vbmi2();
    std::size_t block_end = i;
    while (i < count) {
      // Blocks without surrogates in SIMD; the block that has one, and the
      // tail, one character at a time.
      if (simd && i >= block_end) {
        std::size_t written = 0;
        i += simd::Utf16ToUtf8Blocks(units + i, count - i, at, capacity_ - static_cast<std::size_t>(at - out_),
                                     &written);
        at += written;
        block_end = i + 16;
        if (i == count) break;
      }
      std::uint16_t unit = units[i];
      if (unit < 0x80) {
        *at++ = static_cast<std::uint8_t>(unit);
        ++i;
        // Runs of ASCII, four units at a time.
        while (i + 4 <= count) {
          std::uint64_t word;
          std::memcpy(&word, units + i, sizeof(word));
          if (word & 0xff80ff80ff80ff80ull) break;
          at[0] = static_cast<std::uint8_t>(word);
          at[1] = static_cast<std::uint8_t>(word >> 16);
          at[2] = static_cast<std::uint8_t>(word >> 32);
          at[3] = static_cast<std::uint8_t>(word >> 48);
          at += 4;
          i += 4;
        }
        continue;
      }
      if (unit < 0x800) {
        at[0] = static_cast<std::uint8_t>(0xc0 | (unit >> 6));
        at[1] = static_cast<std::uint8_t>(0x80 | (unit & 0x3f));
        at += 2;
        ++i;
        continue;
      }
      std::uint32_t c = unit;
      std::size_t taken = 1;
      if ((unit & 0xf800) == 0xd800) {
        if (IsHigh(unit) && i + 1 == count) {
          pending_high_ = unit;  // its pair may start the next piece; read then
          break;
        }
        if (IsHigh(unit) && IsLow(units[i + 1])) {
          c = Pair(unit, units[i + 1]);
          taken = 2;
        } else {
          c = 0xfffd;
        }
      }
      if (c < 0x10000) {
        at[0] = static_cast<std::uint8_t>(0xe0 | (c >> 12));
        at[1] = static_cast<std::uint8_t>(0x80 | ((c >> 6) & 0x3f));
        at[2] = static_cast<std::uint8_t>(0x80 | (c & 0x3f));
        at += 3;
      } else {
        at[0] = static_cast<std::uint8_t>(0xf0 | (c >> 18));
        at[1] = static_cast<std::uint8_t>(0x80 | ((c >> 12) & 0x3f));
        at[2] = static_cast<std::uint8_t>(0x80 | ((c >> 6) & 0x3f));
        at[3] = static_cast<std::uint8_t>(0x80 | (c & 0x3f));
        at += 4;
      }
      i += taken;
    }
    size_ = static_cast<std::size_t>(at - out_);
    read_ += i - start;
    return true;
  }

  // The end of the string: a high surrogate still waiting is a lone one.
  void Finish() {
    if (pending_high_ != 0) {
      pending_high_ = 0;
      Put(0xfffd, 1);
    }
  }

  std::size_t size() const { return size_; }
  std::size_t read() const { return read_; }

 private:
  static bool IsHigh(std::uint16_t unit) { return (unit & 0xfc00) == 0xd800; }
  static bool IsLow(std::uint16_t unit) { return (unit & 0xfc00) == 0xdc00; }
  static std::uint32_t Pair(std::uint16_t high, std::uint16_t low) {
    return 0x10000 + ((static_cast<std::uint32_t>(high) - 0xd800) << 10) + (low - 0xdc00);
  }

  // Writes code point `c` (from `units` UTF-16 units) if it fits whole.
  bool Put(std::uint32_t c, std::size_t units) {
    std::size_t need = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    if (capacity_ - size_ < need) return false;
    std::uint8_t* at = out_ + size_;
    switch (need) {
      case 1:
        at[0] = static_cast<std::uint8_t>(c);
        break;
      case 2:
        at[0] = static_cast<std::uint8_t>(0xc0 | (c >> 6));
        at[1] = static_cast<std::uint8_t>(0x80 | (c & 0x3f));
        break;
      case 3:
        at[0] = static_cast<std::uint8_t>(0xe0 | (c >> 12));
        at[1] = static_cast<std::uint8_t>(0x80 | ((c >> 6) & 0x3f));
        at[2] = static_cast<std::uint8_t>(0x80 | (c & 0x3f));
        break;
      default:
        at[0] = static_cast<std::uint8_t>(0xf0 | (c >> 18));
        at[1] = static_cast<std::uint8_t>(0x80 | ((c >> 12) & 0x3f));
        at[2] = static_cast<std::uint8_t>(0x80 | ((c >> 6) & 0x3f));
        at[3] = static_cast<std::uint8_t>(0x80 | (c & 0x3f));
    }
    size_ += need;
    read_ += units;
    return true;
  }

  std::uint8_t* out_;
  std::size_t capacity_;
  std::size_t size_ = 0;
  std::size_t read_ = 0;
  bool fits_;
  std::uint16_t pending_high_ = 0;
};

// UTF-8 bytes of UTF-16 units, with a high surrogate carried across pieces.
class TwoByteCounter {
 public:
  void Feed(const std::uint16_t* units, std::size_t count) {
    std::size_t i = 0;
    if (pending_high_ && count > 0 && (units[0] & 0xfc00) == 0xdc00) {
      size_ += 1;  // the pair's 4 bytes: 3 were counted for the high half
      i = 1;
    }
    pending_high_ = false;
    const bool avx2 = simd::HasAvx2();
    while (i < count) {
      // Blocks without surrogates in SIMD; the block that has one, and the
      // tail, one unit at a time.
      if (avx2) {
        std::size_t done = simd::Utf16ToUtf8ExtraBlocks(units + i, count - i, &size_);
        size_ += done;
        i += done;
      }
      const std::size_t end = std::min(count, i + 16);
      for (; i < end; ++i) {
        std::uint16_t unit = units[i];
        if (unit < 0x80) {
          size_ += 1;
        } else if (unit < 0x800) {
          size_ += 2;
        } else if ((unit & 0xfc00) == 0xd800 && i + 1 < count && (units[i + 1] & 0xfc00) == 0xdc00) {
          size_ += 4;
          ++i;
        } else {
          size_ += 3;  // a lone surrogate is U+FFFD, also 3
          if ((unit & 0xfc00) == 0xd800 && i + 1 == count) pending_high_ = true;
        }
      }
    }
  }

  std::size_t size() const { return size_; }

 private:
  std::size_t size_ = 0;
  bool pending_high_ = false;
};

}  // namespace

std::size_t Utf8Length(v8::Isolate* isolate, v8::Local<v8::String> string) {
  if (string->IsOneByte()) {
    std::size_t size = 0;
    ForEachPiece(isolate, string, [&](const auto* chars, std::size_t count) {
      if constexpr (sizeof(*chars) == 1) size += count + CountHighBytes(chars, count);
      return true;
    });
    return size;
  }
  TwoByteCounter counter;
  ForEachPiece(isolate, string, [&](const auto* units, std::size_t count) {
    if constexpr (sizeof(*units) == 2) counter.Feed(units, count);
    return true;
  });
  return counter.size();
}

std::size_t WriteUtf8(v8::Isolate* isolate, v8::Local<v8::String> string, std::uint8_t* out, std::size_t capacity,
                      std::size_t* units_read) {
  if (capacity == 0 || string->Length() == 0) {
    if (units_read != nullptr) *units_read = 0;
    return 0;
  }
  if (string->IsOneByte()) return WriteOneByteUtf8(isolate, string, out, capacity, units_read);
  TwoByteEncoder encoder(out, capacity);
  bool whole = true;
  ForEachPiece(isolate, string, [&](const auto* units, std::size_t count) {
    if constexpr (sizeof(*units) == 2) whole = encoder.Feed(units, count);
    return whole;
  });
  if (whole) encoder.Finish();
  if (units_read != nullptr) *units_read = encoder.read();
  return encoder.size();
}

std::unique_ptr<v8::BackingStore> Utf8ToBackingStore(v8::Isolate* isolate, v8::Local<v8::String> string) {
  const std::size_t length = static_cast<std::size_t>(string->Length());
  if (string->IsOneByte()) {
    // Copied out whole; widened (after growing the block) only if needed.
    std::unique_ptr<v8::BackingStore> store = NewUninitializedBackingStore(isolate, length);
    if (store == nullptr) return nullptr;
    auto* data = static_cast<std::uint8_t*>(store->Data());
    if (string->IsExternalOneByte()) {
      std::memcpy(data, string->GetExternalOneByteStringResource()->data(), length);
    } else {
      string->WriteOneByte(isolate, data, 0, static_cast<int>(length), kCopyFlags);
    }
    std::size_t high = CountHighBytes(data, length);
    if (high > 0) {
      store = ResizeBackingStore(isolate, std::move(store), length + high);
      if (store == nullptr) return nullptr;
      WidenLatin1InPlace(static_cast<std::uint8_t*>(store->Data()), length, length + high);
    }
    return store;
  }
  // Measured first and written into exactly its size: three bytes per unit
  // would bound it without the count, but a block three times too large
  // costs its pages and a second copy to give them back.
  const std::size_t size = Utf8Length(isolate, string);
  std::unique_ptr<v8::BackingStore> store = NewUninitializedBackingStore(isolate, size);
  if (store == nullptr) return nullptr;
  TwoByteEncoder encoder(static_cast<std::uint8_t*>(store->Data()), size, /*fits=*/true);
  ForEachPiece(isolate, string, [&](const auto* units, std::size_t count) {
    if constexpr (sizeof(*units) == 2) encoder.Feed(units, count);
    return true;
  });
  encoder.Finish();
  return store;
}

}  // namespace isohost::worker::buffer
