#include "worker/v8/binding.h"

#include "worker/v8/binding_list.h"

namespace isohost::worker {

// Each native module's installer, defined in its own file.
namespace native_modules {
#define V(name) ISOHOST_BINDING(name);
ISOHOST_BINDINGS(V)
#undef V
}  // namespace native_modules

namespace {

struct Entry {
  std::string_view name;
  BindingInstaller install;
};

constexpr Entry kBindings[] = {
#define V(name) {#name, native_modules::Install_##name},
    ISOHOST_BINDINGS(V)
#undef V
};

}  // namespace

BindingInstaller FindBinding(std::string_view name) {
  for (const Entry& entry : kBindings) {
    if (entry.name == name) return entry.install;
  }
  return nullptr;
}

void SetValue(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target,
              std::string_view name, v8::Local<v8::Value> value) {
  v8::Local<v8::String> key;
  if (!v8::String::NewFromUtf8(isolate, name.data(), v8::NewStringType::kInternalized,
                               static_cast<int>(name.size()))
           .ToLocal(&key)) {
    return;
  }
  (void)target->Set(context, key, value).FromMaybe(false);
}

void SetMethod(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target,
               std::string_view name, v8::FunctionCallback callback) {
  v8::Local<v8::Function> fn;
  if (!v8::Function::New(context, callback, v8::Local<v8::Value>(), 0, v8::ConstructorBehavior::kThrow)
           .ToLocal(&fn)) {
    return;
  }
  v8::Local<v8::String> key;
  if (!v8::String::NewFromUtf8(isolate, name.data(), v8::NewStringType::kInternalized,
                               static_cast<int>(name.size()))
           .ToLocal(&key)) {
    return;
  }
  fn->SetName(key);
  (void)target->Set(context, key, fn).FromMaybe(false);
}

v8::Local<v8::String> Str(v8::Isolate* isolate, std::string_view text) {
  return v8::String::NewFromUtf8(isolate, text.data(), v8::NewStringType::kNormal, static_cast<int>(text.size()))
      .ToLocalChecked();
}

std::string ToStdString(v8::Isolate* isolate, v8::Local<v8::Value> value) {
  v8::String::Utf8Value utf8(isolate, value);
  return *utf8 ? std::string(*utf8, static_cast<std::size_t>(utf8.length())) : std::string();
}

void ThrowTypeError(v8::Isolate* isolate, std::string_view message) {
  isolate->ThrowException(v8::Exception::TypeError(Str(isolate, message)));
}

}  // namespace isohost::worker
