#include "worker/api/fs/watcher.h"

#include <utility>

#include "worker/runtime/runtime.h"

namespace isohost::worker::fs {

Watcher::Watcher(v8::Isolate* isolate, v8::Local<v8::Function> callback)
    : isolate_(isolate), callback_(isolate, callback) {}

Watcher::~Watcher() {
  if (object_.IsEmpty()) return;
  v8::HandleScope scope(isolate_);
  object_.Get(isolate_)->SetAlignedPointerInInternalField(0, nullptr);
}

v8::Local<v8::FunctionTemplate> Watcher::HandleTemplate(v8::Isolate* isolate) {
  // One isolate per worker process: the template is made on the first watch
  // and lives as long as the process.
  static v8::Global<v8::FunctionTemplate>* handle_template = nullptr;
  if (handle_template == nullptr) {
    v8::Local<v8::FunctionTemplate> templ = v8::FunctionTemplate::New(isolate);
    templ->InstanceTemplate()->SetInternalFieldCount(1);
    v8::Local<v8::ObjectTemplate> proto = templ->PrototypeTemplate();
    const std::pair<const char*, v8::FunctionCallback> methods[] = {
        {"close", Close}, {"ref", Ref}, {"unref", Unref}};
    for (const auto& [name, callback] : methods) {
      proto->Set(v8::String::NewFromUtf8(isolate, name, v8::NewStringType::kInternalized).ToLocalChecked(),
                 v8::FunctionTemplate::New(isolate, callback, {}, v8::Signature::New(isolate, templ)));
    }
    handle_template = new v8::Global<v8::FunctionTemplate>(isolate, templ);
  }
  return handle_template->Get(isolate);
}

v8::MaybeLocal<v8::Object> Watcher::MakeHandleObject() {
  v8::EscapableHandleScope scope(isolate_);
  v8::Local<v8::Object> object;
  if (!HandleTemplate(isolate_)->InstanceTemplate()->NewInstance(isolate_->GetCurrentContext()).ToLocal(&object)) {
    return {};
  }
  object->SetAlignedPointerInInternalField(0, this);
  object_.Reset(isolate_, object);
  return scope.Escape(object);
}

void Watcher::Call(int argc, v8::Local<v8::Value>* argv) {
  v8::Local<v8::Function> callback = callback_.Get(isolate_);
  Runtime::From(isolate_)->MakeCallback(callback, argc, argv);
}

// The methods' signature makes V8 refuse any other receiver; the pointer is
// null once the watcher is closed.
Watcher* Watcher::FromHandleObject(const v8::FunctionCallbackInfo<v8::Value>& info) {
  return static_cast<Watcher*>(info.This()->GetAlignedPointerFromInternalField(0));
}

void Watcher::Close(const v8::FunctionCallbackInfo<v8::Value>& info) { delete FromHandleObject(info); }

void Watcher::Ref(const v8::FunctionCallbackInfo<v8::Value>& info) {
  if (Watcher* watcher = FromHandleObject(info)) uv_ref(watcher->uv_handle());
}

void Watcher::Unref(const v8::FunctionCallbackInfo<v8::Value>& info) {
  if (Watcher* watcher = FromHandleObject(info)) uv_unref(watcher->uv_handle());
}

}  // namespace isohost::worker::fs
