#include "worker/v8/lazy_property.h"

namespace isohost::worker {
namespace {

void BuildOnFirstRead(v8::Local<v8::Name>, const v8::PropertyCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  v8::Local<v8::Function> build = info.Data().As<v8::Function>();
  v8::Local<v8::Value> value;
  // A build that throws leaves the exception pending and the property lazy.
  if (!build->Call(isolate->GetCurrentContext(), v8::Undefined(isolate), 0, nullptr).ToLocal(&value)) return;
  info.GetReturnValue().Set(value);
}

}  // namespace

void DefineLazyDataProperty(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  // Only the bootstrap calls this, with these types.
  if (!info[0]->IsObject() || !info[1]->IsName() || !info[3]->IsFunction()) {
    isolate->ThrowException(v8::Exception::TypeError(
        v8::String::NewFromUtf8Literal(isolate, "defineLazyData(target, name, enumerable, build)")));
    return;
  }
  auto attributes = info[2]->BooleanValue(isolate) ? v8::None : v8::DontEnum;
  v8::Maybe<bool> defined = info[0].As<v8::Object>()->SetLazyDataProperty(
      isolate->GetCurrentContext(), info[1].As<v8::Name>(), BuildOnFirstRead, info[3], attributes);
  if (defined.IsNothing()) return;  // the exception is pending
  info.GetReturnValue().Set(defined.FromJust());
}

}  // namespace isohost::worker
