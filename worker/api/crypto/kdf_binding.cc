// Key derivation for internal/crypto/kdf.js: PBKDF2, scrypt and HKDF, each
// synchronous or, given a callback, a job on the thread pool. Arguments are
// checked in JS (ranges, digest names); the inputs are copied here so that
// a queued job never reads memory the script still owns.
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <v8.h>

#include <vector>

#include "worker/api/crypto/crypto_binding.h"
#include "worker/api/crypto/crypto_job.h"
#include "worker/api/crypto/openssl_util.h"
#include "worker/v8/binding.h"

namespace isohost::worker::crypto {
namespace {

using v8::FunctionCallbackInfo;
using v8::Local;
using v8::Value;

double NumberArg(const FunctionCallbackInfo<Value>& info, int index) {
  return info[index]->IsNumber() ? info[index].As<v8::Number>()->Value() : 0;
}

class Pbkdf2Job final : public CryptoJob {
 public:
  Pbkdf2Job(std::vector<std::uint8_t> password, std::vector<std::uint8_t> salt, int iterations, std::size_t keylen,
            const EVP_MD* md)
      : CryptoJob(keylen, "Deriving bits failed"),
        password_(std::move(password)),
        salt_(std::move(salt)),
        iterations_(iterations),
        md_(md) {}
  ~Pbkdf2Job() override { OPENSSL_cleanse(password_.data(), password_.size()); }

 private:
  bool Run() override {
    if (output_size() == 0) return true;
    static const unsigned char kEmpty = 0;
    return PKCS5_PBKDF2_HMAC(reinterpret_cast<const char*>(password_.empty() ? &kEmpty : password_.data()),
                             static_cast<int>(password_.size()), salt_.empty() ? &kEmpty : salt_.data(),
                             static_cast<int>(salt_.size()), iterations_, md_, static_cast<int>(output_size()),
                             output()) == 1;
  }

  std::vector<std::uint8_t> password_;
  std::vector<std::uint8_t> salt_;
  int iterations_;
  const EVP_MD* md_;
};

// pbkdf2(password, salt, iterations, keylen, digestId, callback?)
void Pbkdf2(const FunctionCallbackInfo<Value>& info) {
  const EVP_MD* md = DigestById(info[4]->IsInt32() ? info[4].As<v8::Int32>()->Value() : -1);
  if (md == nullptr) return ThrowOpenSslError(info.GetIsolate(), "Invalid digest");
  auto job =
      std::make_unique<Pbkdf2Job>(CopyViewBytes(info[0]), CopyViewBytes(info[1]), static_cast<int>(NumberArg(info, 2)),
                                  static_cast<std::size_t>(NumberArg(info, 3)), md);
  CryptoJob::RunOrQueue(info, std::move(job), info[5]);
}

struct ScryptParams {
  std::uint64_t n;
  std::uint64_t r;
  std::uint64_t p;
  std::uint64_t maxmem;
};

ScryptParams ScryptParamsFrom(const FunctionCallbackInfo<Value>& info, int first) {
  return {static_cast<std::uint64_t>(NumberArg(info, first)), static_cast<std::uint64_t>(NumberArg(info, first + 1)),
          static_cast<std::uint64_t>(NumberArg(info, first + 2)),
          static_cast<std::uint64_t>(NumberArg(info, first + 3))};
}

class ScryptJob final : public CryptoJob {
 public:
  ScryptJob(std::vector<std::uint8_t> password, std::vector<std::uint8_t> salt, std::size_t keylen, ScryptParams params)
      : CryptoJob(keylen, "Deriving bits failed"),
        password_(std::move(password)),
        salt_(std::move(salt)),
        params_(params) {}
  ~ScryptJob() override { OPENSSL_cleanse(password_.data(), password_.size()); }

 private:
  bool Run() override {
    if (output_size() == 0) return true;
    static const unsigned char kEmpty = 0;
    return EVP_PBE_scrypt(reinterpret_cast<const char*>(password_.empty() ? &kEmpty : password_.data()),
                          password_.size(), salt_.empty() ? &kEmpty : salt_.data(), salt_.size(), params_.n, params_.r,
                          params_.p, params_.maxmem, output(), output_size()) == 1;
  }

