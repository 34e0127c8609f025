#include "worker/loader/module_wrap.h"

#include <memory>
#include <string_view>

#include "worker/loader/compile_cache.h"
#include "worker/v8/error_format.h"
#include "worker/v8/binding.h"
#include "worker/runtime/runtime.h"
#include "worker/loader/vm_import.h"
#include "worker/loader/vm_module.h"

namespace isohost::worker {

int ModuleRegistry::Add(v8::Isolate* isolate, v8::Local<v8::Module> module) {
  int id = static_cast<int>(entries_.size());
  entries_.emplace_back();
  entries_.back().module.Reset(isolate, module);
  by_hash_.emplace(module->GetIdentityHash(), id);
  return id;
}

ModuleRegistry::Entry* ModuleRegistry::Find(int id) {
  if (id < 0 || static_cast<std::size_t>(id) >= entries_.size()) return nullptr;
  return &entries_[static_cast<std::size_t>(id)];
}

int ModuleRegistry::IdOf(v8::Isolate*, v8::Local<v8::Module> module) {
  auto [begin, end] = by_hash_.equal_range(module->GetIdentityHash());
  for (auto it = begin; it != end; ++it) {
    if (entries_[static_cast<std::size_t>(it->second)].module == module) return it->second;
  }
  return -1;
}

std::string ModuleRequestKey(v8::Isolate* isolate, v8::Local<v8::String> specifier, std::string_view type) {
  v8::String::Utf8Value text(isolate, specifier);
  std::string key(*text ? *text : "", *text ? static_cast<std::size_t>(text.length()) : 0);
  key.push_back('\0');
  key.append(type);
  return key;
}

v8::Local<v8::Object> ImportAttributesObject(v8::Local<v8::Context> context, v8::Local<v8::FixedArray> attributes,
                                             int stride) {
  v8::Isolate* isolate = context->GetIsolate();
  v8::Local<v8::Object> result = v8::Object::New(isolate, v8::Null(isolate), nullptr, nullptr, 0);
  for (int i = 0; i + 1 < attributes->Length(); i += stride) {
    v8::Local<v8::Data> key = attributes->Get(context, i);
    v8::Local<v8::Data> value = attributes->Get(context, i + 1);
    if (!key->IsValue() || !value->IsValue()) continue;
    (void)result->CreateDataProperty(context, key.As<v8::Value>().As<v8::Name>(), value.As<v8::Value>())
        .FromMaybe(false);
  }
  return result;
}

namespace {

using v8::FunctionCallbackInfo;
using v8::Local;
using v8::Value;

Local<v8::String> Str(v8::Isolate* isolate, std::string_view text) {
  return v8::String::NewFromUtf8(isolate, text.data(), v8::NewStringType::kNormal, static_cast<int>(text.size()))
      .ToLocalChecked();  // only fails above V8's string length limit
}

std::string ToStdString(v8::Isolate* isolate, Local<Value> value) {
  v8::String::Utf8Value utf8(isolate, value);
  return *utf8 ? std::string(*utf8, utf8.length()) : std::string();
}

void ThrowTypeError(v8::Isolate* isolate, std::string_view message) {
  isolate->ThrowException(v8::Exception::TypeError(Str(isolate, message)));
}

ModuleRegistry& Registry(v8::Isolate* isolate) {
  std::unique_ptr<ModuleRegistry>& registry = Runtime::From(isolate)->module_registry();
  if (!registry) registry = std::make_unique<ModuleRegistry>();
  return *registry;
}

// The module whose id is info[0], or null (with a TypeError thrown).
ModuleRegistry::Entry* EntryArg(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  ModuleRegistry::Entry* entry =
      info[0]->IsInt32() ? Registry(isolate).Find(info[0].As<v8::Int32>()->Value()) : nullptr;
  if (entry == nullptr) ThrowTypeError(isolate, "module_wrap: no such module");
  return entry;
}

// The "type" attribute of a request, "" if none.
std::string TypeAttribute(Local<v8::Context> context, Local<v8::FixedArray> attributes, int stride) {
  v8::Isolate* isolate = context->GetIsolate();
  for (int i = 0; i + 1 < attributes->Length(); i += stride) {
    Local<v8::Data> key = attributes->Get(context, i);
    if (key->IsValue() && ToStdString(isolate, key.As<Value>()) == "type") {
      return ToStdString(isolate, attributes->Get(context, i + 1).As<Value>());
    }
  }
  return {};
}

// compile(source, url) -> id. A syntax error is thrown with its location.
void Compile(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Local<v8::Context> context = isolate->GetCurrentContext();
  if (!info[0]->IsString() || !info[1]->IsString()) return ThrowTypeError(isolate, "compile(source, url)");
  v8::ScriptOrigin origin(isolate, info[1], 0, 0, false, -1, Local<Value>(), false, false, /*is_module=*/true);
  // A module file's text as readFile returned it may come from the compile cache.
  CompileCache* cache = Runtime::From(isolate)->compile_cache();
  std::unique_ptr<CompileCache::Use> cache_use =
      cache != nullptr ? cache->Begin(isolate, info[0].As<v8::String>(), CompileCache::Kind::kModule, "") : nullptr;
  v8::ScriptCompiler::CachedData* cached = cache_use ? cache_use->NewCachedData() : nullptr;
  v8::ScriptCompiler::Source source(info[0].As<v8::String>(), origin, cached);
  v8::TryCatch try_catch(isolate);
  Local<v8::Module> module;
  if (!v8::ScriptCompiler::CompileModule(isolate, &source,
                                         cached != nullptr ? v8::ScriptCompiler::kConsumeCodeCache
                                                           : v8::ScriptCompiler::kNoCompileOptions)
           .ToLocal(&module)) {
    if (try_catch.HasCaught() && !try_catch.HasTerminated()) {
      AttachErrorSource(isolate, context, try_catch.Exception(), try_catch.Message());
      try_catch.ReThrow();
    }
    return;
  }
  if (cache_use) cache->Finish(isolate, std::move(cache_use), source.GetCachedData(), module);
  info.GetReturnValue().Set(Registry(isolate).Add(isolate, module));
}

// requests(id) -> [[specifier, attributes], ...] in source order.
void Requests(const FunctionCallbackInfo<Value>& info) {
  ModuleRegistry::Entry* entry = EntryArg(info);
  if (entry == nullptr) return;
  v8::Isolate* isolate = info.GetIsolate();
  Local<v8::Context> context = isolate->GetCurrentContext();
  Local<v8::FixedArray> requests = entry->module.Get(isolate)->GetModuleRequests();
  Local<v8::Array> result = v8::Array::New(isolate, requests->Length());
  for (int i = 0; i < requests->Length(); ++i) {
    Local<v8::ModuleRequest> request = requests->Get(context, i).As<v8::ModuleRequest>();
    Local<Value> pair[2] = {request->GetSpecifier(), ImportAttributesObject(context, request->GetImportAssertions(), 3)};
    if (result->Set(context, i, v8::Array::New(isolate, pair, 2)).IsNothing()) return;
  }
  info.GetReturnValue().Set(result);
}

// Sets the exports of a synthetic module: the loader's hook does it.
v8::MaybeLocal<Value> EvaluateSynthetic(Local<v8::Context> context, Local<v8::Module> module) {
  v8::Isolate* isolate = context->GetIsolate();
  ModuleRegistry& registry = Registry(isolate);
  if (registry.evaluate_synthetic.IsEmpty()) return {};
  Local<Value> argv[1] = {v8::Integer::New(isolate, registry.IdOf(isolate, module))};
  if (registry.evaluate_synthetic.Get(isolate)->Call(context, v8::Undefined(isolate), 1, argv).IsEmpty()) return {};
  Local<v8::Promise::Resolver> resolver;
  if (!v8::Promise::Resolver::New(context).ToLocal(&resolver)) return {};
  if (resolver->Resolve(context, v8::Undefined(isolate)).IsNothing()) return {};
  return resolver->GetPromise();
}

// createSynthetic(url, exportNames[]) -> id
void CreateSynthetic(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Local<v8::Context> context = isolate->GetCurrentContext();
  if (!info[0]->IsString() || !info[1]->IsArray()) return ThrowTypeError(isolate, "createSynthetic(url, names)");
  Local<v8::Array> names = info[1].As<v8::Array>();
  std::vector<Local<v8::String>> export_names;
  for (std::uint32_t i = 0; i < names->Length(); ++i) {
    Local<Value> name;
    if (!names->Get(context, i).ToLocal(&name)) return;
    if (!name->IsString()) return ThrowTypeError(isolate, "createSynthetic: export names must be strings");
    export_names.push_back(name.As<v8::String>());
  }
  Local<v8::Module> module =
      v8::Module::CreateSyntheticModule(isolate, info[0].As<v8::String>(), export_names, EvaluateSynthetic);
  info.GetReturnValue().Set(Registry(isolate).Add(isolate, module));
}

// setExport(id, name, value), while the module evaluates.
void SetExport(const FunctionCallbackInfo<Value>& info) {
  ModuleRegistry::Entry* entry = EntryArg(info);
  if (entry == nullptr) return;
  v8::Isolate* isolate = info.GetIsolate();
  if (!info[1]->IsString()) return ThrowTypeError(isolate, "setExport(id, name, value)");
  // A name not declared at creation throws (a ReferenceError), which JS sees.
  if (entry->module.Get(isolate)->SetSyntheticModuleExport(isolate, info[1].As<v8::String>(), info[2]).IsNothing()) return;
}

// link(id, specifiers[], types[], ids[]): what each request of the module
// resolved to.
void Link(const FunctionCallbackInfo<Value>& info) {
  ModuleRegistry::Entry* entry = EntryArg(info);
  if (entry == nullptr) return;
  v8::Isolate* isolate = info.GetIsolate();
  Local<v8::Context> context = isolate->GetCurrentContext();
  if (!info[1]->IsArray() || !info[2]->IsArray() || !info[3]->IsArray()) {
    return ThrowTypeError(isolate, "link(id, specifiers, types, ids)");
  }
  Local<v8::Array> specifiers = info[1].As<v8::Array>();
  Local<v8::Array> types = info[2].As<v8::Array>();
  Local<v8::Array> ids = info[3].As<v8::Array>();
  for (std::uint32_t i = 0; i < specifiers->Length(); ++i) {
    Local<Value> specifier, type, id;
    if (!specifiers->Get(context, i).ToLocal(&specifier) || !types->Get(context, i).ToLocal(&type) ||
        !ids->Get(context, i).ToLocal(&id)) {
      return;
    }
    if (!specifier->IsString() || !id->IsInt32()) return ThrowTypeError(isolate, "link: bad request");
    std::string type_text = type->IsString() ? ToStdString(isolate, type) : std::string();
    entry->links[ModuleRequestKey(isolate, specifier.As<v8::String>(), type_text)] = id.As<v8::Int32>()->Value();
  }
}

v8::MaybeLocal<v8::Module> ResolveLinked(Local<v8::Context> context, Local<v8::String> specifier,
                                          Local<v8::FixedArray> attributes, Local<v8::Module> referrer) {
  v8::Isolate* isolate = context->GetIsolate();
  ModuleRegistry& registry = Registry(isolate);
  ModuleRegistry::Entry* entry = registry.Find(registry.IdOf(isolate, referrer));
  if (entry != nullptr) {
    auto it = entry->links.find(ModuleRequestKey(isolate, specifier, TypeAttribute(context, attributes, 3)));
    ModuleRegistry::Entry* target = it == entry->links.end() ? nullptr : registry.Find(it->second);
    if (target != nullptr) return target->module.Get(isolate);
  }
  isolate->ThrowException(v8::Exception::Error(
      Str(isolate, "module '" + ToStdString(isolate, specifier) + "' was not linked")));
  return {};
}

// instantiate(id): a missing export is thrown with the import's location.
void Instantiate(const FunctionCallbackInfo<Value>& info) {
  ModuleRegistry::Entry* entry = EntryArg(info);
  if (entry == nullptr) return;
  v8::Isolate* isolate = info.GetIsolate();
  Local<v8::Context> context = isolate->GetCurrentContext();
  v8::TryCatch try_catch(isolate);
  if (entry->module.Get(isolate)->InstantiateModule(context, ResolveLinked).IsNothing()) {
    if (try_catch.HasCaught() && !try_catch.HasTerminated()) {
      AttachErrorSource(isolate, context, try_catch.Exception(), try_catch.Message());
      try_catch.ReThrow();
    }
  }
}

// evaluate(id) -> the promise of the module's evaluation.
void Evaluate(const FunctionCallbackInfo<Value>& info) {
  ModuleRegistry::Entry* entry = EntryArg(info);
  if (entry == nullptr) return;
  v8::Isolate* isolate = info.GetIsolate();
  Local<Value> result;
  if (entry->module.Get(isolate)->Evaluate(isolate->GetCurrentContext()).ToLocal(&result)) {
    info.GetReturnValue().Set(result);
  }
}

void Namespace(const FunctionCallbackInfo<Value>& info) {
  ModuleRegistry::Entry* entry = EntryArg(info);
  if (entry == nullptr) return;
  Local<v8::Module> module = entry->module.Get(info.GetIsolate());
  if (module->GetStatus() < v8::Module::kInstantiated) {
    return ThrowTypeError(info.GetIsolate(), "module_wrap: namespace of a module not instantiated");
  }
  info.GetReturnValue().Set(module->GetModuleNamespace());
}

// status(id) -> 0 uninstantiated .. 5 errored (v8::Module::Status).
void Status(const FunctionCallbackInfo<Value>& info) {
  ModuleRegistry::Entry* entry = EntryArg(info);
  if (entry == nullptr) return;
  info.GetReturnValue().Set(static_cast<int>(entry->module.Get(info.GetIsolate())->GetStatus()));
}

void Exception(const FunctionCallbackInfo<Value>& info) {
  ModuleRegistry::Entry* entry = EntryArg(info);
  if (entry == nullptr) return;
  Local<v8::Module> module = entry->module.Get(info.GetIsolate());
  if (module->GetStatus() != v8::Module::kErrored) return;
  // A fatal report of it shows the line that threw, as for a CommonJS error.
  Local<Value> exception = module->GetException();
  AttachThrowLocation(info.GetIsolate(), info.GetIsolate()->GetCurrentContext(), exception);
  info.GetReturnValue().Set(exception);
}

// isGraphAsync(id): whether the module or one it imports uses top-level await.
void IsGraphAsync(const FunctionCallbackInfo<Value>& info) {
  ModuleRegistry::Entry* entry = EntryArg(info);
  if (entry == nullptr) return;
  Local<v8::Module> module = entry->module.Get(info.GetIsolate());
  if (module->GetStatus() < v8::Module::kInstantiated) return ThrowTypeError(info.GetIsolate(), "not instantiated");
  info.GetReturnValue().Set(module->IsGraphAsync());
}

// setHooks(initializeImportMeta(meta, id), evaluateSynthetic(id))
void SetHooks(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (!info[0]->IsFunction() || !info[1]->IsFunction()) return ThrowTypeError(isolate, "setHooks(fn, fn)");
  ModuleRegistry& registry = Registry(isolate);
  registry.initialize_import_meta.Reset(isolate, info[0].As<v8::Function>());
  registry.evaluate_synthetic.Reset(isolate, info[1].As<v8::Function>());
}

void InitializeImportMeta(Local<v8::Context> context, Local<v8::Module> module, Local<v8::Object> meta) {
  if (InitializeVmModuleImportMeta(context, module, meta)) return;
  v8::Isolate* isolate = context->GetIsolate();
  ModuleRegistry& registry = Registry(isolate);
  if (registry.initialize_import_meta.IsEmpty()) return;
  Local<Value> argv[2] = {meta, v8::Integer::New(isolate, registry.IdOf(isolate, module))};
  // The hook only defines properties; V8 has no way to take an error here.
  v8::TryCatch try_catch(isolate);
  if (registry.initialize_import_meta.Get(isolate)->Call(context, v8::Undefined(isolate), 2, argv).IsEmpty()) return;
}

// import(): the bootstrap's hook loads the ES module loader on first use.
v8::MaybeLocal<v8::Promise> ImportModuleDynamically(Local<v8::Context> context, Local<v8::Data> host_defined_options,
                                                    Local<Value> resource_name, Local<v8::String> specifier,
                                                    Local<v8::FixedArray> attributes) {
  v8::Isolate* isolate = context->GetIsolate();
  // Code that node:vm compiled goes where its author said.
  if (IsVmImportOptions(isolate, host_defined_options)) {
    return ImportFromVmCode(context, host_defined_options, specifier, ImportAttributesObject(context, attributes, 2));
  }
  v8::Global<v8::Function>& hook = Runtime::From(isolate)->js().import_module_dynamically;
  if (hook.IsEmpty()) {
    ThrowTypeError(isolate, "import() is not available before the worker started");
    return {};
  }
  Local<Value> argv[3] = {specifier, resource_name.IsEmpty() ? Local<Value>(v8::Undefined(isolate)) : resource_name,
                          ImportAttributesObject(context, attributes, 2)};
  Local<Value> result;
  if (!hook.Get(isolate)->Call(context, v8::Undefined(isolate), 3, argv).ToLocal(&result)) return {};
  if (!result->IsPromise()) {
    ThrowTypeError(isolate, "import() hook did not return a promise");
    return {};
  }
  return result.As<v8::Promise>();
}

}  // namespace

void InstallModuleHooks(v8::Isolate* isolate) {
  isolate->SetHostImportModuleDynamicallyCallback(ImportModuleDynamically);
  isolate->SetHostInitializeImportMetaObjectCallback(InitializeImportMeta);
}

namespace native_modules {

ISOHOST_BINDING(module_wrap) {
  SetMethod(isolate, context, target, "compile", Compile);
  SetMethod(isolate, context, target, "requests", Requests);
  SetMethod(isolate, context, target, "createSynthetic", CreateSynthetic);
  SetMethod(isolate, context, target, "setExport", SetExport);
  SetMethod(isolate, context, target, "link", Link);
  SetMethod(isolate, context, target, "instantiate", Instantiate);
  SetMethod(isolate, context, target, "evaluate", Evaluate);
  SetMethod(isolate, context, target, "namespace", Namespace);
  SetMethod(isolate, context, target, "status", Status);
  SetMethod(isolate, context, target, "exception", Exception);
  SetMethod(isolate, context, target, "isGraphAsync", IsGraphAsync);
  SetMethod(isolate, context, target, "setHooks", SetHooks);
}

}  // namespace native_modules
}  // namespace isohost::worker
