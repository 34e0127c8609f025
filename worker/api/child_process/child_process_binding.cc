// The native half of child_process (worker/js/node/child_process.js):
// spawnSync on a private loop, and Process, the children of spawn (and of
// exec and execFile, which rest on it) on the worker's own loop. Made on the
// first require('child_process').
#include <uv.h>
#include <v8.h>

#include <cstdlib>
#include <cstring>

#include "worker/api/buffer/v8_bytes.h"
#include "worker/api/child_process/child_spawn.h"
#include "worker/api/child_process/process_wrap.h"
#include "worker/api/child_process/sync_child.h"
#include "worker/v8/binding.h"
#include "worker/runtime/runtime.h"

namespace isohost::worker {
namespace {

using v8::FunctionCallbackInfo;
using v8::Local;
using v8::Value;

double NumberProperty(v8::Isolate* isolate, Local<v8::Object> object, const char* key, double fallback) {
  Local<v8::String> name;
  Local<Value> value;
  if (!v8::String::NewFromUtf8(isolate, key, v8::NewStringType::kInternalized).ToLocal(&name) ||
      !object->Get(isolate->GetCurrentContext(), name).ToLocal(&value) || !value->IsNumber()) {
    return fallback;
  }
  return value.As<v8::Number>()->Value();
}

Local<Value> BytesOf(v8::Isolate* isolate, const std::string& bytes) {
  void* data = std::malloc(bytes.empty() ? 1 : bytes.size());
  if (data == nullptr) return v8::Null(isolate);
  if (!bytes.empty()) std::memcpy(data, bytes.data(), bytes.size());
  return buffer::ArrayBufferFromMalloc(isolate, data, bytes.size());
}

// spawnSync(options) -> { error, pid, status, signal, output }
//   options: those of ParseSpawnRequest, and timeout, maxBuffer, killSignal,
//   input (an ArrayBufferView). `error` is a negative libuv error or 0;
//   `status` is null when a signal ended the child, `signal` 0 when none did;
//   `output` has an ArrayBuffer per pipe the child wrote to, null elsewhere.
void SpawnSync(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Local<v8::Context> context = isolate->GetCurrentContext();
  if (!info[0]->IsObject()) return;
  Local<v8::Object> options = info[0].As<v8::Object>();
  child_process::SpawnRequest request;
  if (!child_process::ParseSpawnRequest(isolate, options, &request)) return;
  child_process::SyncLimits limits;
  limits.timeout_ms = NumberProperty(isolate, options, "timeout", 0);
  limits.max_buffer = NumberProperty(isolate, options, "maxBuffer", 0);
  limits.kill_signal = static_cast<int>(NumberProperty(isolate, options, "killSignal", SIGTERM));
  Local<Value> input;
  if (!options->Get(context, v8::String::NewFromUtf8Literal(isolate, "input")).ToLocal(&input)) return;
  if (input->IsArrayBufferView()) {
    buffer::ViewBytes bytes(input, buffer::ViewBytes::kRead);
    limits.input.emplace(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  }
  if (child_process::InheritsWorkerOutput(request)) Runtime::From(isolate)->channel()->Flush();

  child_process::SyncResult result = child_process::RunSync(request, std::move(limits));

  Local<v8::Object> out = v8::Object::New(isolate);
  SetValue(isolate, context, out, "error", v8::Integer::New(isolate, result.error));
  SetValue(isolate, context, out, "pid", v8::Integer::New(isolate, result.pid));
  if (result.started) {
    SetValue(isolate, context, out, "status",
             result.term_signal != 0 ? Local<Value>(v8::Null(isolate))
                                     : Local<Value>(v8::Number::New(isolate, static_cast<double>(result.exit_status))));
    SetValue(isolate, context, out, "signal", v8::Integer::New(isolate, result.term_signal));
    Local<v8::Array> output = v8::Array::New(isolate, static_cast<int>(result.output.size()));
    for (std::size_t slot = 0; slot < result.output.size(); ++slot) {
      const auto& bytes = result.output[slot];
      (void)output->Set(context, static_cast<uint32_t>(slot),
                        bytes ? BytesOf(isolate, *bytes) : Local<Value>(v8::Null(isolate)))
          .FromMaybe(false);
    }
    SetValue(isolate, context, out, "output", output);
  }
  info.GetReturnValue().Set(out);
}

// errname(-errno) -> "ENOENT"
void ErrName(const FunctionCallbackInfo<Value>& info) {
  int err = info[0]->IsInt32() ? info[0].As<v8::Int32>()->Value() : 0;
  Local<v8::String> name;
  if (v8::String::NewFromUtf8(info.GetIsolate(), uv_err_name(err)).ToLocal(&name)) info.GetReturnValue().Set(name);
}

}  // namespace

namespace native_modules {

ISOHOST_BINDING(child_process) {
  SetMethod(isolate, context, target, "spawnSync", SpawnSync);
  child_process::ProcessWrap::Install(isolate, context, target);
  SetMethod(isolate, context, target, "errname", ErrName);
  SetValue(isolate, context, target, "UV_ENOENT", v8::Integer::New(isolate, UV_ENOENT));
  SetValue(isolate, context, target, "UV_EACCES", v8::Integer::New(isolate, UV_EACCES));
  SetValue(isolate, context, target, "UV_EAGAIN", v8::Integer::New(isolate, UV_EAGAIN));
  SetValue(isolate, context, target, "UV_EMFILE", v8::Integer::New(isolate, UV_EMFILE));
  SetValue(isolate, context, target, "UV_ENFILE", v8::Integer::New(isolate, UV_ENFILE));
  SetValue(isolate, context, target, "UV_ESRCH", v8::Integer::New(isolate, UV_ESRCH));
  SetValue(isolate, context, target, "UV_EINVAL", v8::Integer::New(isolate, UV_EINVAL));
  SetValue(isolate, context, target, "UV_ENOSYS", v8::Integer::New(isolate, UV_ENOSYS));
}

}  // namespace native_modules
}  // namespace isohost::worker
