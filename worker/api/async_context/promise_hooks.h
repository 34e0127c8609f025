// The promise hooks of async context (worker/js/internal/async_context.js),
// held by the Runtime. V8 keeps promise hooks per context, and a promise made
// in a vm context runs that context's hooks, so the hooks go into the
// worker's context and into every vm context, those made before the hooks
// were set as well as those made after. Vm contexts are remembered weakly
// from the moment they are made, so none is kept alive by it.
#ifndef ISOHOST_WORKER_API_ASYNC_CONTEXT_PROMISE_HOOKS_H_
#define ISOHOST_WORKER_API_ASYNC_CONTEXT_PROMISE_HOOKS_H_

#include <v8.h>

#include <array>
#include <cstddef>
#include <vector>

namespace isohost::worker {

class PromiseHooks {
 public:
  // init, before, after, resolve: each a function or empty.
  using Hooks = std::array<v8::Local<v8::Function>, 4>;

  // Installs `hooks` in `main` and in every vm context still alive.
  void Set(v8::Isolate* isolate, v8::Local<v8::Context> main, const Hooks& hooks);
  // A vm context just made: it gets the hooks if they are set, and any set
  // later.
  void AddContext(v8::Isolate* isolate, v8::Local<v8::Context> context);
  // Drops every handle; before the isolate is disposed.
  void Reset();

 private:
  void InstallIn(v8::Isolate* isolate, v8::Local<v8::Context> context) const;
  // Forgets the contexts that were collected.
  void Prune();

  std::array<v8::Global<v8::Function>, 4> hooks_;
  bool set_ = false;
  std::vector<v8::Global<v8::Context>> contexts_;  // weak
  // Collected contexts are dropped when the list reaches this size, which then
  // doubles from what is left: pruning costs O(1) per context made.
  std::size_t prune_at_ = 16;
};

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_API_ASYNC_CONTEXT_PROMISE_HOOKS_H_
