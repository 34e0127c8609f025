// The native half of `performance` (worker/js/internal/perf.js): the event
// loop's idle time, for performance.eventLoopUtilization().
#include <uv.h>

#include "worker/v8/binding.h"
#include "worker/runtime/runtime.h"

namespace isohost::worker::native_modules {
namespace {

// libuv counts idle time only once asked to, and then only from that moment:
// a worker that never calls eventLoopUtilization() pays nothing for it in
// its loop. Returns the monotonic time (ns) at which counting began.
void StartIdleTime(const v8::FunctionCallbackInfo<v8::Value>& info) {
  uv_loop_t* loop = Runtime::From(info.GetIsolate())->loop();
  int err = uv_loop_configure(loop, UV_METRICS_IDLE_TIME);
  info.GetReturnValue().Set(err == 0 ? static_cast<double>(uv_hrtime()) : -1.0);
}

// Nanoseconds the loop has spent waiting for events since StartIdleTime().
void IdleTime(const v8::FunctionCallbackInfo<v8::Value>& info) {
  uv_loop_t* loop = Runtime::From(info.GetIsolate())->loop();
  info.GetReturnValue().Set(static_cast<double>(uv_metrics_idle_time(loop)));
}

}  // namespace

ISOHOST_BINDING(performance) {
  SetMethod(isolate, context, target, "startIdleTime", StartIdleTime);
  SetMethod(isolate, context, target, "idleTime", IdleTime);
}

}  // namespace isohost::worker::native_modules
