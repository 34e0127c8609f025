// Allocation functions for zlib and brotli that count the bytes a codec
// holds, so that a zlib stream object can tell V8 how much native memory it
// keeps alive (Isolate::AdjustAmountOfExternalAllocatedMemory): the
// collector then weighs a few hundred KiB of z_stream behind a small JS
// object, and frees forgotten streams sooner.
#ifndef ISOHOST_WORKER_API_ZLIB_COUNTED_ALLOC_H_
#define ISOHOST_WORKER_API_ZLIB_COUNTED_ALLOC_H_

#include <zlib.h>

#include <atomic>
#include <cstddef>
#include <cstdlib>

namespace isohost::worker::zlib {

// The bytes held through these functions, with `this` as their opaque.
// Written on whichever thread the codec runs; read on the worker's.
class AllocationCounter {
 public:
  std::size_t bytes() const { return bytes_.load(std::memory_order_relaxed); }

  static void* Allocate(void* opaque, std::size_t size) {
    // The size goes in front of the block, for Free().
    auto* block = static_cast<std::max_align_t*>(std::malloc(sizeof(std::max_align_t) + size));
    if (block == nullptr) return nullptr;
    *reinterpret_cast<std::size_t*>(block) = size;
    static_cast<AllocationCounter*>(opaque)->bytes_.fetch_add(size, std::memory_order_relaxed);
    return block + 1;
  }
  static void Free(void* opaque, void* address) {
    if (address == nullptr) return;
    auto* block = static_cast<std::max_align_t*>(address) - 1;
    static_cast<AllocationCounter*>(opaque)->bytes_.fetch_sub(*reinterpret_cast<std::size_t*>(block),
                                                              std::memory_order_relaxed);
    std::free(block);
  }

  // zlib's signatures.
  static voidpf ZAlloc(voidpf opaque, uInt items, uInt size) {
    return Allocate(opaque, static_cast<std::size_t>(items) * size);
  }
  static void ZFree(voidpf opaque, voidpf address) { Free(opaque, address); }

 private:
  std::atomic<std::size_t> bytes_{0};
};

}  // namespace isohost::worker::zlib

#endif  // ISOHOST_WORKER_API_ZLIB_COUNTED_ALLOC_H_
