// import() in code that node:vm compiled (vm.Script, vm.compileFunction,
// vm.SourceTextModule). Such code carries in its host-defined options the id
// under which worker/js/node/vm.js registered the importModuleDynamically
// callback its author gave (0: none given); the isolate's import() hook
// (worker/loader/module_wrap.cc) hands such an import() here, and everything else to
// the worker's own loader. Code compiled with
// vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER carries no id.
#ifndef ISOHOST_WORKER_LOADER_VM_IMPORT_H_
#define ISOHOST_WORKER_LOADER_VM_IMPORT_H_

#include <v8.h>

namespace isohost::worker {

// The host-defined options of vm code whose import() goes to callback `id`.
v8::Local<v8::PrimitiveArray> VmImportOptions(v8::Isolate* isolate, int id);

// Whether `options` (a script's host-defined options) are such.
bool IsVmImportOptions(v8::Isolate* isolate, v8::Local<v8::Data> options);

// import(specifier) of vm code running in `context`: a promise of that
// context, settled as vm.js's hook answers (it rejects with Node's
// ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING when there is no callback).
v8::MaybeLocal<v8::Promise> ImportFromVmCode(v8::Local<v8::Context> context, v8::Local<v8::Data> options,
                                             v8::Local<v8::String> specifier, v8::Local<v8::Object> attributes);

// setImportHook(hook): vm.js's hook, hook(id, contextObject, specifier,
// attributes) -> a promise of a module namespace. A method of binding 'vm'.
void SetVmImportHook(const v8::FunctionCallbackInfo<v8::Value>& info);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_LOADER_VM_IMPORT_H_
