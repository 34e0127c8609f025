#include "worker/api/crypto/crypto_job.h"

#include <openssl/crypto.h>
#include <openssl/err.h>

#include <cstdlib>

#include "base/check.h"
#include "worker/api/buffer/v8_bytes.h"
#include "worker/api/crypto/openssl_util.h"
#include "worker/runtime/runtime.h"

namespace isohost::worker::crypto {

CryptoJob::CryptoJob(std::size_t output_size, std::string failure)
    : output_(static_cast<std::uint8_t*>(std::malloc(output_size > 0 ? output_size : 1))),
      output_size_(output_size),
      failure_(std::move(failure)) {
  work_.data = this;
}

CryptoJob::~CryptoJob() {
  if (output_ != nullptr) {
    OPENSSL_cleanse(output_, output_size_);  // derived keys do not linger in freed memory
    std::free(output_);
  }
}

void CryptoJob::Execute() {
  ok_ = output_ != nullptr && Run();
  if (!ok_) ERR_clear_error();
}

v8::Local<v8::Value> CryptoJob::Error(v8::Isolate* isolate) const {
  if (output_ == nullptr) {
    return v8::Exception::RangeError(OneByteString(isolate, "Array buffer allocation failed"));
  }
  return v8::Exception::Error(OneByteString(isolate, failure_));
}

v8::Local<v8::ArrayBuffer> CryptoJob::TakeOutput(v8::Isolate* isolate) {
  std::uint8_t* data = output_;
  output_ = nullptr;
  return buffer::ArrayBufferFromMalloc(isolate, data, output_size_);
}

v8::MaybeLocal<v8::ArrayBuffer> CryptoJob::RunSync(v8::Isolate* isolate, std::unique_ptr<CryptoJob> job) {
  job->Execute();
  if (!job->ok_) {
    isolate->ThrowException(job->Error(isolate));
    return {};
  }
  return job->TakeOutput(isolate);
}

void CryptoJob::Queue(v8::Isolate* isolate, std::unique_ptr<CryptoJob> job, v8::Local<v8::Function> callback) {
  job->isolate_ = isolate;
  job->callback_.Reset(isolate, callback);
  CHECK_UV(uv_queue_work(Runtime::From(isolate)->loop(), &job->work_, OnWork, OnDone));
  job.release();  // OnDone owns it now
}

void CryptoJob::RunOrQueue(const v8::FunctionCallbackInfo<v8::Value>& info, std::unique_ptr<CryptoJob> job,
                           v8::Local<v8::Value> callback) {
  v8::Isolate* isolate = info.GetIsolate();
  if (callback->IsFunction()) return Queue(isolate, std::move(job), callback.As<v8::Function>());
  v8::Local<v8::ArrayBuffer> result;
  if (RunSync(isolate, std::move(job)).ToLocal(&result)) info.GetReturnValue().Set(result);
}

void CryptoJob::OnWork(uv_work_t* req) { static_cast<CryptoJob*>(req->data)->Execute(); }

void CryptoJob::OnDone(uv_work_t* req, int status) {
  std::unique_ptr<CryptoJob> job(static_cast<CryptoJob*>(req->data));
  v8::Isolate* isolate = job->isolate_;
  v8::HandleScope scope(isolate);
  Runtime* runtime = Runtime::From(isolate);
  v8::Local<v8::Context> context = runtime->context();
  v8::Context::Scope context_scope(context);
  v8::Local<v8::Value> argv[2];
  if (status == 0 && job->ok_) {
    argv[0] = v8::Null(isolate);
    argv[1] = job->TakeOutput(isolate);
  } else {
    argv[0] = job->Error(isolate);
    argv[1] = v8::Undefined(isolate);
  }
  v8::Local<v8::Function> callback = job->callback_.Get(isolate);
  job.reset();
  runtime->MakeCallback(callback, 2, argv);
}

}  // namespace isohost::worker::crypto
