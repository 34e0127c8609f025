#include "worker/messaging/serialization.h"

#include <cstdlib>
#include <cstring>

#include "worker/messaging/primitive_clone.h"

namespace isohost::worker {
namespace {

// Throws what the HTML spec calls a DataCloneError: a DOMException from the
// factory the bootstrap registered, or an Error with that name and code.
class CloneDelegate final : public v8::ValueSerializer::Delegate {
 public:
  explicit CloneDelegate(v8::Isolate* isolate, SharedBuffers* shared = nullptr) : isolate_(isolate), shared_(shared) {}

  void ThrowDataCloneError(v8::Local<v8::String> message) override {
    isohost::worker::ThrowDataCloneError(isolate_, message);
  }

  v8::Maybe<std::uint32_t> GetSharedArrayBufferId(v8::Isolate* isolate,
                                                  v8::Local<v8::SharedArrayBuffer> buffer) override {
    return SharedBufferId(isolate, shared_, buffer);
  }

  void* ReallocateBufferMemory(void* old_buffer, size_t size, size_t* actual_size) override {
    *actual_size = size;
    return std::realloc(old_buffer, size);
  }
  void FreeBufferMemory(void* buffer) override { std::free(buffer); }

 private:
  v8::Isolate* isolate_;
  SharedBuffers* shared_;
};

class ReadSharedDelegate final : public v8::ValueDeserializer::Delegate {
 public:
  explicit ReadSharedDelegate(const SharedBuffers* shared) : shared_(shared) {}
  v8::MaybeLocal<v8::SharedArrayBuffer> GetSharedArrayBufferFromId(v8::Isolate* isolate, uint32_t id) override {
    return SharedBufferFromId(isolate, shared_, id);
  }

