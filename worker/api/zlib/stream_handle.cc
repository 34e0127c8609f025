#include "worker/api/zlib/stream_handle.h"

#include <cmath>
#include <cstdlib>
#include <memory>

#include "worker/api/buffer/v8_bytes.h"
#include "worker/v8/object_wrap.h"
#include "worker/api/zlib/stream_codec.h"
#include "worker/api/zlib/zlib_job.h"

namespace isohost::worker::zlib {
namespace {

using v8::FunctionCallbackInfo;
using v8::Local;
using v8::Value;

// The codec runs on the worker's thread, one step per call into at most one
// output chunk (16 KiB by default): a trip to the thread pool would cost
// more than such a step, and the order of chunks stays the loop's own.
class Stream final : public ObjectWrap {
 public:
  alignas(8) static const char kTag;

  static void New(const FunctionCallbackInfo<Value>& info) {
    if (!info.IsConstructCall()) return;
    new Stream(info.GetIsolate(), info.This());
  }

  // init(mode, level, windowBits, memLevel, strategy, chunkSize, dictionary,
  //      brotliParams, state) -> whether the library took the options.
  // `state` is a Uint32Array of two in which each write() leaves how much
  // input it took and whether more output waits (1) or not (0).
  static void Init(const FunctionCallbackInfo<Value>& info) {
    Stream* self = From<Stream>(info.This());
    if (self == nullptr || !info[8]->IsUint32Array() || info[8].As<v8::Uint32Array>()->Length() < 2) return;
    Local<v8::Context> context = info.GetIsolate()->GetCurrentContext();
    CodecOptions options;
    int mode = 0;
    double chunk = 0;
    if (!info[0]->Int32Value(context).To(&mode) || !info[1]->Int32Value(context).To(&options.level) ||
        !info[2]->Int32Value(context).To(&options.window_bits) ||
        !info[3]->Int32Value(context).To(&options.mem_level) ||
        !info[4]->Int32Value(context).To(&options.strategy) || !info[5]->NumberValue(context).To(&chunk)) {
      return;
    }
    options.mode = static_cast<Mode>(mode);
    options.chunk_size = chunk > (1 << 30) ? (1 << 30) : static_cast<std::size_t>(chunk);
    if (info[6]->IsArrayBufferView()) {
      buffer::ViewBytes dict(info[6], buffer::ViewBytes::kRead);
      options.dictionary.assign(dict.data(), dict.data() + dict.size());
    }
    options.brotli_params.fill(-1);
    if (info[7]->IsArray()) {
      Local<v8::Array> params = info[7].As<v8::Array>();
      for (int i = 0; i < kBrotliParamCount; ++i) {
        Local<Value> value;
        double number = 0;
        if (!params->Get(context, i).ToLocal(&value) || !value->NumberValue(context).To(&number)) return;
        options.brotli_params[i] = std::isfinite(number) ? static_cast<std::int64_t>(number) : 0;
      }
    }
    // Held, so that the pointer stays good (asking for the buffer moves a
    // small array's bytes out of the V8 heap once and for all).
    Local<v8::Uint32Array> state = info[8].As<v8::Uint32Array>();
    self->state_store_ = state->Buffer()->GetBackingStore();
    self->state_ = reinterpret_cast<std::uint32_t*>(static_cast<std::uint8_t*>(self->state_store_->Data()) +
                                                    state->ByteOffset());
    self->codec_ = StreamCodec::Create(options);
    self->ReportNativeMemory();
    info.GetReturnValue().Set(self->codec_ != nullptr);
  }

  // write(flush, input, inputOffset, output, outputOffset) -> how many bytes
  // it wrote into output from outputOffset on, or an error tuple; the input
  // taken and whether more output waits are left in the state array.
  static void Write(const FunctionCallbackInfo<Value>& info) {
    Stream* self = From<Stream>(info.This());
    if (self == nullptr || self->codec_ == nullptr || !info[1]->IsArrayBufferView() ||
        !info[3]->IsArrayBufferView()) {
      return;
    }
    Local<v8::Context> context = info.GetIsolate()->GetCurrentContext();
    int flush = 0;
    double in_offset = 0;
    double out_offset = 0;
    if (!info[0]->Int32Value(context).To(&flush) || !info[2]->NumberValue(context).To(&in_offset) ||
        !info[4]->NumberValue(context).To(&out_offset)) {
      return;
    }
    buffer::ViewBytes input(info[1], buffer::ViewBytes::kRead);
    buffer::ViewBytes output(info[3], buffer::ViewBytes::kWrite);
    // An offset past the end (or NaN) leaves nothing to read or write.
    auto at = [](double offset, std::size_t size) {
      return offset >= 0 && offset <= static_cast<double>(size) ? static_cast<std::size_t>(offset) : size;
    };
    std::size_t in_at = at(in_offset, input.size());
    std::size_t out_at = at(out_offset, output.size());
    StreamStep step = self->codec_->Write(flush, input.data() + in_at, input.size() - in_at, output.data() + out_at,
                                          output.size() - out_at);
    self->ReportNativeMemory();
    if (step.error.status != CodecResult::kOk) {
      info.GetReturnValue().Set(ResultToValue(info.GetIsolate(), step.error));
      return;
    }
    self->state_[0] = static_cast<std::uint32_t>(step.consumed);
    self->state_[1] = step.more ? 1 : 0;
    info.GetReturnValue().Set(static_cast<double>(step.produced));
  }

