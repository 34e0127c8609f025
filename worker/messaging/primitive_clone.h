// Structured clone of a message that is a lone primitive (a number, a
// boolean, null, undefined or a one-byte string) without V8's
// ValueSerializer/ValueDeserializer. Setting one of those up (delegate,
// identity map, global handles, buffer) costs more than such a value, and
// such values are most messages. The bytes are exactly those V8 writes for
// the value; anything else is left to V8 (the functions return nothing).
#ifndef ISOHOST_WORKER_MESSAGING_PRIMITIVE_CLONE_H_
#define ISOHOST_WORKER_MESSAGING_PRIMITIVE_CLONE_H_

#include <v8.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "worker/messaging/serialized_value.h"

namespace isohost::worker {

// One such value, measured before it is written, so that its bytes can go
// straight to where they are sent. Valid inside the caller's handle scope.
class PrimitiveMessage {
 public:
  // Nothing when `value` is not one of the primitives above.
  static std::optional<PrimitiveMessage> Plan(v8::Isolate* isolate, v8::Local<v8::Value> value);

  std::size_t size() const;
  // Writes the size() bytes V8 would write for the value.
  void WriteTo(char* out) const;

 private:
  PrimitiveMessage() = default;

  v8::Isolate* isolate_ = nullptr;
  const std::string* header_ = nullptr;  // V8's, learnt once
  char tag_ = 0;
  std::uint8_t prefix_[8] = {};  // the number, or the string's length
  std::size_t prefix_length_ = 0;
  v8::Local<v8::String> string_;
  std::uint32_t string_length_ = 0;
};

// The bytes V8 would write for `value` in a buffer of their own, or nothing
// when `value` is not one of the primitives above.
std::optional<SerializedValue> SerializePrimitive(v8::Isolate* isolate, v8::Local<v8::Value> value);

// The value in `data` when it holds exactly V8's header and one of the
// primitives above; nothing otherwise (V8's deserializer then reads it, and
// reports what is wrong with it).
std::optional<v8::Local<v8::Value>> DeserializePrimitive(v8::Isolate* isolate, std::string_view data);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_MESSAGING_PRIMITIVE_CLONE_H_
