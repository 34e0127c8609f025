// Bytes and characters across the V8 boundary for the buffer and encoding
// bindings: the memory behind a view, a string's characters a piece at a
// time, and strings made from large results without a second copy.
#ifndef ISOHOST_WORKER_API_BUFFER_V8_BYTES_H_
#define ISOHOST_WORKER_API_BUFFER_V8_BYTES_H_

#include <v8.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>

namespace isohost::worker::buffer {

// The bytes of an ArrayBufferView, for reading or writing. V8 keeps a small
// typed array inside its own object; asking for its buffer moves the bytes
// out once, so a read-only look at such a view copies them instead.
class ViewBytes {
 public:
  enum Access { kRead, kWrite };

  ViewBytes(v8::Local<v8::Value> view, Access access);
  ViewBytes(const ViewBytes&) = delete;
  ViewBytes& operator=(const ViewBytes&) = delete;

  std::uint8_t* data() const { return data_; }
  std::size_t size() const { return size_; }

 private:
  static constexpr std::size_t kInlineSize = 128;
  std::uint8_t* data_ = nullptr;
  std::size_t size_ = 0;
  alignas(8) std::uint8_t inline_[kInlineSize];
};

// Calls `visit(const Char* chars, std::size_t count)` with the characters of
// `string`, in order and in pieces, as uint8_t when the string
// is one-byte and uint16_t otherwise, until `visit` returns false or they
// are all seen. The pieces live in a buffer on the stack, so a string of any
// size costs no allocation; an external one-byte string is one piece.
template <typename Visit>
void ForEachPiece(v8::Isolate* isolate, v8::Local<v8::String> string, Visit&& visit) {
  constexpr int kPiece = 8192;  // characters; even, so pairs never split
  const int length = string->Length();
  constexpr int kFlags = v8::String::NO_NULL_TERMINATION | v8::String::HINT_MANY_WRITES_EXPECTED;
  // An external string (a large result of toString(), say) is read in place.
  if (string->IsExternalOneByte()) {
    const v8::String::ExternalOneByteStringResource* resource = string->GetExternalOneByteStringResource();
    visit(reinterpret_cast<const std::uint8_t*>(resource->data()), resource->length());
    return;
  }
  if (string->IsOneByte()) {
    std::uint8_t piece[kPiece];
    for (int at = 0; at < length; at += kPiece) {
      int count = length - at < kPiece ? length - at : kPiece;
      string->WriteOneByte(isolate, piece, at, count, kFlags);
      if (!visit(static_cast<const std::uint8_t*>(piece), static_cast<std::size_t>(count))) return;
    }
  } else {
    std::uint16_t piece[kPiece];
    for (int at = 0; at < length; at += kPiece) {
      int count = length - at < kPiece ? length - at : kPiece;
      string->Write(isolate, piece, at, count, kFlags);
      if (!visit(static_cast<const std::uint16_t*>(piece), static_cast<std::size_t>(count))) return;
    }
  }
}

// Memory from malloc that a new ArrayBuffer takes over (freed with it, or
// at once when `size` is 0). Not zeroed: for Buffer.allocUnsafe and for
// buffers filled at once.
v8::Local<v8::ArrayBuffer> ArrayBufferFromMalloc(v8::Isolate* isolate, void* data, std::size_t size);

// A BackingStore of `size` bytes from the isolate's ArrayBuffer allocator,
// not zeroed; null if the memory cannot be had. Results that are written
// once into fresh memory take this rather than ArrayBufferFromMalloc: V8
// weighs memory it allocated itself against the young generation, and frees
// dead young buffers in a scavenge once they add up to a few semispaces;
// memory it is handed waits for a full collection, every 64 MiB or so,
// which makes a loop of large results walk through cold memory.
std::unique_ptr<v8::BackingStore> NewUninitializedBackingStore(v8::Isolate* isolate, std::size_t size);

// `store` (from NewUninitializedBackingStore) cut or grown to `size` bytes,
// in place when the allocator can; null if the memory cannot be had.
std::unique_ptr<v8::BackingStore> ResizeBackingStore(v8::Isolate* isolate, std::unique_ptr<v8::BackingStore> store,
                                                     std::size_t size);

// A new ArrayBuffer over `store` (null gives an empty ArrayBuffer).
v8::Local<v8::ArrayBuffer> ArrayBufferFromStore(v8::Isolate* isolate, std::unique_ptr<v8::BackingStore> store);

// A new ArrayBuffer of `size` bytes whose contents are not set, or an empty
// handle if the memory cannot be had.
v8::MaybeLocal<v8::ArrayBuffer> NewUninitializedArrayBuffer(v8::Isolate* isolate, std::size_t size);

// A string of the `size` Latin-1 bytes at `data`, which must come from
// malloc and is taken over (freed here or by the string). Large results
// become external strings, so that they are not copied again into the heap.
// Empty (with nothing thrown) if the string would be too long.
v8::MaybeLocal<v8::String> OneByteStringFromMalloc(v8::Isolate* isolate, char* data, std::size_t size);

}  // namespace isohost::worker::buffer

#endif  // ISOHOST_WORKER_API_BUFFER_V8_BYTES_H_