 private:
  const SharedBuffers* shared_;
};

}  // namespace

v8::Maybe<std::uint32_t> SharedBufferId(v8::Isolate* isolate, SharedBuffers* list,
                                        v8::Local<v8::SharedArrayBuffer> buffer) {
  if (list == nullptr) {
    ThrowDataCloneError(isolate, v8::String::NewFromUtf8Literal(isolate, "#<SharedArrayBuffer> could not be cloned."));
    return v8::Nothing<std::uint32_t>();
  }
  std::shared_ptr<v8::BackingStore> store = buffer->GetBackingStore();
  for (std::size_t i = 0; i < list->size(); ++i) {
    if ((*list)[i]->Data() == store->Data() && (*list)[i]->ByteLength() == store->ByteLength()) {
      return v8::Just(static_cast<std::uint32_t>(i));
    }
  }
  list->push_back(std::move(store));
  return v8::Just(static_cast<std::uint32_t>(list->size() - 1));
}

v8::MaybeLocal<v8::SharedArrayBuffer> SharedBufferFromId(v8::Isolate* isolate, const SharedBuffers* list,
                                                         std::uint32_t id) {
  if (list == nullptr || id >= list->size()) {
    if (!isolate->IsExecutionTerminating()) {
      isolate->ThrowException(v8::Exception::Error(
          v8::String::NewFromUtf8Literal(isolate, "message names a SharedArrayBuffer it did not carry")));
    }
    return {};
  }
  return v8::SharedArrayBuffer::New(isolate, (*list)[id]);
}

void ThrowDataCloneError(v8::Isolate* isolate, v8::Local<v8::String> message) {
  v8::Local<v8::Context> context = isolate->GetCurrentContext();
  auto* factory = static_cast<v8::Global<v8::Function>*>(isolate->GetData(kDataCloneErrorFactorySlot));
  if (factory != nullptr && !factory->IsEmpty()) {
    v8::Local<v8::Value> argv[] = {message};
    v8::Local<v8::Value> error;
    // If the factory throws, its exception is the one left pending.
    if (factory->Get(isolate)->Call(context, v8::Undefined(isolate), 1, argv).ToLocal(&error)) {
      isolate->ThrowException(error);
    }
    return;
  }
  v8::Local<v8::Value> error = v8::Exception::Error(message);
  v8::Local<v8::Object> object;
  if (error->ToObject(context).ToLocal(&object)) {
    (void)object->DefineOwnProperty(context, v8::String::NewFromUtf8Literal(isolate, "name"),
                                    v8::String::NewFromUtf8Literal(isolate, "DataCloneError"),
                                    v8::DontEnum).FromMaybe(false);
    (void)object->DefineOwnProperty(context, v8::String::NewFromUtf8Literal(isolate, "code"),
                                    v8::Integer::New(isolate, 25), v8::DontEnum).FromMaybe(false);
  }
  isolate->ThrowException(error);
}

namespace {

std::optional<SerializedValue> SerializeWithV8(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                               v8::Local<v8::Value> value, SharedBuffers* shared) {
  CloneDelegate delegate(isolate, shared);
  v8::ValueSerializer serializer(isolate, &delegate);
  serializer.WriteHeader();
  if (!serializer.WriteValue(context, value).FromMaybe(false)) return std::nullopt;
  // The delegate allocates with realloc(), so the buffer is ours to free().
  std::pair<uint8_t*, size_t> buffer = serializer.Release();
  return SerializedValue(buffer.first, buffer.second);
}

}  // namespace

std::optional<SerializedValue> SerializeValue(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                              v8::Local<v8::Value> value, SharedBuffers* shared) {
  if (std::optional<SerializedValue> primitive = SerializePrimitive(isolate, value)) return primitive;
  return SerializeWithV8(isolate, context, value, shared);
}

std::optional<OutgoingMessage> PrepareMessage(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                              v8::Local<v8::Value> value) {
  if (std::optional<PrimitiveMessage> primitive = PrimitiveMessage::Plan(isolate, value)) {
    return OutgoingMessage(std::move(*primitive));
  }
  SharedBuffers shared;
  std::optional<SerializedValue> serialized = SerializeWithV8(isolate, context, value, &shared);
  if (!serialized) return std::nullopt;
  OutgoingMessage message(std::move(*serialized));
  message.shared() = std::move(shared);
  return message;
}

std::size_t OutgoingMessage::size() const {
  if (const auto* primitive = std::get_if<PrimitiveMessage>(&bytes_)) return primitive->size();
  return std::get<SerializedValue>(bytes_).bytes().size();
}

void OutgoingMessage::WriteTo(char* out) const {
  if (const auto* primitive = std::get_if<PrimitiveMessage>(&bytes_)) return primitive->WriteTo(out);
  std::string_view bytes = std::get<SerializedValue>(bytes_).bytes();
  std::memcpy(out, bytes.data(), bytes.size());
}

v8::MaybeLocal<v8::Value> CloneValue(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                     v8::Local<v8::Value> value,
                                     const std::vector<v8::Local<v8::ArrayBuffer>>& transfer) {
  SharedBuffers shared;
  if (transfer.empty()) {
    std::optional<SerializedValue> serialized = SerializeValue(isolate, context, value, &shared);
    if (!serialized) return {};
    return DeserializeValue(isolate, context, serialized->bytes(), &shared);
  }
  CloneDelegate delegate(isolate, &shared);
  v8::ValueSerializer serializer(isolate, &delegate);
  serializer.WriteHeader();
  for (std::size_t i = 0; i < transfer.size(); ++i) {
    serializer.TransferArrayBuffer(static_cast<std::uint32_t>(i), transfer[i]);
  }
  if (!serializer.WriteValue(context, value).FromMaybe(false)) return {};
  std::pair<uint8_t*, size_t> buffer = serializer.Release();
  SerializedValue serialized(buffer.first, buffer.second);
  // Only once the value is written, so that a failed clone detaches nothing.
  std::vector<v8::Local<v8::ArrayBuffer>> moved;
  moved.reserve(transfer.size());
  for (v8::Local<v8::ArrayBuffer> source : transfer) {
    if (!source->IsDetachable()) {
      delegate.ThrowDataCloneError(
          v8::String::NewFromUtf8Literal(isolate, "An ArrayBuffer is not detachable and could not be cloned."));
      return {};
    }
    std::shared_ptr<v8::BackingStore> contents = source->GetBackingStore();
    source->Detach();
    moved.push_back(v8::ArrayBuffer::New(isolate, std::move(contents)));
  }
  std::string_view bytes = serialized.bytes();
  ReadSharedDelegate read_delegate(&shared);
  v8::ValueDeserializer deserializer(isolate, reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(),
                                     &read_delegate);
  for (std::size_t i = 0; i < moved.size(); ++i) {
    deserializer.TransferArrayBuffer(static_cast<std::uint32_t>(i), moved[i]);
  }
  if (!deserializer.ReadHeader(context).FromMaybe(false)) return {};
  return deserializer.ReadValue(context);
}

v8::MaybeLocal<v8::Value> DeserializeValue(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                           std::string_view data, const SharedBuffers* shared) {
  if (std::optional<v8::Local<v8::Value>> primitive = DeserializePrimitive(isolate, data)) return *primitive;
  ReadSharedDelegate delegate(shared);
  v8::ValueDeserializer deserializer(isolate, reinterpret_cast<const uint8_t*>(data.data()),
                                     data.size(), &delegate);
  if (!deserializer.ReadHeader(context).FromMaybe(false)) {
    if (!isolate->IsExecutionTerminating()) {
      isolate->ThrowException(v8::Exception::Error(
          v8::String::NewFromUtf8Literal(isolate, "message is not in the structured-clone format")));
    }
    return {};
  }
  return deserializer.ReadValue(context);
}

}  // namespace isohost::worker
