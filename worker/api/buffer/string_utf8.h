// UTF-8 of V8 strings, for Buffer and TextEncoder. V8's own
// String::WriteUtf8() and Utf8Length() go one character at a time; most
// strings are one-byte (Latin-1) inside V8, and those are copied out whole
// and widened only where a byte is 0x80 or more. The results are V8's:
// lone surrogates become U+FFFD, and no character is ever split.
#ifndef ISOHOST_WORKER_API_BUFFER_STRING_UTF8_H_
#define ISOHOST_WORKER_API_BUFFER_STRING_UTF8_H_

#include <v8.h>

#include <cstddef>
#include <cstdint>
#include <memory>

namespace isohost::worker::buffer {

// Bytes of `string` in UTF-8.
std::size_t Utf8Length(v8::Isolate* isolate, v8::Local<v8::String> string);

// Writes the UTF-8 of as many whole characters of `string` as fit in
// `capacity` bytes at `out`; returns the bytes written, and in `*units_read`
// (if given) the UTF-16 code units they came from.
std::size_t WriteUtf8(v8::Isolate* isolate, v8::Local<v8::String> string, std::uint8_t* out, std::size_t capacity,
                      std::size_t* units_read = nullptr);

// The whole UTF-8 of `string` in a BackingStore of exactly its length
// (buffer::NewUninitializedBackingStore); null if there is not enough memory.
std::unique_ptr<v8::BackingStore> Utf8ToBackingStore(v8::Isolate* isolate, v8::Local<v8::String> string);

}  // namespace isohost::worker::buffer

#endif  // ISOHOST_WORKER_API_BUFFER_STRING_UTF8_H_
