// The worker's ArrayBuffer allocator, with the cap of --max-memory
// (ResourceLimits::max_memory_mb): V8's own allocator underneath, and a count
// of the bytes it holds, so that an allocation past the cap is refused (V8
// throws its RangeError) instead of growing the process until the kernel
// stops it. Small allocations (64 KiB at most) have 1 MiB more, which keeps
// the runtime's own working at the cap. The cap is set at Start: a pooled worker's isolate, and its
// allocator, exist long before anyone asks for one.
#ifndef ISOHOST_WORKER_RUNTIME_MEMORY_CAP_H_
#define ISOHOST_WORKER_RUNTIME_MEMORY_CAP_H_

#include <v8-array-buffer.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace isohost::worker {

class CappedAllocator : public v8::ArrayBuffer::Allocator {
 public:
  CappedAllocator();
  ~CappedAllocator() override;

  void* Allocate(size_t length) override;
  void* AllocateUninitialized(size_t length) override;
  void Free(void* data, size_t length) override;
  void* Reallocate(void* data, size_t old_length, size_t new_length) override;

  // From now on, at most `bytes` more than are held now; 0: no cap.
  void SetCap(std::uint64_t bytes);
  std::uint64_t cap_bytes() const { return cap_bytes_; }
  // How many allocations the cap refused.
  std::uint64_t refused() const { return refused_.load(std::memory_order_relaxed); }

 private:
  // Counts `length` in, or refuses it (false) when it would pass the cap.
  bool Reserve(size_t length);

  std::unique_ptr<v8::ArrayBuffer::Allocator> inner_;
  std::uint64_t cap_bytes_ = 0;
  std::atomic<std::uint64_t> limit_{UINT64_MAX};  // the most held at once
  std::atomic<std::uint64_t> held_{0};
  std::atomic<std::uint64_t> refused_{0};
};

// The kernel's backstop under the cap: RLIMIT_DATA (the process's private
// writable memory: the V8 heap, malloc, the buffers) set to what the process
// holds now plus `extra_bytes`, soft and hard alike. Not RLIMIT_AS: V8
// reserves gigabytes of address space it never touches. False, saying why
// in `error`, when it cannot be set.
bool LimitDataSegment(std::uint64_t extra_bytes, std::string* error);

// The RLIMIT_DATA headroom over a cap of `cap_bytes`: a quarter of it, at
// least 16 MiB, so that the allocator's RangeError comes before the kernel
// refuses the heap or malloc anything.
std::uint64_t DataSegmentLimitOver(std::uint64_t cap_bytes);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_RUNTIME_MEMORY_CAP_H_
