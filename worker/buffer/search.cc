#include "worker/buffer/search.h"

#include <string.h>

#include <array>
#include <cstring>

namespace isohost::worker::buffer {
namespace {

// The last occurrence of a needle of 2+ bytes starting at or before `last`:
// Horspool's algorithm run right to left. On a mismatch the window moves left
// until the byte at its start meets the same byte in the needle.
std::size_t LastOccurrence(const std::uint8_t* haystack, const std::uint8_t* needle, std::size_t needle_size,
                           std::size_t last) {
  std::array<std::size_t, 256> shift;
  shift.fill(needle_size);
  for (std::size_t j = needle_size - 1; j >= 1; --j) shift[needle[j]] = j;
  std::size_t at = last;
  for (;;) {
    if (haystack[at] == needle[0] && std::memcmp(haystack + at + 1, needle + 1, needle_size - 1) == 0) return at;
    std::size_t step = shift[haystack[at]];
    if (step > at) return kNotFound;
    at -= step;
  }
}

}  // namespace

std::size_t FindForward(const std::uint8_t* haystack, std::size_t haystack_size, const std::uint8_t* needle,
                        std::size_t needle_size, std::size_t from, bool even_only) {
  if (needle_size == 0) return from <= haystack_size ? from : kNotFound;
  while (from < haystack_size && haystack_size - from >= needle_size) {
    const void* found = needle_size == 1 ? std::memchr(haystack + from, needle[0], haystack_size - from)
                                         : ::memmem(haystack + from, haystack_size - from, needle, needle_size);
    if (found == nullptr) return kNotFound;
    std::size_t at = static_cast<std::size_t>(static_cast<const std::uint8_t*>(found) - haystack);
    if (!even_only || at % 2 == 0) return at;
    from = at + 1;
  }
  return kNotFound;
}

std::size_t FindBackward(const std::uint8_t* haystack, std::size_t haystack_size, const std::uint8_t* needle,
                         std::size_t needle_size, std::size_t from, bool even_only) {
  if (needle_size == 0) return from <= haystack_size ? from : haystack_size;
  if (needle_size > haystack_size) return kNotFound;
  std::size_t last = haystack_size - needle_size;
  if (from > last) from = last;
  for (;;) {
    std::size_t at;
    if (needle_size == 1) {
      const void* found = ::memrchr(haystack, needle[0], from + 1);
      at = found == nullptr ? kNotFound : static_cast<std::size_t>(static_cast<const std::uint8_t*>(found) - haystack);
    } else {
      at = LastOccurrence(haystack, needle, needle_size, from);
    }
    if (at == kNotFound || !even_only || at % 2 == 0) return at;
    if (at == 0) return kNotFound;
    from = at - 1;
  }
}

}  // namespace isohost::worker::buffer
