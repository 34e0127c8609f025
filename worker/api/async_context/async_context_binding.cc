// The native half of async context (worker/js/internal/async_context.js):
// V8's promise hooks and the hook that ends every native callback. Installed
// on the first AsyncLocalStorage only, so a worker that never makes one runs
// its promises and callbacks without any hook.
#include "worker/v8/binding.h"
#include "worker/runtime/runtime.h"

namespace isohost::worker::native_modules {
namespace {

// setPromiseHooks(init, before, after, resolve): each a function or
// undefined; for this context and every vm context (worker/api/async_context/promise_hooks.h).
void SetPromiseHooks(const v8::FunctionCallbackInfo<v8::Value>& info) {
  PromiseHooks::Hooks hooks;
  for (int i = 0; i < 4; ++i) {
    if (info[i]->IsFunction()) hooks[i] = info[i].As<v8::Function>();
  }
  v8::Isolate* isolate = info.GetIsolate();
  Runtime::From(isolate)->promise_hooks().Set(isolate, isolate->GetCurrentContext(), hooks);
}

// setCallbackExitHook(fn): fn runs after each callback from the loop and its
// checkpoint, so that a frame entered with enterWith() does not outlive the
// callback that entered it.
void SetCallbackExitHook(const v8::FunctionCallbackInfo<v8::Value>& info) {
  if (!info[0]->IsFunction()) return;
  Runtime::From(info.GetIsolate())->SetCallbackExitHook(info[0].As<v8::Function>());
}

}  // namespace

ISOHOST_BINDING(async_context) {
  SetMethod(isolate, context, target, "setPromiseHooks", SetPromiseHooks);
  SetMethod(isolate, context, target, "setCallbackExitHook", SetCallbackExitHook);
}

}  // namespace isohost::worker::native_modules
