// The native half of `buffer`: conversions between strings and bytes in
// every encoding Buffer knows, search, comparison, fill and byte swaps.
// worker/js/internal/buffer/ checks every argument first; these functions
// trust their types and ranges, but still clamp every access to the view's
// real size, so that no script can make them touch memory outside it.
#include <v8.h>

#include <algorithm>
#include <cstring>
#include <memory>

#include "worker/api/buffer/base64.h"
#include "worker/api/buffer/hex.h"
#include "worker/api/buffer/search.h"
#include "worker/api/buffer/string_utf8.h"
#include "worker/api/buffer/utf8.h"
#include "worker/api/buffer/v8_bytes.h"
#include "worker/v8/binding.h"

namespace isohost::worker {
namespace {

using buffer::ViewBytes;
using v8::FunctionCallbackInfo;
using v8::Local;
using v8::Value;

// Encodings by number, as internal/buffer/encodings.js numbers them.
enum Encoding : int {
  kUtf8 = 0,
  kUcs2 = 1,
  kLatin1 = 2,
  kAscii = 3,
  kBase64 = 4,
  kBase64Url = 5,
  kHex = 6,
};

// The hint makes V8 flatten a string made by concatenation once, instead of
// walking its pieces on every copy.
constexpr int kStringFlags = v8::String::NO_NULL_TERMINATION | v8::String::HINT_MANY_WRITES_EXPECTED;

// Numeric arguments. The JavaScript callers pass numbers; anything else
// (a DataView's missing `length`, say) counts as 0 rather than being read
// as what it is not.
std::size_t SizeArg(const FunctionCallbackInfo<Value>& info, int index) {
  if (!info[index]->IsNumber()) return 0;
  double value = info[index].As<v8::Number>()->Value();
  if (!(value > 0)) return 0;  // also NaN
  return value >= 9007199254740992.0 ? static_cast<std::size_t>(9007199254740992.0) : static_cast<std::size_t>(value);
}

int IntArg(const FunctionCallbackInfo<Value>& info, int index) {
  return info[index]->IsInt32() ? info[index].As<v8::Int32>()->Value() : 0;
}

void ThrowAllocationFailed(v8::Isolate* isolate) {
  isolate->ThrowException(
      v8::Exception::RangeError(v8::String::NewFromUtf8Literal(isolate, "Array buffer allocation failed")));
}

// --- strings into bytes ----------------------------------------------------

std::size_t Base64Capacity(v8::Isolate* isolate, Local<v8::String> string) {
  int length = string->Length();
  // Up to two '=' at the end carry no bits.
  for (int i = 0; i < 2 && length > 0; ++i) {
    std::uint16_t last;
    string->Write(isolate, &last, length - 1, 1, kStringFlags);
    if (last != '=') break;
    --length;
  }
  return static_cast<std::size_t>(length) * 3 / 4;
}

// Writes `string` in `encoding` into at most `capacity` bytes at `out`;
// returns how many it wrote. UTF-8 and UTF-16 never split a character.
std::size_t WriteString(v8::Isolate* isolate, Local<v8::String> string, Encoding encoding, std::uint8_t* out,
                        std::size_t capacity) {
  if (capacity == 0) return 0;
  int bounded = static_cast<int>(std::min<std::size_t>(capacity, INT32_MAX));
  switch (encoding) {
    case kUtf8:
      return buffer::WriteUtf8(isolate, string, out, capacity);
    case kUcs2: {
      int units = std::min(string->Length(), bounded / 2);
      // Write() wants aligned uint16_t; a view may start at an odd address.
      if (reinterpret_cast<std::uintptr_t>(out) % alignof(std::uint16_t) == 0) {
        string->Write(isolate, reinterpret_cast<std::uint16_t*>(out), 0, units, kStringFlags);
      } else {
        std::size_t written = 0;
        buffer::ForEachPiece(isolate, string, [&](const auto* chars, std::size_t count) {
          count = std::min<std::size_t>(count, static_cast<std::size_t>(units) - written);
          for (std::size_t i = 0; i < count; ++i) {
            std::uint16_t unit = chars[i];
            std::memcpy(out + 2 * (written + i), &unit, 2);
          }
          written += count;
          return written < static_cast<std::size_t>(units);
        });
      }
      return static_cast<std::size_t>(units) * 2;
    }
    case kLatin1:
    case kAscii: {
      int count = std::min(string->Length(), bounded);
      string->WriteOneByte(isolate, out, 0, count, kStringFlags);
      return static_cast<std::size_t>(count);
    }
    case kBase64:
    case kBase64Url: {
      buffer::Base64Decoder decoder(out, capacity);
      buffer::ForEachPiece(isolate, string,
                           [&](const auto* chars, std::size_t count) { return decoder.Feed(chars, count); });
      return decoder.size();
    }
    case kHex: {
      std::size_t written = 0;
      buffer::ForEachPiece(isolate, string, [&](const auto* chars, std::size_t count) {
        bool stopped = false;
        written += buffer::HexDecode(chars, count, out + written, capacity - written, &stopped);
        return !stopped && written < capacity;
      });
      return written;
    }
  }
  return 0;
}

// byteLengthUtf8(string)
void ByteLengthUtf8(const FunctionCallbackInfo<Value>& info) {
  info.GetReturnValue().Set(
      static_cast<double>(buffer::Utf8Length(info.GetIsolate(), info[0].As<v8::String>())));
}

// write(view, string, offset, maxLength, encoding) -> bytes written
void Write(const FunctionCallbackInfo<Value>& info) {
  ViewBytes bytes(info[0], ViewBytes::kWrite);
  std::size_t offset = std::min(SizeArg(info, 2), bytes.size());
  std::size_t capacity = std::min(SizeArg(info, 3), bytes.size() - offset);
  std::size_t written = WriteString(info.GetIsolate(), info[1].As<v8::String>(),
                                    static_cast<Encoding>(IntArg(info, 4)), bytes.data() + offset, capacity);
  info.GetReturnValue().Set(static_cast<double>(written));
}

// fromString(string, encoding) -> ArrayBuffer holding exactly the bytes,
// for strings too large for the pool.
void FromString(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Local<v8::String> string = info[0].As<v8::String>();
  Encoding encoding = static_cast<Encoding>(IntArg(info, 1));
  std::size_t length = static_cast<std::size_t>(string->Length());
  if (encoding == kUtf8) {
    std::unique_ptr<v8::BackingStore> store = buffer::Utf8ToBackingStore(isolate, string);
    if (store == nullptr) return ThrowAllocationFailed(isolate);
    info.GetReturnValue().Set(buffer::ArrayBufferFromStore(isolate, std::move(store)));
    return;
  }
  std::size_t capacity = 0;
  switch (encoding) {
    case kUtf8:
      break;
    case kUcs2:
      capacity = length * 2;
      break;
    case kLatin1:
    case kAscii:
      capacity = length;
      break;
    case kBase64:
    case kBase64Url:
      capacity = Base64Capacity(isolate, string);
      break;
    case kHex:
      capacity = length / 2;
      break;
  }
  if (capacity == 0) {
    info.GetReturnValue().Set(v8::ArrayBuffer::New(isolate, 0));
    return;
  }
  std::unique_ptr<v8::BackingStore> store = buffer::NewUninitializedBackingStore(isolate, capacity);
  if (store == nullptr) return ThrowAllocationFailed(isolate);
  std::size_t written =
      WriteString(isolate, string, encoding, static_cast<std::uint8_t*>(store->Data()), capacity);
  // Junk or an early stop in base64 or hex: give the rest back.
  if (written < capacity) store = buffer::ResizeBackingStore(isolate, std::move(store), written);
  info.GetReturnValue().Set(buffer::ArrayBufferFromStore(isolate, std::move(store)));
}

// allocUnsafe(size) -> ArrayBuffer of `size` bytes, not zeroed.
void AllocUnsafe(const FunctionCallbackInfo<Value>& info) {
  Local<v8::ArrayBuffer> result;
  if (!buffer::NewUninitializedArrayBuffer(info.GetIsolate(), SizeArg(info, 0)).ToLocal(&result)) {
    return ThrowAllocationFailed(info.GetIsolate());
  }
  info.GetReturnValue().Set(result);
}

// --- bytes into strings ----------------------------------------------------

// The string of `bytes` in `encoding`, or an empty handle (nothing thrown)
// when it would be longer than V8 allows.
v8::MaybeLocal<v8::String> MakeString(v8::Isolate* isolate, const std::uint8_t* data, std::size_t size,
                                      Encoding encoding) {
  if (size == 0) return v8::String::Empty(isolate);
  const std::size_t max = static_cast<std::size_t>(v8::String::kMaxLength);
  switch (encoding) {
    case kUtf8: {
      // ASCII needs no decoding: V8 copies it as Latin-1 faster than it
      // reads it as UTF-8.
      if (size <= max && buffer::IsAscii(data, size)) {
        return v8::String::NewFromOneByte(isolate, data, v8::NewStringType::kNormal, static_cast<int>(size));
      }
      if (size > INT32_MAX) return {};
      v8::TryCatch too_long(isolate);  // V8 throws when the result is too long
      return v8::String::NewFromUtf8(isolate, reinterpret_cast<const char*>(data), v8::NewStringType::kNormal,
                                     static_cast<int>(size));
    }
    case kLatin1: {
      if (size > max) return {};
      return v8::String::NewFromOneByte(isolate, data, v8::NewStringType::kNormal, static_cast<int>(size));
    }
    case kAscii: {
      if (size > max) return {};
      std::size_t clean = buffer::AsciiPrefixLength(data, size);
      if (clean == size) {
        return v8::String::NewFromOneByte(isolate, data, v8::NewStringType::kNormal, static_cast<int>(size));
      }
      char* copy = static_cast<char*>(std::malloc(size));
      if (copy == nullptr) return {};
      std::memcpy(copy, data, clean);
      for (std::size_t i = clean; i < size; ++i) copy[i] = static_cast<char>(data[i] & 0x7f);
      return buffer::OneByteStringFromMalloc(isolate, copy, size);
    }
    case kUcs2: {
      std::size_t units = size / 2;
      if (units > max) return {};
      if (reinterpret_cast<std::uintptr_t>(data) % alignof(std::uint16_t) == 0) {
        return v8::String::NewFromTwoByte(isolate, reinterpret_cast<const std::uint16_t*>(data),
                                          v8::NewStringType::kNormal, static_cast<int>(units));
      }
      std::unique_ptr<std::uint16_t[]> aligned(new (std::nothrow) std::uint16_t[units]);
      if (!aligned) return {};
      std::memcpy(aligned.get(), data, units * 2);
      return v8::String::NewFromTwoByte(isolate, aligned.get(), v8::NewStringType::kNormal, static_cast<int>(units));
    }
    case kBase64:
    case kBase64Url: {
      buffer::Base64Alphabet alphabet =
          encoding == kBase64 ? buffer::Base64Alphabet::kStandard : buffer::Base64Alphabet::kUrl;
      std::size_t length = buffer::Base64EncodedLength(size, alphabet);
      if (length > max) return {};
      char* out = static_cast<char*>(std::malloc(length));
      if (out == nullptr) return {};
      buffer::Base64Encode(data, size, out, alphabet);
      return buffer::OneByteStringFromMalloc(isolate, out, length);
    }
    case kHex: {
      if (size > max / 2) return {};
      char* out = static_cast<char*>(std::malloc(size * 2));
      if (out == nullptr) return {};
      buffer::HexEncode(data, size, out);
      return buffer::OneByteStringFromMalloc(isolate, out, size * 2);
    }
  }
  return {};
}

void ReturnSlice(const FunctionCallbackInfo<Value>& info, Encoding encoding) {
  ViewBytes bytes(info[0], ViewBytes::kRead);
  std::size_t end = std::min(SizeArg(info, 2), bytes.size());
  std::size_t start = std::min(SizeArg(info, 1), end);
  Local<v8::String> result;
  // Too long: undefined, and the caller throws ERR_STRING_TOO_LONG.
  if (MakeString(info.GetIsolate(), bytes.data() + start, end - start, encoding).ToLocal(&result)) {
    info.GetReturnValue().Set(result);
  }
}

// slice(view, start, end, encoding) -> string, or undefined if too long
void Slice(const FunctionCallbackInfo<Value>& info) { ReturnSlice(info, static_cast<Encoding>(IntArg(info, 3))); }

// utf8Slice(view, start, end): the commonest case without the dispatch.
void Utf8Slice(const FunctionCallbackInfo<Value>& info) { ReturnSlice(info, kUtf8); }

// --- comparison and search -----------------------------------------------------

int Compare(const std::uint8_t* a, std::size_t a_size, const std::uint8_t* b, std::size_t b_size) {
  std::size_t common = std::min(a_size, b_size);
  int result = common == 0 ? 0 : std::memcmp(a, b, common);
  if (result == 0) return a_size < b_size ? -1 : (a_size > b_size ? 1 : 0);
  return result < 0 ? -1 : 1;
}

// compare(a, b) -> -1, 0 or 1
void CompareViews(const FunctionCallbackInfo<Value>& info) {
  ViewBytes a(info[0], ViewBytes::kRead);
  ViewBytes b(info[1], ViewBytes::kRead);
  info.GetReturnValue().Set(Compare(a.data(), a.size(), b.data(), b.size()));
}

// compareRange(a, aStart, aEnd, b, bStart, bEnd) -> -1, 0 or 1
void CompareRange(const FunctionCallbackInfo<Value>& info) {
  ViewBytes a(info[0], ViewBytes::kRead);
  ViewBytes b(info[3], ViewBytes::kRead);
  std::size_t a_end = std::min(SizeArg(info, 2), a.size());
  std::size_t a_start = std::min(SizeArg(info, 1), a_end);
  std::size_t b_end = std::min(SizeArg(info, 5), b.size());
  std::size_t b_start = std::min(SizeArg(info, 4), b_end);
  info.GetReturnValue().Set(Compare(a.data() + a_start, a_end - a_start, b.data() + b_start, b_end - b_start));
}

// Where a search of a needle of `needle_size` bytes starts, given the
// caller's byteOffset (an integer, negative counting from the end), as Node
// decides it: forwards a start before the buffer means 0 and past its end no
// match; backwards a start before the buffer means no match and past its end
// the last position. -1: nothing to search.
std::int64_t SearchStart(std::size_t size, std::int64_t offset, std::size_t needle_size, bool forward) {
  const std::int64_t length = static_cast<std::int64_t>(size);
  const std::int64_t needle = static_cast<std::int64_t>(needle_size);
  if (offset < 0) {
    if (length + offset >= 0) return length + offset;
    return forward || needle == 0 ? 0 : -1;
  }
  if (offset + needle <= length) return offset;
  if (needle == 0) return length;
  return forward ? -1 : length - 1;
}

// The answer of indexOf/lastIndexOf for `needle` in the `size` bytes at
// `haystack`. With `ucs2` the search is by UTF-16 code units from the start
// of the buffer.
double Search(const std::uint8_t* haystack, std::size_t size, const std::uint8_t* needle, std::size_t needle_size,
              std::int64_t offset, bool forward, bool ucs2) {
  std::int64_t start = SearchStart(size, offset, needle_size, forward);
  // An empty needle is found where it starts, like String#indexOf's.
  if (needle_size == 0) return static_cast<double>(start);
  if (size == 0 || start < 0) return -1;
  if (needle_size > size || (forward && static_cast<std::size_t>(start) + needle_size > size)) return -1;
  std::size_t from = static_cast<std::size_t>(start);
  if (ucs2) {
    if (size < 2 || needle_size < 2) return -1;
    // A trailing odd byte is no code unit. Node searches a buffer of odd
    // length for a buffer needle all the same, and then reports "not found"
    // as the length less one; so does this.
    std::size_t units_size = size & ~std::size_t{1};
    std::size_t found = forward ? buffer::FindForward(haystack, units_size, needle, needle_size & ~std::size_t{1},
                                                      from & ~std::size_t{1}, true)
                                : buffer::FindBackward(haystack, units_size, needle, needle_size & ~std::size_t{1},
                                                       from & ~std::size_t{1}, true);
    if (found != buffer::kNotFound) return static_cast<double>(found);
    return units_size == size ? -1 : static_cast<double>(units_size);
  }
  std::size_t found = forward ? buffer::FindForward(haystack, size, needle, needle_size, from, false)
                              : buffer::FindBackward(haystack, size, needle, needle_size, from, false);
  return found == buffer::kNotFound ? -1 : static_cast<double>(found);
}

std::int64_t OffsetArg(const FunctionCallbackInfo<Value>& info, int index) {
  if (!info[index]->IsNumber()) return 0;
  double value = info[index].As<v8::Number>()->Value();
  if (!(value == value)) return 0;  // NaN
  return static_cast<std::int64_t>(std::clamp(value, -9007199254740992.0, 9007199254740992.0));
}

// indexOfString(view, string, byteOffset, encoding, forward): utf8, ucs2 or latin1.
void IndexOfString(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  ViewBytes haystack(info[0], ViewBytes::kRead);
  Local<v8::String> string = info[1].As<v8::String>();
  Encoding encoding = static_cast<Encoding>(IntArg(info, 3));
  std::size_t needle_size = encoding == kUtf8   ? buffer::Utf8Length(isolate, string)
                            : encoding == kUcs2 ? static_cast<std::size_t>(string->Length()) * 2
                                                : static_cast<std::size_t>(string->Length());
  // A needle longer than the haystack cannot match, and need not be encoded.
  if (needle_size > haystack.size()) return info.GetReturnValue().Set(-1);
  std::uint8_t small[256];
  std::unique_ptr<std::uint8_t[]> large;
  std::uint8_t* needle = small;
  if (needle_size > sizeof(small)) {
    large.reset(new std::uint8_t[needle_size]);
    needle = large.get();
  }
  WriteString(isolate, string, encoding, needle, needle_size);
  // For a string, Node measures a UTF-16 haystack in whole code units.
  std::size_t size = encoding == kUcs2 ? haystack.size() & ~std::size_t{1} : haystack.size();
  double result = Search(haystack.data(), size, needle, needle_size, OffsetArg(info, 2), info[4]->IsTrue(),
                         encoding == kUcs2);
  info.GetReturnValue().Set(result);
}

// indexOfBytes(view, needleView, byteOffset, ucs2, forward)
void IndexOfBytes(const FunctionCallbackInfo<Value>& info) {
  ViewBytes haystack(info[0], ViewBytes::kRead);
  ViewBytes needle(info[1], ViewBytes::kRead);
  info.GetReturnValue().Set(Search(haystack.data(), haystack.size(), needle.data(), needle.size(), OffsetArg(info, 2),
                                   info[4]->IsTrue(), info[3]->IsTrue()));
}

// indexOfByte(view, byte, byteOffset, forward)
void IndexOfByte(const FunctionCallbackInfo<Value>& info) {
  ViewBytes haystack(info[0], ViewBytes::kRead);
  std::uint8_t needle = static_cast<std::uint8_t>(SizeArg(info, 1));
  bool forward = info[3]->IsTrue();
  std::int64_t start = SearchStart(haystack.size(), OffsetArg(info, 2), 1, forward);
  if (start < 0 || haystack.size() == 0) return info.GetReturnValue().Set(-1);
  std::size_t found = forward ? buffer::FindForward(haystack.data(), haystack.size(), &needle, 1,
                                                    static_cast<std::size_t>(start), false)
                              : buffer::FindBackward(haystack.data(), haystack.size(), &needle, 1,
                                                     static_cast<std::size_t>(start), false);
  info.GetReturnValue().Set(found == buffer::kNotFound ? -1.0 : static_cast<double>(found));
}

// --- fill and swap -----------------------------------------------------------

// Repeats the first `pattern` bytes of `at` over all `size` of them.
void RepeatPattern(std::uint8_t* at, std::size_t pattern, std::size_t size) {
  std::size_t filled = pattern;
  while (filled < size) {
    std::size_t chunk = std::min(filled, size - filled);
    std::memcpy(at + filled, at, chunk);
    filled += chunk;
  }
}

// A start or end that is not an index at all: the caller checked nothing.
void ThrowIndexOutOfRange(v8::Isolate* isolate) {
  Local<v8::Context> context = isolate->GetCurrentContext();
  Local<Value> error = v8::Exception::RangeError(v8::String::NewFromUtf8Literal(isolate, "Index out of range"));
  (void)error.As<v8::Object>()
      ->Set(context, v8::String::NewFromUtf8Literal(isolate, "code"),
            v8::String::NewFromUtf8Literal(isolate, "ERR_OUT_OF_RANGE"))
      .FromMaybe(false);
  isolate->ThrowException(error);
}

bool IsIndex(Local<Value> value) {
  return value->IsNumber() && value.As<v8::Number>()->Value() >= 0;
}

// fill(view, value, start, end, encoding) -> 0, or -1 when `value` gives no
// bytes, or -2 when the range is outside the view. `value` is a string (in
// `encoding`) or a view; numbers are filled by the caller. A negative or
// non-numeric start or end throws ERR_OUT_OF_RANGE (Buffer#fill checks them
// first; this is for scripts that call the binding itself).
void Fill(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (!IsIndex(info[2]) || !IsIndex(info[3])) return ThrowIndexOutOfRange(isolate);
  ViewBytes target(info[0], ViewBytes::kWrite);
  std::size_t start = SizeArg(info, 2);
  std::size_t end = SizeArg(info, 3);
  if (start > end || end > target.size()) return info.GetReturnValue().Set(-2);
  std::size_t size = end - start;
  if (size == 0) return info.GetReturnValue().Set(0);
  std::uint8_t* at = target.data() + start;
  std::size_t pattern = 0;
  if (info[1]->IsArrayBufferView()) {
    ViewBytes value(info[1], ViewBytes::kRead);
    pattern = std::min(value.size(), size);
    std::memmove(at, value.data(), pattern);
  } else {
    Encoding encoding = static_cast<Encoding>(IntArg(info, 4));
    Local<v8::String> string = info[1].As<v8::String>();
    if (encoding == kUtf8) {
      // A character that does not fit whole still lends its first bytes.
      std::size_t full = buffer::Utf8Length(isolate, string);
      if (full <= size) {
        pattern = WriteString(isolate, string, encoding, at, full);
      } else {
        std::unique_ptr<std::uint8_t[]> bytes(new std::uint8_t[full]);
        WriteString(isolate, string, encoding, bytes.get(), full);
        std::memcpy(at, bytes.get(), size);
        pattern = size;
      }
    } else if (encoding == kUcs2) {
      std::size_t full = static_cast<std::size_t>(string->Length()) * 2;
      std::unique_ptr<std::uint8_t[]> bytes(new std::uint8_t[std::max<std::size_t>(full, 1)]);
      WriteString(isolate, string, encoding, bytes.get(), full);
      pattern = std::min(full, size);
      std::memcpy(at, bytes.get(), pattern);
    } else {
      pattern = WriteString(isolate, string, encoding, at, size);
    }
  }
  if (pattern == 0) return info.GetReturnValue().Set(-1);
  RepeatPattern(at, pattern, size);
  info.GetReturnValue().Set(0);
}

// swap(view, width): reverses the bytes of every `width`-byte group (2, 4
// or 8); the caller checks that the size is a multiple.
void Swap(const FunctionCallbackInfo<Value>& info) {
  ViewBytes bytes(info[0], ViewBytes::kWrite);
  std::size_t width = SizeArg(info, 1);
  std::uint8_t* data = bytes.data();
  std::size_t size = bytes.size() - bytes.size() % width;
  switch (width) {
    case 2:
      for (std::size_t i = 0; i < size; i += 2) {
        std::uint16_t v;
        std::memcpy(&v, data + i, 2);
        v = __builtin_bswap16(v);
        std::memcpy(data + i, &v, 2);
      }
      break;
    case 4:
      for (std::size_t i = 0; i < size; i += 4) {
        std::uint32_t v;
        std::memcpy(&v, data + i, 4);
        v = __builtin_bswap32(v);
        std::memcpy(data + i, &v, 4);
      }
      break;
    case 8:
      for (std::size_t i = 0; i < size; i += 8) {
        std::uint64_t v;
        std::memcpy(&v, data + i, 8);
        v = __builtin_bswap64(v);
        std::memcpy(data + i, &v, 8);
      }
      break;
  }
}

// --- checks --------------------------------------------------------------------

void IsUtf8(const FunctionCallbackInfo<Value>& info) {
  ViewBytes bytes(info[0], ViewBytes::kRead);
  info.GetReturnValue().Set(buffer::IsValidUtf8(bytes.data(), bytes.size()));
}

void IsAscii(const FunctionCallbackInfo<Value>& info) {
  ViewBytes bytes(info[0], ViewBytes::kRead);
  info.GetReturnValue().Set(buffer::IsAscii(bytes.data(), bytes.size()));
}

// --- TextEncoder ---------------------------------------------------------------

// encodeUtf8(string) -> Uint8Array of its UTF-8, lone surrogates as U+FFFD
void EncodeUtf8(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  std::unique_ptr<v8::BackingStore> store = buffer::Utf8ToBackingStore(isolate, info[0].As<v8::String>());
  if (store == nullptr) return ThrowAllocationFailed(isolate);
  std::size_t size = store->ByteLength();
  info.GetReturnValue().Set(v8::Uint8Array::New(buffer::ArrayBufferFromStore(isolate, std::move(store)), 0, size));
}

// encodeInto(string, view) -> [UTF-16 units read, bytes written]; only
// whole characters are written.
void EncodeInto(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Local<v8::Context> context = isolate->GetCurrentContext();
  ViewBytes dest(info[1], ViewBytes::kWrite);
  std::size_t read = 0;
  std::size_t written = buffer::WriteUtf8(isolate, info[0].As<v8::String>(), dest.data(), dest.size(), &read);
  Local<v8::Array> result = v8::Array::New(isolate, 2);
  if (result->Set(context, 0, v8::Number::New(isolate, static_cast<double>(read))).IsNothing() ||
      result->Set(context, 1, v8::Number::New(isolate, static_cast<double>(written))).IsNothing()) {
    return;
  }
  info.GetReturnValue().Set(result);
}

void IsAnyArrayBuffer(const FunctionCallbackInfo<Value>& info) {
  info.GetReturnValue().Set(info[0]->IsArrayBuffer() || info[0]->IsSharedArrayBuffer());
}

// transferArrayBuffer(buffer): a new ArrayBuffer over `buffer`'s memory,
// `buffer` itself detached (the Streams spec's TransferArrayBuffer, which a
// byte stream applies to each chunk and view it takes). Undefined when
// `buffer` cannot be detached (a WebAssembly memory, say); the caller throws.
void TransferArrayBuffer(const FunctionCallbackInfo<Value>& info) {
  if (!info[0]->IsArrayBuffer()) return;
  Local<v8::ArrayBuffer> buffer = info[0].As<v8::ArrayBuffer>();
  if (!buffer->IsDetachable()) return;
  std::shared_ptr<v8::BackingStore> store = buffer->GetBackingStore();
  buffer->Detach();
  info.GetReturnValue().Set(v8::ArrayBuffer::New(info.GetIsolate(), std::move(store)));
}

// ownNonIndexKeys(object, onlyEnumerable): own string and symbol keys
// without the indices, which a large buffer has millions of.
void OwnNonIndexKeys(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Local<v8::Context> context = isolate->GetCurrentContext();
  if (!info[0]->IsObject()) return info.GetReturnValue().Set(v8::Array::New(isolate));
  v8::PropertyFilter filter = info[1]->IsTrue() ? v8::ONLY_ENUMERABLE : v8::ALL_PROPERTIES;
  Local<v8::Array> keys;
  if (!info[0]
           .As<v8::Object>()
           ->GetPropertyNames(context, v8::KeyCollectionMode::kOwnOnly, filter, v8::IndexFilter::kSkipIndices,
                              v8::KeyConversionMode::kKeepNumbers)
           .ToLocal(&keys)) {
    return;  // a proxy's trap threw
  }
  info.GetReturnValue().Set(keys);
}

}  // namespace

namespace native_modules {

ISOHOST_BINDING(buffer) {
  SetMethod(isolate, context, target, "byteLengthUtf8", ByteLengthUtf8);
  SetMethod(isolate, context, target, "write", Write);
  SetMethod(isolate, context, target, "fromString", FromString);
  SetMethod(isolate, context, target, "allocUnsafe", AllocUnsafe);
  SetMethod(isolate, context, target, "slice", Slice);
  SetMethod(isolate, context, target, "utf8Slice", Utf8Slice);
  SetMethod(isolate, context, target, "compare", CompareViews);
  SetMethod(isolate, context, target, "compareRange", CompareRange);
  SetMethod(isolate, context, target, "indexOfString", IndexOfString);
  SetMethod(isolate, context, target, "indexOfBytes", IndexOfBytes);
  SetMethod(isolate, context, target, "indexOfByte", IndexOfByte);
  SetMethod(isolate, context, target, "fill", Fill);
  SetMethod(isolate, context, target, "swap", Swap);
  SetMethod(isolate, context, target, "isUtf8", IsUtf8);
  SetMethod(isolate, context, target, "isAscii", IsAscii);
  SetMethod(isolate, context, target, "isAnyArrayBuffer", IsAnyArrayBuffer);
  SetMethod(isolate, context, target, "encodeUtf8", EncodeUtf8);
  SetMethod(isolate, context, target, "encodeInto", EncodeInto);
  SetMethod(isolate, context, target, "ownNonIndexKeys", OwnNonIndexKeys);
  SetMethod(isolate, context, target, "transferArrayBuffer", TransferArrayBuffer);
  SetValue(isolate, context, target, "kMaxLength", v8::Number::New(isolate, static_cast<double>(v8::TypedArray::kMaxLength)));
  SetValue(isolate, context, target, "kStringMaxLength", v8::Integer::New(isolate, v8::String::kMaxLength));
}

}  // namespace native_modules
}  // namespace isohost::worker
