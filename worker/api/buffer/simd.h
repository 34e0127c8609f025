// Kernels over 32 bytes at a time with AVX2, for base64.cc and search.cc.
// Each handles what it can and reports how far it got; the scalar code does
// the rest (and everything on CPUs without AVX2).
#ifndef ISOHOST_WORKER_API_BUFFER_SIMD_H_
#define ISOHOST_WORKER_API_BUFFER_SIMD_H_

#include <cstddef>
#include <cstdint>

#include "worker/api/buffer/search.h"

namespace isohost::worker::buffer::simd {

// Whether this CPU runs the functions below (false off x86-64).
bool HasAvx2();

// Encodes whole groups of 24 input bytes into 32 characters each, while 28
// bytes can be read. Returns the input bytes consumed (a multiple of 24).
std::size_t Base64EncodeBlocks(const std::uint8_t* in, std::size_t size, char* out, bool url);

// Decodes blocks of 32 characters that are all in the alphabets (either
// one, '=' excluded) into 24 bytes each, while 32 bytes can be written.
// Stops before the first block with anything else. Returns the characters
// consumed (a multiple of 32); bytes written are 3/4 of that.
std::size_t Base64DecodeBlocks(const std::uint8_t* in, std::size_t size, std::uint8_t* out, std::size_t capacity);

// How many bytes at the start of `data` lie below 0x80, looked at 64 bytes
// at a time; stops short of the end (at a multiple of 64), leaving the
// rest to the caller.
std::size_t AsciiPrefixBlocks(const std::uint8_t* data, std::size_t size);

// UTF-8 of UTF-16 without surrogates, 16 units at a time: adds to `*extra`
// the bytes beyond one per unit (one for each unit from U+0080, two from
// U+0800) and returns the units counted (a multiple of 16), stopping before
// the first block that holds a surrogate.
std::size_t Utf16ToUtf8ExtraBlocks(const std::uint16_t* units, std::size_t count, std::size_t* extra);

// Whether this CPU runs Utf16ToUtf8Blocks (AVX-512 with byte compression).
bool HasAvx512Vbmi2();

// Encodes UTF-16 without surrogates as UTF-8, 16 units at a time, while the
// output has room for 64 bytes; adds the bytes written to `*written` and
// returns the units consumed (a multiple of 16), stopping before the first
// block that holds a surrogate.
std::size_t Utf16ToUtf8Blocks(const std::uint16_t* units, std::size_t count, std::uint8_t* out, std::size_t capacity,
                              std::size_t* written);

// The first position in [from, haystack_size - needle_size] where a needle of
// two or more bytes starts, found by testing its first and last byte at 32
// positions at once. Returns `*gave_up` set (and no answer) when so many
// positions pass that test in vain that a search without it will be faster.
std::size_t FindFirst(const std::uint8_t* haystack, std::size_t haystack_size, const std::uint8_t* needle,
                      std::size_t needle_size, std::size_t from, bool* gave_up);

// The same for the last position in [0, last].
std::size_t FindLast(const std::uint8_t* haystack, const std::uint8_t* needle, std::size_t needle_size,
                     std::size_t last, bool* gave_up);

}  // namespace isohost::worker::buffer::simd

#endif  // ISOHOST_WORKER_API_BUFFER_SIMD_H_
