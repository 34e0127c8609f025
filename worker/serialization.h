// Structured clone inside the worker: V8's ValueSerializer / ValueDeserializer,
// whose bytes the host carries without a V8 of its own.
#ifndef ISOHOST_WORKER_SERIALIZATION_H_
#define ISOHOST_WORKER_SERIALIZATION_H_

#include <v8.h>

#include <cstddef>
#include <optional>
#include <string_view>
#include <variant>

#include "worker/primitive_clone.h"
#include "worker/serialized_value.h"

namespace isohost::worker {

// A message about to be posted. A lone primitive is measured but not yet
// written, so that its bytes go straight to where they are sent
// (worker/primitive_clone.h); anything else is in V8's serializer's buffer.
class OutgoingMessage {
 public:
  explicit OutgoingMessage(PrimitiveMessage primitive) : bytes_(std::move(primitive)) {}
  explicit OutgoingMessage(SerializedValue serialized) : bytes_(std::move(serialized)) {}

  std::size_t size() const;
  void WriteTo(char* out) const;  // size() bytes

 private:
  std::variant<PrimitiveMessage, SerializedValue> bytes_;
};

// `value` as a message to post; on failure a DataCloneError (or the error of
// a getter) is pending in the isolate and nothing is returned.
std::optional<OutgoingMessage> PrepareMessage(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                              v8::Local<v8::Value> value);

// Serialises `value` into a buffer of its own; fails as PrepareMessage().
std::optional<SerializedValue> SerializeValue(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                              v8::Local<v8::Value> value);

v8::MaybeLocal<v8::Value> DeserializeValue(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                           std::string_view data);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_SERIALIZATION_H_
