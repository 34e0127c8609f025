// The native half of `vm` (worker/js/node/vm.js): contexts (vm_context.h),
// compiled scripts and compileFunction, run within a time limit
// (vm_run_timeout.h), whose import() goes where vm.js says (vm_import.h).
// Arguments are checked in JS; here they are only trusted to have the types
// vm.js gives them.
#include <v8.h>

#include <cstring>
#include <memory>
#include <vector>

#include "worker/v8/error_format.h"
#include "worker/v8/binding.h"
#include "worker/runtime/runtime.h"
#include "worker/api/vm/vm_context.h"
#include "worker/loader/vm_import.h"
#include "worker/api/vm/vm_run_timeout.h"

namespace isohost::worker {
namespace {

using v8::Context;
using v8::FunctionCallbackInfo;
using v8::Isolate;
using v8::Local;
using v8::Object;
using v8::ScriptCompiler;
using v8::Value;

// --- compiled scripts ----------------------------------------------------------

// A script compiled by new vm.Script, unbound so that it can run in any
// context. Owned by its JS handle: deleted when the handle is collected.
class CompiledScript {
 public:
  static Local<Object> Wrap(Isolate* isolate, Local<Object> handle, Local<v8::UnboundScript> script) {
    auto* self = new CompiledScript(isolate, handle, script);
    handle->SetAlignedPointerInInternalField(0, self);
    return handle;
  }
  // The script behind a handle that vm.js made with compileScript().
  static Local<v8::UnboundScript> Unwrap(Isolate* isolate, Local<Value> handle) {
    auto* self = static_cast<CompiledScript*>(handle.As<Object>()->GetAlignedPointerFromInternalField(0));
    return self->script_.Get(isolate);
  }

 private:
  CompiledScript(Isolate* isolate, Local<Object> handle, Local<v8::UnboundScript> script)
      : script_(isolate, script), handle_(isolate, handle) {
    handle_.SetWeak(this, &CompiledScript::OnCollected, v8::WeakCallbackType::kParameter);
  }
  static void OnCollected(const v8::WeakCallbackInfo<CompiledScript>& info) { delete info.GetParameter(); }

