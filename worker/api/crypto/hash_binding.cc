// Hash and Hmac handles for internal/crypto/hash.js: an EVP_MD_CTX or an
// EVP_MAC_CTX owned by a JS object, fed with update() and finished once
// with digest(). The JS side checks every argument and the object's state
// first (a second digest(), an update() after it); these functions only
// guard against what would touch OpenSSL wrongly.
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <v8.h>

#include <map>
#include <memory>
#include <vector>

#include "worker/api/buffer/v8_bytes.h"
#include "worker/api/crypto/crypto_binding.h"
#include "worker/api/crypto/crypto_bytes.h"
#include "worker/api/crypto/crypto_job.h"
#include "worker/v8/object_wrap.h"
#include "worker/api/crypto/openssl_util.h"
#include "worker/v8/binding.h"

namespace isohost::worker::crypto {
namespace {

using v8::FunctionCallbackInfo;
using v8::Local;
using v8::Value;

struct MdCtxFree {
  void operator()(EVP_MD_CTX* ctx) const { EVP_MD_CTX_free(ctx); }
};
struct MacCtxFree {
  void operator()(EVP_MAC_CTX* ctx) const { EVP_MAC_CTX_free(ctx); }
};
using MdCtxPtr = std::unique_ptr<EVP_MD_CTX, MdCtxFree>;
using MacCtxPtr = std::unique_ptr<EVP_MAC_CTX, MacCtxFree>;

int IntArg(const FunctionCallbackInfo<Value>& info, int index, int fallback) {
  return info[index]->IsInt32() ? info[index].As<v8::Int32>()->Value() : fallback;
}

// The size of the digest of `md`, or `requested` (>= 0) where that is
// allowed: any length for an XOF (shake128/256), the natural one otherwise.
// -1 after raising OpenSSL's own error for a length it refuses.
long OutputLength(const EVP_MD* md, long requested) {
  long natural = EVP_MD_get_size(md);
  if (requested < 0 || requested == natural) return natural;
  if ((EVP_MD_get_flags(md) & EVP_MD_FLAG_XOF) != 0) return requested;
  ERR_raise(ERR_LIB_EVP, EVP_R_NOT_XOF_OR_INVALID_LENGTH);
  return -1;
}

// Finishes `ctx` into `out` (`size` bytes).
bool FinishDigest(EVP_MD_CTX* ctx, std::uint8_t* out, std::size_t size) {
  if ((EVP_MD_get_flags(EVP_MD_CTX_get0_md(ctx)) & EVP_MD_FLAG_XOF) != 0) {
    return size == 0 || EVP_DigestFinalXOF(ctx, out, size) == 1;
  }
  unsigned int written = 0;
  return EVP_DigestFinal_ex(ctx, out, &written) == 1;
}

// --- Hash ---------------------------------------------------------------------

class Hash final : public ObjectWrap {
 public:
  alignas(8) static const char kTag;

  // new Hash(digestId | hashToCopy, outputLength or -1)
  static void New(const FunctionCallbackInfo<Value>& info) {
    v8::Isolate* isolate = info.GetIsolate();
    if (!info.IsConstructCall()) return;
    MdCtxPtr ctx(EVP_MD_CTX_new());
    if (!ctx) return ThrowOpenSslError(isolate, "Hash initialization failed");
    const EVP_MD* md;
    if (Hash* source = From<Hash>(info[0])) {
      md = EVP_MD_CTX_get0_md(source->ctx_.get());
      if (EVP_MD_CTX_copy_ex(ctx.get(), source->ctx_.get()) != 1) {
        return ThrowOpenSslError(isolate, "Hash copy failed");
      }
    } else {
      md = DigestById(IntArg(info, 0, -1));
      if (md == nullptr) {
        isolate->ThrowException(CodedError(isolate, v8::Exception::Error, {}, "Digest method not supported"));
        return;
      }
      if (EVP_DigestInit_ex(ctx.get(), md, nullptr) != 1) {
        return ThrowOpenSslError(isolate, "Digest method not supported");
      }
    }
    long length = OutputLength(md, info[1]->IsNumber() ? static_cast<long>(info[1].As<v8::Number>()->Value()) : -1);
    if (length < 0) return ThrowOpenSslError(isolate, "Invalid output length");
    new Hash(isolate, info.This(), std::move(ctx), static_cast<std::size_t>(length));
  }

