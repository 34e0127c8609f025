// The output of a codec as it grows: malloc'd, so that an ArrayBuffer can
// take it over without a copy.
#ifndef ISOHOST_WORKER_API_ZLIB_OUTPUT_H_
#define ISOHOST_WORKER_API_ZLIB_OUTPUT_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <utility>

#include "worker/api/zlib/codec.h"

namespace isohost::worker::zlib {

class Output {
 public:
  explicit Output(std::size_t first) : first_(std::max<std::size_t>(first, 64)) {}
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;
  ~Output() { std::free(data_); }

  // Room for more at next(); false when memory runs out.
  bool Grow() {
    std::size_t capacity = capacity_ == 0 ? first_ : capacity_ * 2;
    void* data = std::realloc(data_, capacity);
    if (data == nullptr) return false;
    data_ = static_cast<std::uint8_t*>(data);
    capacity_ = capacity;
    return true;
  }
  std::uint8_t* next() { return data_ + size_; }
  std::size_t room() const { return capacity_ - size_; }
  std::size_t size() const { return size_; }
  void Advance(std::size_t count) { size_ += count; }

  // Hands the bytes to `result`.
  void Release(CodecResult& result) {
    if (size_ > 0 && capacity_ - size_ > 4096) {
      if (void* shrunk = std::realloc(data_, size_); shrunk != nullptr) data_ = static_cast<std::uint8_t*>(shrunk);
    }
    result.output.reset(std::exchange(data_, nullptr));
    result.size = size_;
  }

 private:
  std::size_t first_;
  std::uint8_t* data_ = nullptr;
  std::size_t capacity_ = 0;
  std::size_t size_ = 0;
};

}  // namespace isohost::worker::zlib

#endif  // ISOHOST_WORKER_API_ZLIB_OUTPUT_H_
