// Structured clone inside the worker: V8's ValueSerializer / ValueDeserializer,
// whose bytes the host carries without a V8 of its own.
#ifndef ISOHOST_WORKER_MESSAGING_SERIALIZATION_H_
#define ISOHOST_WORKER_MESSAGING_SERIALIZATION_H_

#include <v8.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <variant>
#include <vector>

#include "worker/messaging/primitive_clone.h"
#include "worker/messaging/serialized_value.h"
#include "worker/messaging/shared_memory.h"

namespace isohost::worker {

// The isolate data slot that holds a `v8::Global<v8::Function>*`: the JS
// function (message) -> error that a failed clone throws, a DOMException
// named DataCloneError. The Runtime fills it; without one (an isolate of a
// unit test) the error is an Error with that name and code.
inline constexpr std::uint32_t kDataCloneErrorFactorySlot = 1;

// Throws a DataCloneError with `message` (see kDataCloneErrorFactorySlot).
void ThrowDataCloneError(v8::Isolate* isolate, v8::Local<v8::String> message);

// For a serializer delegate's GetSharedArrayBufferId: the index of `buffer`
// in `list`, added if new. With no list, a DataCloneError (the buffer cannot
// go where the value goes).
v8::Maybe<std::uint32_t> SharedBufferId(v8::Isolate* isolate, SharedBuffers* list,
                                        v8::Local<v8::SharedArrayBuffer> buffer);
// For a deserializer delegate's GetSharedArrayBufferFromId: buffer `id` of
// `list` as a SharedArrayBuffer of this isolate; an Error pending for an id
// the message did not carry.
v8::MaybeLocal<v8::SharedArrayBuffer> SharedBufferFromId(v8::Isolate* isolate, const SharedBuffers* list,
                                                         std::uint32_t id);

// A message about to be posted. A lone primitive is measured but not yet
// written, so that its bytes go straight to where they are sent
// (worker/messaging/primitive_clone.h); anything else is in V8's serializer's buffer.
class OutgoingMessage {
 public:
  explicit OutgoingMessage(PrimitiveMessage primitive) : bytes_(std::move(primitive)) {}
  explicit OutgoingMessage(SerializedValue serialized) : bytes_(std::move(serialized)) {}

  std::size_t size() const;
  void WriteTo(char* out) const;  // size() bytes
  // The SharedArrayBuffers it names, which travel with it.
  SharedBuffers& shared() { return shared_; }

 private:
  std::variant<PrimitiveMessage, SerializedValue> bytes_;
  SharedBuffers shared_;
};

// `value` as a message to post; on failure a DataCloneError (or the error of
// a getter) is pending in the isolate and nothing is returned.
std::optional<OutgoingMessage> PrepareMessage(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                              v8::Local<v8::Value> value);

// Serialises `value` into a buffer of its own; fails as PrepareMessage().
// The SharedArrayBuffers it names go to `shared`; without it they cannot be
// cloned.
std::optional<SerializedValue> SerializeValue(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                              v8::Local<v8::Value> value, SharedBuffers* shared = nullptr);

// structuredClone() inside this isolate. The ArrayBuffers in `transfer` are
// moved to the copy, not copied: they are detached here.
v8::MaybeLocal<v8::Value> CloneValue(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                     v8::Local<v8::Value> value,
                                     const std::vector<v8::Local<v8::ArrayBuffer>>& transfer);

// `shared`: the SharedArrayBuffers that came with the bytes.
v8::MaybeLocal<v8::Value> DeserializeValue(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                           std::string_view data, const SharedBuffers* shared = nullptr);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_MESSAGING_SERIALIZATION_H_
