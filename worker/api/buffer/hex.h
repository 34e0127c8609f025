// Hex as Buffer speaks it: lower-case pairs out; in, pairs of either case up
// to the first pair that is not hex, a lone last digit ignored.
#ifndef ISOHOST_WORKER_API_BUFFER_HEX_H_
#define ISOHOST_WORKER_API_BUFFER_HEX_H_

#include <cstddef>
#include <cstdint>

namespace isohost::worker::buffer {

// Writes 2 * size characters to `out`.
void HexEncode(const std::uint8_t* in, std::size_t size, char* out);

// Decodes the pairs of `in` (`size` characters; a last odd one is ignored)
// into at most `capacity` bytes. Returns the bytes written; `*stopped` is set
// when a pair that is not hex ended the decoding.
std::size_t HexDecode(const std::uint8_t* in, std::size_t size, std::uint8_t* out, std::size_t capacity,
                      bool* stopped);
std::size_t HexDecode(const std::uint16_t* in, std::size_t size, std::uint8_t* out, std::size_t capacity,
                      bool* stopped);

}  // namespace isohost::worker::buffer

#endif  // ISOHOST_WORKER_API_BUFFER_HEX_H_
