#include "worker/runtime/memory_cap.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace isohost::worker {

CappedAllocator::CappedAllocator() : inner_(v8::ArrayBuffer::Allocator::NewDefaultAllocator()) {}

CappedAllocator::~CappedAllocator() = default;

namespace {

// Past the cap, a reserve of kSmallReserve bytes is kept for allocations of
// at most kSmallAllocation: V8 and the runtime make small buffers of their
// own (a write to stdout, a typed array's buffer) and treat a failure there
// as fatal, so a script that caught the RangeError can still print and go
// on. A script's own small buffers get past the cap by that much at most.
constexpr std::uint64_t kSmallAllocation = 64u << 10;
constexpr std::uint64_t kSmallReserve = 1u << 20;

}  // namespace

bool CappedAllocator::Reserve(size_t length) {
  std::uint64_t limit = limit_.load(std::memory_order_relaxed);
  if (length <= kSmallAllocation && limit != UINT64_MAX) limit += kSmallReserve;
  std::uint64_t held = held_.load(std::memory_order_relaxed);
  do {
    if (length > limit || held > limit - length) {
      refused_.fetch_add(1, std::memory_order_relaxed);
      return false;
    }
  } while (!held_.compare_exchange_weak(held, held + length, std::memory_order_relaxed));
  return true;
}

void* CappedAllocator::Allocate(size_t length) {
  if (!Reserve(length)) return nullptr;
  void* data = inner_->Allocate(length);
  if (data == nullptr) held_.fetch_sub(length, std::memory_order_relaxed);
  return data;
}

void* CappedAllocator::AllocateUninitialized(size_t length) {
  if (!Reserve(length)) return nullptr;
  void* data = inner_->AllocateUninitialized(length);
  if (data == nullptr) held_.fetch_sub(length, std::memory_order_relaxed);
  return data;
}

void CappedAllocator::Free(void* data, size_t length) {
  inner_->Free(data, length);
  held_.fetch_sub(length, std::memory_order_relaxed);
}

void* CappedAllocator::Reallocate(void* data, size_t old_length, size_t new_length) {
  if (new_length > old_length && !Reserve(new_length - old_length)) return nullptr;
  void* moved = inner_->Reallocate(data, old_length, new_length);
  if (moved == nullptr) {
    if (new_length > old_length) held_.fetch_sub(new_length - old_length, std::memory_order_relaxed);
    return nullptr;
  }
  if (new_length < old_length) held_.fetch_sub(old_length - new_length, std::memory_order_relaxed);
  return moved;
}

void CappedAllocator::SetCap(std::uint64_t bytes) {
  cap_bytes_ = bytes;
  limit_.store(bytes == 0 ? UINT64_MAX : held_.load(std::memory_order_relaxed) + bytes, std::memory_order_relaxed);
}

std::uint64_t DataSegmentLimitOver(std::uint64_t cap_bytes) {
  return cap_bytes + std::max<std::uint64_t>(cap_bytes / 4, 16u << 20);
}

bool LimitDataSegment(std::uint64_t extra_bytes, std::string* error) {
  // /proc/self/statm: size resident shared text lib data dt, in pages; what
  // RLIMIT_DATA counts is "data" (data and stack).
  std::FILE* statm = std::fopen("/proc/self/statm", "re");
  unsigned long pages[6] = {};
  bool read = statm != nullptr && std::fscanf(statm, "%lu %lu %lu %lu %lu %lu", &pages[0], &pages[1], &pages[2],
                                              &pages[3], &pages[4], &pages[5]) == 6;
  if (statm != nullptr) std::fclose(statm);
  if (!read) {
    *error = "cannot read /proc/self/statm";
    return false;
  }
  const std::uint64_t held = static_cast<std::uint64_t>(pages[5]) * static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  rlimit limit{};
  limit.rlim_cur = limit.rlim_max = static_cast<rlim_t>(held + extra_bytes);
  if (::setrlimit(RLIMIT_DATA, &limit) != 0) {
    *error = std::string("RLIMIT_DATA: ") + std::strerror(errno);
    return false;
  }
  return true;
}

}  // namespace isohost::worker