  // update(data, latin1) -> whether OpenSSL took it
  static void Update(const FunctionCallbackInfo<Value>& info) {
    Hash* self = From<Hash>(info.This());
    if (self == nullptr || self->finished_) return info.GetReturnValue().Set(false);
    bool ok = true;
    EVP_MD_CTX* ctx = self->ctx_.get();
    bool fed =
        FeedBytes(info.GetIsolate(), info[0], info[1]->IsTrue(), [&](const std::uint8_t* bytes, std::size_t size) {
          if (ok && size > 0) ok = EVP_DigestUpdate(ctx, bytes, size) == 1;
        });
    info.GetReturnValue().Set(fed && ok);
  }

  // digest(outputEncoding) -> ArrayBuffer or string
  static void Digest(const FunctionCallbackInfo<Value>& info) {
    v8::Isolate* isolate = info.GetIsolate();
    Hash* self = From<Hash>(info.This());
    if (self == nullptr || self->finished_) return;
    self->finished_ = true;
    // Only an XOF asked for a long output needs the heap.
    std::uint8_t stack[EVP_MAX_MD_SIZE];
    std::unique_ptr<std::uint8_t[]> heap;
    std::uint8_t* out = stack;
    if (self->output_length_ > sizeof stack) {
      heap.reset(new std::uint8_t[self->output_length_]);
      out = heap.get();
    }
    if (!FinishDigest(self->ctx_.get(), out, self->output_length_)) return ThrowOpenSslError(isolate, "Digest failed");
    Local<Value> result;
    if (EncodeOutput(isolate, out, self->output_length_, IntArg(info, 0, kOutputBuffer)).ToLocal(&result)) {
      info.GetReturnValue().Set(result);
    }
  }

 private:
  Hash(v8::Isolate* isolate, Local<v8::Object> object, MdCtxPtr ctx, std::size_t output_length)
      : ObjectWrap(isolate, object, &kTag), ctx_(std::move(ctx)), output_length_(output_length) {}

  MdCtxPtr ctx_;
  std::size_t output_length_;
  bool finished_ = false;
};

const char Hash::kTag = 0;

// --- Hmac ---------------------------------------------------------------------

// An HMAC context per digest with the digest set and no key, which each
// Hmac duplicates: setting the digest by name fetches it from the provider
// again, which would cost more than the rest of a short HMAC. Kept for the
// life of the process; touched only from the loop thread.
EVP_MAC_CTX* HmacTemplate(int digest_id, const EVP_MD* md) {
  static EVP_MAC* mac = EVP_MAC_fetch(nullptr, "HMAC", nullptr);
  static auto* templates = new std::map<int, EVP_MAC_CTX*>();
  if (mac == nullptr) return nullptr;
  auto found = templates->find(digest_id);
  if (found != templates->end()) return found->second;
  EVP_MAC_CTX* ctx = EVP_MAC_CTX_new(mac);
  OSSL_PARAM params[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, const_cast<char*>(EVP_MD_get0_name(md)), 0),
      OSSL_PARAM_construct_end(),
  };
  if (ctx != nullptr && EVP_MAC_CTX_set_params(ctx, params) != 1) {
    EVP_MAC_CTX_free(ctx);
    ctx = nullptr;
  }
  if (ctx != nullptr) templates->emplace(digest_id, ctx);
  return ctx;
}

class Hmac final : public ObjectWrap {
 public:
  alignas(8) static const char kTag;