  std::vector<std::uint8_t> password_;
  std::vector<std::uint8_t> salt_;
  ScryptParams params_;
};

// scryptCheck(N, r, p, maxmem) -> undefined if OpenSSL takes the
// parameters, else the Error that says why (message may be empty).
void ScryptCheck(const FunctionCallbackInfo<Value>& info) {
  ScryptParams params = ScryptParamsFrom(info, 0);
  if (EVP_PBE_scrypt(nullptr, 0, nullptr, 0, params.n, params.r, params.p, params.maxmem, nullptr, 0) == 1) return;
  unsigned long code = ERR_get_error();
  ERR_clear_error();
  if (code == 0) return info.GetReturnValue().Set(v8::Null(info.GetIsolate()));
  info.GetReturnValue().Set(OpenSslError(info.GetIsolate(), code, ""));
}

// scrypt(password, salt, keylen, N, r, p, maxmem, callback?)
void Scrypt(const FunctionCallbackInfo<Value>& info) {
  auto job = std::make_unique<ScryptJob>(CopyViewBytes(info[0]), CopyViewBytes(info[1]),
                                         static_cast<std::size_t>(NumberArg(info, 2)), ScryptParamsFrom(info, 3));
  CryptoJob::RunOrQueue(info, std::move(job), info[7]);
}

EVP_KDF* HkdfAlgorithm() {
  static EVP_KDF* kdf = EVP_KDF_fetch(nullptr, "HKDF", nullptr);  // kept for the process
  return kdf;
}

class HkdfJob final : public CryptoJob {
 public:
  HkdfJob(const EVP_MD* md, std::vector<std::uint8_t> key, std::vector<std::uint8_t> salt,
          std::vector<std::uint8_t> info, std::size_t keylen)
      : CryptoJob(keylen, "Deriving bits failed"),
        md_(md),
        key_(std::move(key)),
        salt_(std::move(salt)),
        info_(std::move(info)) {}
  ~HkdfJob() override { OPENSSL_cleanse(key_.data(), key_.size()); }

 private:
  bool Run() override {
    if (output_size() == 0) return true;
    if (HkdfAlgorithm() == nullptr) return false;
    EVP_KDF_CTX* ctx = EVP_KDF_CTX_new(HkdfAlgorithm());
    if (ctx == nullptr) return false;
    static unsigned char empty = 0;
    auto octets = [](const char* name, std::vector<std::uint8_t>& bytes) {
      return OSSL_PARAM_construct_octet_string(name, bytes.empty() ? &empty : bytes.data(), bytes.size());
    };
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, const_cast<char*>(EVP_MD_get0_name(md_)), 0),
        octets(OSSL_KDF_PARAM_KEY, key_),
        octets(OSSL_KDF_PARAM_SALT, salt_),
        octets(OSSL_KDF_PARAM_INFO, info_),
        OSSL_PARAM_construct_end(),
    };
    bool ok = EVP_KDF_derive(ctx, output(), output_size(), params) == 1;
    EVP_KDF_CTX_free(ctx);
    return ok;
  }

  const EVP_MD* md_;
  std::vector<std::uint8_t> key_;
  std::vector<std::uint8_t> salt_;
  std::vector<std::uint8_t> info_;
};

// hkdf(digestId, key, salt, info, keylen, callback?)
void Hkdf(const FunctionCallbackInfo<Value>& info) {
  const EVP_MD* md = DigestById(info[0]->IsInt32() ? info[0].As<v8::Int32>()->Value() : -1);
  if (md == nullptr) return ThrowOpenSslError(info.GetIsolate(), "Invalid digest");
  auto job = std::make_unique<HkdfJob>(md, CopyViewBytes(info[1]), CopyViewBytes(info[2]), CopyViewBytes(info[3]),
                                       static_cast<std::size_t>(NumberArg(info, 4)));
  CryptoJob::RunOrQueue(info, std::move(job), info[5]);
}

}  // namespace

void InstallKdfFunctions(v8::Isolate* isolate, Local<v8::Context> context, Local<v8::Object> target) {
  SetMethod(isolate, context, target, "pbkdf2", Pbkdf2);
  SetMethod(isolate, context, target, "scryptCheck", ScryptCheck);
  SetMethod(isolate, context, target, "scrypt", Scrypt);
  SetMethod(isolate, context, target, "hkdf", Hkdf);
}

}  // namespace isohost::worker::crypto
