// internalBinding('dns'): name resolution on libuv's thread pool, for
// dns.lookup() (worker/js/node/dns.js), which net.connect() uses for a host
// that is not an IP literal.
//
//   getaddrinfo(hostname, family, callback) -> err     family 0, 4 or 6;
//       callback(status, [address, family, address, family, ...]) in the
//       resolver's order; status is a libuv error (UV_EAI_NONAME, ...) or 0
//   errname(err) -> 'EAI_NONAME'
#include <uv.h>
#include <v8.h>

#include <memory>
#include <string>

#include "worker/v8/binding.h"
#include "worker/runtime/runtime.h"

namespace isohost::worker::net {
namespace {

struct LookupRequest {
  uv_getaddrinfo_t req;
  v8::Isolate* isolate;
  v8::Global<v8::Function> callback;
};

void OnResolved(uv_getaddrinfo_t* req, int status, addrinfo* result) {
  std::unique_ptr<LookupRequest> done(static_cast<LookupRequest*>(req->data));
  std::unique_ptr<addrinfo, void (*)(addrinfo*)> owned(result, uv_freeaddrinfo);
  v8::Isolate* isolate = done->isolate;
  v8::HandleScope scope(isolate);
  Runtime* runtime = Runtime::From(isolate);
  v8::Local<v8::Context> context = runtime->context();
  v8::Context::Scope context_scope(context);
  v8::Local<v8::Array> addresses = v8::Array::New(isolate);
  uint32_t index = 0;
  for (addrinfo* entry = result; status == 0 && entry != nullptr; entry = entry->ai_next) {
    char ip[INET6_ADDRSTRLEN] = "";
    int family = 0;
    if (entry->ai_family == AF_INET) {
      uv_ip4_name(reinterpret_cast<const sockaddr_in*>(entry->ai_addr), ip, sizeof(ip));
      family = 4;
    } else if (entry->ai_family == AF_INET6) {
      uv_ip6_name(reinterpret_cast<const sockaddr_in6*>(entry->ai_addr), ip, sizeof(ip));
      family = 6;
    } else {
      continue;
    }
    v8::Local<v8::String> text;
    if (!v8::String::NewFromUtf8(isolate, ip).ToLocal(&text) ||
        addresses->Set(context, index++, text).IsNothing() ||
        addresses->Set(context, index++, v8::Integer::New(isolate, family)).IsNothing()) {
      return;
    }
  }
  v8::Local<v8::Value> argv[] = {v8::Integer::New(isolate, status), addresses};
  runtime->MakeCallback(done->callback.Get(isolate), 2, argv);
}

void GetAddrInfo(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (!info[0]->IsString() || !info[1]->IsInt32() || !info[2]->IsFunction()) {
    return info.GetReturnValue().Set(UV_EINVAL);
  }
  v8::String::Utf8Value hostname(isolate, info[0]);
  if (*hostname == nullptr) return info.GetReturnValue().Set(UV_EINVAL);
  int family = info[1].As<v8::Int32>()->Value();
  addrinfo hints{};
  hints.ai_family = family == 4 ? AF_INET : family == 6 ? AF_INET6 : AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  auto request = std::make_unique<LookupRequest>();
  request->isolate = isolate;
  request->callback.Reset(isolate, info[2].As<v8::Function>());
  request->req.data = request.get();
  int rc = uv_getaddrinfo(Runtime::From(isolate)->loop(), &request->req, OnResolved, *hostname, nullptr, &hints);
  if (rc == 0) request.release();
  info.GetReturnValue().Set(rc);
}

void ErrName(const v8::FunctionCallbackInfo<v8::Value>& info) {
  int err = info[0]->IsInt32() ? info[0].As<v8::Int32>()->Value() : 0;
  v8::Local<v8::String> name;
  if (v8::String::NewFromUtf8(info.GetIsolate(), uv_err_name(err)).ToLocal(&name)) info.GetReturnValue().Set(name);
}

}  // namespace
}  // namespace isohost::worker::net

namespace isohost::worker::native_modules {

ISOHOST_BINDING(dns) {
  SetMethod(isolate, context, target, "getaddrinfo", net::GetAddrInfo);
  SetMethod(isolate, context, target, "errname", net::ErrName);
}

}  // namespace isohost::worker::native_modules
