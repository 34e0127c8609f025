// vm.SourceTextModule and vm.SyntheticModule on the native side (native
// module `vm_module`, driven by worker/js/internal/vm/module.js): each is a
// v8::Module in a context of its author's choosing, linked to the modules its
// linker returned. Apart from the worker's own ES modules (module_wrap.h),
// which live as long as the worker: a vm module lives as long as its JS object.
#ifndef ISOHOST_WORKER_LOADER_VM_MODULE_H_
#define ISOHOST_WORKER_LOADER_VM_MODULE_H_

#include <v8.h>

namespace isohost::worker {

// Fills import.meta of `module` if it is a vm module (through the
// initializeImportMeta its author gave, if any); false if it is not one.
bool InitializeVmModuleImportMeta(v8::Local<v8::Context> context, v8::Local<v8::Module> module,
                                  v8::Local<v8::Object> meta);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_LOADER_VM_MODULE_H_