  // new Hmac(digestId, keyView)
  static void New(const FunctionCallbackInfo<Value>& info) {
    v8::Isolate* isolate = info.GetIsolate();
    if (!info.IsConstructCall()) return;
    int digest_id = IntArg(info, 0, -1);
    const EVP_MD* md = DigestById(digest_id);
    if (md == nullptr) return ThrowOpenSslError(isolate, "Invalid digest");
    EVP_MAC_CTX* model = HmacTemplate(digest_id, md);
    MacCtxPtr ctx(model != nullptr ? EVP_MAC_CTX_dup(model) : nullptr);
    if (!ctx) return ThrowOpenSslError(isolate, "HMAC initialization failed");
    static const std::uint8_t kEmptyKey = 0;  // a null key would mean "keep the last one"
    bool ok;
    if (info[1]->IsArrayBufferView()) {
      buffer::ViewBytes key(info[1], buffer::ViewBytes::kRead);
      ok = EVP_MAC_init(ctx.get(), key.size() == 0 ? &kEmptyKey : key.data(), key.size(), nullptr) == 1;
    } else {
      ok = EVP_MAC_init(ctx.get(), &kEmptyKey, 0, nullptr) == 1;
    }
    if (!ok) return ThrowOpenSslError(isolate, "HMAC initialization failed");
    new Hmac(isolate, info.This(), std::move(ctx));
  }

  static void Update(const FunctionCallbackInfo<Value>& info) {
    Hmac* self = From<Hmac>(info.This());
    if (self == nullptr || self->finished_) return info.GetReturnValue().Set(false);
    bool ok = true;
    EVP_MAC_CTX* ctx = self->ctx_.get();
    bool fed =
        FeedBytes(info.GetIsolate(), info[0], info[1]->IsTrue(), [&](const std::uint8_t* bytes, std::size_t size) {
          if (ok && size > 0) ok = EVP_MAC_update(ctx, bytes, size) == 1;
        });
    info.GetReturnValue().Set(fed && ok);
  }

  static void Digest(const FunctionCallbackInfo<Value>& info) {
    v8::Isolate* isolate = info.GetIsolate();
    Hmac* self = From<Hmac>(info.This());
    if (self == nullptr || self->finished_) return;
    self->finished_ = true;
    std::uint8_t out[EVP_MAX_MD_SIZE];
    std::size_t size = 0;
    if (EVP_MAC_final(self->ctx_.get(), out, &size, sizeof out) != 1) {
      return ThrowOpenSslError(isolate, "HMAC digest failed");
    }
    Local<Value> result;
    if (EncodeOutput(isolate, out, size, IntArg(info, 0, kOutputBuffer)).ToLocal(&result)) {
      info.GetReturnValue().Set(result);
    }
  }

 private:
  Hmac(v8::Isolate* isolate, Local<v8::Object> object, MacCtxPtr ctx)
      : ObjectWrap(isolate, object, &kTag), ctx_(std::move(ctx)) {}

