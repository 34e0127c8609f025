#include "worker/api/fs/fs_request.h"

#include "worker/runtime/runtime.h"

namespace isohost::worker::fs {

FsRequest::FsRequest(v8::Isolate* isolate, v8::Local<v8::Function> callback, Finish finish, bool bigint)
    : isolate_(isolate), callback_(isolate, callback), finish_(finish), bigint_(bigint) {
  req_.data = this;
}

FsRequest::~FsRequest() = default;

v8::Local<v8::Value> ResultOf(v8::Isolate* isolate, uv_fs_t* req, Finish finish, bool bigint) {
  if (req->result < 0) return v8::Integer::New(isolate, static_cast<int>(req->result));
  return finish(isolate, req, bigint);
}

void FsRequest::OnDone(uv_fs_t* req) {
  std::unique_ptr<FsRequest> request(static_cast<FsRequest*>(req->data));
  v8::Isolate* isolate = request->isolate_;
  v8::HandleScope scope(isolate);
  Runtime* runtime = Runtime::From(isolate);
  v8::Context::Scope context_scope(runtime->context());
  v8::Local<v8::Value> argv[1] = {ResultOf(isolate, req, request->finish_, request->bigint_)};
  uv_fs_req_cleanup(req);
  v8::Local<v8::Function> callback = request->callback_.Get(isolate);
  request.reset();
  runtime->MakeCallback(callback, 1, argv);
}

uv_loop_t* LoopOf(v8::Isolate* isolate) { return Runtime::From(isolate)->loop(); }

PathArg::PathArg(v8::Isolate* isolate, v8::Local<v8::Value> value) {
  if (value->IsArrayBufferView()) {
    v8::Local<v8::ArrayBufferView> view = value.As<v8::ArrayBufferView>();
    value_.resize(view->ByteLength());
    view->CopyContents(value_.data(), value_.size());
    return;
  }
  v8::String::Utf8Value utf8(isolate, value);
  if (*utf8 != nullptr) value_.assign(*utf8, utf8.length());
}

}  // namespace isohost::worker::fs
