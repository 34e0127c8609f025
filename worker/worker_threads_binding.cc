// The native half of require('worker_threads') beyond the port: the heap
// limits this worker's isolate really runs with, for `resourceLimits`.
#include "worker/native_module.h"
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

}  // namespace

void InstallWorkerThreadsModule(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                v8::Local<v8::Object> target) {
  SetMethod(isolate, context, target, "heapLimitsMb", HeapLimitsMb);
}

}  // namespace isohost::worker::native_modules
