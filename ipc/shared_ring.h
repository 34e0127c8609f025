// A byte ring in shared memory that carries large messages one way between
// the two ends of a Channel, so their bytes skip the kernel: the writer puts
// a message in and sends a small frame naming where it sits; the reader uses
// it in place and then releases it. The frames still order the messages and
// wake the reader; only the bulk moves through the ring.
//
// The ring is a sealed memfd (it cannot shrink under the reader's mapping),
// made by the writer and passed to the reader with SCM_RIGHTS. Positions are
// monotonic 64-bit byte counts; a message is stored contiguously at
// `position % capacity`. The header holds one counter, written by the reader
// (how far it has released) and read by the writer.
#ifndef ISOHOST_IPC_SHARED_RING_H_
#define ISOHOST_IPC_SHARED_RING_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace isohost::ipc {

// The mapping: one page of header (the reader's release counter, alone on
// its cache line), then `capacity` bytes of data.
constexpr std::size_t kSharedRingHeaderSize = 4096;
// A reader refuses rings larger than this (a peer's claim, not a choice).
constexpr std::uint64_t kMaxSharedRingCapacity = 1ull << 30;
// The start of a ring whose pages stay resident once touched.
constexpr std::uint64_t kSharedRingWarmBytes = 256 * 1024;

class SharedRingMapping;

class SharedRingWriter {
 public:
  // A new ring of `capacity` bytes (rounded up to whole pages), or null with
  // `error` set. Pages are only allocated as messages first touch them.
  static std::unique_ptr<SharedRingWriter> Create(std::size_t capacity, std::string* error);
  ~SharedRingWriter();

  // The memfd to pass to the reader; the writer keeps its own mapping, so
  // the caller may close it once it has been sent.
  int TakeFd();
  std::uint64_t capacity() const;

  // Copies `data` in and returns its position, or nothing when the ring has
  // no contiguous room for it now (the caller sends the message inline).
  std::optional<std::uint64_t> Write(std::string_view data);

  // Room for a message of `size` bytes that the caller writes in place, so
  // that a serializer can skip a buffer of its own. The reader learns of it
  // only from the frame sent after the bytes are written.
  struct Reservation {
    std::uint64_t position;
    char* data;
  };
  std::optional<Reservation> Reserve(std::size_t size);
  // Gives back the end of the last reservation, of which only `used` bytes
  // (0: none) hold a message: for a writer that reserved more than it knew
  // it would need. Nothing may be reserved in between.
  void Shrink(const Reservation& space, std::size_t used);

 private:
  explicit SharedRingWriter(std::unique_ptr<SharedRingMapping> mapping, int fd);
  std::unique_ptr<SharedRingMapping> mapping_;
  int fd_;
  std::uint64_t head_ = 0;      // where the next message may start
  std::uint64_t released_ = 0;  // the reader's counter, as last read
};

class SharedRingReader {
 public:
  // Maps the ring behind `fd` (taken over and closed), which the peer says
  // holds `capacity` bytes. Refuses a descriptor that is not a sealed memfd
  // of exactly that size, since a peer could otherwise shrink it under us.
  static std::unique_ptr<SharedRingReader> Map(int fd, std::uint64_t capacity, std::string* error);
  ~SharedRingReader();

  // The bytes of the message at [position, position + length), or false with
  // `error` set when that range is not inside the ring.
  bool View(std::uint64_t position, std::uint64_t length, std::string_view* data,
            std::string* error) const;
  // The message at [position, position + length) has been used, and so has
  // everything before it: the writer may reuse the space. Its whole pages
  // past the first kSharedRingWarmBytes of the ring go back to the kernel
  // first, so a burst does not leave the ring's memory resident; traffic
  // that fits the warm start (an empty ring restarts there) keeps its pages.
  void Release(std::uint64_t position, std::uint64_t length);
  // Pages below this offset are never given back (kSharedRingWarmBytes by
  // default): for a peer whose large messages come steadily, which would
  // otherwise fault in every page of each one again.
  void set_keep_bytes(std::uint64_t bytes) { keep_bytes_ = bytes; }

 private:
  explicit SharedRingReader(std::unique_ptr<SharedRingMapping> mapping);
  std::unique_ptr<SharedRingMapping> mapping_;
  std::uint64_t keep_bytes_ = kSharedRingWarmBytes;
};

}  // namespace isohost::ipc

#endif  // ISOHOST_IPC_SHARED_RING_H_
