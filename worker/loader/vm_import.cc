#include "worker/loader/vm_import.h"

#include "worker/api/vm/vm_context.h"

namespace isohost::worker {
namespace {

using v8::Isolate;
using v8::Local;
using v8::Value;

// Marks host-defined options as vm.js's: a symbol no script can name.
Local<v8::Symbol> Tag(Isolate* isolate) {
  return v8::Symbol::ForApi(isolate, v8::String::NewFromUtf8Literal(isolate, "isohost:vm.import"));
}

// The hook vm.js set; it lives as long as the isolate (vm.js sets it once).
v8::Eternal<v8::Function>& Hook() {
  static v8::Eternal<v8::Function> hook;
  return hook;
}

}  // namespace

Local<v8::PrimitiveArray> VmImportOptions(Isolate* isolate, int id) {
  Local<v8::PrimitiveArray> options = v8::PrimitiveArray::New(isolate, 2);
  options->Set(isolate, 0, Tag(isolate));
  options->Set(isolate, 1, v8::Integer::New(isolate, id));
  return options;
}

bool IsVmImportOptions(Isolate* isolate, Local<v8::Data> options) {
  if (options.IsEmpty() || !options->IsFixedArray()) return false;
  Local<v8::PrimitiveArray> array = options.As<v8::PrimitiveArray>();
  return array->Length() == 2 && array->Get(isolate, 0)->StrictEquals(Tag(isolate));
}

v8::MaybeLocal<v8::Promise> ImportFromVmCode(Local<v8::Context> context, Local<v8::Data> options,
                                             Local<v8::String> specifier, Local<v8::Object> attributes) {
  Isolate* isolate = context->GetIsolate();
  Local<v8::Promise::Resolver> resolver;
  if (!v8::Promise::Resolver::New(context).ToLocal(&resolver)) return {};
  if (Hook().IsEmpty()) {
    // vm.js sets the hook when it loads, before it compiles anything.
    isolate->ThrowException(v8::Exception::Error(v8::String::NewFromUtf8Literal(isolate, "vm: no import() hook")));
    return {};
  }
  Local<Value> argv[4] = {options.As<v8::PrimitiveArray>()->Get(isolate, 1), VmContextObject(context), specifier,
                          attributes};
  v8::TryCatch try_catch(isolate);
  Local<Value> result;
  if (!Hook().Get(isolate)->Call(context, v8::Undefined(isolate), 4, argv).ToLocal(&result)) {
    if (try_catch.HasTerminated() || !try_catch.HasCaught()) {
      try_catch.ReThrow();
      return {};
    }
    // import() never throws: what the hook threw is the promise's reason.
    if (resolver->Reject(context, try_catch.Exception()).IsNothing()) return {};
    return resolver->GetPromise();
  }
  if (resolver->Resolve(context, result).IsNothing()) return {};
  return resolver->GetPromise();
}

void SetVmImportHook(const v8::FunctionCallbackInfo<Value>& info) {
  Isolate* isolate = info.GetIsolate();
  if (!info[0]->IsFunction() || !Hook().IsEmpty()) return;
  Hook().Set(isolate, info[0].As<v8::Function>());
}

}  // namespace isohost::worker
