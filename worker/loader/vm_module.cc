#include "worker/loader/vm_module.h"

#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "worker/v8/error_format.h"
#include "worker/loader/module_wrap.h"
#include "worker/v8/binding.h"
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

// The key a request is linked under: its specifier alone, as in Node (two
// requests of one specifier with different attributes get the module the
// linker returned last).
std::string RequestKey(Isolate* isolate, Local<v8::String> specifier) {
  v8::String::Utf8Value text(isolate, specifier);
  return *text != nullptr ? std::string(*text, static_cast<std::size_t>(text.length())) : std::string();
}

// One vm module. Owned by its JS handle (an object that only
// internal/vm/module.js holds): deleted after the handle is collected. V8's
// callbacks find it from its v8::Module through Live().
class VmModule {
 public:
  static Local<Object> Make(Isolate* isolate, Local<v8::Module> module, Local<Context> context) {
    Local<v8::Function> constructor;
    Local<Object> handle;
    if (!Template(isolate)->GetFunction(isolate->GetCurrentContext()).ToLocal(&constructor) ||
        !constructor->NewInstance(isolate->GetCurrentContext()).ToLocal(&handle)) {
      return {};
    }
    auto* self = new VmModule(isolate, handle, module, context);
    handle->SetAlignedPointerInInternalField(0, self);
    return handle;
  }

  // The module behind a handle, or null (a TypeError thrown) for anything
  // else.
  static VmModule* Unwrap(Isolate* isolate, Local<Value> value) {
    if (Template(isolate)->HasInstance(value)) {
      return static_cast<VmModule*>(value.As<Object>()->GetAlignedPointerFromInternalField(0));
    }
    isolate->ThrowException(v8::Exception::TypeError(v8::String::NewFromUtf8Literal(isolate, "not a vm module")));
    return nullptr;
  }

  static VmModule* Find(Local<v8::Module> module) {
    auto [begin, end] = Live().equal_range(module->GetIdentityHash());
    for (auto it = begin; it != end; ++it) {
      if (it->second->module_ == module) return it->second;
    }
    return nullptr;
  }

  Local<v8::Module> module(Isolate* isolate) const { return module_.Get(isolate); }
  Local<Context> context(Isolate* isolate) const { return context_.Get(isolate); }
  Local<Object> handle(Isolate* isolate) const { return handle_.Get(isolate); }

  // What each request of the module resolved to (by RequestKey).
  std::map<std::string, v8::Global<v8::Module>>& links() { return links_; }

 private:
  VmModule(Isolate* isolate, Local<Object> handle, Local<v8::Module> module, Local<Context> context)
      : hash_(module->GetIdentityHash()), module_(isolate, module), context_(isolate, context),
        handle_(isolate, handle) {
    handle_.SetWeak(this, &VmModule::OnCollected, v8::WeakCallbackType::kParameter);
    Live().emplace(hash_, this);
  }
  ~VmModule() {
    auto [begin, end] = Live().equal_range(hash_);
    for (auto it = begin; it != end; ++it) {
      if (it->second == this) {
        Live().erase(it);
        break;
      }
    }
  }

  // The handle is gone: it may not be used again (V8 passes over a second
  // pass before the rest goes).
  static void OnCollected(const v8::WeakCallbackInfo<VmModule>& info) {
    VmModule* self = info.GetParameter();
    self->handle_.Reset();
    info.SetSecondPassCallback([](const v8::WeakCallbackInfo<VmModule>& second) { delete second.GetParameter(); });
  }

  // Every live vm module by the identity hash of its v8::Module. A worker has
  // one isolate.
  static std::unordered_multimap<int, VmModule*>& Live() {
    static auto* live = new std::unordered_multimap<int, VmModule*>();
    return *live;
  }

  static Local<v8::FunctionTemplate> Template(Isolate* isolate) {
    static Isolate* cached_isolate = nullptr;
    static v8::Eternal<v8::FunctionTemplate> cached;
    if (cached_isolate != isolate) {
      Local<v8::FunctionTemplate> tmpl = v8::FunctionTemplate::New(isolate);
      tmpl->InstanceTemplate()->SetInternalFieldCount(1);
      cached.Set(isolate, tmpl);
      cached_isolate = isolate;
    }
    return cached.Get(isolate);
  }

