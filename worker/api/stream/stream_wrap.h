// The JS-facing half of one libuv stream (a child's pipe, a TCP socket): an
// object whose methods read, write, shut down and close the stream, as
// worker/js/internal/streams/pipe_stream.js and internal/net/socket.js use
// them. The concrete classes (PipeWrap, TcpWrap) make the handle and add
// what only they have; every method here is theirs through AddStreamMethods.
//
//   readStart() -> err, readStop()     data goes to the object's onread(nread, arrayBuffer);
//                                      nread < 0 is UV_EOF or an error, and reading stopped
//   writev([views], cb) -> err         cb(status) once written; the views are not copied
//   shutdown(cb) -> err                cb(status) once the write side is closed
//   close([cb]) -> whether cb(0) will run, once libuv has closed the handle
//   ref(), unref(), hasRef(), fd()
#ifndef ISOHOST_WORKER_API_STREAM_STREAM_WRAP_H_
#define ISOHOST_WORKER_API_STREAM_STREAM_WRAP_H_

#include <uv.h>
#include <v8.h>

#include <memory>

#include "base/uv_handle.h"
#include "worker/api/stream/handle_object.h"

namespace isohost::worker::child_process {

// A stream handle: a pipe until open() finds a terminal on its descriptor,
// or a TCP socket.
class StreamHandle : public base::UvHandle<uv_any_handle> {
 public:
  int InitPipe(uv_loop_t* loop) { return Initialized(uv_pipe_init(loop, &Fresh()->pipe, 0)); }
  int InitTcp(uv_loop_t* loop) { return Initialized(uv_tcp_init(loop, &Fresh()->tcp)); }
  // The stream on `fd`, which it does not close if it is 0, 1 or 2 (libuv
  // never does). Returns 0 or a libuv error.
  int Open(uv_loop_t* loop, int fd);
  uv_stream_t* stream() { return &get()->stream; }
  uv_tcp_t* tcp() { return &get()->tcp; }
  void BindTo(void* owner) { Bind(owner); }
  template <typename Owner>
  static Owner* OwnerOf(uv_stream_t* stream) {
    return UvHandle::OwnerOf<Owner>(stream);
  }
};

// A write into a pipe or socket whose reader has gone raises SIGPIPE, whose
// default action would end the worker: as in Node, the write fails with
// EPIPE instead. libuv resets every signal to its default in the children
// it starts, so they still get theirs.
void IgnoreBrokenPipes();

class StreamWrap : public HandleObject {
 public:
  uv_stream_t* stream() { return handle_.stream(); }

 protected:
  StreamWrap(v8::Isolate* isolate, v8::Local<v8::Object> object, const int* tag)
      : HandleObject(isolate, object, tag) {}

  using Method = void (*)(StreamWrap* wrap, const v8::FunctionCallbackInfo<v8::Value>& info);

  // Adds the methods above to `tmpl`'s prototype, for objects of class T
  // (one of `signature`); a method called on another object finds no wrap.
  template <typename T>
  static bool AddStreamMethods(v8::Isolate* isolate, v8::Local<v8::FunctionTemplate> tmpl,
                               v8::Local<v8::Signature> signature) {
    const std::pair<const char*, v8::FunctionCallback> methods[] = {
        {"readStart", Dispatch<T, ReadStart>}, {"readStop", Dispatch<T, ReadStop>},
        {"writev", Dispatch<T, Writev>},       {"shutdown", Dispatch<T, Shutdown>},
        {"close", Dispatch<T, Close>},         {"ref", Dispatch<T, Ref>},
        {"unref", Dispatch<T, Unref>},         {"hasRef", Dispatch<T, HasRef>}};
    // `fd` is a getter, as on Node's handles (server._handle.fd is a number).
    tmpl->PrototypeTemplate()->SetAccessorProperty(v8::String::NewFromUtf8Literal(isolate, "fd"),
                                                   v8::FunctionTemplate::New(isolate, Dispatch<T, Fd>, {}, signature));
    return AddMethods(isolate, tmpl, signature, methods, sizeof(methods) / sizeof(methods[0]));
  }
  // Adds `count` methods to `tmpl`'s prototype.
  static bool AddMethods(v8::Isolate* isolate, v8::Local<v8::FunctionTemplate> tmpl,
                         v8::Local<v8::Signature> signature, const std::pair<const char*, v8::FunctionCallback>* methods,
                         std::size_t count);

  StreamHandle& handle() { return handle_; }
  // Routes the handle's callbacks here (once it is initialised).
  void BindHandle() { handle_.BindTo(this); }
  // The handle is in use (connected, opened, listening): the object lives
  // until JS closes it.
  void InUse() {
    BindHandle();
    MakeStrong();
  }

 private:
  template <typename T, Method M>
  static void Dispatch(const v8::FunctionCallbackInfo<v8::Value>& info) {
    M(From<T>(info.This()), info);
  }

  static void ReadStart(StreamWrap* wrap, const v8::FunctionCallbackInfo<v8::Value>& info);
  static void ReadStop(StreamWrap* wrap, const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Writev(StreamWrap* wrap, const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Shutdown(StreamWrap* wrap, const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Close(StreamWrap* wrap, const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Ref(StreamWrap* wrap, const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Unref(StreamWrap* wrap, const v8::FunctionCallbackInfo<v8::Value>& info);
  static void HasRef(StreamWrap* wrap, const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Fd(StreamWrap* wrap, const v8::FunctionCallbackInfo<v8::Value>& info);

  static void OnAlloc(uv_handle_t* handle, std::size_t suggested, uv_buf_t* buf);
  static void OnRead(uv_stream_t* stream, ssize_t nread, const uv_buf_t* buf);

  StreamHandle handle_;
  // The memory of the read in progress: V8's own, so that the ArrayBuffer
  // handed to JS takes it without a copy.
  std::unique_ptr<v8::BackingStore> read_store_;
};

// Calls `callback(status)` from the loop (ticks and microtasks run after it).
void CallBackWithStatus(v8::Isolate* isolate, v8::Global<v8::Function>& callback, int status);

}  // namespace isohost::worker::child_process

#endif  // ISOHOST_WORKER_API_STREAM_STREAM_WRAP_H_