  MacCtxPtr ctx_;
  bool finished_ = false;
};

const char Hmac::kTag = 0;

// digestOnce(digestId, data, latin1, outputEncoding, outputLength or -1):
// crypto.hash(), without an object.
void DigestOnce(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  const EVP_MD* md = DigestById(IntArg(info, 0, -1));
  if (md == nullptr) {
    isolate->ThrowException(CodedError(isolate, v8::Exception::Error, {}, "Digest method not supported"));
    return;
  }
  long length = OutputLength(md, info[4]->IsNumber() ? static_cast<long>(info[4].As<v8::Number>()->Value()) : -1);
  if (length < 0) return ThrowOpenSslError(isolate, "Invalid output length");
  MdCtxPtr ctx(EVP_MD_CTX_new());
  if (!ctx || EVP_DigestInit_ex(ctx.get(), md, nullptr) != 1) return ThrowOpenSslError(isolate, "Digest failed");
  bool ok = true;
  FeedBytes(isolate, info[1], info[2]->IsTrue(), [&](const std::uint8_t* bytes, std::size_t size) {
    if (ok && size > 0) ok = EVP_DigestUpdate(ctx.get(), bytes, size) == 1;
  });
  std::unique_ptr<std::uint8_t[]> out(new std::uint8_t[length + 1]);
  if (!ok || !FinishDigest(ctx.get(), out.get(), static_cast<std::size_t>(length))) {
    return ThrowOpenSslError(isolate, "Digest failed");
  }
  Local<Value> result;
  if (EncodeOutput(isolate, out.get(), static_cast<std::size_t>(length), IntArg(info, 3, kOutputBuffer))
          .ToLocal(&result)) {
    info.GetReturnValue().Set(result);
  }
}

class DigestJob final : public CryptoJob {
 public:
  DigestJob(const EVP_MD* md, std::vector<std::uint8_t> data)
      : CryptoJob(static_cast<std::size_t>(EVP_MD_get_size(md)), "Digest failed"), md_(md), data_(std::move(data)) {}

 private:
  bool Run() override {
    unsigned int size = 0;
    return EVP_Digest(data_.data(), data_.size(), output(), &size, md_, nullptr) == 1;
  }

  const EVP_MD* md_;
  std::vector<std::uint8_t> data_;
};

// digestJob(digestId, view, callback): the digest of a copy of the view's
// bytes, from the thread pool, as an ArrayBuffer (SubtleCrypto.digest).
void DigestAsync(const FunctionCallbackInfo<Value>& info) {
  const EVP_MD* md = DigestById(IntArg(info, 0, -1));
  if (md == nullptr) return ThrowOpenSslError(info.GetIsolate(), "Invalid digest");
  CryptoJob::RunOrQueue(info, std::make_unique<DigestJob>(md, CopyViewBytes(info[1])), info[2]);
}

// digestSize(digestId) -> bytes of the digest (natural length for an XOF).
void DigestSize(const FunctionCallbackInfo<Value>& info) {
  const EVP_MD* md = DigestById(IntArg(info, 0, -1));
  info.GetReturnValue().Set(md == nullptr ? -1 : EVP_MD_get_size(md));
}

// A constructor whose instances wrap a C++ object, with methods on its prototype.
void InstallClass(v8::Isolate* isolate, Local<v8::Context> context, Local<v8::Object> target, const char* name,
                  v8::FunctionCallback construct,
                  std::initializer_list<std::pair<const char*, v8::FunctionCallback>> methods) {
  Local<v8::FunctionTemplate> tmpl = v8::FunctionTemplate::New(isolate, construct);
  Local<v8::String> class_name = OneByteString(isolate, name);
  tmpl->SetClassName(class_name);
  tmpl->InstanceTemplate()->SetInternalFieldCount(ObjectWrap::kInternalFieldCount);
  for (const auto& [method, callback] : methods) {
    tmpl->PrototypeTemplate()->Set(OneByteString(isolate, method), v8::FunctionTemplate::New(isolate, callback));
  }
  Local<v8::Function> constructor;
  if (!tmpl->GetFunction(context).ToLocal(&constructor)) return;
  (void)target->Set(context, class_name, constructor).FromMaybe(false);
}

}  // namespace

void InstallHashFunctions(v8::Isolate* isolate, Local<v8::Context> context, Local<v8::Object> target) {
  InstallClass(isolate, context, target, "Hash", Hash::New, {{"update", Hash::Update}, {"digest", Hash::Digest}});
  InstallClass(isolate, context, target, "Hmac", Hmac::New, {{"update", Hmac::Update}, {"digest", Hmac::Digest}});
  SetMethod(isolate, context, target, "digestOnce", DigestOnce);
  SetMethod(isolate, context, target, "digestJob", DigestAsync);
  SetMethod(isolate, context, target, "digestSize", DigestSize);
}

}  // namespace isohost::worker::crypto
