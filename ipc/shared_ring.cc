#include "ipc/shared_ring.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>

namespace isohost::ipc {
namespace {

constexpr std::uint64_t kPageSize = 4096;
// Without these a peer could shrink the file and fault our reads with SIGBUS.
constexpr int kRequiredSeals = F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL;

// The header page; the two processes share this counter, so it must be a
// plain lock-free word.
struct RingHeader {
  alignas(64) std::atomic<std::uint64_t> released;
};
static_assert(sizeof(RingHeader) <= kSharedRingHeaderSize);
static_assert(std::atomic<std::uint64_t>::is_always_lock_free);

std::string ErrnoText(const std::string& what) { return what + ": " + std::strerror(errno); }

}  // namespace

class SharedRingMapping {
 public:
  SharedRingMapping(void* base, std::size_t size, std::uint64_t capacity)
      : base_(base), size_(size), capacity_(capacity) {}
  ~SharedRingMapping() { ::munmap(base_, size_); }
  SharedRingMapping(const SharedRingMapping&) = delete;
  SharedRingMapping& operator=(const SharedRingMapping&) = delete;

  static std::unique_ptr<SharedRingMapping> Map(int fd, std::uint64_t capacity, std::string* error) {
    std::size_t size = kSharedRingHeaderSize + capacity;
    void* base = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (base == MAP_FAILED) {
      *error = ErrnoText("mapping the shared message ring failed");
      return nullptr;
    }
    return std::make_unique<SharedRingMapping>(base, size, capacity);
  }

  RingHeader* header() const { return static_cast<RingHeader*>(base_); }
  char* data() const { return static_cast<char*>(base_) + kSharedRingHeaderSize; }
  std::uint64_t capacity() const { return capacity_; }

