// OpenSSL as the crypto bindings use it: digests found once by any of their
// names, the lists of algorithms Node's getHashes()/getCiphers()/getCurves()
// give, and OpenSSL's errors turned into JS errors shaped as Node's.
#ifndef ISOHOST_WORKER_API_CRYPTO_OPENSSL_UTIL_H_
#define ISOHOST_WORKER_API_CRYPTO_OPENSSL_UTIL_H_

#include <openssl/evp.h>
#include <v8.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace isohost::worker::crypto {

// The number of the digest called `name` (any case, any alias OpenSSL knows:
// 'sha256', 'SHA256', 'RSA-SHA256'), or -1 if the default provider has none.
// The digest is fetched once and kept for the life of the process, so the
// numbers are stable and DigestById() is a lookup.
int DigestId(std::string_view name);
const EVP_MD* DigestById(int id);

// Names as Node lists them: every alias of a digest or cipher that the
// default provider can run, sorted; the curves OpenSSL has built in.
std::vector<std::string> DigestNames();
std::vector<std::string> CipherNames();
std::vector<std::string> CurveNames();

// The error `code` from OpenSSL's queue as an Error whose message is
// OpenSSL's text ('error:030000B2:digital envelope routines::not XOF or
// invalid length') and whose `code` is Node's name for it
// ('ERR_OSSL_EVP_NOT_XOF_OR_INVALID_LENGTH'); a plain Error saying
// `fallback` if `code` is 0.
v8::Local<v8::Value> OpenSslError(v8::Isolate* isolate, unsigned long code, std::string_view fallback);
// Throws the first error queued on this thread (or `fallback`) and clears
// the queue.
void ThrowOpenSslError(v8::Isolate* isolate, std::string_view fallback);

// An Error of the given constructor with a `code`, as Node's own errors.
v8::Local<v8::Value> CodedError(v8::Isolate* isolate, v8::Local<v8::Value> (*make)(v8::Local<v8::String>),
                                std::string_view code, std::string_view message);

// A copy of the bytes of ArrayBufferView `view` (empty for anything else):
// work on the thread pool reads it after the script may have changed the view.
std::vector<std::uint8_t> CopyViewBytes(v8::Local<v8::Value> view);

v8::Local<v8::String> OneByteString(v8::Isolate* isolate, std::string_view text);

}  // namespace isohost::worker::crypto

#endif  // ISOHOST_WORKER_API_CRYPTO_OPENSSL_UTIL_H_
