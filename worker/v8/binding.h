// How JS reaches a built-in module's native half: internalBinding(name)
// gives the object of functions and constants its installer fills, made on
// the first call and cached, so a worker that never asks builds none of it.
// Each module defines its installer with ISOHOST_BINDING(name) beside its
// code (worker/api/<module>/) and names itself once in
// worker/v8/binding_list.h. The helpers below are what every binding needs.
#ifndef ISOHOST_WORKER_V8_BINDING_H_
#define ISOHOST_WORKER_V8_BINDING_H_

#include <v8.h>

#include <string>
#include <string_view>

namespace isohost::worker {

// Fills `target` with the module's functions and constants.
using BindingInstaller = void (*)(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                  v8::Local<v8::Object> target);

// The installer of binding `name` (worker/v8/binding_list.h), or null if
// there is none.
BindingInstaller FindBinding(std::string_view name);

// Defines the installer of binding `name`, in namespace
// isohost::worker::native_modules: `ISOHOST_BINDING(fs) { SetMethod(...); }`,
// with `isolate`, `context` and `target` in scope.
#define ISOHOST_BINDING(name)                                                                  \
  void Install_##name(v8::Isolate* isolate, v8::Local<v8::Context> context, \
                      v8::Local<v8::Object> target)

// Helpers for installers and bindings.
void SetMethod(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target,
               std::string_view name, v8::FunctionCallback callback);
void SetValue(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target,
              std::string_view name, v8::Local<v8::Value> value);
// A V8 string of runtime-made text (it fails only above V8's string length
// limit, which no such text reaches).
v8::Local<v8::String> Str(v8::Isolate* isolate, std::string_view text);
// `value` as UTF-8; empty when it cannot be converted.
std::string ToStdString(v8::Isolate* isolate, v8::Local<v8::Value> value);
void ThrowTypeError(v8::Isolate* isolate, std::string_view message);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_V8_BINDING_H_
