#include "worker/api/stream/handle_object.h"

#include "worker/runtime/runtime.h"

namespace isohost::worker::child_process {

HandleObject::HandleObject(v8::Isolate* isolate, v8::Local<v8::Object> object, const int* tag)
    : isolate_(isolate), object_(isolate, object) {
  object->SetAlignedPointerInInternalField(0, this);
  object->SetAlignedPointerInInternalField(1, const_cast<int*>(tag));
  object_.SetWeak(this, OnCollected, v8::WeakCallbackType::kParameter);
}

void HandleObject::OnCollected(const v8::WeakCallbackInfo<HandleObject>& info) {
  HandleObject* self = info.GetParameter();
  self->object_.Reset();
  delete self;  // closes a handle that was never used
}

HandleObject::~HandleObject() = default;

void HandleObject::CallProperty(const char* name, int argc, v8::Local<v8::Value>* argv) {
  v8::HandleScope scope(isolate_);
  Runtime* runtime = Runtime::From(isolate_);
  v8::Local<v8::Context> context = runtime->context();
  v8::Context::Scope context_scope(context);
  v8::Local<v8::String> key;
  v8::Local<v8::Value> callback;
  if (!v8::String::NewFromUtf8(isolate_, name, v8::NewStringType::kInternalized).ToLocal(&key) ||
      !object()->Get(context, key).ToLocal(&callback) || !callback->IsFunction()) {
    return;
  }
  runtime->MakeCallback(callback.As<v8::Function>(), argc, argv);
}

void HandleObject::DetachAndDelete() {
  {
    v8::HandleScope scope(isolate_);
    object()->SetAlignedPointerInInternalField(0, nullptr);
  }
  object_.Reset();
  delete this;
}

}  // namespace isohost::worker::child_process
