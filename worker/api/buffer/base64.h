// Base64 and base64url as Buffer speaks them: encoding with the standard
// alphabet and padding, or the URL alphabet without; decoding that accepts
// either alphabet, skips every other character, and stops at the first '='.
// No V8 here: the binding feeds it the bytes of strings and views.
#ifndef ISOHOST_WORKER_API_BUFFER_BASE64_H_
#define ISOHOST_WORKER_API_BUFFER_BASE64_H_

#include <cstddef>
#include <cstdint>

namespace isohost::worker::buffer {

enum class Base64Alphabet { kStandard, kUrl };

// Characters that Base64Encode writes for `size` bytes.
std::size_t Base64EncodedLength(std::size_t size, Base64Alphabet alphabet);

// Writes Base64EncodedLength(size, alphabet) characters to `out`.
void Base64Encode(const std::uint8_t* in, std::size_t size, char* out, Base64Alphabet alphabet);

// Decodes characters fed in any number of pieces into at most `capacity`
// bytes. A character outside both alphabets is skipped, a '=' ends the input
// (a UTF-16 unit counts by its low byte, as in Node),
// and a last group of two or three characters yields one or two bytes (a
// lone one yields none), so that any string decodes to something.
class Base64Decoder {
 public:
  Base64Decoder(std::uint8_t* out, std::size_t capacity) : out_(out), capacity_(capacity) {}

  // Returns false once decoding has ended (a '=' seen, or `capacity` bytes
  // written); later calls do nothing.
  bool Feed(const std::uint8_t* in, std::size_t size);
  bool Feed(const std::uint16_t* in, std::size_t size);

  std::size_t size() const { return written_; }

 private:
  template <typename Char>
  bool FeedChars(const Char* in, std::size_t size);
  // One character's 6-bit value; false when the decoding ends with it.
  bool Push(std::uint32_t value);

  std::uint8_t* out_;
  std::size_t capacity_;
  std::size_t written_ = 0;
  std::uint32_t bits_ = 0;  // the values of the current group, 6 bits each
  int count_ = 0;           // characters of the current group seen (0..3)
  bool done_ = false;
};

}  // namespace isohost::worker::buffer

#endif  // ISOHOST_WORKER_API_BUFFER_BASE64_H_
