// Finding bytes in bytes, both ways, for Buffer's indexOf and lastIndexOf.
#ifndef ISOHOST_WORKER_API_BUFFER_SEARCH_H_
#define ISOHOST_WORKER_API_BUFFER_SEARCH_H_

#include <cstddef>
#include <cstdint>

namespace isohost::worker::buffer {

constexpr std::size_t kNotFound = static_cast<std::size_t>(-1);

// The first position >= `from` where `needle` starts in `haystack`, or
// kNotFound. With `even_only`, only even positions count (UTF-16 code units).
std::size_t FindForward(const std::uint8_t* haystack, std::size_t haystack_size, const std::uint8_t* needle,
                        std::size_t needle_size, std::size_t from, bool even_only);

// The last position <= `from` where `needle` starts, or kNotFound.
std::size_t FindBackward(const std::uint8_t* haystack, std::size_t haystack_size, const std::uint8_t* needle,
                         std::size_t needle_size, std::size_t from, bool even_only);

}  // namespace isohost::worker::buffer

#endif  // ISOHOST_WORKER_API_BUFFER_SEARCH_H_
