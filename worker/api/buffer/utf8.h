// Byte-level checks of UTF-8 and ASCII, with no V8: buffer.isUtf8(),
// buffer.isAscii() and TextDecoder's fatal mode.
#ifndef ISOHOST_WORKER_API_BUFFER_UTF8_H_
#define ISOHOST_WORKER_API_BUFFER_UTF8_H_

#include <cstddef>
#include <cstdint>

namespace isohost::worker::buffer {

// Whether `data` is well-formed UTF-8 (Unicode's table 3-7: no overlong
// forms, no surrogates, nothing above U+10FFFF, no truncated sequence).
bool IsValidUtf8(const std::uint8_t* data, std::size_t size);

// Whether every byte is below 0x80.
bool IsAscii(const std::uint8_t* data, std::size_t size);

// How many bytes of `data` lie before its first byte of 0x80 or more
// (`size` when there is none).
std::size_t AsciiPrefixLength(const std::uint8_t* data, std::size_t size);

}  // namespace isohost::worker::buffer

#endif  // ISOHOST_WORKER_API_BUFFER_UTF8_H_
