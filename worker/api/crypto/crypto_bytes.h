// Bytes that the crypto bindings feed to OpenSSL and hand back: a string
// argument as UTF-8 or Latin-1, or the bytes of a view; a result as an
// ArrayBuffer or a string in one of the encodings done here natively.
#ifndef ISOHOST_WORKER_API_CRYPTO_CRYPTO_BYTES_H_
#define ISOHOST_WORKER_API_CRYPTO_CRYPTO_BYTES_H_

#include <v8.h>

#include <cstddef>
#include <cstdint>
#include <functional>

namespace isohost::worker::crypto {

// How a result leaves: internal/crypto/util.js uses the same numbers.
enum OutputEncoding : int {
  kOutputBuffer = 0,  // an ArrayBuffer, which JS wraps as a Buffer
  kOutputHex = 1,
  kOutputBase64 = 2,
  kOutputBase64Url = 3,
  kOutputLatin1 = 4,
};

// The result `data[0, size)` in `encoding`.
v8::MaybeLocal<v8::Value> EncodeOutput(v8::Isolate* isolate, const std::uint8_t* data, std::size_t size, int encoding);

// Calls `sink` with the bytes of `data` in one or more pieces: a string as
// UTF-8 (unpaired surrogates become U+FFFD, as in Node) or, if `latin1`, one
// byte per character; an ArrayBufferView as its bytes. Returns false for
// any other value.
using ByteSink = std::function<void(const std::uint8_t* bytes, std::size_t size)>;
bool FeedBytes(v8::Isolate* isolate, v8::Local<v8::Value> data, bool latin1, const ByteSink& sink);

}  // namespace isohost::worker::crypto

#endif  // ISOHOST_WORKER_API_CRYPTO_CRYPTO_BYTES_H_
