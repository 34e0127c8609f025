// v8.GCProfiler's native class (worker/api/v8/gc_profiler.cc), part of
// internalBinding('heap').
#ifndef ISOHOST_WORKER_API_V8_GC_PROFILER_H_
#define ISOHOST_WORKER_API_V8_GC_PROFILER_H_

#include <v8.h>

namespace isohost::worker {

// Sets target.GCProfiler: new GCProfiler(), start(), stop() -> records.
void InstallGcProfilerClass(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_API_V8_GC_PROFILER_H_
