#include "worker/api/stream/stream_wrap.h"

#include <csignal>
#include <memory>
#include <utility>
#include <vector>

#include "worker/api/buffer/v8_bytes.h"
#include "worker/runtime/runtime.h"

namespace isohost::worker::child_process {
namespace {

// What one read asks for: a pipe or socket rarely has more waiting.
constexpr std::size_t kReadSize = 64 * 1024;

// One write in flight: the bytes stay where JS had them, held by their
// backing stores until libuv is done with them. Needs nothing of the
// StreamWrap, which may be gone when the callback runs (a close cancels
// pending writes).
struct WriteRequest {
  uv_write_t req;
  v8::Isolate* isolate;
  v8::Global<v8::Function> callback;
  std::vector<std::shared_ptr<v8::BackingStore>> stores;
};

struct ShutdownRequest {
  uv_shutdown_t req;
  v8::Isolate* isolate;
  v8::Global<v8::Function> callback;
};

}  // namespace

void IgnoreBrokenPipes() {
  static const bool ignored = [] {
    ::signal(SIGPIPE, SIG_IGN);
    return true;
  }();
  static_cast<void>(ignored);
}

void CallBackWithStatus(v8::Isolate* isolate, v8::Global<v8::Function>& callback, int status) {
  v8::HandleScope scope(isolate);
  Runtime* runtime = Runtime::From(isolate);
  v8::Context::Scope context_scope(runtime->context());
  v8::Local<v8::Value> argv[] = {v8::Integer::New(isolate, status)};
  runtime->MakeCallback(callback.Get(isolate), 1, argv);
}

int StreamHandle::Open(uv_loop_t* loop, int fd) {
  if (uv_guess_handle(fd) == UV_TTY) return Initialized(uv_tty_init(loop, &Fresh()->tty, fd, /*readable=*/1));
  if (int rc = InitPipe(loop); rc != 0) return rc;
  int rc = uv_pipe_open(&get()->pipe, fd);
  if (rc != 0) Close();
  return rc;
}

bool StreamWrap::AddMethods(v8::Isolate* isolate, v8::Local<v8::FunctionTemplate> tmpl,
                            v8::Local<v8::Signature> signature,
                            const std::pair<const char*, v8::FunctionCallback>* methods, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    v8::Local<v8::String> key;
    if (!v8::String::NewFromUtf8(isolate, methods[i].first, v8::NewStringType::kInternalized).ToLocal(&key)) {
      return false;
    }
    tmpl->PrototypeTemplate()->Set(key, v8::FunctionTemplate::New(isolate, methods[i].second, {}, signature));
  }
  return true;
}

void StreamWrap::ReadStart(StreamWrap* wrap, const v8::FunctionCallbackInfo<v8::Value>& info) {
  if (wrap == nullptr) return info.GetReturnValue().Set(UV_EBADF);
  info.GetReturnValue().Set(uv_read_start(wrap->stream(), OnAlloc, OnRead));
}

void StreamWrap::ReadStop(StreamWrap* wrap, const v8::FunctionCallbackInfo<v8::Value>& info) {
  if (wrap == nullptr) return info.GetReturnValue().Set(UV_EBADF);
  info.GetReturnValue().Set(uv_read_stop(wrap->stream()));
}

void StreamWrap::OnAlloc(uv_handle_t* handle, std::size_t, uv_buf_t* buf) {
  auto* wrap = StreamHandle::OwnerOf<StreamWrap>(reinterpret_cast<uv_stream_t*>(handle));
  *buf = uv_buf_init(nullptr, 0);  // UV_ENOBUFS for the read
  if (wrap == nullptr) return;
  if (!wrap->read_store_) wrap->read_store_ = buffer::NewUninitializedBackingStore(wrap->isolate(), kReadSize);
  if (wrap->read_store_) *buf = uv_buf_init(static_cast<char*>(wrap->read_store_->Data()), kReadSize);
}

void StreamWrap::OnRead(uv_stream_t* stream, ssize_t nread, const uv_buf_t*) {
  auto* wrap = StreamHandle::OwnerOf<StreamWrap>(stream);
  // 0 is EAGAIN: the memory waits for the next read.
  if (wrap == nullptr || nread == 0) return;
  v8::Isolate* isolate = wrap->isolate();
  v8::HandleScope scope(isolate);
  v8::Context::Scope context_scope(Runtime::From(isolate)->context());
  v8::Local<v8::Value> argv[] = {v8::Number::New(isolate, static_cast<double>(nread)), v8::Undefined(isolate)};
  if (nread > 0) {
    std::unique_ptr<v8::BackingStore> store =
        buffer::ResizeBackingStore(isolate, std::move(wrap->read_store_), static_cast<std::size_t>(nread));
    if (!store) {
      argv[0] = v8::Integer::New(isolate, UV_ENOMEM);
    } else {
      argv[1] = buffer::ArrayBufferFromStore(isolate, std::move(store));
    }
  }
  wrap->CallProperty("onread", 2, argv);
}