  const int hash_;  // of module_, which is fixed
  v8::Global<v8::Module> module_;
  v8::Global<Context> context_;
  v8::Global<Object> handle_;  // weak
  std::map<std::string, v8::Global<v8::Module>> links_;
};

// --- JS hooks ------------------------------------------------------------------------

struct Hooks {
  v8::Eternal<v8::Function> initialize_import_meta;  // (meta, handle)
  v8::Eternal<v8::Function> evaluate_synthetic;      // (handle)
  v8::Eternal<v8::Symbol> timed_out;
};

Hooks& GetHooks() {
  static Hooks hooks;
  return hooks;
}

// The context a module is made in: that of the contextified object given, or
// the caller's. False (an exception thrown) for an object that is not one.
bool TargetContext(Isolate* isolate, Local<Value> context_object, Local<Context>* target) {
  Local<Context> current = isolate->GetCurrentContext();
  if (context_object->IsUndefined()) {
    *target = current;
    return true;
  }
  if (VmContextOf(isolate, current, context_object).ToLocal(target)) return true;
  ThrowTypeError(isolate, "not a contextified object");
  return false;
}

// --- making modules --------------------------------------------------------------------

// compileSourceText(source, identifier, lineOffset, columnOffset, cachedData | undefined,
//                   contextObject | undefined, importId, out) -> handle
// out.cachedDataRejected tells whether cached data was refused.
void CompileSourceText(const FunctionCallbackInfo<Value>& info) {
  Isolate* isolate = info.GetIsolate();
  Local<Context> context;
  if (!TargetContext(isolate, info[5], &context)) return;
  Context::Scope context_scope(context);
  v8::ScriptOrigin origin(isolate, info[1], info[2]->Int32Value(context).FromMaybe(0),
                          info[3]->Int32Value(context).FromMaybe(0), false, -1, Local<Value>(), false, false,
                          /*is_module=*/true, VmImportOptions(isolate, info[6]->Int32Value(context).FromMaybe(0)));
  ScriptCompiler::CachedData* cached_data = nullptr;
  if (info[4]->IsArrayBufferView()) {
    Local<v8::ArrayBufferView> view = info[4].As<v8::ArrayBufferView>();
    size_t length = view->ByteLength();
    auto* bytes = new uint8_t[length];
    view->CopyContents(bytes, length);
    cached_data = new ScriptCompiler::CachedData(bytes, static_cast<int>(length),
                                                 ScriptCompiler::CachedData::BufferOwned);
  }
  ScriptCompiler::Source source(info[0].As<v8::String>(), origin, cached_data);  // owns cached_data
  v8::TryCatch try_catch(isolate);
  Local<v8::Module> module;
  if (!ScriptCompiler::CompileModule(isolate, &source,
                                     cached_data != nullptr ? ScriptCompiler::kConsumeCodeCache
                                                            : ScriptCompiler::kNoCompileOptions)
           .ToLocal(&module)) {
    if (try_catch.HasCaught() && !try_catch.HasTerminated()) {
      AttachErrorSource(isolate, context, try_catch.Exception(), try_catch.Message());
    }
    try_catch.ReThrow();
    return;
  }
  if (cached_data != nullptr && info[7]->IsObject()) {
    (void)info[7]
        .As<Object>()
        ->Set(isolate->GetCurrentContext(), v8::String::NewFromUtf8Literal(isolate, "cachedDataRejected"),
              v8::Boolean::New(isolate, source.GetCachedData()->rejected))
        .FromMaybe(false);
  }
  Local<Object> handle = VmModule::Make(isolate, module, context);
  if (!handle.IsEmpty()) info.GetReturnValue().Set(handle);
}

// Sets a synthetic module's exports when it evaluates: module.js's hook calls
// its evaluateCallback.
v8::MaybeLocal<Value> EvaluateSynthetic(Local<Context> context, Local<v8::Module> module) {
  Isolate* isolate = context->GetIsolate();
  VmModule* self = VmModule::Find(module);
  if (self == nullptr || GetHooks().evaluate_synthetic.IsEmpty()) {
    ThrowTypeError(isolate, "vm: this synthetic module has been collected");
    return {};
  }
  Local<Value> argv[1] = {self->handle(isolate)};
  // Rethrown, so that V8 finds the callback's error pending whatever
  // TryCatch surrounds the evaluation.
  v8::TryCatch try_catch(isolate);
  if (GetHooks().evaluate_synthetic.Get(isolate)->Call(context, v8::Undefined(isolate), 1, argv).IsEmpty()) {
    try_catch.ReThrow();
    return {};
  }
  Local<v8::Promise::Resolver> resolver;
  if (!v8::Promise::Resolver::New(context).ToLocal(&resolver)) return {};
  if (resolver->Resolve(context, v8::Undefined(isolate)).IsNothing()) return {};
  return resolver->GetPromise();
}