 private:
  void* base_;
  std::size_t size_;
  std::uint64_t capacity_;
};

// --- writer ------------------------------------------------------------------

std::unique_ptr<SharedRingWriter> SharedRingWriter::Create(std::size_t capacity, std::string* error) {
  std::uint64_t rounded = (static_cast<std::uint64_t>(capacity) + kPageSize - 1) / kPageSize * kPageSize;
  if (rounded == 0 || rounded > kMaxSharedRingCapacity) {
    *error = "a shared message ring of " + std::to_string(capacity) + " bytes is out of range";
    return nullptr;
  }
  int fd = ::memfd_create("isohost-message-ring", MFD_CLOEXEC | MFD_ALLOW_SEALING);
  if (fd < 0) {
    *error = ErrnoText("memfd_create for the shared message ring failed");
    return nullptr;
  }
  if (::ftruncate(fd, static_cast<off_t>(kSharedRingHeaderSize + rounded)) != 0 ||
      ::fcntl(fd, F_ADD_SEALS, kRequiredSeals) != 0) {
    *error = ErrnoText("sizing the shared message ring failed");
    ::close(fd);
    return nullptr;
  }
  std::unique_ptr<SharedRingMapping> mapping = SharedRingMapping::Map(fd, rounded, error);
  if (!mapping) {
    ::close(fd);
    return nullptr;
  }
  return std::unique_ptr<SharedRingWriter>(new SharedRingWriter(std::move(mapping), fd));
}

SharedRingWriter::SharedRingWriter(std::unique_ptr<SharedRingMapping> mapping, int fd)
    : mapping_(std::move(mapping)), fd_(fd) {}

SharedRingWriter::~SharedRingWriter() {
  if (fd_ >= 0) ::close(fd_);
}

int SharedRingWriter::TakeFd() {
  int fd = fd_;
  fd_ = -1;
  return fd;
}

std::uint64_t SharedRingWriter::capacity() const { return mapping_->capacity(); }

std::optional<std::uint64_t> SharedRingWriter::Write(std::string_view data) {
  std::optional<Reservation> space = Reserve(data.size());
  if (!space) return std::nullopt;
  std::memcpy(space->data, data.data(), data.size());
  return space->position;
}

std::optional<SharedRingWriter::Reservation> SharedRingWriter::Reserve(std::size_t bytes) {
  const std::uint64_t capacity = mapping_->capacity();
  const std::uint64_t size = bytes;
  if (size == 0 || size > capacity) return std::nullopt;
  // The reader's counter is only trusted as far as it is consistent: it never
  // passes what was written, and never goes back.
  std::uint64_t released = mapping_->header()->released.load(std::memory_order_acquire);
  if (released > head_) released = head_;
  if (released > released_) released_ = released;
  // Messages go as near the start of the ring as they can, so that steady
  // traffic keeps using the same few cache-warm (and never trimmed) pages
  // instead of walking the whole ring. An empty ring starts over at offset 0.
  const std::uint64_t next_lap = (head_ + capacity - 1) / capacity * capacity;
  if (released_ == head_) released_ = head_ = next_lap;
  std::uint64_t start;
  if (next_lap + size - released_ <= capacity) {
    // Offset 0 is free even with messages in flight: a reader that releases
    // one message only after answering it leaves one there.
    start = next_lap;
  } else if (head_ % capacity + size <= capacity && head_ + size - released_ <= capacity) {
    start = head_;  // right after the last one; a message never wraps around the end
  } else {
    return std::nullopt;
  }
  head_ = start + size;
  return Reservation{start, mapping_->data() + start % capacity};
}

void SharedRingWriter::Shrink(const Reservation& space, std::size_t used) {
  if (space.position + used <= head_) head_ = space.position + used;
}

// --- reader ------------------------------------------------------------------

std::unique_ptr<SharedRingReader> SharedRingReader::Map(int fd, std::uint64_t capacity, std::string* error) {
  auto refuse = [&](std::string reason) -> std::unique_ptr<SharedRingReader> {
    ::close(fd);
    *error = "shared message ring refused: " + std::move(reason);
    return nullptr;
  };
  if (capacity == 0 || capacity % kPageSize != 0 || capacity > kMaxSharedRingCapacity) {
    return refuse("a capacity of " + std::to_string(capacity) + " bytes is out of range");
  }
  int seals = ::fcntl(fd, F_GET_SEALS);
  if (seals < 0 || (seals & kRequiredSeals) != kRequiredSeals) {
    return refuse("the descriptor is not a sealed memfd");
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || static_cast<std::uint64_t>(st.st_size) != kSharedRingHeaderSize + capacity) {
    return refuse("its size is not the " + std::to_string(capacity) + " bytes announced");
  }
  std::unique_ptr<SharedRingMapping> mapping = SharedRingMapping::Map(fd, capacity, error);
  ::close(fd);
  if (!mapping) return nullptr;
  return std::unique_ptr<SharedRingReader>(new SharedRingReader(std::move(mapping)));
}

SharedRingReader::SharedRingReader(std::unique_ptr<SharedRingMapping> mapping) : mapping_(std::move(mapping)) {}

SharedRingReader::~SharedRingReader() = default;

bool SharedRingReader::View(std::uint64_t position, std::uint64_t length, std::string_view* data,
                            std::string* error) const {
  const std::uint64_t capacity = mapping_->capacity();
  std::uint64_t offset = position % capacity;
  if (length == 0 || length > capacity || offset + length > capacity) {
    *error = "shared message at position " + std::to_string(position) + " (" + std::to_string(length) +
             " bytes) lies outside the ring of " + std::to_string(capacity) + " bytes";
    return false;
  }
  *data = std::string_view(mapping_->data() + offset, static_cast<std::size_t>(length));
  return true;
}

void SharedRingReader::Release(std::uint64_t position, std::uint64_t length) {
  const std::uint64_t capacity = mapping_->capacity();
  const std::uint64_t offset = position % capacity;
  if (length <= capacity && offset + length <= capacity) {
    // Only pages wholly inside the message: its neighbours may be in use.
    std::uint64_t keep = std::min(keep_bytes_, capacity);
    std::uint64_t from = (std::max(offset, keep) + kPageSize - 1) / kPageSize * kPageSize;
    std::uint64_t to = (offset + length) / kPageSize * kPageSize;
    if (from < to) ::madvise(mapping_->data() + from, static_cast<std::size_t>(to - from), MADV_REMOVE);
  }
  mapping_->header()->released.store(position + length, std::memory_order_release);
}

}  // namespace isohost::ipc
