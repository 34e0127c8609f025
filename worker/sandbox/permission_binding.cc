// The native half of the permission model's JS checks
// (worker/js/internal/permission.js): the grant as the host's Start frame
// carried it. Read once, when `fs`, child_process or process.permission
// first need it, which is after Start.
#include "worker/native_module.h"
#include "worker/runtime.h"

namespace isohost::worker::native_modules {
namespace {

v8::Local<v8::Array> Strings(v8::Isolate* isolate, v8::Local<v8::Context> context,
                             const google::protobuf::RepeatedPtrField<std::string>& items) {
  v8::Local<v8::Array> array = v8::Array::New(isolate, items.size());
  for (int i = 0; i < items.size(); ++i) {
    v8::Local<v8::String> item;
    if (!v8::String::NewFromUtf8(isolate, items[i].data(), v8::NewStringType::kNormal,
                                 static_cast<int>(items[i].size()))
             .ToLocal(&item)) {
      continue;
    }
    (void)array->Set(context, static_cast<std::uint32_t>(i), item).FromMaybe(false);
  }
  return array;
}

}  // namespace

void InstallPermissionModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target) {
  const proto::Start& start = Runtime::From(isolate)->start();
  const proto::Permissions& grant = start.permissions();
  auto flag = [&](std::string_view name, bool value) {
    SetValue(isolate, context, target, name, v8::Boolean::New(isolate, value));
  };
  flag("enabled", start.has_permissions());
  flag("childProcess", grant.child_process());
  flag("worker", grant.worker_threads());
  flag("net", grant.net());
  SetValue(isolate, context, target, "fsRead", Strings(isolate, context, grant.fs_read()));
  SetValue(isolate, context, target, "fsWrite", Strings(isolate, context, grant.fs_write()));
}

}  // namespace isohost::worker::native_modules