// createSynthetic(exportNames[], identifier, contextObject | undefined) -> handle
void CreateSynthetic(const FunctionCallbackInfo<Value>& info) {
  Isolate* isolate = info.GetIsolate();
  Local<Context> context;
  if (!TargetContext(isolate, info[2], &context)) return;
  Local<v8::Array> names = info[0].As<v8::Array>();
  std::vector<Local<v8::String>> export_names;
  for (uint32_t i = 0; i < names->Length(); ++i) {
    Local<Value> name;
    if (!names->Get(isolate->GetCurrentContext(), i).ToLocal(&name)) return;
    if (!name->IsString()) return ThrowTypeError(isolate, "createSynthetic: export names must be strings");
    export_names.push_back(name.As<v8::String>());
  }
  Local<v8::Module> module =
      v8::Module::CreateSyntheticModule(isolate, info[1].As<v8::String>(), export_names, EvaluateSynthetic);
  Local<Object> handle = VmModule::Make(isolate, module, context);
  if (!handle.IsEmpty()) info.GetReturnValue().Set(handle);
}

// --- linking ---------------------------------------------------------------------------

// requests(handle) -> [[specifier, attributes], ...] in source order.
void Requests(const FunctionCallbackInfo<Value>& info) {
  Isolate* isolate = info.GetIsolate();
  VmModule* self = VmModule::Unwrap(isolate, info[0]);
  if (self == nullptr) return;
  Local<Context> context = isolate->GetCurrentContext();
  Local<v8::Module> module = self->module(isolate);
  if (!module->IsSourceTextModule()) {
    info.GetReturnValue().Set(v8::Array::New(isolate, 0));
    return;
  }
  Local<v8::FixedArray> requests = module->GetModuleRequests();
  Local<v8::Array> result = v8::Array::New(isolate, requests->Length());
  for (int i = 0; i < requests->Length(); ++i) {
    Local<v8::ModuleRequest> request = requests->Get(context, i).As<v8::ModuleRequest>();
    Local<Value> pair[2] = {request->GetSpecifier(),
                            ImportAttributesObject(context, request->GetImportAssertions(), 3)};
    if (result->Set(context, i, v8::Array::New(isolate, pair, 2)).IsNothing()) return;
  }
  info.GetReturnValue().Set(result);
}

// link(handle, targets[]): targets[i] is the handle that request i (in the
// order of requests()) resolved to.
void Link(const FunctionCallbackInfo<Value>& info) {
  Isolate* isolate = info.GetIsolate();
  VmModule* self = VmModule::Unwrap(isolate, info[0]);
  if (self == nullptr) return;
  Local<Context> context = isolate->GetCurrentContext();
  Local<v8::Module> module = self->module(isolate);
  if (!module->IsSourceTextModule()) return;
  Local<v8::FixedArray> requests = module->GetModuleRequests();
  Local<v8::Array> targets = info[1].As<v8::Array>();
  if (targets->Length() != static_cast<uint32_t>(requests->Length())) {
    return ThrowTypeError(isolate, "link: one module per request");
  }
  for (int i = 0; i < requests->Length(); ++i) {
    Local<Value> target_handle;
    if (!targets->Get(context, i).ToLocal(&target_handle)) return;
    VmModule* target = VmModule::Unwrap(isolate, target_handle);
    if (target == nullptr) return;
    Local<v8::ModuleRequest> request = requests->Get(context, i).As<v8::ModuleRequest>();
    std::string key = RequestKey(isolate, request->GetSpecifier());
    self->links()[key].Reset(isolate, target->module(isolate));
  }
}

// Makes the error of a request that was never linked (JS's makeLinkFailure);
// set while instantiate() runs, since V8 calls the resolve callback from
// inside it and gives it no data of ours.
Local<v8::Function>* link_failure_factory = nullptr;

