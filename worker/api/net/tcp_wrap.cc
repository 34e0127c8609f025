#include "worker/api/net/tcp_wrap.h"

#include <memory>
#include <string>
#include <utility>

#include "base/check.h"
#include "worker/v8/binding.h"
#include "worker/runtime/runtime.h"

namespace isohost::worker::net {
namespace {

struct ConnectRequest {
  uv_connect_t req;
  v8::Isolate* isolate;
  v8::Global<v8::Function> callback;
};

// `address` (an IPv4 or IPv6 literal) and `port` as a socket address;
// UV_EINVAL if `address` is neither.
int ToSockaddr(v8::Isolate* isolate, v8::Local<v8::Value> address, v8::Local<v8::Value> port,
               sockaddr_storage* storage) {
  if (!address->IsString() || !port->IsInt32()) return UV_EINVAL;
  int port_number = port.As<v8::Int32>()->Value();
  if (port_number < 0 || port_number > 65535) return UV_EINVAL;
  v8::String::Utf8Value text(isolate, address);
  if (*text == nullptr) return UV_EINVAL;
  std::string ip(*text, static_cast<std::size_t>(text.length()));
  if (ip.find(':') != std::string::npos) {
    return uv_ip6_addr(ip.c_str(), port_number, reinterpret_cast<sockaddr_in6*>(storage));
  }
  return uv_ip4_addr(ip.c_str(), port_number, reinterpret_cast<sockaddr_in*>(storage));
}

// { address, family: 'IPv4' | 'IPv6', port } of a socket address.
v8::MaybeLocal<v8::Object> AddressObject(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                         const sockaddr_storage& storage) {
  char ip[INET6_ADDRSTRLEN] = "";
  int port = 0;
  bool ipv6 = storage.ss_family == AF_INET6;
  if (ipv6) {
    const auto* in6 = reinterpret_cast<const sockaddr_in6*>(&storage);
    uv_ip6_name(in6, ip, sizeof(ip));
    port = ntohs(in6->sin6_port);
  } else {
    const auto* in = reinterpret_cast<const sockaddr_in*>(&storage);
    uv_ip4_name(in, ip, sizeof(ip));
    port = ntohs(in->sin_port);
  }
  v8::Local<v8::String> ip_string;
  if (!v8::String::NewFromUtf8(isolate, ip).ToLocal(&ip_string)) return {};
  v8::Local<v8::Object> result = v8::Object::New(isolate);
  if (result->Set(context, v8::String::NewFromUtf8Literal(isolate, "address"), ip_string).IsNothing() ||
      result
          ->Set(context, v8::String::NewFromUtf8Literal(isolate, "family"),
                ipv6 ? v8::String::NewFromUtf8Literal(isolate, "IPv6") : v8::String::NewFromUtf8Literal(isolate, "IPv4"))
          .IsNothing() ||
      result->Set(context, v8::String::NewFromUtf8Literal(isolate, "port"), v8::Integer::New(isolate, port))
          .IsNothing()) {
    return {};
  }
  return result;
}

using NameFunction = int (*)(const uv_tcp_t*, sockaddr*, int*);

void ReturnName(const v8::FunctionCallbackInfo<v8::Value>& info, uv_tcp_t* tcp, NameFunction name) {
  sockaddr_storage storage{};
  int length = sizeof(storage);
  int rc = name(tcp, reinterpret_cast<sockaddr*>(&storage), &length);
  if (rc != 0) return info.GetReturnValue().Set(rc);
  v8::Local<v8::Object> result;
  if (AddressObject(info.GetIsolate(), info.GetIsolate()->GetCurrentContext(), storage).ToLocal(&result)) {
    info.GetReturnValue().Set(result);
  }
}

// errname(-errno) -> 'ECONNREFUSED'; errmessage(-errno) -> 'connection refused'
void ErrName(const v8::FunctionCallbackInfo<v8::Value>& info) {
  int err = info[0]->IsInt32() ? info[0].As<v8::Int32>()->Value() : 0;
  v8::Local<v8::String> name;
  if (v8::String::NewFromUtf8(info.GetIsolate(), uv_err_name(err)).ToLocal(&name)) info.GetReturnValue().Set(name);
}

void ErrMessage(const v8::FunctionCallbackInfo<v8::Value>& info) {
  int err = info[0]->IsInt32() ? info[0].As<v8::Int32>()->Value() : 0;
  v8::Local<v8::String> message;
  if (v8::String::NewFromUtf8(info.GetIsolate(), uv_strerror(err)).ToLocal(&message)) {
    info.GetReturnValue().Set(message);
  }
}

}  // namespace

const int TcpWrap::kTag = 0;

TcpWrap::TcpWrap(v8::Isolate* isolate, v8::Local<v8::Object> object) : StreamWrap(isolate, object, &kTag) {}

void TcpWrap::Install(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target) {
  v8::Local<v8::FunctionTemplate> tmpl = v8::FunctionTemplate::New(isolate, New);
  tmpl->SetClassName(v8::String::NewFromUtf8Literal(isolate, "TCP"));
  tmpl->InstanceTemplate()->SetInternalFieldCount(kInternalFieldCount);
  v8::Local<v8::Signature> signature = v8::Signature::New(isolate, tmpl);
  const std::pair<const char*, v8::FunctionCallback> methods[] = {
      {"bind", Bind},
      {"listen", Listen},
      {"accept", Accept},
      {"connect", Connect},
      {"getsockname", GetSockName},
      {"getpeername", GetPeerName},
      {"setNoDelay", SetNoDelay},
      {"setKeepAlive", SetKeepAlive}};
  if (!AddStreamMethods<TcpWrap>(isolate, tmpl, signature) ||
      !AddMethods(isolate, tmpl, signature, methods, sizeof(methods) / sizeof(methods[0]))) {
    return;
  }
  v8::Local<v8::Function> constructor;
  if (!tmpl->GetFunction(context).ToLocal(&constructor)) return;
  SetValue(isolate, context, target, "TCP", constructor);
  SetMethod(isolate, context, target, "errname", ErrName);
  SetMethod(isolate, context, target, "errmessage", ErrMessage);
  SetValue(isolate, context, target, "UV_EOF", v8::Integer::New(isolate, UV_EOF));
  SetValue(isolate, context, target, "UV_ENOTCONN", v8::Integer::New(isolate, UV_ENOTCONN));
  SetValue(isolate, context, target, "UV_EBADF", v8::Integer::New(isolate, UV_EBADF));
  SetValue(isolate, context, target, "UV_EINVAL", v8::Integer::New(isolate, UV_EINVAL));
  SetValue(isolate, context, target, "UV_EAFNOSUPPORT", v8::Integer::New(isolate, UV_EAFNOSUPPORT));
}

void TcpWrap::New(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (!info.IsConstructCall()) {
    isolate->ThrowException(v8::Exception::TypeError(
        v8::String::NewFromUtf8Literal(isolate, "Class constructor TCP cannot be invoked without 'new'")));
    return;
  }
  child_process::IgnoreBrokenPipes();
  auto* wrap = new TcpWrap(isolate, info.This());
  // Cannot fail on a running loop (the socket itself is made at bind or
  // connect, where a refused socket() is an error for JS).
  CHECK_UV(wrap->handle().InitTcp(Runtime::From(isolate)->loop()));
  wrap->BindHandle();
}

void TcpWrap::Bind(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* wrap = From<TcpWrap>(info.This());
  if (wrap == nullptr) return info.GetReturnValue().Set(UV_EBADF);
  sockaddr_storage storage{};
  int rc = ToSockaddr(info.GetIsolate(), info[0], info[1], &storage);
  if (rc == 0) {
    unsigned flags = info[2]->IsTrue() ? UV_TCP_IPV6ONLY : 0;
    rc = uv_tcp_bind(wrap->handle().tcp(), reinterpret_cast<const sockaddr*>(&storage), flags);
  }
  info.GetReturnValue().Set(rc);
}

void TcpWrap::Listen(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* wrap = From<TcpWrap>(info.This());
  if (wrap == nullptr) return info.GetReturnValue().Set(UV_EBADF);
  int backlog = info[0]->IsInt32() ? info[0].As<v8::Int32>()->Value() : 511;
  int rc = uv_listen(wrap->stream(), backlog, OnConnection);
  if (rc == 0) wrap->InUse();
  info.GetReturnValue().Set(rc);
}

void TcpWrap::OnConnection(uv_stream_t* server, int status) {
  auto* wrap = static_cast<TcpWrap*>(child_process::StreamHandle::OwnerOf<StreamWrap>(server));
  if (wrap == nullptr) return;
  v8::Isolate* isolate = wrap->isolate();
  v8::HandleScope scope(isolate);
  v8::Context::Scope context_scope(Runtime::From(isolate)->context());
  v8::Local<v8::Value> argv[] = {v8::Integer::New(isolate, status)};
  wrap->CallProperty("onconnection", 1, argv);
}

void TcpWrap::Accept(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* wrap = From<TcpWrap>(info.This());
  auto* client = From<TcpWrap>(info[0]);
  if (wrap == nullptr || client == nullptr) return info.GetReturnValue().Set(UV_EBADF);
  int rc = uv_accept(wrap->stream(), client->stream());
  if (rc == 0) client->InUse();
  info.GetReturnValue().Set(rc);
}

void TcpWrap::Connect(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  auto* wrap = From<TcpWrap>(info.This());
  if (wrap == nullptr) return info.GetReturnValue().Set(UV_EBADF);
  if (!info[2]->IsFunction()) return info.GetReturnValue().Set(UV_EINVAL);
  sockaddr_storage storage{};
  int rc = ToSockaddr(isolate, info[0], info[1], &storage);
  if (rc != 0) return info.GetReturnValue().Set(rc);
  auto request = std::make_unique<ConnectRequest>();
  request->isolate = isolate;
  request->callback.Reset(isolate, info[2].As<v8::Function>());
  request->req.data = request.get();
  rc = uv_tcp_connect(&request->req, wrap->handle().tcp(), reinterpret_cast<const sockaddr*>(&storage),
                      [](uv_connect_t* req, int status) {
                        std::unique_ptr<ConnectRequest> done(static_cast<ConnectRequest*>(req->data));
                        child_process::CallBackWithStatus(done->isolate, done->callback, status);
                      });
  if (rc == 0) {
    request.release();
    wrap->InUse();
  }
  info.GetReturnValue().Set(rc);
}

void TcpWrap::GetSockName(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* wrap = From<TcpWrap>(info.This());
  if (wrap == nullptr) return info.GetReturnValue().Set(UV_EBADF);
  ReturnName(info, wrap->handle().tcp(), uv_tcp_getsockname);
}

void TcpWrap::GetPeerName(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* wrap = From<TcpWrap>(info.This());
  if (wrap == nullptr) return info.GetReturnValue().Set(UV_EBADF);
  ReturnName(info, wrap->handle().tcp(), uv_tcp_getpeername);
}

void TcpWrap::SetNoDelay(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* wrap = From<TcpWrap>(info.This());
  if (wrap == nullptr) return info.GetReturnValue().Set(UV_EBADF);
  info.GetReturnValue().Set(uv_tcp_nodelay(wrap->handle().tcp(), info[0]->BooleanValue(info.GetIsolate()) ? 1 : 0));
}

void TcpWrap::SetKeepAlive(const v8::FunctionCallbackInfo<v8::Value>& info) {
  auto* wrap = From<TcpWrap>(info.This());
  if (wrap == nullptr) return info.GetReturnValue().Set(UV_EBADF);
  unsigned delay = info[1]->IsUint32() ? info[1].As<v8::Uint32>()->Value() : 0;
  int enable = info[0]->BooleanValue(info.GetIsolate()) ? 1 : 0;
  info.GetReturnValue().Set(uv_tcp_keepalive(wrap->handle().tcp(), enable, delay));
}

}  // namespace isohost::worker::net

namespace isohost::worker::native_modules {

ISOHOST_BINDING(tcp) {
  net::TcpWrap::Install(isolate, context, target);
}

}  // namespace isohost::worker::native_modules
