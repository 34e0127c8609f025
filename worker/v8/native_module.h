// The native half of built-in modules that a worker needs only when a script
// asks for them (Buffer's codecs, hashing, ...). Each is an object of
// functions that JS gets from binding.internalBinding(name): it is made on the
// first call and cached, so a worker that never asks builds none of it.
#ifndef ISOHOST_WORKER_V8_NATIVE_MODULE_H_
#define ISOHOST_WORKER_V8_NATIVE_MODULE_H_

#include <v8.h>

#include <string_view>

namespace isohost::worker {

// Fills `target` with the module's functions and constants.
using NativeModuleInstaller = void (*)(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                       v8::Local<v8::Object> target);

// The installer of native module `name`, or null if there is none.
NativeModuleInstaller FindNativeModule(std::string_view name);

// Helpers for installers.
void SetMethod(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target,
               std::string_view name, v8::FunctionCallback callback);
void SetValue(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target,
              std::string_view name, v8::Local<v8::Value> value);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_V8_NATIVE_MODULE_H_
