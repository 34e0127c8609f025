#include "worker/api/zlib/zlib_job.h"

#include "base/check.h"
#include "worker/api/buffer/v8_bytes.h"
#include "worker/runtime/runtime.h"

namespace isohost::worker::zlib {
namespace {

// zlib's and brotli's messages and names are ASCII.
v8::Local<v8::Value> Ascii(v8::Isolate* isolate, const std::string& text) {
  v8::Local<v8::String> string;
  if (!v8::String::NewFromOneByte(isolate, reinterpret_cast<const std::uint8_t*>(text.data()),
                                  v8::NewStringType::kNormal, static_cast<int>(text.size()))
           .ToLocal(&string)) {
    return v8::String::Empty(isolate);
  }
  return string;
}

}  // namespace

v8::Local<v8::Value> ZlibJob::RunSync(v8::Isolate* isolate, const std::uint8_t* input, std::size_t size) {
  result_ = RunCodec(options_, input, size);
  return ToValue(isolate);
}

void ZlibJob::Queue(v8::Isolate* isolate, std::unique_ptr<ZlibJob> job, std::vector<std::uint8_t> input,
                    v8::Local<v8::Function> callback) {
  job->input_ = std::move(input);
  job->isolate_ = isolate;
  job->callback_.Reset(isolate, callback);
  CHECK_UV(uv_queue_work(Runtime::From(isolate)->loop(), &job->work_, OnWork, OnDone));
  job.release();  // OnDone owns it now
}

v8::Local<v8::Value> ResultToValue(v8::Isolate* isolate, CodecResult& result) {
  if (result.status == CodecResult::kOk) {
    return buffer::ArrayBufferFromMalloc(isolate, result.output.release(), result.size);
  }
  v8::Local<v8::Value> parts[] = {
      v8::Integer::New(isolate, result.status),
      Ascii(isolate, result.message),
      v8::Integer::New(isolate, result.errno_value),
      Ascii(isolate, result.code),
  };
  return v8::Array::New(isolate, parts, 4);
}

v8::Local<v8::Value> ZlibJob::ToValue(v8::Isolate* isolate) { return ResultToValue(isolate, result_); }

void ZlibJob::OnWork(uv_work_t* req) {
  auto* job = static_cast<ZlibJob*>(req->data);
  job->result_ = RunCodec(job->options_, job->input_.data(), job->input_.size());
  job->input_ = {};
}

void ZlibJob::OnDone(uv_work_t* req, int status) {
  std::unique_ptr<ZlibJob> job(static_cast<ZlibJob*>(req->data));
  v8::Isolate* isolate = job->isolate_;
  v8::HandleScope scope(isolate);
  Runtime* runtime = Runtime::From(isolate);
  v8::Context::Scope context_scope(runtime->context());
  if (status != 0) {
    job->result_ = CodecResult{};
    job->result_.status = CodecResult::kDataError;
    job->result_.message = "Zlib error";
    job->result_.errno_value = -1;
    job->result_.code = "Z_ERRNO";
  }
  v8::Local<v8::Value> argv[] = {job->ToValue(isolate)};
  v8::Local<v8::Function> callback = job->callback_.Get(isolate);
  job.reset();
  runtime->MakeCallback(callback, 1, argv);
}

}  // namespace isohost::worker::zlib
