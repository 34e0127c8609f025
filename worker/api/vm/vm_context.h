// Contexts of the `vm` module: a new V8 context whose global object reads and
// writes go through to an ordinary object (the "sandbox"), which keeps its
// identity. The links are plain JS references, so a context lives exactly as
// long as its sandbox is reachable: the sandbox holds the context's global
// proxy under a private key, and the context holds the sandbox in its embedder
// data. No C++ object and no strong Global exists per context (async
// context's promise hooks remember each weakly: worker/api/async_context/promise_hooks.h), but
// the microtask queue of a context that has one of its own (owned through a
// JS object in the context's embedder data, so it goes with the context).
#ifndef ISOHOST_WORKER_API_VM_VM_CONTEXT_H_
#define ISOHOST_WORKER_API_VM_VM_CONTEXT_H_

#include <v8.h>

namespace isohost::worker {

struct VmContextOptions {
  bool allow_strings = true;  // eval() and new Function() inside the context
  bool allow_wasm = true;     // compiling WebAssembly inside the context
  // microtaskMode 'afterEvaluate': the context has a microtask queue of its
  // own, which runs only at the end of each vm run in it.
  bool own_microtask_queue = false;
};

// Makes a new context for `sandbox` and links the two. With an empty
// `sandbox` the context is an ordinary one (vm.constants.DONT_CONTEXTIFY):
// its global proxy is returned and is its own key. Empty on failure (an
// exception is then pending, unless execution is terminating).
v8::MaybeLocal<v8::Object> MakeVmContext(v8::Isolate* isolate, v8::Local<v8::Context> current,
                                         v8::MaybeLocal<v8::Object> sandbox, const VmContextOptions& options);

// The context that `object` was contextified into, if it was.
v8::MaybeLocal<v8::Context> VmContextOf(v8::Isolate* isolate, v8::Local<v8::Context> current,
                                        v8::Local<v8::Value> object);

// What stands for `context` in JS: the object it was contextified from (the
// sandbox, or its global proxy for a context made without one); for any other
// context (the worker's own), its global proxy.
v8::Local<v8::Object> VmContextObject(v8::Local<v8::Context> context);

// The microtask queue of a context made with own_microtask_queue, else null
// (the context shares the worker's).
v8::MicrotaskQueue* OwnMicrotaskQueue(v8::Local<v8::Context> context);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_API_VM_VM_CONTEXT_H_
