#include "worker/child_process/async_child.h"

#include <memory>
#include <utility>

#include "ipc/check.h"
#include "worker/buffer/v8_bytes.h"
#include "worker/native_module.h"
#include "worker/runtime.h"

namespace isohost::worker::child_process {

AsyncChild::AsyncChild(v8::Isolate* isolate, double max_buffer) : isolate_(isolate), max_buffer_(max_buffer) {
  process_.data = this;
  for (int i = 0; i < 2; ++i) {
    pipes_[i].owner = this;
    pipes_[i].slot = i + 1;
  }
}

AsyncChild::~AsyncChild() {
  if (object_.IsEmpty()) return;
  // The handle object outlives us: its kill() now finds nothing to signal.
  v8::HandleScope scope(isolate_);
  object_.Get(isolate_)->SetAlignedPointerInInternalField(0, nullptr);
}

v8::Local<v8::Value> AsyncChild::Start(v8::Isolate* isolate, const SpawnRequest& request, double max_buffer,
                                       v8::Local<v8::Function> callback) {
  Runtime* runtime = Runtime::From(isolate);
  uv_loop_t* loop = runtime->loop();
  auto* child = new AsyncChild(isolate, max_buffer);
  std::vector<uv_stdio_container_t> stdio(request.stdio.size());
  for (std::size_t slot = 0; slot < request.stdio.size(); ++slot) {
    const StdioSpec& spec = request.stdio[slot];
    if (spec.kind == StdioSpec::kPipe && (slot == 1 || slot == 2)) {
      Pipe& pipe = child->pipes_[slot - 1];
      CHECK_UV(uv_pipe_init(loop, &pipe.handle, 0));
      pipe.handle.data = &pipe;
      pipe.open = true;
      ++child->open_handles_;
      stdio[slot].flags = static_cast<uv_stdio_flags>(UV_CREATE_PIPE | UV_WRITABLE_PIPE);
      stdio[slot].data.stream = reinterpret_cast<uv_stream_t*>(&pipe.handle);
    } else if (spec.kind == StdioSpec::kInheritFd) {
      stdio[slot].flags = UV_INHERIT_FD;
      stdio[slot].data.fd = spec.fd;
    } else {
      // Without streams there is nobody to write to a stdin pipe: the
      // child's stdin reads EOF at once (/dev/null), as after stdin.end().
      stdio[slot].flags = UV_IGNORE;
    }
  }
  if (InheritsWorkerOutput(request)) runtime->channel()->Flush();
  bool process_open = false;
  int rc = SpawnChild(loop, &child->process_, request, std::move(stdio), OnExit, &process_open);
  if (process_open) ++child->open_handles_;
  if (rc != 0) {
    child->exited_ = child->closed_ = true;
    if (process_open) child->CloseHandle(reinterpret_cast<uv_handle_t*>(&child->process_));
    for (Pipe& pipe : child->pipes_) child->ClosePipe(&pipe);
    if (child->open_handles_ == 0) delete child;  // nothing to wait for
    return v8::Integer::New(isolate, rc);
  }
  for (Pipe& pipe : child->pipes_) {
    if (pipe.open && uv_read_start(reinterpret_cast<uv_stream_t*>(&pipe.handle), OnAlloc, OnRead) != 0) {
      child->ClosePipe(&pipe);
    }
  }

  v8::Local<v8::Context> context = isolate->GetCurrentContext();
  v8::Local<v8::Object> object;
  if (!HandleTemplate(isolate)->InstanceTemplate()->NewInstance(context).ToLocal(&object)) {
    // Only an exception (termination) gets here: the child is still ours to end.
    uv_process_kill(&child->process_, SIGKILL);
    return v8::Integer::New(isolate, UV_ENOMEM);
  }
  object->SetAlignedPointerInInternalField(0, child);
  SetValue(isolate, context, object, "pid", v8::Integer::New(isolate, child->process_.pid));
  child->object_.Reset(isolate, object);
  child->callback_.Reset(isolate, callback);
  return object;
}

v8::Local<v8::FunctionTemplate> AsyncChild::HandleTemplate(v8::Isolate* isolate) {
  // One isolate per worker process: the template is made once, on the first
  // execFile, and lives as long as the process.
  static v8::Global<v8::FunctionTemplate>* handle_template = nullptr;
  if (handle_template == nullptr) {
    v8::Local<v8::FunctionTemplate> templ = v8::FunctionTemplate::New(isolate);
    templ->InstanceTemplate()->SetInternalFieldCount(1);
    v8::Local<v8::ObjectTemplate> proto = templ->PrototypeTemplate();
    const std::pair<const char*, v8::FunctionCallback> methods[] = {
        {"kill", Kill}, {"ref", Ref}, {"unref", Unref}, {"closeOutput", CloseOutput}};
    for (const auto& [name, callback] : methods) {
      proto->Set(v8::String::NewFromUtf8(isolate, name, v8::NewStringType::kInternalized).ToLocalChecked(),
                 v8::FunctionTemplate::New(isolate, callback, {}, v8::Signature::New(isolate, templ)));
    }
    handle_template = new v8::Global<v8::FunctionTemplate>(isolate, templ);
  }
  return handle_template->Get(isolate);
}

// The methods' signature makes V8 refuse any other receiver; the pointer is
// null once the child is gone.
AsyncChild* AsyncChild::FromHandleObject(const v8::FunctionCallbackInfo<v8::Value>& info) {
  return static_cast<AsyncChild*>(info.This()->GetAlignedPointerFromInternalField(0));
}

// kill(signal) -> 0, or a negative libuv error (ESRCH once the child is gone).
void AsyncChild::Kill(const v8::FunctionCallbackInfo<v8::Value>& info) {
  AsyncChild* child = FromHandleObject(info);
  int signal = info[0]->IsInt32() ? info[0].As<v8::Int32>()->Value() : SIGTERM;
  int rc = child == nullptr || child->exited_ ? UV_ESRCH : uv_process_kill(&child->process_, signal);
  info.GetReturnValue().Set(rc);
}

void AsyncChild::Ref(const v8::FunctionCallbackInfo<v8::Value>& info) {
  AsyncChild* child = FromHandleObject(info);
  if (child == nullptr) return;
  if (!child->exited_) uv_ref(reinterpret_cast<uv_handle_t*>(&child->process_));
}

void AsyncChild::Unref(const v8::FunctionCallbackInfo<v8::Value>& info) {
  AsyncChild* child = FromHandleObject(info);
  if (child == nullptr) return;
  // Only the process, as in Node: its output pipes still keep the loop
  // alive until they close.
  if (!child->exited_) uv_unref(reinterpret_cast<uv_handle_t*>(&child->process_));
}

// closeOutput(): stops reading stdout and stderr (what was read is kept), so
// that 'close' follows the exit even if a grandchild holds the pipes; as
// Node's execFile destroys the streams after an error.
void AsyncChild::CloseOutput(const v8::FunctionCallbackInfo<v8::Value>& info) {
  AsyncChild* child = FromHandleObject(info);
  if (child == nullptr) return;
  for (Pipe& pipe : child->pipes_) child->ClosePipe(&pipe);
  child->MaybeClose();
}

void AsyncChild::OnExit(uv_process_t* process, int64_t exit_status, int term_signal) {
  auto* child = static_cast<AsyncChild*>(process->data);
  child->exited_ = true;
  v8::HandleScope scope(child->isolate_);
  v8::Context::Scope context_scope(Runtime::From(child->isolate_)->context());
  v8::Local<v8::Value> argv[] = {
      v8::String::NewFromUtf8Literal(child->isolate_, "exit"),
      v8::Number::New(child->isolate_, static_cast<double>(exit_status)),
      v8::Integer::New(child->isolate_, term_signal),
  };
  child->Call(3, argv);
  child->MaybeClose();
}

void AsyncChild::OnAlloc(uv_handle_t*, std::size_t suggested, uv_buf_t* buf) {
  buf->base = new char[suggested];
  buf->len = suggested;
}

void AsyncChild::OnRead(uv_stream_t* stream, ssize_t nread, const uv_buf_t* buf) {
  std::unique_ptr<char[]> owned(buf->base);
  auto* pipe = static_cast<Pipe*>(stream->data);
  AsyncChild* child = pipe->owner;
  if (nread > 0) {
    child->Append(pipe, buf->base, static_cast<std::size_t>(nread));
  } else if (nread < 0) {
    child->ClosePipe(pipe);
    child->MaybeClose();
  }
}

void AsyncChild::Append(Pipe* pipe, const char* data, std::size_t size) {
  if (pipe->overflowed) return;
  if (max_buffer_ >= 0 && static_cast<double>(pipe->data.size() + size) > max_buffer_) {
    // Node keeps exactly maxBuffer bytes and reports the stream.
    pipe->data.append(data, static_cast<std::size_t>(max_buffer_) - pipe->data.size());
    pipe->overflowed = true;
    v8::HandleScope scope(isolate_);
    v8::Context::Scope context_scope(Runtime::From(isolate_)->context());
    v8::Local<v8::Value> argv[] = {v8::String::NewFromUtf8Literal(isolate_, "maxBuffer"),
                                   v8::Integer::New(isolate_, pipe->slot)};
    Call(2, argv);
    return;
  }
  pipe->data.append(data, size);
}

void AsyncChild::ClosePipe(Pipe* pipe) {
  if (!pipe->open) return;
  pipe->open = false;
  CloseHandle(reinterpret_cast<uv_handle_t*>(&pipe->handle));
}

void AsyncChild::CloseHandle(uv_handle_t* handle) {
  handle->data = this;
  uv_close(handle, OnClosed);
}

void AsyncChild::OnClosed(uv_handle_t* handle) {
  auto* child = static_cast<AsyncChild*>(handle->data);
  if (--child->open_handles_ == 0) delete child;
}

void AsyncChild::MaybeClose() {
  if (closed_ || !exited_ || pipes_[0].open || pipes_[1].open) return;
  closed_ = true;
  {
    v8::HandleScope scope(isolate_);
    v8::Local<v8::Context> context = Runtime::From(isolate_)->context();
    v8::Context::Scope context_scope(context);
    v8::Local<v8::Array> output = v8::Array::New(isolate_, 3);
    for (Pipe& pipe : pipes_) {
      std::size_t size = pipe.data.size();
      void* bytes = std::malloc(size > 0 ? size : 1);
      if (bytes != nullptr && size > 0) std::memcpy(bytes, pipe.data.data(), size);
      std::string().swap(pipe.data);
      (void)output->Set(context, static_cast<uint32_t>(pipe.slot),
                        bytes != nullptr ? v8::Local<v8::Value>(buffer::ArrayBufferFromMalloc(isolate_, bytes, size))
                                         : v8::Local<v8::Value>(v8::Null(isolate_)))
          .FromMaybe(false);
    }
    v8::Local<v8::Value> argv[] = {v8::String::NewFromUtf8Literal(isolate_, "close"), output};
    Call(2, argv);
  }
  CloseHandle(reinterpret_cast<uv_handle_t*>(&process_));
}

void AsyncChild::Call(int argc, v8::Local<v8::Value>* argv) {
  if (callback_.IsEmpty()) return;
  Runtime::From(isolate_)->MakeCallback(callback_.Get(isolate_), argc, argv);
}

}  // namespace isohost::worker::child_process