  // params(level, strategy) -> whether deflate took them
  static void Params(const FunctionCallbackInfo<Value>& info) {
    Stream* self = From<Stream>(info.This());
    if (self == nullptr || self->codec_ == nullptr) return info.GetReturnValue().Set(false);
    Local<v8::Context> context = info.GetIsolate()->GetCurrentContext();
    int level = 0;
    int strategy = 0;
    if (!info[0]->Int32Value(context).To(&level) || !info[1]->Int32Value(context).To(&strategy)) return;
    info.GetReturnValue().Set(self->codec_->Params(level, strategy));
  }

  // reset() -> whether the codec could start over
  static void Reset(const FunctionCallbackInfo<Value>& info) {
    Stream* self = From<Stream>(info.This());
    info.GetReturnValue().Set(self != nullptr && self->codec_ != nullptr && self->codec_->Reset());
    if (self != nullptr) self->ReportNativeMemory();
  }

  // close(): frees the codec now rather than when the object is collected.
  static void Close(const FunctionCallbackInfo<Value>& info) {
    if (Stream* self = From<Stream>(info.This())) {
      self->codec_.reset();
      self->ReportNativeMemory();
    }
  }

  ~Stream() override {
    // Less memory never starts a collection, so this may run in the
    // collector's own weak callback.
    if (reported_bytes_ > 0) isolate_->AdjustAmountOfExternalAllocatedMemory(-reported_bytes_);
  }

 private:
  Stream(v8::Isolate* isolate, Local<v8::Object> object) : ObjectWrap(isolate, object, &kTag), isolate_(isolate) {}

  // Tells V8 how much native memory the codec holds now, as it changes: a
  // forgotten stream's few hundred KiB then count towards the next collection.
  void ReportNativeMemory() {
    std::int64_t now = codec_ != nullptr ? static_cast<std::int64_t>(codec_->native_bytes()) : 0;
    if (now == reported_bytes_) return;
    isolate_->AdjustAmountOfExternalAllocatedMemory(now - reported_bytes_);
    reported_bytes_ = now;
  }

  v8::Isolate* isolate_;
  std::int64_t reported_bytes_ = 0;

  std::unique_ptr<StreamCodec> codec_;
  std::shared_ptr<v8::BackingStore> state_store_;
  std::uint32_t* state_ = nullptr;
};

alignas(8) const char Stream::kTag = 0;

}  // namespace

void InstallStreamClass(v8::Isolate* isolate, Local<v8::Context> context, Local<v8::Object> target) {
  Local<v8::FunctionTemplate> tmpl = v8::FunctionTemplate::New(isolate, Stream::New);
  Local<v8::String> name = v8::String::NewFromUtf8Literal(isolate, "Stream");
  tmpl->SetClassName(name);
  tmpl->InstanceTemplate()->SetInternalFieldCount(ObjectWrap::kInternalFieldCount);
  const std::pair<const char*, v8::FunctionCallback> methods[] = {
      {"init", Stream::Init},     {"write", Stream::Write}, {"params", Stream::Params},
      {"reset", Stream::Reset},   {"close", Stream::Close},
  };
  for (const auto& [method, callback] : methods) {
    Local<v8::String> key;
    if (!v8::String::NewFromUtf8(isolate, method).ToLocal(&key)) return;
    tmpl->PrototypeTemplate()->Set(key, v8::FunctionTemplate::New(isolate, callback));
  }
  Local<v8::Function> constructor;
  if (!tmpl->GetFunction(context).ToLocal(&constructor)) return;
  (void)target->Set(context, name, constructor).FromMaybe(false);
}

}  // namespace isohost::worker::zlib