  v8::Global<v8::UnboundScript> script_;
  v8::Global<Object> handle_;  // weak
};

bool IsValidScriptHandle(Local<Value> value) {
  return value->IsObject() && value.As<Object>()->InternalFieldCount() == 1 &&
         value.As<Object>()->GetAlignedPointerFromInternalField(0) != nullptr;
}

// Cached data given as an ArrayBufferView, copied for V8 (which owns it).
ScriptCompiler::CachedData* CopyCachedData(Local<Value> value) {
  if (!value->IsArrayBufferView()) return nullptr;
  Local<v8::ArrayBufferView> view = value.As<v8::ArrayBufferView>();
  size_t length = view->ByteLength();
  auto* bytes = new uint8_t[length];
  view->CopyContents(bytes, length);
  return new ScriptCompiler::CachedData(bytes, static_cast<int>(length),
                                        ScriptCompiler::CachedData::BufferOwned);
}

Local<v8::ArrayBuffer> ToArrayBuffer(Isolate* isolate, std::unique_ptr<ScriptCompiler::CachedData> data) {
  Local<v8::ArrayBuffer> buffer = v8::ArrayBuffer::New(isolate, data ? data->length : 0);
  if (data && data->length > 0) std::memcpy(buffer->GetBackingStore()->Data(), data->data, data->length);
  return buffer;
}

void SetOut(Local<Context> context, Local<Value> out, const char* key, Local<Value> value) {
  if (!out->IsObject()) return;
  Isolate* isolate = context->GetIsolate();
  Local<v8::String> name = v8::String::NewFromUtf8(isolate, key, v8::NewStringType::kInternalized).ToLocalChecked();
  (void)out.As<Object>()->Set(context, name, value).FromMaybe(false);
}

// Rethrows what `try_catch` caught, its stack decorated with the location
// when `display_errors`; termination passes through untouched.
void Rethrow(Isolate* isolate, Local<Context> context, v8::TryCatch& try_catch, bool display_errors) {
  if (!try_catch.HasCaught() || try_catch.HasTerminated()) {
    if (try_catch.HasTerminated()) try_catch.ReThrow();
    return;
  }
  if (display_errors) DecorateErrorStack(isolate, context, try_catch.Exception(), try_catch.Message());
  try_catch.ReThrow();
}

// The origin of vm code: where import() in it goes is `import_id`, the id of
// its importModuleDynamically callback (vm_import.h), or the worker's loader
// when it is undefined.
v8::ScriptOrigin VmOrigin(Isolate* isolate, Local<Context> context, Local<Value> filename, Local<Value> line_offset,
                          Local<Value> column_offset, Local<Value> import_id) {
  Local<v8::PrimitiveArray> options;
  if (import_id->IsInt32()) options = VmImportOptions(isolate, import_id.As<v8::Int32>()->Value());
  return v8::ScriptOrigin(isolate, filename, line_offset->Int32Value(context).FromMaybe(0),
                          column_offset->Int32Value(context).FromMaybe(0), false, -1, Local<Value>(), false, false,
                          false, options);
}

// compileScript(code, filename, lineOffset, columnOffset, cachedData, produceCachedData, out,
//               importId | undefined)
//   -> handle; out gets cachedDataRejected, cachedData (ArrayBuffer), sourceMapURL
void CompileScript(const FunctionCallbackInfo<Value>& info) {
  Isolate* isolate = info.GetIsolate();
  Local<Context> context = isolate->GetCurrentContext();
  Local<v8::String> code = info[0].As<v8::String>();
  v8::ScriptOrigin origin = VmOrigin(isolate, context, info[1], info[2], info[3], info[7]);
  ScriptCompiler::CachedData* cached_data = CopyCachedData(info[4]);
  ScriptCompiler::Source source(code, origin, cached_data);  // owns cached_data
  ScriptCompiler::CompileOptions options =
      cached_data != nullptr ? ScriptCompiler::kConsumeCodeCache : ScriptCompiler::kNoCompileOptions;
  v8::TryCatch try_catch(isolate);
  Local<v8::UnboundScript> script;
  if (!ScriptCompiler::CompileUnboundScript(isolate, &source, options).ToLocal(&script)) {
    return Rethrow(isolate, context, try_catch, true);
  }
  Local<Value> out = info[6];
  if (cached_data != nullptr) {
    SetOut(context, out, "cachedDataRejected", v8::Boolean::New(isolate, source.GetCachedData()->rejected));
  }
  if (info[5]->IsTrue()) {
    std::unique_ptr<ScriptCompiler::CachedData> produced(ScriptCompiler::CreateCodeCache(script));
    if (produced) SetOut(context, out, "cachedData", ToArrayBuffer(isolate, std::move(produced)));
  }
  SetOut(context, out, "sourceMapURL", script->GetSourceMappingURL());
  Local<Object> handle;
  if (!info.Data().As<v8::Function>()->NewInstance(context).ToLocal(&handle)) return;
  info.GetReturnValue().Set(CompiledScript::Wrap(isolate, handle, script));
}

// createCachedData(handle) -> ArrayBuffer
void CreateCachedData(const FunctionCallbackInfo<Value>& info) {
  Isolate* isolate = info.GetIsolate();
  if (!IsValidScriptHandle(info[0])) return;
  Local<v8::UnboundScript> script = CompiledScript::Unwrap(isolate, info[0]);
  std::unique_ptr<ScriptCompiler::CachedData> data(ScriptCompiler::CreateCodeCache(script));
  info.GetReturnValue().Set(ToArrayBuffer(isolate, std::move(data)));
}

// The context a run or compilation targets: the sandbox's, or the worker's
// own when `sandbox` is undefined. Throws when the sandbox has none.
bool TargetContext(Isolate* isolate, Local<Context> current, Local<Value> sandbox, Local<Context>* target) {
  if (sandbox->IsUndefined()) {
    *target = current;
    return true;
  }
  if (VmContextOf(isolate, current, sandbox).ToLocal(target)) return true;
  isolate->ThrowException(
      v8::Exception::TypeError(v8::String::NewFromUtf8Literal(isolate, "not a contextified object")));
  return false;
}

// runScript(handle, sandbox | undefined, timeoutMs (-1: none), displayErrors)
//   -> the completion value, or the binding's `timedOut` symbol
void RunScript(const FunctionCallbackInfo<Value>& info) {
  Isolate* isolate = info.GetIsolate();
  Local<Context> current = isolate->GetCurrentContext();
  if (!IsValidScriptHandle(info[0])) return;
  Local<Context> context;
  if (!TargetContext(isolate, current, info[1], &context)) return;
  int64_t timeout_ms = info[2]->IsNumber() ? static_cast<int64_t>(info[2].As<v8::Number>()->Value()) : -1;
  bool display_errors = info[3]->IsTrue();
  Context::Scope context_scope(context);
  Local<v8::Script> script = CompiledScript::Unwrap(isolate, info[0])->BindToCurrentContext();
  v8::TryCatch try_catch(isolate);
  v8::MaybeLocal<Value> result;
  bool timed_out = false;
  {
    RunTimeout timeout(isolate, timeout_ms);
    result = script->Run(context);
    // A context with a queue of its own (microtaskMode 'afterEvaluate') runs
    // it now, within the limit.
    if (v8::MicrotaskQueue* queue = OwnMicrotaskQueue(context); queue != nullptr && !result.IsEmpty()) {
      queue->PerformCheckpoint(isolate);
    }
    timed_out = timeout.Stop();
  }
  if (timed_out) {
    Local<Value> symbol;
    if (info.Data()->IsObject() &&
        info.Data().As<Object>()->Get(current, v8::String::NewFromUtf8Literal(isolate, "timedOut")).ToLocal(&symbol)) {
      info.GetReturnValue().Set(symbol);
    }
    return;
  }
  Local<Value> value;
  if (result.ToLocal(&value)) {
    info.GetReturnValue().Set(value);
    return;
  }
  Rethrow(isolate, context, try_catch, display_errors);
}

// compileFunction(code, filename, lineOffset, columnOffset, cachedData, produceCachedData,
//                 parsingSandbox | undefined, contextExtensions[], params[], out, importId | undefined)
//   -> Function
void CompileFunction(const FunctionCallbackInfo<Value>& info) {
  Isolate* isolate = info.GetIsolate();
  Local<Context> current = isolate->GetCurrentContext();
  Local<Context> context;
  if (!TargetContext(isolate, current, info[6], &context)) return;
  Context::Scope context_scope(context);
  std::vector<Local<Object>> extensions;
  std::vector<Local<v8::String>> params;
  Local<v8::Array> extension_array = info[7].As<v8::Array>();
  for (uint32_t i = 0; i < extension_array->Length(); ++i) {
    Local<Value> extension;
    if (!extension_array->Get(current, i).ToLocal(&extension)) return;
    if (extension->IsObject()) extensions.push_back(extension.As<Object>());
  }
  Local<v8::Array> param_array = info[8].As<v8::Array>();
  for (uint32_t i = 0; i < param_array->Length(); ++i) {
    Local<Value> param;
    if (!param_array->Get(current, i).ToLocal(&param)) return;
    if (!param->IsString()) return;
    params.push_back(param.As<v8::String>());
  }
  v8::ScriptOrigin origin = VmOrigin(isolate, context, info[1], info[2], info[3], info[10]);
  ScriptCompiler::CachedData* cached_data = CopyCachedData(info[4]);
  ScriptCompiler::Source source(info[0].As<v8::String>(), origin, cached_data);
  ScriptCompiler::CompileOptions options =
      cached_data != nullptr ? ScriptCompiler::kConsumeCodeCache : ScriptCompiler::kNoCompileOptions;
  v8::TryCatch try_catch(isolate);
  Local<v8::Function> fn;
  if (!ScriptCompiler::CompileFunction(context, &source, params.size(), params.data(), extensions.size(),
                                       extensions.data(), options)
           .ToLocal(&fn)) {
    return Rethrow(isolate, context, try_catch, true);
  }
  Local<Value> out = info[9];
  if (cached_data != nullptr) {
    SetOut(current, out, "cachedDataRejected", v8::Boolean::New(isolate, source.GetCachedData()->rejected));
  }
  if (info[5]->IsTrue()) {
    std::unique_ptr<ScriptCompiler::CachedData> produced(ScriptCompiler::CreateCodeCacheForFunction(fn));
    if (produced) SetOut(current, out, "cachedData", ToArrayBuffer(isolate, std::move(produced)));
  }
  info.GetReturnValue().Set(fn);
}

// --- contexts ------------------------------------------------------------------

// makeContext(sandbox | undefined, allowStrings, allowWasm, ownMicrotaskQueue) -> the contextified object
// (the sandbox, or a new context's global when undefined)
void MakeContext(const FunctionCallbackInfo<Value>& info) {
  Isolate* isolate = info.GetIsolate();
  Local<Context> current = isolate->GetCurrentContext();
  VmContextOptions options;
  options.allow_strings = !info[1]->IsFalse();
  options.allow_wasm = !info[2]->IsFalse();
  options.own_microtask_queue = info[3]->IsTrue();
  v8::MaybeLocal<Object> sandbox;
  if (info[0]->IsObject()) sandbox = info[0].As<Object>();
  Local<Object> result;
  if (MakeVmContext(isolate, current, sandbox, options).ToLocal(&result)) info.GetReturnValue().Set(result);
}

// isContext(object) -> bool
void IsContext(const FunctionCallbackInfo<Value>& info) {
  Isolate* isolate = info.GetIsolate();
  Local<Context> context;
  info.GetReturnValue().Set(VmContextOf(isolate, isolate->GetCurrentContext(), info[0]).ToLocal(&context));
}

}  // namespace

namespace native_modules {

ISOHOST_BINDING(vm) {
  // The constructor of script handles: objects with one internal field,
  // never seen by user code.
  Local<v8::FunctionTemplate> handle_template = v8::FunctionTemplate::New(isolate);
  handle_template->InstanceTemplate()->SetInternalFieldCount(1);
  Local<v8::Function> handle_constructor;
  if (!handle_template->GetFunction(context).ToLocal(&handle_constructor)) return;
  auto set_method = [&](const char* name, v8::FunctionCallback callback, Local<Value> data) {
    Local<v8::Function> fn;
    if (!v8::Function::New(context, callback, data, 0, v8::ConstructorBehavior::kThrow).ToLocal(&fn)) return;
    Local<v8::String> key = v8::String::NewFromUtf8(isolate, name, v8::NewStringType::kInternalized).ToLocalChecked();
    fn->SetName(key);
    (void)target->Set(context, key, fn).FromMaybe(false);
  };
  set_method("compileScript", CompileScript, handle_constructor);
  set_method("createCachedData", CreateCachedData, Local<Value>());
  set_method("runScript", RunScript, target);
  set_method("compileFunction", CompileFunction, Local<Value>());
  set_method("makeContext", MakeContext, Local<Value>());
  set_method("isContext", IsContext, Local<Value>());
  set_method("setImportHook", SetVmImportHook, Local<Value>());
  SetValue(isolate, context, target, "timedOut",
           v8::Symbol::New(isolate, v8::String::NewFromUtf8Literal(isolate, "vm timed out")));
}

}  // namespace native_modules
}  // namespace isohost::worker
