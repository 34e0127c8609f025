// The native half of `navigator` (worker/js/internal/navigator.js): how many
// CPUs this process may run on.
#include <uv.h>

#include "worker/v8/binding.h"

namespace isohost::worker::native_modules {
namespace {

// The CPUs of this process's affinity mask (cgroup quotas aside), at least 1.
void AvailableParallelism(const v8::FunctionCallbackInfo<v8::Value>& info) {
  info.GetReturnValue().Set(static_cast<double>(uv_available_parallelism()));
}

}  // namespace

ISOHOST_BINDING(navigator) {
  SetMethod(isolate, context, target, "availableParallelism", AvailableParallelism);
}

}  // namespace isohost::worker::native_modules
