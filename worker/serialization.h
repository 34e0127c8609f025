// Structured clone inside the worker: V8's ValueSerializer / ValueDeserializer,
// whose bytes the host carries without a V8 of its own.
#ifndef ISOHOST_WORKER_SERIALIZATION_H_
#define ISOHOST_WORKER_SERIALIZATION_H_

#include <v8.h>

#include <optional>
#include <string_view>

#include "worker/serialized_value.h"

namespace isohost::worker {

// Serialises `value`; on failure a DataCloneError (or the error of a getter)
// is pending in the isolate and nothing is returned.
std::optional<SerializedValue> SerializeValue(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                              v8::Local<v8::Value> value);

v8::MaybeLocal<v8::Value> DeserializeValue(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                           std::string_view data);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_SERIALIZATION_H_
