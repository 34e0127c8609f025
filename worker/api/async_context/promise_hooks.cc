#include "worker/api/async_context/promise_hooks.h"

#include <algorithm>

namespace isohost::worker {

void PromiseHooks::Set(v8::Isolate* isolate, v8::Local<v8::Context> main, const Hooks& hooks) {
  for (std::size_t i = 0; i < hooks.size(); ++i) {
    if (hooks[i].IsEmpty()) {
      hooks_[i].Reset();
    } else {
      hooks_[i].Reset(isolate, hooks[i]);
    }
  }
  set_ = true;
  InstallIn(isolate, main);
  Prune();
  for (const v8::Global<v8::Context>& context : contexts_) InstallIn(isolate, context.Get(isolate));
}

void PromiseHooks::AddContext(v8::Isolate* isolate, v8::Local<v8::Context> context) {
  if (set_) InstallIn(isolate, context);
  if (contexts_.size() >= prune_at_) {
    Prune();
    prune_at_ = std::max<std::size_t>(16, contexts_.size() * 2);
  }
  contexts_.emplace_back(isolate, context);
  contexts_.back().SetWeak();
}

void PromiseHooks::Reset() {
  for (v8::Global<v8::Function>& hook : hooks_) hook.Reset();
  contexts_.clear();
  set_ = false;
}

void PromiseHooks::InstallIn(v8::Isolate* isolate, v8::Local<v8::Context> context) const {
  v8::Local<v8::Function> local[4];
  for (std::size_t i = 0; i < hooks_.size(); ++i) {
    if (!hooks_[i].IsEmpty()) local[i] = hooks_[i].Get(isolate);
  }
  context->SetPromiseHooks(local[0], local[1], local[2], local[3]);
}

void PromiseHooks::Prune() {
  contexts_.erase(std::remove_if(contexts_.begin(), contexts_.end(),
                                 [](const v8::Global<v8::Context>& context) { return context.IsEmpty(); }),
                  contexts_.end());
}

}  // namespace isohost::worker
