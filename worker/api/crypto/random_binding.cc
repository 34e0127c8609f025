// Randomness for internal/crypto/random.js, from OpenSSL's RAND_bytes. Its
// generator is seeded from the kernel in each process and reseeds when it
// sees that it runs in a child of a fork, so no two workers, forked from
// the same zygote or not, ever share a stream of bytes.
#include <openssl/rand.h>
#include <v8.h>

#include <climits>

#include "worker/api/buffer/v8_bytes.h"
#include "worker/api/crypto/crypto_binding.h"
#include "worker/api/crypto/crypto_job.h"
#include "worker/api/crypto/openssl_util.h"
#include "worker/v8/binding.h"

namespace isohost::worker::crypto {
namespace {

using v8::FunctionCallbackInfo;
using v8::Local;
using v8::Value;

// RAND_bytes takes an int count.
bool FillRandom(std::uint8_t* out, std::size_t size) {
  while (size > 0) {
    int chunk = size > static_cast<std::size_t>(INT_MAX) ? INT_MAX : static_cast<int>(size);
    if (RAND_bytes(out, chunk) != 1) return false;
    out += chunk;
    size -= static_cast<std::size_t>(chunk);
  }
  return true;
}

std::size_t SizeArg(const FunctionCallbackInfo<Value>& info, int index) {
  if (!info[index]->IsNumber()) return 0;
  double value = info[index].As<v8::Number>()->Value();
  return value > 0 ? static_cast<std::size_t>(value) : 0;
}

// randomFillSync(view, offset, size): fills bytes [offset, offset + size)
// of the view, clamped to its length.
void RandomFillSync(const FunctionCallbackInfo<Value>& info) {
  if (!info[0]->IsArrayBufferView()) return;
  buffer::ViewBytes bytes(info[0], buffer::ViewBytes::kWrite);
  std::size_t offset = std::min(SizeArg(info, 1), bytes.size());
  std::size_t size = std::min(SizeArg(info, 2), bytes.size() - offset);
  if (!FillRandom(bytes.data() + offset, size)) ThrowOpenSslError(info.GetIsolate(), "Random bytes generation failed");
}

class RandomJob final : public CryptoJob {
 public:
  explicit RandomJob(std::size_t size) : CryptoJob(size, "Random bytes generation failed") {}

 private:
  bool Run() override { return FillRandom(output(), output_size()); }
};

// randomBytes(size, callback): `size` new random bytes, from the thread
// pool, as an ArrayBuffer.
void RandomBytes(const FunctionCallbackInfo<Value>& info) {
  CryptoJob::RunOrQueue(info, std::make_unique<RandomJob>(SizeArg(info, 0)), info[1]);
}

}  // namespace

void InstallRandomFunctions(v8::Isolate* isolate, Local<v8::Context> context, Local<v8::Object> target) {
  SetMethod(isolate, context, target, "randomFillSync", RandomFillSync);
  SetMethod(isolate, context, target, "randomBytes", RandomBytes);
}

}  // namespace isohost::worker::crypto
