// The native half of `util`: the engine's own answers to what a value is
// (util.types; a script cannot tell a proxy or a module namespace apart from
// an object, nor an Error from an object that inherits Error.prototype), what
// is behind a proxy (util.inspect), libuv's names for error numbers
// (util.getSystemErrorName/Map), and a sleep of the worker's thread.
#include <uv.h>
#include <v8.h>

#include "worker/v8/error_format.h"
#include "worker/v8/binding.h"

namespace isohost::worker {
namespace {

using v8::FunctionCallbackInfo;
using v8::Local;
using v8::Value;

// One function per check: isXxx(value) -> value->IsXxx().
#define ISOHOST_UTIL_TYPE_CHECKS(V) \
  V(External)                       \
  V(Date)                           \
  V(ArgumentsObject)                \
  V(BigIntObject)                   \
  V(BooleanObject)                  \
  V(NumberObject)                   \
  V(StringObject)                   \
  V(SymbolObject)                   \
  V(NativeError)                    \
  V(RegExp)                         \
  V(AsyncFunction)                  \
  V(GeneratorFunction)              \
  V(GeneratorObject)                \
  V(Promise)                        \
  V(Map)                            \
  V(Set)                            \
  V(MapIterator)                    \
  V(SetIterator)                    \
  V(WeakMap)                        \
  V(WeakSet)                        \
  V(ArrayBuffer)                    \
  V(DataView)                       \
  V(SharedArrayBuffer)              \
  V(Proxy)                          \
  V(ModuleNamespaceObject)          \
  V(ArrayBufferView)                \
  V(TypedArray)                     \
  V(Uint8Array)                     \
  V(Uint8ClampedArray)              \
  V(Uint16Array)                    \
  V(Uint32Array)                    \
  V(Int8Array)                      \
  V(Int16Array)                     \
  V(Int32Array)                     \
  V(Float32Array)                   \
  V(Float64Array)                   \
  V(BigInt64Array)                  \
  V(BigUint64Array)

#define ISOHOST_DEFINE_CHECK(Name)                        \
  void Is##Name(const FunctionCallbackInfo<Value>& info) { \
    info.GetReturnValue().Set(info[0]->Is##Name());       \
  }
ISOHOST_UTIL_TYPE_CHECKS(ISOHOST_DEFINE_CHECK)
#undef ISOHOST_DEFINE_CHECK

// isBoxedPrimitive(value): any of the five wrapper objects.
void IsBoxedPrimitive(const FunctionCallbackInfo<Value>& info) {
  Local<Value> value = info[0];
  info.GetReturnValue().Set(value->IsNumberObject() || value->IsStringObject() || value->IsBooleanObject() ||
                            value->IsBigIntObject() || value->IsSymbolObject());
}

// isAnyArrayBuffer(value): an ArrayBuffer or a SharedArrayBuffer.
void IsAnyArrayBuffer(const FunctionCallbackInfo<Value>& info) {
  info.GetReturnValue().Set(info[0]->IsArrayBuffer() || info[0]->IsSharedArrayBuffer());
}

// errname(errno) -> libuv's name for it ("ENOENT"), or a sentence naming the
// number when libuv does not know it. The caller checks that it is an int32.
void ErrName(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  int err = info[0]->Int32Value(isolate->GetCurrentContext()).FromMaybe(0);
  char name[64];
  uv_err_name_r(err, name, sizeof(name));
  Local<v8::String> text;
  if (v8::String::NewFromUtf8(isolate, name).ToLocal(&text)) info.GetReturnValue().Set(text);
}

// errorMap() -> [[errno, name, message], ...] for every error libuv names.
void ErrorMap(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Local<v8::Context> context = isolate->GetCurrentContext();
  Local<v8::Array> result = v8::Array::New(isolate);
  uint32_t index = 0;
  auto add = [&](int err, const char* name, const char* message) {
    Local<v8::String> name_string;
    Local<v8::String> message_string;
    if (!v8::String::NewFromUtf8(isolate, name).ToLocal(&name_string) ||
        !v8::String::NewFromUtf8(isolate, message).ToLocal(&message_string)) {
      return;
    }
    Local<Value> row[3] = {v8::Integer::New(isolate, err), name_string, message_string};
    (void)result->Set(context, index++, v8::Array::New(isolate, row, 3)).FromMaybe(false);
  };
#define ISOHOST_ADD_ERROR(name, message) add(UV_##name, #name, message);
  UV_ERRNO_MAP(ISOHOST_ADD_ERROR)
#undef ISOHOST_ADD_ERROR
  info.GetReturnValue().Set(result);
}

// getProxyDetails(value, full = true) -> undefined if not a proxy; else
// [target, handler] when `full`, the target otherwise (null for a revoked one).
void GetProxyDetails(const FunctionCallbackInfo<Value>& info) {
  if (!info[0]->IsProxy()) return;
  Local<v8::Proxy> proxy = info[0].As<v8::Proxy>();
  if (info.Length() < 2 || info[1]->IsTrue()) {
    Local<Value> details[2] = {proxy->GetTarget(), proxy->GetHandler()};
    info.GetReturnValue().Set(v8::Array::New(info.GetIsolate(), details, 2));
  } else {
    info.GetReturnValue().Set(proxy->GetTarget());
  }
}

// arrayBufferViewHasBuffer(view): false while a small typed array still keeps
// its bytes on the V8 heap (the buffer's reads copy those without making an
// ArrayBuffer, worker/api/buffer/v8_bytes.cc), true once it has an ArrayBuffer.
void ArrayBufferViewHasBuffer(const FunctionCallbackInfo<Value>& info) {
  if (!info[0]->IsArrayBufferView()) return;
  info.GetReturnValue().Set(info[0].As<v8::ArrayBufferView>()->HasBuffer());
}

// sleep(msec): blocks the thread; internal/util.js checks that msec is a uint32.
void Sleep(const FunctionCallbackInfo<Value>& info) {
  if (!info[0]->IsUint32()) return;
  uv_sleep(info[0].As<v8::Uint32>()->Value());
}

}  // namespace

namespace native_modules {

ISOHOST_BINDING(util) {
#define ISOHOST_SET_CHECK(Name) SetMethod(isolate, context, target, "is" #Name, Is##Name);
  ISOHOST_UTIL_TYPE_CHECKS(ISOHOST_SET_CHECK)
#undef ISOHOST_SET_CHECK
  SetMethod(isolate, context, target, "isBoxedPrimitive", IsBoxedPrimitive);
  SetMethod(isolate, context, target, "isAnyArrayBuffer", IsAnyArrayBuffer);
  SetMethod(isolate, context, target, "errname", ErrName);
  SetMethod(isolate, context, target, "errorMap", ErrorMap);
  SetMethod(isolate, context, target, "getProxyDetails", GetProxyDetails);
  SetMethod(isolate, context, target, "arrayBufferViewHasBuffer", ArrayBufferViewHasBuffer);
  SetMethod(isolate, context, target, "sleep", Sleep);
  // The private symbols the runtime keeps on objects: a script can read and
  // write them (no key lists them) but only code given this object has them.
  // The arrow message is where a SyntaxError points: "file:line", the source
  // line and a caret, as the fatal-error report prints it.
  // (A v8::Private is a symbol to the engine; V8's API offers no other way
  // to hand one to JavaScript.)
  Local<v8::Data> arrow_message = ErrorSourceKey(isolate);
  Local<v8::Object> private_symbols = v8::Object::New(isolate);
  SetValue(isolate, context, private_symbols, "arrow_message_private_symbol", arrow_message.As<Value>());
  SetValue(isolate, context, target, "privateSymbols", private_symbols);
}

}  // namespace native_modules
}  // namespace isohost::worker
