// The native module 'crypto' (binding.internalBinding('crypto')), split by
// concept: each Install* below fills the one module object.
#ifndef ISOHOST_WORKER_API_CRYPTO_CRYPTO_BINDING_H_
#define ISOHOST_WORKER_API_CRYPTO_CRYPTO_BINDING_H_

#include <v8.h>

namespace isohost::worker::crypto {

// Hash and Hmac handles, digestOnce, digestJob (hash_binding.cc).
void InstallHashFunctions(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
// pbkdf2, scrypt, scryptCheck, hkdf (kdf_binding.cc).
void InstallKdfFunctions(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
// randomFillSync, randomBytes (random_binding.cc).
void InstallRandomFunctions(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);

}  // namespace isohost::worker::crypto

#endif  // ISOHOST_WORKER_API_CRYPTO_CRYPTO_BINDING_H_
