// Every native module a script can reach with internalBinding(name), one
// line each: a new module adds its name here and defines its installer with
// ISOHOST_BINDING(name) (worker/v8/binding.h). sandbox_probe is test-only
// (reached under --expose-internals).
#ifndef ISOHOST_WORKER_V8_BINDING_LIST_H_
#define ISOHOST_WORKER_V8_BINDING_LIST_H_

#define ISOHOST_BINDINGS(V) \
  V(async_context) \
  V(buffer) \
  V(child_process) \
  V(contextify) \
  V(crypto) \
  V(dns) \
  V(fs) \
  V(fs_watch) \
  V(heap) \
  V(module_wrap) \
  V(navigator) \
  V(os) \
  V(performance) \
  V(permission) \
  V(pipe) \
  V(sandbox_probe) \
  V(serdes) \
  V(task) \
  V(tcp) \
  V(url) \
  V(util) \
  V(vm) \
  V(vm_module) \
  V(worker_threads) \
  V(zlib) \

#endif  // ISOHOST_WORKER_V8_BINDING_LIST_H_
