#include "worker/api/crypto/crypto_bytes.h"

#include <cstring>
#include <memory>
#include <type_traits>

#include "worker/api/buffer/base64.h"
#include "worker/api/buffer/hex.h"
#include "worker/api/buffer/v8_bytes.h"

namespace isohost::worker::crypto {
namespace {

// Strings up to this many UTF-8 bytes are written on the stack.
constexpr std::size_t kStackBytes = 16 * 1024;

v8::MaybeLocal<v8::Value> OneByte(v8::Isolate* isolate, const char* text, std::size_t size) {
  v8::Local<v8::String> string;
  if (!v8::String::NewFromOneByte(isolate, reinterpret_cast<const std::uint8_t*>(text), v8::NewStringType::kNormal,
                                  static_cast<int>(size))
           .ToLocal(&string)) {
    return {};
  }
  return string;
}

}  // namespace

v8::MaybeLocal<v8::Value> EncodeOutput(v8::Isolate* isolate, const std::uint8_t* data, std::size_t size, int encoding) {
  switch (encoding) {
    case kOutputHex: {
      std::unique_ptr<char[]> text(new char[size * 2]);
      buffer::HexEncode(data, size, text.get());
      return OneByte(isolate, text.get(), size * 2);
    }
    case kOutputBase64:
    case kOutputBase64Url: {
      auto alphabet = encoding == kOutputBase64 ? buffer::Base64Alphabet::kStandard : buffer::Base64Alphabet::kUrl;
      std::size_t length = buffer::Base64EncodedLength(size, alphabet);
      std::unique_ptr<char[]> text(new char[length]);
      buffer::Base64Encode(data, size, text.get(), alphabet);
      return OneByte(isolate, text.get(), length);
    }
    case kOutputLatin1:
      return OneByte(isolate, reinterpret_cast<const char*>(data), size);
    default: {
      v8::Local<v8::ArrayBuffer> result = v8::ArrayBuffer::New(isolate, size);
      if (size > 0) std::memcpy(result->Data(), data, size);
      return result;
    }
  }
}

bool FeedBytes(v8::Isolate* isolate, v8::Local<v8::Value> data, bool latin1, const ByteSink& sink) {
  if (data->IsArrayBufferView()) {
    buffer::ViewBytes bytes(data, buffer::ViewBytes::kRead);
    sink(bytes.data(), bytes.size());
    return true;
  }
  if (!data->IsString()) return false;
  v8::Local<v8::String> string = data.As<v8::String>();
  if (latin1) {
    buffer::ForEachPiece(isolate, string, [&](const auto* chars, std::size_t count) {
      using Char = std::remove_cv_t<std::remove_pointer_t<decltype(chars)>>;
      if constexpr (sizeof(Char) == 1) {
        sink(chars, count);
      } else {
        std::uint8_t low[8192];
        for (std::size_t i = 0; i < count; ++i) low[i] = static_cast<std::uint8_t>(chars[i]);
        sink(low, count);
      }
      return true;
    });
    return true;
  }
  constexpr int kFlags = v8::String::NO_NULL_TERMINATION | v8::String::REPLACE_INVALID_UTF8;
  std::size_t length = static_cast<std::size_t>(string->Utf8Length(isolate));
  if (length <= kStackBytes) {
    char stack[kStackBytes];
    string->WriteUtf8(isolate, stack, static_cast<int>(length), nullptr, kFlags);
    sink(reinterpret_cast<const std::uint8_t*>(stack), length);
  } else {
    std::unique_ptr<char[]> heap(new char[length]);
    string->WriteUtf8(isolate, heap.get(), static_cast<int>(length), nullptr, kFlags);
    sink(reinterpret_cast<const std::uint8_t*>(heap.get()), length);
  }
  return true;
}

}  // namespace isohost::worker::crypto
