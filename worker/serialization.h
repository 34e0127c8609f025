// Structured clone inside the worker: V8's ValueSerializer / ValueDeserializer,
// whose bytes the host carries without a V8 of its own.
#ifndef ISOHOST_WORKER_SERIALIZATION_H_
#define ISOHOST_WORKER_SERIALIZATION_H_

#include <v8.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace isohost::worker {

// The bytes V8's serializer wrote, in the buffer it wrote them to (no copy).
class SerializedValue {
 public:
  SerializedValue(std::uint8_t* data, std::size_t size) : data_(data, &std::free), size_(size) {}
  std::string_view bytes() const { return {reinterpret_cast<const char*>(data_.get()), size_}; }

 private:
  std::unique_ptr<std::uint8_t, void (*)(void*)> data_;
  std::size_t size_;
};

// Serialises `value`; on failure a DataCloneError (or the error of a getter)
// is pending in the isolate and nothing is returned.
std::optional<SerializedValue> SerializeValue(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                              v8::Local<v8::Value> value);

v8::MaybeLocal<v8::Value> DeserializeValue(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                           std::string_view data);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_SERIALIZATION_H_
