// One call of zlib.gzipSync() and friends, or of their callback forms: the
// codec runs at once on the calling thread, or on libuv's thread pool with
// the result handed to a callback from the worker's loop.
#ifndef ISOHOST_WORKER_API_ZLIB_ZLIB_JOB_H_
#define ISOHOST_WORKER_API_ZLIB_ZLIB_JOB_H_

#include <uv.h>
#include <v8.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "worker/api/zlib/codec.h"

namespace isohost::worker::zlib {

// An ArrayBuffer that takes over `result`'s output, or [status, message,
// errno, code] for JS to turn into Node's error.
v8::Local<v8::Value> ResultToValue(v8::Isolate* isolate, CodecResult& result);

class ZlibJob {
 public:
  explicit ZlibJob(CodecOptions options) : options_(std::move(options)) { work_.data = this; }
  ZlibJob(const ZlibJob&) = delete;
  ZlibJob& operator=(const ZlibJob&) = delete;

  // Runs the codec over `size` bytes at `input` now; the result as
  // ToValue() gives it.
  v8::Local<v8::Value> RunSync(v8::Isolate* isolate, const std::uint8_t* input, std::size_t size);
  // Queues the codec over a copy of `input`; `callback(result)` is called
  // from the loop like any other callback (ticks and microtasks after it).
  static void Queue(v8::Isolate* isolate, std::unique_ptr<ZlibJob> job, std::vector<std::uint8_t> input,
                    v8::Local<v8::Function> callback);

 private:
  // An ArrayBuffer of the output, or [status, message, errno, code] for
  // JS to turn into Node's error.
  v8::Local<v8::Value> ToValue(v8::Isolate* isolate);

  static void OnWork(uv_work_t* req);
  static void OnDone(uv_work_t* req, int status);

  uv_work_t work_;
  CodecOptions options_;
  std::vector<std::uint8_t> input_;
  CodecResult result_;
  v8::Isolate* isolate_ = nullptr;
  v8::Global<v8::Function> callback_;
};

}  // namespace isohost::worker::zlib

#endif  // ISOHOST_WORKER_API_ZLIB_ZLIB_JOB_H_
