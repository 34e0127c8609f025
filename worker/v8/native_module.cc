#include "worker/v8/native_module.h"

namespace isohost::worker {

// Each native module's installer, defined in its own file.
namespace native_modules {
void InstallBufferModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
void InstallUtilModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
void InstallNavigatorModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
void InstallPerformanceModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
void InstallCryptoModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
void InstallOsModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
void InstallUrlModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
void InstallVmModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
void InstallVmModuleModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
void InstallFsModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
void InstallFsWatchModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
void InstallChildProcessModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
void InstallPipeModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
void InstallModuleWrapModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
void InstallZlibModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
void InstallAsyncContextModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
void InstallWorkerThreadsModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
void InstallTaskModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
void InstallContextifyModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
void InstallPermissionModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
void InstallSandboxProbeModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
void InstallTcpModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
void InstallDnsModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
void InstallSerdesModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
void InstallHeapModule(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);
}  // namespace native_modules

namespace {

struct Entry {
  std::string_view name;
  NativeModuleInstaller install;
};

// One line per native module, in no particular order.
constexpr Entry kNativeModules[] = {
    {"buffer", native_modules::InstallBufferModule},
    {"util", native_modules::InstallUtilModule},
    {"navigator", native_modules::InstallNavigatorModule},
    {"performance", native_modules::InstallPerformanceModule},
    {"crypto", native_modules::InstallCryptoModule},
    {"os", native_modules::InstallOsModule},
    {"url", native_modules::InstallUrlModule},
    {"vm", native_modules::InstallVmModule},
    {"vm_module", native_modules::InstallVmModuleModule},
    {"fs", native_modules::InstallFsModule},
    {"fs_watch", native_modules::InstallFsWatchModule},
    {"child_process", native_modules::InstallChildProcessModule},
    {"pipe", native_modules::InstallPipeModule},
    {"module_wrap", native_modules::InstallModuleWrapModule},
    {"zlib", native_modules::InstallZlibModule},
    {"async_context", native_modules::InstallAsyncContextModule},
    {"worker_threads", native_modules::InstallWorkerThreadsModule},
    {"task", native_modules::InstallTaskModule},
    {"contextify", native_modules::InstallContextifyModule},
    {"permission", native_modules::InstallPermissionModule},
    {"sandbox_probe", native_modules::InstallSandboxProbeModule},  // test-only (under --expose-internals)
    {"tcp", native_modules::InstallTcpModule},
    {"dns", native_modules::InstallDnsModule},
    {"serdes", native_modules::InstallSerdesModule},
    {"heap", native_modules::InstallHeapModule},
};

}  // namespace

NativeModuleInstaller FindNativeModule(std::string_view name) {
  for (const Entry& entry : kNativeModules) {
    if (entry.name == name) return entry.install;
  }
  return nullptr;
}

void SetValue(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target,
              std::string_view name, v8::Local<v8::Value> value) {
  v8::Local<v8::String> key;
  if (!v8::String::NewFromUtf8(isolate, name.data(), v8::NewStringType::kInternalized,
                               static_cast<int>(name.size()))
           .ToLocal(&key)) {
    return;
  }
  (void)target->Set(context, key, value).FromMaybe(false);
}

void SetMethod(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target,
               std::string_view name, v8::FunctionCallback callback) {
  v8::Local<v8::Function> fn;
  if (!v8::Function::New(context, callback, v8::Local<v8::Value>(), 0, v8::ConstructorBehavior::kThrow)
           .ToLocal(&fn)) {
    return;
  }
  v8::Local<v8::String> key;
  if (!v8::String::NewFromUtf8(isolate, name.data(), v8::NewStringType::kInternalized,
                               static_cast<int>(name.size()))
           .ToLocal(&key)) {
    return;
  }
  fn->SetName(key);
  (void)target->Set(context, key, fn).FromMaybe(false);
}

}  // namespace isohost::worker
