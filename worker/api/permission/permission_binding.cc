// The native half of the permission model's JS checks
// (worker/js/internal/permission.js): the grant as the host's Start frame
// carried it. Read once, when `fs`, child_process, process.permission or the
// module loader first need it, which is after Start.
#include "worker/v8/binding.h"
#include "worker/runtime/runtime.h"

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

// Whether `path` is covered by one of `roots`, as permission.js's covered().
bool Covered(const google::protobuf::RepeatedPtrField<std::string>& roots, std::string_view path) {
  for (const std::string& root : roots) {
    if (root == "*" || root == "/" || path == root) return true;
    if (path.size() > root.size() && path.starts_with(root) && path[root.size()] == '/') return true;
  }
  return false;
}

// mayRead(path): true when `path` is an absolute path in normal form that a
// read root covers. The module loader asks this before every source it
// reads, so that a sandboxed worker loads permission.js only when a script
// uses fs or is refused; anything else (false) goes to the JS check, which
// normalizes and throws Node's error.
void MayRead(const v8::FunctionCallbackInfo<v8::Value>& info) {
  bool granted = false;
  if (info.Length() > 0 && info[0]->IsString()) {
    v8::String::Utf8Value utf8(info.GetIsolate(), info[0]);
    std::string_view path(*utf8 != nullptr ? *utf8 : "", static_cast<std::size_t>(utf8.length()));
    // The form permission.js's absolute() leaves as it is.
    bool normal = path.starts_with('/') && !path.ends_with('/') && path.find("/.") == std::string_view::npos &&
                  path.find("//") == std::string_view::npos;
    granted = normal && Covered(Runtime::From(info.GetIsolate())->start().permissions().fs_read(), path);
  }
  info.GetReturnValue().Set(granted);
}

}  // namespace

ISOHOST_BINDING(permission) {
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
  SetMethod(isolate, context, target, "mayRead", MayRead);
}

}  // namespace isohost::worker::native_modules
