// The native half of require('worker_threads') beyond the port: the heap
// limits this worker's isolate really runs with, for `resourceLimits`, and
// the bytes of MessagePort messages (worker/port_message.h).
#include <string_view>
#include <vector>

#include "worker/native_module.h"
#include "worker/port_message.h"
#include "worker/runtime.h"

namespace isohost::worker::native_modules {
namespace {

// [maxYoungGenerationSizeMb, maxOldGenerationSizeMb]. The young generation
// is what was asked for (--max-young-space) or V8's default of three 16 MiB
// semi-spaces; the old one is the rest of V8's heap size limit, which holds
// --max-old-space when it was given and V8's own choice otherwise.
void HeapLimitsMb(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  const HeapLimits& asked = Runtime::From(isolate)->heap_limits();
  v8::HeapStatistics stats;
  isolate->GetHeapStatistics(&stats);
  const double young = asked.max_young_space_mb > 0 ? asked.max_young_space_mb : 48;
  const double total = static_cast<double>(stats.heap_size_limit() >> 20);
  const double old = asked.max_old_space_mb > 0 ? asked.max_old_space_mb : total - young;
  v8::Local<v8::Value> values[2] = {v8::Number::New(isolate, young), v8::Number::New(isolate, old)};
  info.GetReturnValue().Set(v8::Array::New(isolate, values, 2));
}

// portToken(index) -> the stand-in for transferred port `index`.
void PortToken(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (!info[0]->IsUint32()) return;
  v8::Local<v8::Object> token;
  if (NewPortToken(isolate, isolate->GetCurrentContext(), info[0].As<v8::Uint32>()->Value()).ToLocal(&token)) {
    info.GetReturnValue().Set(token);
  }
}

// serializeMessage(value, arrayBuffers | undefined) -> ArrayBuffer of bytes;
// the ArrayBuffers (checked by JS) are copied and detached.
void SerializeMessage(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  v8::Local<v8::Context> context = isolate->GetCurrentContext();
  std::vector<v8::Local<v8::ArrayBuffer>> detach;
  if (info[1]->IsArray()) {
    v8::Local<v8::Array> list = info[1].As<v8::Array>();
    for (std::uint32_t i = 0; i < list->Length(); ++i) {
      v8::Local<v8::Value> item;
      if (!list->Get(context, i).ToLocal(&item)) return;
      if (item->IsArrayBuffer()) detach.push_back(item.As<v8::ArrayBuffer>());
    }
  }
  v8::Local<v8::ArrayBuffer> bytes;
  if (SerializePortMessage(isolate, context, info[0], detach).ToLocal(&bytes)) info.GetReturnValue().Set(bytes);
}

// deserializeMessage(bytes: ArrayBuffer | ArrayBufferView, ports | undefined)
// -> the value, in which port token i is ports[i].
void DeserializeMessage(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  std::string_view data;
  std::shared_ptr<v8::BackingStore> keep;
  if (info[0]->IsArrayBuffer()) {
    keep = info[0].As<v8::ArrayBuffer>()->GetBackingStore();
    data = {static_cast<const char*>(keep->Data()), keep->ByteLength()};
  } else if (info[0]->IsArrayBufferView()) {
    v8::Local<v8::ArrayBufferView> view = info[0].As<v8::ArrayBufferView>();
    keep = view->Buffer()->GetBackingStore();
    data = {static_cast<const char*>(keep->Data()) + view->ByteOffset(), view->ByteLength()};
  } else {
    isolate->ThrowException(v8::Exception::TypeError(
        v8::String::NewFromUtf8Literal(isolate, "deserializeMessage: bytes must be an ArrayBuffer")));
    return;
  }
  v8::Local<v8::Array> ports;
  if (info[1]->IsArray()) ports = info[1].As<v8::Array>();
  v8::Local<v8::Value> value;
  if (DeserializePortMessage(isolate, isolate->GetCurrentContext(), data, ports).ToLocal(&value)) {
    info.GetReturnValue().Set(value);
  }
}

}  // namespace

void InstallWorkerThreadsModule(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                v8::Local<v8::Object> target) {
  SetMethod(isolate, context, target, "heapLimitsMb", HeapLimitsMb);
  SetMethod(isolate, context, target, "portToken", PortToken);
  SetMethod(isolate, context, target, "serializeMessage", SerializeMessage);
  SetMethod(isolate, context, target, "deserializeMessage", DeserializeMessage);
}

}  // namespace isohost::worker::native_modules
