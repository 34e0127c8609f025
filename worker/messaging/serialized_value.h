// A serialised message in the malloc()ed buffer it was written to, so that
// it reaches the channel without a copy.
#ifndef ISOHOST_WORKER_MESSAGING_SERIALIZED_VALUE_H_
#define ISOHOST_WORKER_MESSAGING_SERIALIZED_VALUE_H_

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string_view>

namespace isohost::worker {

class SerializedValue {
 public:
  // Takes `data`, which must come from malloc()/realloc().
  SerializedValue(std::uint8_t* data, std::size_t size) : data_(data, &std::free), size_(size) {}
  std::string_view bytes() const { return {reinterpret_cast<const char*>(data_.get()), size_}; }

 private:
  std::unique_ptr<std::uint8_t, void (*)(void*)> data_;
  std::size_t size_;
};

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_MESSAGING_SERIALIZED_VALUE_H_
