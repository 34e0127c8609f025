#include "worker/api/stream/handle_object.h"

#include "worker/runtime/runtime.h"

namespace isohost::worker::child_process {

void HandleObject::CallProperty(const char* name, int argc, v8::Local<v8::Value>* argv) {
  v8::Isolate* isolate = this->isolate();
  v8::HandleScope scope(isolate);
  Runtime* runtime = Runtime::From(isolate);
  v8::Local<v8::Context> context = runtime->context();
  v8::Context::Scope context_scope(context);
  v8::Local<v8::String> key;
  v8::Local<v8::Value> callback;
  if (!v8::String::NewFromUtf8(isolate, name, v8::NewStringType::kInternalized).ToLocal(&key) ||
      !object()->Get(context, key).ToLocal(&callback) || !callback->IsFunction()) {
    return;
  }
  runtime->MakeCallback(callback.As<v8::Function>(), argc, argv);
}

}  // namespace isohost::worker::child_process
