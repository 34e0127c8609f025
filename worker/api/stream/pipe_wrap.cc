#include "worker/api/stream/pipe_wrap.h"

#include <utility>

#include "base/check.h"
#include "worker/v8/binding.h"
#include "worker/runtime/runtime.h"

namespace isohost::worker::child_process {
namespace {

// errname(-errno) -> "EPIPE"
void ErrName(const v8::FunctionCallbackInfo<v8::Value>& info) {
  int err = info[0]->IsInt32() ? info[0].As<v8::Int32>()->Value() : 0;
  v8::Local<v8::String> name;
  if (v8::String::NewFromUtf8(info.GetIsolate(), uv_err_name(err)).ToLocal(&name)) info.GetReturnValue().Set(name);
}

}  // namespace

const int PipeWrap::kTag = 0;

PipeWrap::PipeWrap(v8::Isolate* isolate, v8::Local<v8::Object> object) : StreamWrap(isolate, object, &kTag) {}

bool PipeWrap::has_descriptor() {
  uv_os_fd_t fd;
  return uv_fileno(reinterpret_cast<const uv_handle_t*>(stream()), &fd) == 0;
}

void PipeWrap::Install(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target) {
  v8::Local<v8::FunctionTemplate> tmpl = v8::FunctionTemplate::New(isolate, New);
  tmpl->SetClassName(v8::String::NewFromUtf8Literal(isolate, "Pipe"));
  tmpl->InstanceTemplate()->SetInternalFieldCount(kInternalFieldCount);
  v8::Local<v8::Signature> signature = v8::Signature::New(isolate, tmpl);
  const std::pair<const char*, v8::FunctionCallback> methods[] = {{"open", Open}};
  if (!AddStreamMethods<PipeWrap>(isolate, tmpl, signature) || !AddMethods(isolate, tmpl, signature, methods, 1)) {
    return;
  }
  v8::Local<v8::Function> constructor;
  if (!tmpl->GetFunction(context).ToLocal(&constructor)) return;
  SetValue(isolate, context, target, "Pipe", constructor);
  SetMethod(isolate, context, target, "guessHandleType", GuessHandleType);
  SetMethod(isolate, context, target, "errname", ErrName);
  SetValue(isolate, context, target, "UV_EOF", v8::Integer::New(isolate, UV_EOF));
  SetValue(isolate, context, target, "UV_ENOTCONN", v8::Integer::New(isolate, UV_ENOTCONN));
  SetValue(isolate, context, target, "UV_EBADF", v8::Integer::New(isolate, UV_EBADF));
}

void PipeWrap::New(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (!info.IsConstructCall()) {
    isolate->ThrowException(v8::Exception::TypeError(
        v8::String::NewFromUtf8Literal(isolate, "Class constructor Pipe cannot be invoked without 'new'")));
    return;
  }
  auto* wrap = new PipeWrap(isolate, info.This());
  // Cannot fail on a running loop.
  CHECK_UV(wrap->handle().InitPipe(Runtime::From(isolate)->loop()));
  wrap->BindHandle();
}

// open(fd) -> 0 or a libuv error: the stream on the descriptor instead of a
// new pipe.
void PipeWrap::Open(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* wrap = From<PipeWrap>(info.This());
  if (wrap == nullptr || !info[0]->IsInt32()) return info.GetReturnValue().Set(UV_EBADF);
  int rc = wrap->handle().Open(Runtime::From(info.GetIsolate())->loop(), info[0].As<v8::Int32>()->Value());
  if (rc == 0) wrap->InUse();
  info.GetReturnValue().Set(rc);
}

void PipeWrap::GuessHandleType(const v8::FunctionCallbackInfo<v8::Value>& info) {
  const char* type = "UNKNOWN";
  if (info[0]->IsInt32() && info[0].As<v8::Int32>()->Value() >= 0) {
    switch (uv_guess_handle(info[0].As<v8::Int32>()->Value())) {
      case UV_TTY: type = "TTY"; break;
      case UV_NAMED_PIPE: type = "PIPE"; break;
      case UV_TCP: type = "TCP"; break;
      case UV_UDP: type = "UDP"; break;
      case UV_FILE: type = "FILE"; break;
      default: break;
    }
  }
  v8::Local<v8::String> name;
  if (v8::String::NewFromUtf8(info.GetIsolate(), type, v8::NewStringType::kInternalized).ToLocal(&name)) {
    info.GetReturnValue().Set(name);
  }
}

}  // namespace isohost::worker::child_process

namespace isohost::worker::native_modules {

ISOHOST_BINDING(pipe) {
  child_process::PipeWrap::Install(isolate, context, target);
}

}  // namespace isohost::worker::native_modules
