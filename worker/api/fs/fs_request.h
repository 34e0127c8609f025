// One call of the `fs` binding on libuv's file-system API. Every binding
// function ends with a `callback` argument: when it is undefined the call is
// synchronous (uv_fs_* with a NULL callback, on the worker's loop, and the
// result is the return value); when it is a function the call runs on
// libuv's thread pool and `callback(result)` is called from the loop as any
// other callback (ticks and microtasks after it).
//
// Either way a failure is a negative number, the libuv error code, which
// the JS side turns into Node's error with the syscall and paths it knows;
// a success is whatever the request's `Finish` makes of the finished uv_fs_t.
#ifndef ISOHOST_WORKER_API_FS_FS_REQUEST_H_
#define ISOHOST_WORKER_API_FS_FS_REQUEST_H_

#include <uv.h>
#include <v8.h>

#include <concepts>
#include <string>

namespace isohost::worker::fs {

// Makes the success value of a finished request (result >= 0).
using Finish = v8::Local<v8::Value> (*)(v8::Isolate* isolate, uv_fs_t* req, bool bigint);

// Starts the uv_fs_* call on `req`; `cb` is null for a synchronous call.
template <typename Start>
concept FsStart = requires(Start start, uv_loop_t* loop, uv_fs_t* req, uv_fs_cb cb) {
  { start(loop, req, cb) } -> std::convertible_to<int>;
};

class FsRequest {
 public:
  FsRequest(v8::Isolate* isolate, v8::Local<v8::Function> callback, Finish finish, bool bigint);
  FsRequest(const FsRequest&) = delete;
  FsRequest& operator=(const FsRequest&) = delete;
  ~FsRequest();

  uv_fs_t* req() { return &req_; }
  // A value (the buffer of a read or a write) that must outlive the request.
  void KeepAlive(v8::Local<v8::Value> value) { keep_alive_.Reset(isolate_, value); }

  static void OnDone(uv_fs_t* req);

 private:
  uv_fs_t req_;
  v8::Isolate* isolate_;
  v8::Global<v8::Function> callback_;
  v8::Global<v8::Value> keep_alive_;
  Finish finish_;
  bool bigint_;
};

// The value of a finished request: its Finish, or the error code.
v8::Local<v8::Value> ResultOf(v8::Isolate* isolate, uv_fs_t* req, Finish finish, bool bigint);

// The synchronous call or the queued one, by the type of info[callback_index];
// `keep_alive` (may be empty) is held until a queued request ends.
template <FsStart Start>
void Dispatch(const v8::FunctionCallbackInfo<v8::Value>& info, int callback_index, Finish finish, bool bigint,
              v8::Local<v8::Value> keep_alive, Start start);

// The loop of the worker that `isolate` runs.
uv_loop_t* LoopOf(v8::Isolate* isolate);

template <FsStart Start>
void Dispatch(const v8::FunctionCallbackInfo<v8::Value>& info, int callback_index, Finish finish, bool bigint,
              v8::Local<v8::Value> keep_alive, Start start) {
  v8::Isolate* isolate = info.GetIsolate();
  uv_loop_t* loop = LoopOf(isolate);
  v8::Local<v8::Value> callback = info[callback_index];
  if (callback->IsFunction()) {
    auto* request = new FsRequest(isolate, callback.As<v8::Function>(), finish, bigint);
    if (!keep_alive.IsEmpty()) request->KeepAlive(keep_alive);
    int err = start(loop, request->req(), FsRequest::OnDone);
    if (err < 0) {
      // Refused before it was queued (bad arguments): the JS side reports
      // the code through its callback on a later tick.
      delete request;
      info.GetReturnValue().Set(err);
    }
    return;
  }
  uv_fs_t req;
  int err = start(loop, &req, nullptr);
  // A call refused before it ran (bad arguments) left req->result unset.
  if (err < 0) {
    info.GetReturnValue().Set(err);
  } else {
    info.GetReturnValue().Set(ResultOf(isolate, &req, finish, bigint));
  }
  uv_fs_req_cleanup(&req);
}

// A path argument (a string, or the bytes of a Uint8Array) as a C string.
class PathArg {
 public:
  PathArg(v8::Isolate* isolate, v8::Local<v8::Value> value);
  const char* c_str() const { return value_.c_str(); }

 private:
  std::string value_;
};

}  // namespace isohost::worker::fs

#endif  // ISOHOST_WORKER_API_FS_FS_REQUEST_H_