v8::MaybeLocal<v8::Module> ResolveLinked(Local<Context> context, Local<v8::String> specifier, Local<v8::FixedArray>,
                                         Local<v8::Module> referrer) {
  Isolate* isolate = context->GetIsolate();
  VmModule* self = VmModule::Find(referrer);
  if (self != nullptr) {
    auto it = self->links().find(RequestKey(isolate, specifier));
    if (it != self->links().end()) return it->second.Get(isolate);
  }
  Local<Value> error;
  Local<Value> argv[1] = {specifier};
  if (link_failure_factory != nullptr &&
      (*link_failure_factory)->Call(context, v8::Undefined(isolate), 1, argv).ToLocal(&error)) {
    isolate->ThrowException(error);
  }
  return {};
}

// instantiate(handle, makeLinkFailure(specifier) -> Error)
void Instantiate(const FunctionCallbackInfo<Value>& info) {
  Isolate* isolate = info.GetIsolate();
  VmModule* self = VmModule::Unwrap(isolate, info[0]);
  if (self == nullptr) return;
  Local<v8::Function> factory = info[1].As<v8::Function>();
  Local<Context> context = self->context(isolate);
  Context::Scope context_scope(context);
  link_failure_factory = &factory;
  v8::Maybe<bool> instantiated = self->module(isolate)->InstantiateModule(context, ResolveLinked);
  link_failure_factory = nullptr;
  (void)instantiated;  // an exception, if any, is pending for the caller
}

// --- evaluating ------------------------------------------------------------------------

// evaluate(handle, timeoutMs (-1: none)) -> the promise of the evaluation, or
// the binding's timedOut symbol.
void Evaluate(const FunctionCallbackInfo<Value>& info) {
  Isolate* isolate = info.GetIsolate();
  VmModule* self = VmModule::Unwrap(isolate, info[0]);
  if (self == nullptr) return;
  int64_t timeout_ms = info[1]->IsNumber() ? static_cast<int64_t>(info[1].As<v8::Number>()->Value()) : -1;
  Local<Context> context = self->context(isolate);
  Context::Scope context_scope(context);
  v8::TryCatch try_catch(isolate);
  v8::MaybeLocal<Value> result;
  bool timed_out = false;
  {
    RunTimeout timeout(isolate, timeout_ms);
    result = self->module(isolate)->Evaluate(context);
    // A context with a queue of its own runs it now, within the limit.
    if (v8::MicrotaskQueue* queue = OwnMicrotaskQueue(context); queue != nullptr && !result.IsEmpty()) {
      queue->PerformCheckpoint(isolate);
    }
    timed_out = timeout.Stop();
  }
  if (timed_out) {
    info.GetReturnValue().Set(GetHooks().timed_out.Get(isolate));
    return;
  }
  Local<Value> value;
  if (result.ToLocal(&value)) {
    info.GetReturnValue().Set(value);
    return;
  }
  if (try_catch.HasCaught() || try_catch.HasTerminated()) try_catch.ReThrow();
}

// --- state -----------------------------------------------------------------------------

// status(handle) -> 0 unlinked .. 5 errored (v8::Module::Status).
void Status(const FunctionCallbackInfo<Value>& info) {
  VmModule* self = VmModule::Unwrap(info.GetIsolate(), info[0]);
  if (self == nullptr) return;
  info.GetReturnValue().Set(static_cast<int>(self->module(info.GetIsolate())->GetStatus()));
}

void Exception(const FunctionCallbackInfo<Value>& info) {
  VmModule* self = VmModule::Unwrap(info.GetIsolate(), info[0]);
  if (self == nullptr) return;
  Local<v8::Module> module = self->module(info.GetIsolate());
  if (module->GetStatus() == v8::Module::kErrored) info.GetReturnValue().Set(module->GetException());
}

// namespace(handle): module.js calls it on a linked module only.
void Namespace(const FunctionCallbackInfo<Value>& info) {
  VmModule* self = VmModule::Unwrap(info.GetIsolate(), info[0]);
  if (self == nullptr) return;
  Local<v8::Module> module = self->module(info.GetIsolate());
  if (module->GetStatus() < v8::Module::kInstantiated) return ThrowTypeError(info.GetIsolate(), "not linked");
  info.GetReturnValue().Set(module->GetModuleNamespace());
}

