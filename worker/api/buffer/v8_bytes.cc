#include "worker/api/buffer/v8_bytes.h"

#include <cstring>

namespace isohost::worker::buffer {
namespace {

// From this size on a one-byte result becomes an external string: below it
// a copy into V8's heap costs less than the bookkeeping of one.
constexpr std::size_t kExternalMinSize = 256 * 1024;

// A one-byte string whose characters stay in malloc'd memory; V8 deletes it
// when the string dies. Tells V8 about the memory so that its collector
// weighs it.
class MallocOneByteString final : public v8::String::ExternalOneByteStringResource {
 public:
  MallocOneByteString(v8::Isolate* isolate, char* data, std::size_t size)
      : isolate_(isolate), data_(data), size_(size) {
    isolate_->AdjustAmountOfExternalAllocatedMemory(static_cast<std::int64_t>(size_));
  }
  ~MallocOneByteString() override {
    std::free(data_);
    isolate_->AdjustAmountOfExternalAllocatedMemory(-static_cast<std::int64_t>(size_));
  }

  const char* data() const override { return data_; }
  std::size_t length() const override { return size_; }

 private:
  v8::Isolate* isolate_;
  char* data_;
  std::size_t size_;
};

void FreeBackingStore(void* data, std::size_t, void*) { std::free(data); }

}  // namespace

ViewBytes::ViewBytes(v8::Local<v8::Value> value, Access access) {
  v8::Local<v8::ArrayBufferView> view = value.As<v8::ArrayBufferView>();
  size_ = view->ByteLength();
  if (access == kRead && size_ <= kInlineSize && !view->HasBuffer()) {
    size_ = view->CopyContents(inline_, kInlineSize);
    data_ = inline_;
    return;
  }
  void* base = view->Buffer()->Data();
  if (base == nullptr) {  // detached
    size_ = 0;
    data_ = inline_;
    return;
  }
  data_ = static_cast<std::uint8_t*>(base) + view->ByteOffset();
}

v8::Local<v8::ArrayBuffer> ArrayBufferFromMalloc(v8::Isolate* isolate, void* data, std::size_t size) {
  if (size == 0) {
    std::free(data);
    return v8::ArrayBuffer::New(isolate, 0);
  }
  std::unique_ptr<v8::BackingStore> store =
      v8::ArrayBuffer::NewBackingStore(data, size, FreeBackingStore, nullptr);
  return v8::ArrayBuffer::New(isolate, std::shared_ptr<v8::BackingStore>(std::move(store)));
}

std::unique_ptr<v8::BackingStore> NewUninitializedBackingStore(v8::Isolate* isolate, std::size_t size) {
  // The one call of this V8 (libnode 108) that takes memory from the
  // allocator without zeroing it and answers null instead of ending the
  // process when there is none: Node's own for Buffer.allocUnsafe.
  return v8::ArrayBuffer::NewBackingStoreForNodeLTS(isolate, size);
}

std::unique_ptr<v8::BackingStore> ResizeBackingStore(v8::Isolate* isolate, std::unique_ptr<v8::BackingStore> store,
                                                     std::size_t size) {
  if (store->ByteLength() == size) return store;
  if (size == 0) return v8::ArrayBuffer::NewBackingStore(isolate, 0);
  return v8::BackingStore::Reallocate(isolate, std::move(store), size);
}

v8::Local<v8::ArrayBuffer> ArrayBufferFromStore(v8::Isolate* isolate, std::unique_ptr<v8::BackingStore> store) {
  if (store == nullptr || store->ByteLength() == 0) return v8::ArrayBuffer::New(isolate, 0);
  return v8::ArrayBuffer::New(isolate, std::shared_ptr<v8::BackingStore>(std::move(store)));
}

v8::MaybeLocal<v8::ArrayBuffer> NewUninitializedArrayBuffer(v8::Isolate* isolate, std::size_t size) {
  if (size == 0) return v8::ArrayBuffer::New(isolate, 0);
  std::unique_ptr<v8::BackingStore> store = NewUninitializedBackingStore(isolate, size);
  if (store == nullptr) return {};
  return ArrayBufferFromStore(isolate, std::move(store));
}

v8::MaybeLocal<v8::String> OneByteStringFromMalloc(v8::Isolate* isolate, char* data, std::size_t size) {
  if (size > static_cast<std::size_t>(v8::String::kMaxLength)) {
    std::free(data);
    return {};
  }
  if (size < kExternalMinSize) {
    v8::MaybeLocal<v8::String> result = v8::String::NewFromOneByte(
        isolate, reinterpret_cast<const std::uint8_t*>(data), v8::NewStringType::kNormal, static_cast<int>(size));
    std::free(data);
    return result;
  }
  auto* resource = new MallocOneByteString(isolate, data, size);
  v8::MaybeLocal<v8::String> result = v8::String::NewExternalOneByte(isolate, resource);
  if (result.IsEmpty()) delete resource;
  return result;
}

}  // namespace isohost::worker::buffer
