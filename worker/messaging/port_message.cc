#include "worker/messaging/port_message.h"

#include <cstdlib>
#include <cstring>
#include <memory>

#include "worker/messaging/serialization.h"

namespace isohost::worker {
namespace {

// Marks a port token among the host objects other bindings make.
int token_marker;
constexpr int kTokenFields = 2;  // [marker, index]

v8::Local<v8::ObjectTemplate> TokenTemplate(v8::Isolate* isolate) {
  // One isolate per process; a second one (a tool's) gets its own.
  static v8::Isolate* owner = nullptr;
  static v8::Eternal<v8::ObjectTemplate> eternal;
  if (owner != isolate) {
    v8::Local<v8::ObjectTemplate> made = v8::ObjectTemplate::New(isolate);
    made->SetInternalFieldCount(kTokenFields);
    eternal.Set(isolate, made);
    owner = isolate;
  }
  return eternal.Get(isolate);
}

bool TokenIndex(v8::Local<v8::Object> object, std::uint32_t* index) {
  if (object->InternalFieldCount() != kTokenFields) return false;
  v8::Local<v8::Value> marker = object->GetInternalField(0);
  if (!marker->IsExternal() || marker.As<v8::External>()->Value() != &token_marker) return false;
  v8::Local<v8::Value> value = object->GetInternalField(1);
  if (!value->IsUint32()) return false;
  *index = value.As<v8::Uint32>()->Value();
  return true;
}

class WriteDelegate final : public v8::ValueSerializer::Delegate {
 public:
  WriteDelegate(v8::Isolate* isolate, SharedBuffers* shared) : isolate_(isolate), shared_(shared) {}

  v8::Maybe<std::uint32_t> GetSharedArrayBufferId(v8::Isolate* isolate,
                                                  v8::Local<v8::SharedArrayBuffer> buffer) override {
    return SharedBufferId(isolate, shared_, buffer);
  }
  void set_serializer(v8::ValueSerializer* serializer) { serializer_ = serializer; }

  void ThrowDataCloneError(v8::Local<v8::String> message) override {
    isohost::worker::ThrowDataCloneError(isolate_, message);
  }

  v8::Maybe<bool> WriteHostObject(v8::Isolate* isolate, v8::Local<v8::Object> object) override {
    std::uint32_t index = 0;
    if (!TokenIndex(object, &index)) return v8::ValueSerializer::Delegate::WriteHostObject(isolate, object);
    serializer_->WriteUint32(index);
    return v8::Just(true);
  }

  void* ReallocateBufferMemory(void* old_buffer, size_t size, size_t* actual_size) override {
    *actual_size = size;
    return std::realloc(old_buffer, size);
  }
  void FreeBufferMemory(void* buffer) override { std::free(buffer); }

 private:
  v8::Isolate* isolate_;
  SharedBuffers* shared_;
  v8::ValueSerializer* serializer_ = nullptr;
};

class ReadDelegate final : public v8::ValueDeserializer::Delegate {
 public:
  ReadDelegate(v8::Local<v8::Context> context, v8::Local<v8::Array> ports, const SharedBuffers* shared)
      : context_(context), ports_(ports), shared_(shared) {}
  void set_deserializer(v8::ValueDeserializer* deserializer) { deserializer_ = deserializer; }

  v8::MaybeLocal<v8::SharedArrayBuffer> GetSharedArrayBufferFromId(v8::Isolate* isolate, uint32_t id) override {
    return SharedBufferFromId(isolate, shared_, id);
  }

  v8::MaybeLocal<v8::Object> ReadHostObject(v8::Isolate* isolate) override {
    std::uint32_t index = 0;
    v8::Local<v8::Value> port;
    if (!ports_.IsEmpty() && deserializer_->ReadUint32(&index) && index < ports_->Length() &&
        ports_->Get(context_, index).ToLocal(&port) && port->IsObject()) {
      return port.As<v8::Object>();
    }
    if (!isolate->IsExecutionTerminating()) {
      isolate->ThrowException(v8::Exception::Error(
          v8::String::NewFromUtf8Literal(isolate, "message names a port it did not carry")));
    }
    return {};
  }

 private:
  v8::Local<v8::Context> context_;
  v8::Local<v8::Array> ports_;
  const SharedBuffers* shared_;
  v8::ValueDeserializer* deserializer_ = nullptr;
};

// WriteDelegate's buffer, moved into a MessageRoom once it is large.
class RoomDelegate final : public v8::ValueSerializer::Delegate {
 public:
  RoomDelegate(v8::Isolate* isolate, MessageRoom* room, std::size_t threshold)
      : isolate_(isolate), room_(room), threshold_(threshold) {}

  void ThrowDataCloneError(v8::Local<v8::String> message) override {
    isohost::worker::ThrowDataCloneError(isolate_, message);
  }