// writev([ArrayBufferView...], callback) -> 0 or a libuv error (then the
// callback never runs).
void StreamWrap::Writev(StreamWrap* wrap, const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (wrap == nullptr) return info.GetReturnValue().Set(UV_EBADF);
  if (!info[0]->IsArray() || !info[1]->IsFunction()) return info.GetReturnValue().Set(UV_EINVAL);
  v8::Local<v8::Context> context = isolate->GetCurrentContext();
  v8::Local<v8::Array> chunks = info[0].As<v8::Array>();
  auto request = std::make_unique<WriteRequest>();
  std::vector<uv_buf_t> bufs;
  for (uint32_t i = 0; i < chunks->Length(); ++i) {
    v8::Local<v8::Value> chunk;
    if (!chunks->Get(context, i).ToLocal(&chunk)) return;
    if (!chunk->IsArrayBufferView()) return info.GetReturnValue().Set(UV_EINVAL);
    v8::Local<v8::ArrayBufferView> view = chunk.As<v8::ArrayBufferView>();
    std::size_t length = view->ByteLength();
    if (length == 0) continue;
    // Buffer() moves a small array's bytes out of V8's heap, where the
    // collector could move them, into a store of their own.
    std::shared_ptr<v8::BackingStore> store = view->Buffer()->GetBackingStore();
    bufs.push_back(uv_buf_init(static_cast<char*>(store->Data()) + view->ByteOffset(), static_cast<unsigned>(length)));
    request->stores.push_back(std::move(store));
  }
  request->isolate = isolate;
  request->callback.Reset(isolate, info[1].As<v8::Function>());
  request->req.data = request.get();
  uv_buf_t empty = uv_buf_init(nullptr, 0);
  int rc = uv_write(&request->req, wrap->stream(), bufs.empty() ? &empty : bufs.data(),
                    bufs.empty() ? 1 : static_cast<unsigned>(bufs.size()), [](uv_write_t* req, int status) {
                      std::unique_ptr<WriteRequest> done(static_cast<WriteRequest*>(req->data));
                      CallBackWithStatus(done->isolate, done->callback, status);
                    });
  if (rc == 0) request.release();
  info.GetReturnValue().Set(rc);
}

// shutdown(callback) -> 0 or a libuv error: the peer reads EOF once what was
// written before has gone.
void StreamWrap::Shutdown(StreamWrap* wrap, const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (wrap == nullptr) return info.GetReturnValue().Set(UV_EBADF);
  if (!info[0]->IsFunction()) return info.GetReturnValue().Set(UV_EINVAL);
  auto request = std::make_unique<ShutdownRequest>();
  request->isolate = isolate;
  request->callback.Reset(isolate, info[0].As<v8::Function>());
  request->req.data = request.get();
  int rc = uv_shutdown(&request->req, wrap->stream(), [](uv_shutdown_t* req, int status) {
    std::unique_ptr<ShutdownRequest> done(static_cast<ShutdownRequest*>(req->data));
    CallBackWithStatus(done->isolate, done->callback, status);
  });
  if (rc == 0) request.release();
  info.GetReturnValue().Set(rc);
}

// close([callback]) -> whether the callback will run: the descriptor is
// closed now (but 0 to 2), pending writes fail with UV_ECANCELED, nothing
// else comes from the loop, and the callback runs once libuv is done.
void StreamWrap::Close(StreamWrap* wrap, const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (wrap == nullptr) return info.GetReturnValue().Set(false);
  bool will_call = false;
  if (info[0]->IsFunction()) {
    auto callback = std::make_shared<v8::Global<v8::Function>>(isolate, info[0].As<v8::Function>());
    will_call = wrap->handle_.Close([isolate, callback] { CallBackWithStatus(isolate, *callback, 0); });
  } else {
    wrap->handle_.Close();
  }
  wrap->DetachAndDelete();
  info.GetReturnValue().Set(will_call);
}

void StreamWrap::Ref(StreamWrap* wrap, const v8::FunctionCallbackInfo<v8::Value>&) {
  if (wrap != nullptr) wrap->handle_.SetReferenced(true);
}

void StreamWrap::Unref(StreamWrap* wrap, const v8::FunctionCallbackInfo<v8::Value>&) {
  if (wrap != nullptr) wrap->handle_.SetReferenced(false);
}

void StreamWrap::HasRef(StreamWrap* wrap, const v8::FunctionCallbackInfo<v8::Value>& info) {
  info.GetReturnValue().Set(wrap != nullptr &&
                            uv_has_ref(reinterpret_cast<const uv_handle_t*>(wrap->stream())) != 0);
}

// fd() -> the descriptor, or -1 (none yet, or closed).
void StreamWrap::Fd(StreamWrap* wrap, const v8::FunctionCallbackInfo<v8::Value>& info) {
  uv_os_fd_t fd = -1;
  if (wrap == nullptr || uv_fileno(reinterpret_cast<const uv_handle_t*>(wrap->stream()), &fd) != 0) fd = -1;
  info.GetReturnValue().Set(fd);
}

}  // namespace isohost::worker::child_process
