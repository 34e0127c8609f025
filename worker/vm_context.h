// Contexts of the `vm` module: a new V8 context whose global object reads and
// writes go through to an ordinary object (the "sandbox"), which keeps its
// identity. The links are plain JS references, so a context lives exactly as
// long as its sandbox is reachable: the sandbox holds the context's global
// proxy under a private key, and the context holds the sandbox in its embedder
// data. No C++ object and no strong Global exists per context (async
// context's promise hooks remember each weakly: worker/promise_hooks.h).
#ifndef ISOHOST_WORKER_VM_CONTEXT_H_
#define ISOHOST_WORKER_VM_CONTEXT_H_

#include <v8.h>

namespace isohost::worker {

struct VmContextOptions {
  bool allow_strings = true;  // eval() and new Function() inside the context
  bool allow_wasm = true;     // compiling WebAssembly inside the context
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

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_VM_CONTEXT_H_