  v8::Maybe<std::uint32_t> GetSharedArrayBufferId(v8::Isolate* isolate,
                                                  v8::Local<v8::SharedArrayBuffer> buffer) override {
    return SharedBufferId(isolate, &shared_, buffer);
  }
  SharedBuffers& shared() { return shared_; }

  void* ReallocateBufferMemory(void* old_buffer, size_t size, size_t* actual_size) override {
    if (in_room_) {
      // Past the room: the rest goes in a buffer of our own (rare: the
      // room is taken generously).
      void* moved = std::malloc(size);
      if (moved == nullptr) return nullptr;
      std::memcpy(moved, old_buffer, capacity_);
      room_->GiveBack();
      in_room_ = false;
      capacity_ = *actual_size = size;
      return moved;
    }
    if (room_ != nullptr && size >= threshold_) {
      // Room for this and as much again, since the serializer grows by doubling.
      const std::size_t want = size * 2;
      char* at = room_->Take(want);
      if (at != nullptr) {
        if (old_buffer != nullptr) std::memcpy(at, old_buffer, capacity_);
        std::free(old_buffer);
        in_room_ = true;
        room_data_ = at;
        capacity_ = *actual_size = want;
        return at;
      }
      room_ = nullptr;  // none now: do not ask again
    }
    void* grown = std::realloc(old_buffer, size);
    if (grown != nullptr) capacity_ = *actual_size = size;
    return grown;
  }

  void FreeBufferMemory(void* buffer) override {
    if (in_room_ && buffer == room_data_) {
      room_->GiveBack();
      in_room_ = false;
      return;
    }
    std::free(buffer);
  }

  bool in_room() const { return in_room_; }

 private:
  v8::Isolate* isolate_;
  MessageRoom* room_;
  std::size_t threshold_;
  bool in_room_ = false;
  char* room_data_ = nullptr;
  std::size_t capacity_ = 0;
  SharedBuffers shared_;
};

}  // namespace

bool SerializePortMessageTo(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Value> value,
                            MessageRoom* room, std::size_t threshold, SerializedMessage* out) {
  RoomDelegate delegate(isolate, room, threshold);
  v8::ValueSerializer serializer(isolate, &delegate);
  serializer.WriteHeader();
  // On failure the serializer frees its buffer, and the room goes back.
  if (!serializer.WriteValue(context, value).FromMaybe(false)) return false;
  std::pair<uint8_t*, size_t> written = serializer.Release();
  out->data = reinterpret_cast<char*>(written.first);
  out->size = written.second;
  out->in_room = delegate.in_room();
  out->shared = std::move(delegate.shared());
  return true;
}

v8::MaybeLocal<v8::Object> NewPortToken(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                        std::uint32_t index) {
  v8::Local<v8::Object> token;
  if (!TokenTemplate(isolate)->NewInstance(context).ToLocal(&token)) return {};
  token->SetInternalField(0, v8::External::New(isolate, &token_marker));
  token->SetInternalField(1, v8::Integer::NewFromUnsigned(isolate, index));
  return token;
}

v8::MaybeLocal<v8::ArrayBuffer> SerializePortMessage(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                                     v8::Local<v8::Value> value,
                                                     const std::vector<v8::Local<v8::ArrayBuffer>>& detach) {
  for (v8::Local<v8::ArrayBuffer> buffer : detach) {
    if (!buffer->IsDetachable()) {
      ThrowDataCloneError(isolate, v8::String::NewFromUtf8Literal(
                                       isolate, "An ArrayBuffer is not detachable and could not be cloned."));
      return {};
    }
  }
  SharedBuffers shared;
  WriteDelegate delegate(isolate, &shared);
  v8::ValueSerializer serializer(isolate, &delegate);
  delegate.set_serializer(&serializer);
  serializer.WriteHeader();
  if (!serializer.WriteValue(context, value).FromMaybe(false)) return {};
  std::pair<uint8_t*, size_t> written = serializer.Release();
  // The delegate allocated the bytes with realloc(): the buffer adopts them.
  std::unique_ptr<v8::BackingStore> store = v8::ArrayBuffer::NewBackingStore(
      written.first, written.second, [](void* data, size_t, void*) { std::free(data); }, nullptr);
  v8::Local<v8::ArrayBuffer> bytes = v8::ArrayBuffer::New(isolate, std::move(store));
  // The SharedArrayBuffers go with the bytes wherever JS takes them.
  if (!AttachSharedBuffers(isolate, context, bytes, shared)) return {};
  for (v8::Local<v8::ArrayBuffer> buffer : detach) buffer->Detach();
  return bytes;
}

v8::MaybeLocal<v8::Value> DeserializePortMessage(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                                 std::string_view data, v8::Local<v8::Array> ports,
                                                 const SharedBuffers* shared) {
  ReadDelegate delegate(context, ports, shared);
  v8::ValueDeserializer deserializer(isolate, reinterpret_cast<const uint8_t*>(data.data()), data.size(),
                                     &delegate);
  delegate.set_deserializer(&deserializer);
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
