// internalBinding('pipe'): Pipe, one libuv stream that JS reads and writes
// (worker/js/internal/streams/pipe_stream.js): a stdio pipe of a child that
// child_process.spawn started, or the worker's own fd 0 when the host handed
// it its stdin. Made by `new Pipe()`, owned by its JS object until JS
// closes it (handle_object.h).
//
//   new Pipe()           a pipe for spawn() to connect to a child
//   open(fd) -> err      the pipe, terminal or socket on `fd` instead
//   the stream methods of stream_wrap.h (readStart, writev, shutdown, close, ...)
//   guessHandleType(fd) -> 'TTY' | 'PIPE' | 'TCP' | 'UDP' | 'FILE' | 'UNKNOWN'
//   errname(err) -> 'EPIPE', and the constants UV_EOF, UV_ENOTCONN, UV_EBADF
#ifndef ISOHOST_WORKER_API_STREAM_PIPE_WRAP_H_
#define ISOHOST_WORKER_API_STREAM_PIPE_WRAP_H_

#include <uv.h>
#include <v8.h>

#include "worker/api/stream/stream_wrap.h"

namespace isohost::worker::child_process {

class PipeWrap : public StreamWrap {
 public:
  static const int kTag;  // its address tells the classes apart (aligned, as V8 wants)

  static void Install(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);

  // Whether the stream has a descriptor already (connected or opened).
  bool has_descriptor();
  // A child holds the other end: the stream is in use from now on.
  void Connected() { MakeStrong(); }

 private:
  PipeWrap(v8::Isolate* isolate, v8::Local<v8::Object> object);

  static void New(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Open(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void GuessHandleType(const v8::FunctionCallbackInfo<v8::Value>& info);
};

}  // namespace isohost::worker::child_process

#endif  // ISOHOST_WORKER_API_STREAM_PIPE_WRAP_H_
