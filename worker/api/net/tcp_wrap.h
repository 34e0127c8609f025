// internalBinding('tcp'): TCP, one libuv TCP socket that JS listens on,
// connects or reads and writes (worker/js/internal/net/socket.js and
// server.js). Made by `new TCP()`, owned by its JS object until JS closes it
// (handle_object.h); a socket that never binds, listens or connects is the
// collector's.
//
//   new TCP()
//   bind(address, port, ipv6Only) -> err     an IPv4 or IPv6 literal
//   listen(backlog) -> err                   onconnection(status) per peer that connects
//   accept(tcp) -> err                       in onconnection: the peer's socket into `tcp`
//   connect(address, port, cb) -> err        cb(status) once connected or not
//   getsockname(), getpeername() -> { address, family, port } or an error number
//   setNoDelay(on) -> err, setKeepAlive(on, delaySeconds) -> err
//   errname(err) -> 'ECONNREFUSED', errmessage(err) -> 'connection refused'
//   the stream methods of stream_wrap.h (readStart, writev, shutdown, close, ...)
#ifndef ISOHOST_WORKER_API_NET_TCP_WRAP_H_
#define ISOHOST_WORKER_API_NET_TCP_WRAP_H_

#include <uv.h>
#include <v8.h>

#include "worker/api/stream/stream_wrap.h"

namespace isohost::worker::net {

class TcpWrap : public child_process::StreamWrap {
 public:
  static const int kTag;  // its address tells the classes apart (aligned, as V8 wants)

  static void Install(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);

 private:
  TcpWrap(v8::Isolate* isolate, v8::Local<v8::Object> object);

  static void New(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Bind(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Listen(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Accept(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Connect(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void GetSockName(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void GetPeerName(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void SetNoDelay(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void SetKeepAlive(const v8::FunctionCallbackInfo<v8::Value>& info);

  static void OnConnection(uv_stream_t* server, int status);
};

}  // namespace isohost::worker::net

#endif  // ISOHOST_WORKER_API_NET_TCP_WRAP_H_
