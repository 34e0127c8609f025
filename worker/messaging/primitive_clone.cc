#include "worker/messaging/primitive_clone.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "clone/clone_format.h"

namespace isohost::worker {
namespace {

// The header this V8 writes (version tag and version), learnt from V8 once
// rather than assumed, so that the bytes stay V8's own.
const std::string& Header(v8::Isolate* isolate) {
  static const std::string header = [isolate] {
    v8::ValueSerializer serializer(isolate);
    serializer.WriteHeader();
    std::pair<std::uint8_t*, std::size_t> buffer = serializer.Release();
    std::string bytes(reinterpret_cast<const char*>(buffer.first), buffer.second);
    std::free(buffer.first);  // without a delegate V8 allocates with realloc()
    return bytes;
  }();
  return header;
}

// V8 writes a Smi as CloneTag::kInt32 and a HeapNumber as kDouble even when its
// value is integral, and the public API does not tell them apart; the tag bit
// of the handle's slot does (what V8's inline Value::IsUndefined() reads too).
bool IsSmi(v8::Local<v8::Value> value) {
  return !v8::internal::Internals::HasHeapObjectTag(*reinterpret_cast<const v8::internal::Address*>(*value));
}

// The varints of a primitive: a whole message is at most a few bytes more
// than its string, so a bad varint just means "not a primitive".
bool GetVarint(const std::uint8_t*& at, const std::uint8_t* end, std::uint32_t* value) {
  return base::ReadVarint(at, end, value) == base::VarintStatus::kOk;
}

constexpr char TagByte(clone::CloneTag tag) { return static_cast<char>(tag); }

}  // namespace

std::optional<PrimitiveMessage> PrimitiveMessage::Plan(v8::Isolate* isolate, v8::Local<v8::Value> value) {
  PrimitiveMessage message;
  message.isolate_ = isolate;
  message.header_ = &Header(isolate);
  if (value->IsNumber()) {
    if (IsSmi(value)) {
      std::int32_t number = value.As<v8::Int32>()->Value();
      message.tag_ = TagByte(clone::CloneTag::kInt32);
      message.prefix_length_ = base::PutVarint(clone::ZigZagEncode(number), message.prefix_);
    } else {
      double number = value.As<v8::Number>()->Value();
      message.tag_ = TagByte(clone::CloneTag::kDouble);
      std::memcpy(message.prefix_, &number, sizeof number);
      message.prefix_length_ = sizeof number;
    }
  } else if (value->IsString()) {
    v8::Local<v8::String> string = value.As<v8::String>();
    if (!string->IsOneByte()) return std::nullopt;
    message.tag_ = TagByte(clone::CloneTag::kOneByteString);
    message.string_ = string;
    message.string_length_ = static_cast<std::uint32_t>(string->Length());
    message.prefix_length_ = base::PutVarint(message.string_length_, message.prefix_);
  } else if (value->IsUndefined()) {
    message.tag_ = TagByte(clone::CloneTag::kUndefined);
  } else if (value->IsNull()) {
    message.tag_ = TagByte(clone::CloneTag::kNull);
  } else if (value->IsTrue()) {
    message.tag_ = TagByte(clone::CloneTag::kTrue);
  } else if (value->IsFalse()) {
    message.tag_ = TagByte(clone::CloneTag::kFalse);
  } else {
    return std::nullopt;
  }
  return message;
}

std::size_t PrimitiveMessage::size() const {
  return header_->size() + 1 + prefix_length_ + string_length_;
}

void PrimitiveMessage::WriteTo(char* out) const {
  std::memcpy(out, header_->data(), header_->size());
  out += header_->size();
  *out++ = tag_;
  std::memcpy(out, prefix_, prefix_length_);
  out += prefix_length_;
  if (string_length_ > 0) {
    string_->WriteOneByte(isolate_, reinterpret_cast<std::uint8_t*>(out), 0, static_cast<int>(string_length_),
                          v8::String::NO_NULL_TERMINATION);
  }
}

std::optional<SerializedValue> SerializePrimitive(v8::Isolate* isolate, v8::Local<v8::Value> value) {
  std::optional<PrimitiveMessage> message = PrimitiveMessage::Plan(isolate, value);
  if (!message) return std::nullopt;
  auto* data = static_cast<std::uint8_t*>(std::malloc(message->size()));
  if (data == nullptr) return std::nullopt;
  message->WriteTo(reinterpret_cast<char*>(data));
  return SerializedValue(data, message->size());
}

std::optional<v8::Local<v8::Value>> DeserializePrimitive(v8::Isolate* isolate, std::string_view data) {
  const std::string& header = Header(isolate);
  if (data.size() <= header.size() || data.compare(0, header.size(), header) != 0) return std::nullopt;
  const auto* at = reinterpret_cast<const std::uint8_t*>(data.data()) + header.size();
  const auto* end = reinterpret_cast<const std::uint8_t*>(data.data()) + data.size();
  const char tag = static_cast<char>(*at++);
  const auto remaining = static_cast<std::size_t>(end - at);
  switch (tag) {
    case TagByte(clone::CloneTag::kInt32): {
      std::uint32_t zigzag = 0;
      if (!GetVarint(at, end, &zigzag) || at != end) return std::nullopt;
      return v8::Integer::New(isolate, clone::ZigZagDecode(zigzag));
    }
    case TagByte(clone::CloneTag::kDouble): {
      double number = 0;
      if (remaining != sizeof number) return std::nullopt;
      std::memcpy(&number, at, sizeof number);
      return v8::Number::New(isolate, number);
    }
    case TagByte(clone::CloneTag::kOneByteString): {
      std::uint32_t length = 0;
      if (!GetVarint(at, end, &length) || static_cast<std::size_t>(end - at) != length ||
          length > static_cast<std::uint32_t>(v8::String::kMaxLength)) {
        return std::nullopt;
      }
      v8::Local<v8::String> string;
      if (!v8::String::NewFromOneByte(isolate, at, v8::NewStringType::kNormal, static_cast<int>(length))
               .ToLocal(&string)) {
        return std::nullopt;  // too long for a string: V8's deserializer says so
      }
      return string;
    }
    case TagByte(clone::CloneTag::kTrue):
      return remaining == 0 ? std::optional<v8::Local<v8::Value>>(v8::True(isolate)) : std::nullopt;
    case TagByte(clone::CloneTag::kFalse):
      return remaining == 0 ? std::optional<v8::Local<v8::Value>>(v8::False(isolate)) : std::nullopt;
    case TagByte(clone::CloneTag::kNull):
      return remaining == 0 ? std::optional<v8::Local<v8::Value>>(v8::Null(isolate)) : std::nullopt;
    case TagByte(clone::CloneTag::kUndefined):
      return remaining == 0 ? std::optional<v8::Local<v8::Value>>(v8::Undefined(isolate)) : std::nullopt;
    default:
      return std::nullopt;
  }
}

}  // namespace isohost::worker
