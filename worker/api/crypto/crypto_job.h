// Crypto work that may take long (key derivation, large digests, many
// random bytes): run on libuv's thread pool when the script passed a
// callback, on the calling thread otherwise. Either way the result is a
// buffer of bytes whose size is known before the work starts.
#ifndef ISOHOST_WORKER_API_CRYPTO_CRYPTO_JOB_H_
#define ISOHOST_WORKER_API_CRYPTO_CRYPTO_JOB_H_

#include <uv.h>
#include <v8.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace isohost::worker::crypto {

class CryptoJob {
 public:
  // `output_size` bytes are allocated for Run() to fill; `failure` is the
  // message of the error when Run() fails (as in Node, which does not pass
  // on OpenSSL's reasons for these).
  CryptoJob(std::size_t output_size, std::string failure);
  CryptoJob(const CryptoJob&) = delete;
  CryptoJob& operator=(const CryptoJob&) = delete;
  virtual ~CryptoJob();

  // Runs `job` now: returns an ArrayBuffer of the output, or throws.
  static v8::MaybeLocal<v8::ArrayBuffer> RunSync(v8::Isolate* isolate, std::unique_ptr<CryptoJob> job);
  // Queues `job` on the thread pool of the worker's loop;
  // `callback(err, arrayBuffer)` is called from the loop when it is done,
  // as any other callback of the loop (ticks and microtasks after it).
  static void Queue(v8::Isolate* isolate, std::unique_ptr<CryptoJob> job, v8::Local<v8::Function> callback);

  // A sync call when `callback` is undefined, a queued job otherwise; the
  // usual tail of a binding function.
  static void RunOrQueue(const v8::FunctionCallbackInfo<v8::Value>& info, std::unique_ptr<CryptoJob> job,
                         v8::Local<v8::Value> callback);

 protected:
  // Fills output() (output_size() bytes). Runs on a pool thread when
  // queued, so it must not touch V8. False on failure.
  virtual bool Run() = 0;

  std::uint8_t* output() { return output_; }
  std::size_t output_size() const { return output_size_; }

 private:
  // Runs Run() and leaves OpenSSL's error queue of this thread empty.
  void Execute();
  v8::Local<v8::Value> Error(v8::Isolate* isolate) const;
  v8::Local<v8::ArrayBuffer> TakeOutput(v8::Isolate* isolate);

  static void OnWork(uv_work_t* req);
  static void OnDone(uv_work_t* req, int status);

  uv_work_t work_;
  v8::Isolate* isolate_ = nullptr;
  v8::Global<v8::Function> callback_;
  std::uint8_t* output_;  // malloc'd; an ArrayBuffer takes it over
  std::size_t output_size_;
  std::string failure_;
  bool ok_ = false;
};

}  // namespace isohost::worker::crypto

#endif  // ISOHOST_WORKER_API_CRYPTO_CRYPTO_JOB_H_
