// internalBinding('pipe'): Pipe, one libuv stream that JS reads and writes
// (worker/js/internal/streams/pipe_stream.js): a stdio pipe of a child that
// child_process.spawn started, or the worker's own fd 0 when the host handed
// it its stdin. Made by `new Pipe()`, owned by its JS object until JS
// closes it (handle_object.h).
//
//   new Pipe()           a pipe for spawn() to connect to a child
//   open(fd) -> err      the pipe, terminal or socket on `fd` instead
//   readStart() -> err, readStop()     data goes to the object's onread(nread, arrayBuffer);
//                                      nread < 0 is UV_EOF or an error, and reading stopped
//   writev([views], cb) -> err         cb(status) once written; the views are not copied
//   shutdown(cb) -> err                cb(status) once the write side is closed
//   close([cb]) -> whether cb(0) will run, once libuv has closed the handle
//   ref(), unref(), hasRef(), fd()
//   guessHandleType(fd) -> 'TTY' | 'PIPE' | 'TCP' | 'UDP' | 'FILE' | 'UNKNOWN'
//   errname(err) -> 'EPIPE', and the constants UV_EOF, UV_ENOTCONN, UV_EBADF
#ifndef ISOHOST_WORKER_CHILD_PROCESS_PIPE_WRAP_H_
#define ISOHOST_WORKER_CHILD_PROCESS_PIPE_WRAP_H_

#include <uv.h>
#include <v8.h>

#include <memory>

#include "ipc/uv_handle.h"
#include "worker/child_process/handle_object.h"

namespace isohost::worker::child_process {

// A stream handle: a pipe until open() finds a terminal on its descriptor.
class StreamHandle : public ipc::UvHandle<uv_any_handle> {
 public:
  int InitPipe(uv_loop_t* loop) { return Initialized(uv_pipe_init(loop, &Fresh()->pipe, 0)); }
  // The stream on `fd`, which it does not close if it is 0, 1 or 2 (libuv
  // never does). Returns 0 or a libuv error.
  int Open(uv_loop_t* loop, int fd);
  uv_stream_t* stream() { return &get()->stream; }
  void BindTo(void* owner) { Bind(owner); }
  template <typename Owner>
  static Owner* OwnerOf(uv_stream_t* stream) {
    return UvHandle::OwnerOf<Owner>(stream);
  }
};

class PipeWrap : public HandleObject {
 public:
  static const int kTag;  // its address tells the classes apart (aligned, as V8 wants)

  static void Install(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);

  // The stream, for the containers of uv_spawn, which gives it a descriptor.
  uv_stream_t* stream() { return handle_.stream(); }
  // Whether the stream has a descriptor already (connected or opened).
  bool has_descriptor();
  // A child holds the other end: the stream is in use from now on.
  void Connected() { MakeStrong(); }

 private:
  PipeWrap(v8::Isolate* isolate, v8::Local<v8::Object> object);

  static void New(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Open(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void ReadStart(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void ReadStop(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Writev(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Shutdown(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Close(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Ref(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Unref(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void HasRef(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Fd(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void GuessHandleType(const v8::FunctionCallbackInfo<v8::Value>& info);

  static void OnAlloc(uv_handle_t* handle, std::size_t suggested, uv_buf_t* buf);
  static void OnRead(uv_stream_t* stream, ssize_t nread, const uv_buf_t* buf);

  StreamHandle handle_;
  // The memory of the read in progress: V8's own, so that the ArrayBuffer
  // handed to JS takes it without a copy.
  std::unique_ptr<v8::BackingStore> read_store_;
};

}  // namespace isohost::worker::child_process

#endif  // ISOHOST_WORKER_CHILD_PROCESS_PIPE_WRAP_H_