// setExport(handle, name, value) of a linked synthetic module.
void SetExport(const FunctionCallbackInfo<Value>& info) {
  Isolate* isolate = info.GetIsolate();
  VmModule* self = VmModule::Unwrap(isolate, info[0]);
  if (self == nullptr) return;
  Local<v8::Module> module = self->module(isolate);
  if (!module->IsSyntheticModule() || !info[1]->IsString()) return ThrowTypeError(isolate, "setExport(name, value)");
  // A name not declared at creation throws a ReferenceError, which JS sees.
  (void)module->SetSyntheticModuleExport(isolate, info[1].As<v8::String>(), info[2]);
}

// createCachedData(handle) -> ArrayBuffer, of a module not yet evaluated.
void CreateCachedData(const FunctionCallbackInfo<Value>& info) {
  Isolate* isolate = info.GetIsolate();
  VmModule* self = VmModule::Unwrap(isolate, info[0]);
  if (self == nullptr) return;
  Local<v8::Module> module = self->module(isolate);
  if (!module->IsSourceTextModule() || module->GetStatus() >= v8::Module::kEvaluating) {
    return ThrowTypeError(isolate, "createCachedData: evaluated");
  }
  std::unique_ptr<ScriptCompiler::CachedData> data(ScriptCompiler::CreateCodeCache(module->GetUnboundModuleScript()));
  Local<v8::ArrayBuffer> buffer = v8::ArrayBuffer::New(isolate, data ? data->length : 0);
  if (data && data->length > 0) std::memcpy(buffer->GetBackingStore()->Data(), data->data, data->length);
  info.GetReturnValue().Set(buffer);
}

// setHooks(initializeImportMeta(meta, handle), evaluateSynthetic(handle)), once.
void SetHooks(const FunctionCallbackInfo<Value>& info) {
  Isolate* isolate = info.GetIsolate();
  if (!info[0]->IsFunction() || !info[1]->IsFunction()) return ThrowTypeError(isolate, "setHooks(fn, fn)");
  Hooks& hooks = GetHooks();
  if (!hooks.initialize_import_meta.IsEmpty()) return;
  hooks.initialize_import_meta.Set(isolate, info[0].As<v8::Function>());
  hooks.evaluate_synthetic.Set(isolate, info[1].As<v8::Function>());
}

}  // namespace

bool InitializeVmModuleImportMeta(Local<Context> context, Local<v8::Module> module, Local<Object> meta) {
  Isolate* isolate = context->GetIsolate();
  VmModule* self = VmModule::Find(module);
  if (self == nullptr) return false;
  Hooks& hooks = GetHooks();
  if (hooks.initialize_import_meta.IsEmpty()) return true;
  Local<Value> argv[2] = {meta, self->handle(isolate)};
  // What the author's callback throws goes nowhere: V8 takes no error here.
  v8::TryCatch try_catch(isolate);
  (void)hooks.initialize_import_meta.Get(isolate)->Call(context, v8::Undefined(isolate), 2, argv);
  return true;
}

namespace native_modules {

ISOHOST_BINDING(vm_module) {
  SetMethod(isolate, context, target, "compileSourceText", CompileSourceText);
  SetMethod(isolate, context, target, "createSynthetic", CreateSynthetic);
  SetMethod(isolate, context, target, "requests", Requests);
  SetMethod(isolate, context, target, "link", Link);
  SetMethod(isolate, context, target, "instantiate", Instantiate);
  SetMethod(isolate, context, target, "evaluate", Evaluate);
  SetMethod(isolate, context, target, "status", Status);
  SetMethod(isolate, context, target, "exception", Exception);
  SetMethod(isolate, context, target, "namespace", Namespace);
  SetMethod(isolate, context, target, "setExport", SetExport);
  SetMethod(isolate, context, target, "createCachedData", CreateCachedData);
  SetMethod(isolate, context, target, "setHooks", SetHooks);
  Hooks& hooks = GetHooks();
  if (hooks.timed_out.IsEmpty()) {
    hooks.timed_out.Set(isolate, v8::Symbol::New(isolate, v8::String::NewFromUtf8Literal(isolate, "vm timed out")));
  }
  SetValue(isolate, context, target, "timedOut", hooks.timed_out.Get(isolate));
}

}  // namespace native_modules
}  // namespace isohost::worker
