#include "worker/api/child_process/process_wrap.h"

#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <utility>
#include <vector>

#include "worker/api/child_process/child_spawn.h"
#include "worker/api/stream/pipe_wrap.h"
#include "worker/v8/binding.h"
#include "worker/runtime/runtime.h"

namespace isohost::worker::child_process {

const int ProcessWrap::kTag = 0;

ProcessWrap::ProcessWrap(v8::Isolate* isolate, v8::Local<v8::Object> object)
    : HandleObject(isolate, object, &kTag), handle_(Runtime::From(isolate)->loop()) {}

ProcessWrap::~ProcessWrap() {
  if (!running_) return;
  // Only a worker that ends without closing gets here: the child goes too,
  // and is reaped, since libuv stops waiting for it with the handle.
  int pid = handle_.pid();
  handle_.Close();
  ::kill(pid, SIGKILL);
  int status;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
}

void ProcessWrap::Install(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target) {
  v8::Local<v8::FunctionTemplate> tmpl = v8::FunctionTemplate::New(isolate, New);
  tmpl->SetClassName(v8::String::NewFromUtf8Literal(isolate, "Process"));
  tmpl->InstanceTemplate()->SetInternalFieldCount(kInternalFieldCount);
  const std::pair<const char*, v8::FunctionCallback> methods[] = {
      {"spawn", Spawn}, {"kill", Kill}, {"close", Close}, {"ref", Ref}, {"unref", Unref}, {"hasRef", HasRef}};
  v8::Local<v8::Signature> signature = v8::Signature::New(isolate, tmpl);
  for (const auto& [name, callback] : methods) {
    v8::Local<v8::String> key;
    if (!v8::String::NewFromUtf8(isolate, name, v8::NewStringType::kInternalized).ToLocal(&key)) return;
    tmpl->PrototypeTemplate()->Set(key, v8::FunctionTemplate::New(isolate, callback, {}, signature));
  }
  v8::Local<v8::Function> constructor;
  if (!tmpl->GetFunction(context).ToLocal(&constructor)) return;
  SetValue(isolate, context, target, "Process", constructor);
}

void ProcessWrap::New(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (!info.IsConstructCall()) {
    isolate->ThrowException(v8::Exception::TypeError(
        v8::String::NewFromUtf8Literal(isolate, "Class constructor Process cannot be invoked without 'new'")));
    return;
  }
  new ProcessWrap(isolate, info.This());
}

void ProcessWrap::Spawn(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  v8::Local<v8::Context> context = isolate->GetCurrentContext();
  auto* wrap = From<ProcessWrap>(info.This());
  if (wrap == nullptr) return info.GetReturnValue().Set(UV_EBADF);
  if (wrap->handle_.is_open()) return info.GetReturnValue().Set(UV_EINVAL);  // one child per Process
  if (!info[0]->IsObject()) return info.GetReturnValue().Set(UV_EINVAL);
  v8::Local<v8::Object> options = info[0].As<v8::Object>();
  SpawnRequest request;
  if (!ParseSpawnRequest(isolate, options, &request)) return;
  v8::Local<v8::Value> stdio_value;
  if (!options->Get(context, v8::String::NewFromUtf8Literal(isolate, "stdio")).ToLocal(&stdio_value)) return;
  v8::Local<v8::Array> stdio_array = stdio_value.As<v8::Array>();  // ParseSpawnRequest checked it

  std::vector<uv_stdio_container_t> stdio(request.stdio.size());
  std::vector<PipeWrap*> pipes;
  bool any_pipe = false;
  for (std::size_t slot = 0; slot < request.stdio.size(); ++slot) {
    const StdioSpec& spec = request.stdio[slot];
    if (spec.kind == StdioSpec::kPipe) {
      v8::Local<v8::Value> entry;
      if (!stdio_array->Get(context, static_cast<uint32_t>(slot)).ToLocal(&entry)) return;
      PipeWrap* pipe = From<PipeWrap>(entry);
      // A new pipe of its own per slot: libuv connects it after the fork.
      if (pipe == nullptr || pipe->has_descriptor() || std::find(pipes.begin(), pipes.end(), pipe) != pipes.end()) {
        return info.GetReturnValue().Set(UV_EINVAL);
      }
      pipes.push_back(pipe);
      // Flags are the child's view: it reads its stdin and writes the rest.
      int direction = slot == 0 ? UV_READABLE_PIPE : slot <= 2 ? UV_WRITABLE_PIPE : UV_READABLE_PIPE | UV_WRITABLE_PIPE;
      stdio[slot].flags = static_cast<uv_stdio_flags>(UV_CREATE_PIPE | direction);
      stdio[slot].data.stream = pipe->stream();
      any_pipe = true;
    } else if (spec.kind == StdioSpec::kInheritFd) {
      stdio[slot].flags = UV_INHERIT_FD;
      stdio[slot].data.fd = spec.fd;
    } else {
      stdio[slot].flags = UV_IGNORE;
    }
  }
  if (any_pipe) IgnoreBrokenPipes();
  Runtime* runtime = Runtime::From(isolate);
  // What the worker printed before reaches the host before what the child prints.
  if (InheritsWorkerOutput(request)) runtime->channel()->Flush();
  int rc = SpawnChild(request, std::move(stdio), OnExit, [wrap](const uv_process_options_t* uv_options, int* pid) {
    int spawned = wrap->handle_.Spawn(uv_options, wrap);
    *pid = wrap->handle_.pid();
    return spawned;
  });
  // The pipes are connected unless uv_spawn itself failed; the JS side
  // closes them when the child did not start.
  for (PipeWrap* pipe : pipes) pipe->Connected();
  wrap->MakeStrong();
  if (rc == 0) {
    wrap->running_ = true;
    SetValue(isolate, context, info.This(), "pid", v8::Integer::New(isolate, wrap->handle_.pid()));
  }
  info.GetReturnValue().Set(rc);
}

void ProcessWrap::OnExit(uv_process_t* process, int64_t exit_status, int term_signal) {
  auto* wrap = static_cast<ProcessWrap*>(process->data);
  if (wrap == nullptr) return;
  wrap->running_ = false;
  v8::Isolate* isolate = wrap->isolate();
  v8::HandleScope scope(isolate);
  v8::Local<v8::Value> argv[] = {v8::Number::New(isolate, static_cast<double>(exit_status)),
                                 v8::Integer::New(isolate, term_signal)};
  wrap->CallProperty("onexit", 2, argv);
}

// kill(signal) -> 0 or a libuv error; UV_ESRCH once the child has exited,
// so that no signal reaches a process that took its pid.
void ProcessWrap::Kill(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* wrap = From<ProcessWrap>(info.This());
  int signal = info[0]->IsInt32() ? info[0].As<v8::Int32>()->Value() : SIGTERM;
  if (wrap == nullptr || !wrap->running_) return info.GetReturnValue().Set(UV_ESRCH);
  info.GetReturnValue().Set(uv_process_kill(wrap->handle_.get(), signal));
}

void ProcessWrap::Close(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* wrap = From<ProcessWrap>(info.This());
  if (wrap == nullptr) return;
  if (!wrap->running_) wrap->handle_.Close();
  wrap->DetachAndDelete();  // the destructor ends a child that still runs
}

void ProcessWrap::Ref(const v8::FunctionCallbackInfo<v8::Value>& info) {
  if (auto* wrap = From<ProcessWrap>(info.This())) wrap->handle_.SetReferenced(true);
}

void ProcessWrap::Unref(const v8::FunctionCallbackInfo<v8::Value>& info) {
  if (auto* wrap = From<ProcessWrap>(info.This())) wrap->handle_.SetReferenced(false);
}

void ProcessWrap::HasRef(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* wrap = From<ProcessWrap>(info.This());
  info.GetReturnValue().Set(wrap != nullptr && wrap->handle_.is_open() &&
                            uv_has_ref(reinterpret_cast<const uv_handle_t*>(wrap->handle_.get())) != 0);
}

}  // namespace isohost::worker::child_process
