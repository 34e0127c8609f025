// The installer of the 'crypto' native module, and what belongs to no
// single concept: names of algorithms, constants, timingSafeEqual.
#include "worker/api/crypto/crypto_binding.h"

#include <openssl/crypto.h>
#include <openssl/dh.h>
#include <openssl/ec.h>
#include <openssl/engine.h>
#include <openssl/rsa.h>
#include <openssl/ssl.h>

#include <string>
#include <vector>

#include "worker/api/buffer/v8_bytes.h"
#include "worker/api/crypto/openssl_util.h"
#include "worker/v8/binding.h"

namespace isohost::worker::crypto {
namespace {

using v8::FunctionCallbackInfo;
using v8::Local;
using v8::Value;

// digestId(name) -> the digest's number for the other functions, or -1.
void GetDigestId(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (!info[0]->IsString()) return info.GetReturnValue().Set(-1);
  v8::String::Utf8Value name(isolate, info[0]);
  info.GetReturnValue().Set(DigestId(std::string_view(*name, name.length())));
}

void ReturnNames(const FunctionCallbackInfo<Value>& info, const std::vector<std::string>& names) {
  v8::Isolate* isolate = info.GetIsolate();
  std::vector<Local<Value>> values;
  values.reserve(names.size());
  for (const std::string& name : names) values.push_back(OneByteString(isolate, name));
  info.GetReturnValue().Set(v8::Array::New(isolate, values.data(), values.size()));
}

void GetHashes(const FunctionCallbackInfo<Value>& info) { ReturnNames(info, DigestNames()); }
void GetCiphers(const FunctionCallbackInfo<Value>& info) { ReturnNames(info, CipherNames()); }
void GetCurves(const FunctionCallbackInfo<Value>& info) { ReturnNames(info, CurveNames()); }

// timingSafeEqual(view, view) -> bool; the views have the same byte length
// (checked in JS). Compares in time that does not depend on the contents.
void TimingSafeEqual(const FunctionCallbackInfo<Value>& info) {
  if (!info[0]->IsArrayBufferView() || !info[1]->IsArrayBufferView()) return;
  buffer::ViewBytes a(info[0], buffer::ViewBytes::kRead);
  buffer::ViewBytes b(info[1], buffer::ViewBytes::kRead);
  if (a.size() != b.size()) return info.GetReturnValue().Set(false);
  info.GetReturnValue().Set(CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0);
}

// crypto.constants: OpenSSL's numbers, by the names Node gives them.
Local<v8::Object> Constants(v8::Isolate* isolate, Local<v8::Context> context) {
  Local<v8::Object> constants = v8::Object::New(isolate, v8::Null(isolate), nullptr, nullptr, 0);
  auto set = [&](const char* name, double value) {
    (void)constants->Set(context, OneByteString(isolate, name), v8::Number::New(isolate, value)).FromMaybe(false);
  };
  set("OPENSSL_VERSION_NUMBER", static_cast<double>(OpenSSL_version_num()));
#define ISOHOST_CONSTANT(name) set(#name, static_cast<double>(name))
  ISOHOST_CONSTANT(SSL_OP_ALL);
  ISOHOST_CONSTANT(SSL_OP_ALLOW_NO_DHE_KEX);
  ISOHOST_CONSTANT(SSL_OP_ALLOW_UNSAFE_LEGACY_RENEGOTIATION);
  ISOHOST_CONSTANT(SSL_OP_CIPHER_SERVER_PREFERENCE);
  ISOHOST_CONSTANT(SSL_OP_CISCO_ANYCONNECT);
  ISOHOST_CONSTANT(SSL_OP_COOKIE_EXCHANGE);
  ISOHOST_CONSTANT(SSL_OP_CRYPTOPRO_TLSEXT_BUG);
  ISOHOST_CONSTANT(SSL_OP_DONT_INSERT_EMPTY_FRAGMENTS);
  ISOHOST_CONSTANT(SSL_OP_LEGACY_SERVER_CONNECT);
  ISOHOST_CONSTANT(SSL_OP_NO_COMPRESSION);
  ISOHOST_CONSTANT(SSL_OP_NO_ENCRYPT_THEN_MAC);
  ISOHOST_CONSTANT(SSL_OP_NO_QUERY_MTU);
  ISOHOST_CONSTANT(SSL_OP_NO_RENEGOTIATION);
  ISOHOST_CONSTANT(SSL_OP_NO_SESSION_RESUMPTION_ON_RENEGOTIATION);
  ISOHOST_CONSTANT(SSL_OP_NO_SSLv2);
  ISOHOST_CONSTANT(SSL_OP_NO_SSLv3);
  ISOHOST_CONSTANT(SSL_OP_NO_TICKET);
  ISOHOST_CONSTANT(SSL_OP_NO_TLSv1);
  ISOHOST_CONSTANT(SSL_OP_NO_TLSv1_1);
  ISOHOST_CONSTANT(SSL_OP_NO_TLSv1_2);
  ISOHOST_CONSTANT(SSL_OP_NO_TLSv1_3);
  ISOHOST_CONSTANT(SSL_OP_PRIORITIZE_CHACHA);
  ISOHOST_CONSTANT(SSL_OP_TLS_ROLLBACK_BUG);
  ISOHOST_CONSTANT(ENGINE_METHOD_RSA);
  ISOHOST_CONSTANT(ENGINE_METHOD_DSA);
  ISOHOST_CONSTANT(ENGINE_METHOD_DH);
  ISOHOST_CONSTANT(ENGINE_METHOD_RAND);
  ISOHOST_CONSTANT(ENGINE_METHOD_EC);
  ISOHOST_CONSTANT(ENGINE_METHOD_CIPHERS);
  ISOHOST_CONSTANT(ENGINE_METHOD_DIGESTS);
  ISOHOST_CONSTANT(ENGINE_METHOD_PKEY_METHS);
  ISOHOST_CONSTANT(ENGINE_METHOD_PKEY_ASN1_METHS);
  ISOHOST_CONSTANT(ENGINE_METHOD_ALL);
  ISOHOST_CONSTANT(ENGINE_METHOD_NONE);
  ISOHOST_CONSTANT(DH_CHECK_P_NOT_SAFE_PRIME);
  ISOHOST_CONSTANT(DH_CHECK_P_NOT_PRIME);
  ISOHOST_CONSTANT(DH_UNABLE_TO_CHECK_GENERATOR);
  ISOHOST_CONSTANT(DH_NOT_SUITABLE_GENERATOR);
  ISOHOST_CONSTANT(RSA_PKCS1_PADDING);
  ISOHOST_CONSTANT(RSA_NO_PADDING);
  ISOHOST_CONSTANT(RSA_PKCS1_OAEP_PADDING);
  ISOHOST_CONSTANT(RSA_X931_PADDING);
  ISOHOST_CONSTANT(RSA_PKCS1_PSS_PADDING);
  ISOHOST_CONSTANT(RSA_PSS_SALTLEN_DIGEST);
  ISOHOST_CONSTANT(RSA_PSS_SALTLEN_MAX_SIGN);
  ISOHOST_CONSTANT(RSA_PSS_SALTLEN_AUTO);
  // defaultCoreCipherList is Node's own (a string); JS adds it here.
  ISOHOST_CONSTANT(TLS1_VERSION);
  ISOHOST_CONSTANT(TLS1_1_VERSION);
  ISOHOST_CONSTANT(TLS1_2_VERSION);
  ISOHOST_CONSTANT(TLS1_3_VERSION);
  ISOHOST_CONSTANT(POINT_CONVERSION_COMPRESSED);
  ISOHOST_CONSTANT(POINT_CONVERSION_UNCOMPRESSED);
  ISOHOST_CONSTANT(POINT_CONVERSION_HYBRID);
#undef ISOHOST_CONSTANT
  return constants;
}

}  // namespace
}  // namespace isohost::worker::crypto

namespace isohost::worker::native_modules {

ISOHOST_BINDING(crypto) {
  SetMethod(isolate, context, target, "digestId", crypto::GetDigestId);
  SetMethod(isolate, context, target, "getHashes", crypto::GetHashes);
  SetMethod(isolate, context, target, "getCiphers", crypto::GetCiphers);
  SetMethod(isolate, context, target, "getCurves", crypto::GetCurves);
  SetMethod(isolate, context, target, "timingSafeEqual", crypto::TimingSafeEqual);
  SetValue(isolate, context, target, "constants", crypto::Constants(isolate, context));
  SetValue(isolate, context, target, "opensslVersion",
           crypto::OneByteString(isolate, OpenSSL_version(OPENSSL_VERSION_STRING)));
  crypto::InstallHashFunctions(isolate, context, target);
  crypto::InstallKdfFunctions(isolate, context, target);
  crypto::InstallRandomFunctions(isolate, context, target);
}

}  // namespace isohost::worker::native_modules
