#include "worker/api/buffer/search.h"

#include "worker/api/buffer/simd.h"

#include <string.h>

#include <array>
#include <cstring>

namespace isohost::worker::buffer {
namespace {

// Failed candidates a search by first byte may meet before it hands over to
// a linear-time algorithm; every 16 bytes skipped earn one more.
constexpr std::size_t kCandidateBudget = 64;

std::size_t Offset(const void* found, const std::uint8_t* base) {
  return static_cast<std::size_t>(static_cast<const std::uint8_t*>(found) - base);
}

// The first occurrence of a needle of 2+ bytes starting in [from, last].
// Most haystacks hold the needle's first byte rarely, so memchr() (vectorised
// in libc) finds the candidates; when too many fail, memmem() takes over.
std::size_t FirstOccurrence(const std::uint8_t* haystack, std::size_t haystack_size, const std::uint8_t* needle,
                            std::size_t needle_size, std::size_t from) {
  const std::size_t last = haystack_size - needle_size;
  std::size_t budget = kCandidateBudget;
  while (from <= last) {
    const void* found = std::memchr(haystack + from, needle[0], last - from + 1);
    if (found == nullptr) return kNotFound;
    std::size_t at = Offset(found, haystack);
    if (std::memcmp(haystack + at + 1, needle + 1, needle_size - 1) == 0) return at;
    budget += (at - from) / 16;
    if (budget-- == 0) {
      const void* rest = ::memmem(haystack + at + 1, haystack_size - at - 1, needle, needle_size);
      return rest == nullptr ? kNotFound : Offset(rest, haystack);
    }
    from = at + 1;
  }
  return kNotFound;
}

// The last occurrence of a needle of 2+ bytes starting at or before `last`:
// Horspool's algorithm run right to left. On a mismatch the window moves left
// until the byte at its start meets the same byte in the needle.
std::size_t LastOccurrenceHorspool(const std::uint8_t* haystack, const std::uint8_t* needle,
                                   std::size_t needle_size, std::size_t last) {
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

// The same, with memrchr() finding the candidates until too many fail.
std::size_t LastOccurrence(const std::uint8_t* haystack, const std::uint8_t* needle, std::size_t needle_size,
                           std::size_t last) {
  std::size_t budget = kCandidateBudget;
  std::size_t end = last + 1;  // candidates lie in [0, end)
  while (end > 0) {
    const void* found = ::memrchr(haystack, needle[0], end);
    if (found == nullptr) return kNotFound;
    std::size_t at = Offset(found, haystack);
    if (std::memcmp(haystack + at + 1, needle + 1, needle_size - 1) == 0) return at;
    budget += (end - 1 - at) / 16;
    if (budget-- == 0) return at == 0 ? kNotFound : LastOccurrenceHorspool(haystack, needle, needle_size, at - 1);
    end = at;
  }
  return kNotFound;
}

}  // namespace

std::size_t FindForward(const std::uint8_t* haystack, std::size_t haystack_size, const std::uint8_t* needle,
                        std::size_t needle_size, std::size_t from, bool even_only) {
  if (needle_size == 0) return from <= haystack_size ? from : kNotFound;
  while (from < haystack_size && haystack_size - from >= needle_size) {
    std::size_t at = kNotFound;
    if (needle_size == 1) {
      const void* found = std::memchr(haystack + from, needle[0], haystack_size - from);
      if (found == nullptr) return kNotFound;
      at = Offset(found, haystack);
    } else {
      bool gave_up = true;
      if (simd::HasAvx2()) at = simd::FindFirst(haystack, haystack_size, needle, needle_size, from, &gave_up);
      if (gave_up) at = FirstOccurrence(haystack, haystack_size, needle, needle_size, from);
      if (at == kNotFound) return kNotFound;
    }
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
    std::size_t at = kNotFound;
    if (needle_size == 1) {
      const void* found = ::memrchr(haystack, needle[0], from + 1);
      at = found == nullptr ? kNotFound : Offset(found, haystack);
    } else {
      bool gave_up = true;
      if (simd::HasAvx2()) at = simd::FindLast(haystack, needle, needle_size, from, &gave_up);
      if (gave_up) at = LastOccurrence(haystack, needle, needle_size, from);
    }
    if (at == kNotFound || !even_only || at % 2 == 0) return at;
    if (at == 0) return kNotFound;
    from = at - 1;
  }
}

}  // namespace isohost::worker::buffer
