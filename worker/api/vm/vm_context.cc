#include "worker/api/vm/vm_context.h"

#include <memory>
#include <string>

#include "worker/runtime/runtime.h"

namespace isohost::worker {
namespace {

using v8::Context;
using v8::Integer;
using v8::Isolate;
using v8::Local;
using v8::MaybeLocal;
using v8::Name;
using v8::Object;
using v8::PropertyAttribute;
using v8::PropertyCallbackInfo;
using v8::PropertyDescriptor;
using v8::Value;

// The slot of a vm context's embedder data that holds its sandbox. The
// worker's own context has no embedder data; slot 0 is left alone, as V8's
// embedders conventionally reserve it.
constexpr int kSandboxSlot = 1;
// Holds false in a context that may not compile WebAssembly.
constexpr int kAllowWasmSlot = 2;
// Holds the owner of the context's own microtask queue, if it has one.
constexpr int kMicrotaskQueueSlot = 3;

Local<v8::Private> ContextKey(Isolate* isolate) {
  return v8::Private::ForApi(isolate, v8::String::NewFromUtf8Literal(isolate, "isohost:vm.context"));
}

// The context and sandbox behind the global object `holder` of an
// interceptor call; false for a context that has no sandbox (yet: V8 may
// touch the global while it builds the context, before the link is made).
bool SandboxOf(Local<Object> holder, Local<Context>* context, Local<Object>* sandbox) {
  if (!holder->GetCreationContext().ToLocal(context)) return false;
  if ((*context)->GetNumberOfEmbedderDataFields() <= static_cast<uint32_t>(kSandboxSlot)) return false;
  Local<Value> value = (*context)->GetEmbedderData(kSandboxSlot);
  if (!value->IsObject()) return false;
  *sandbox = value.As<Object>();
  return true;
}

// Each interceptor either answers from the sandbox (sets a return value) or
// leaves the request to the global object itself, which holds the context's
// builtins (Array, Object, ...). Inside the context a global read finds the
// sandbox's property first, then the builtin; every write goes to the sandbox.

void GetProperty(Local<Name> key, const PropertyCallbackInfo<Value>& info) {
  Local<Context> context;
  Local<Object> sandbox;
  if (!SandboxOf(info.Holder(), &context, &sandbox)) return;
  bool has = false;
  if (!sandbox->Has(context, key).To(&has) || !has) return;
  Local<Value> value;
  if (!sandbox->Get(context, key).ToLocal(&value)) return;
  // The sandbox seen from inside is the context's global (`window.window`).
  if (value == sandbox) value = context->Global();
  info.GetReturnValue().Set(value);
}

void SetProperty(Local<Name> key, Local<Value> value, const PropertyCallbackInfo<Value>& info) {
  Local<Context> context;
  Local<Object> sandbox;
  if (!SandboxOf(info.Holder(), &context, &sandbox)) return;
  PropertyAttribute attributes = v8::None;
  // A read-only builtin (undefined, NaN, Infinity): V8 refuses the store as
  // it would anywhere.
  bool on_global = info.Holder()->GetRealNamedPropertyAttributes(context, key).To(&attributes);
  if (on_global && (attributes & v8::ReadOnly) != 0) return;
  bool on_sandbox = false;
  if (!sandbox->Has(context, key).To(&on_sandbox)) return;
  // `x = 1` in strict code, with x declared nowhere, is a ReferenceError:
  // left to V8, which finds nothing. (`this.x = 1` has the proxy as receiver.)
  // A function declaration comes here too, as a store of the function, and
  // must reach the sandbox: a function value is let through.
  bool contextual = info.This() != context->Global();
  if (!on_global && !on_sandbox && contextual && info.ShouldThrowOnError() && !value->IsFunction()) return;
  if (on_sandbox && sandbox->GetRealNamedPropertyAttributes(context, key).To(&attributes) &&
      (attributes & v8::ReadOnly) != 0) {
    if (info.ShouldThrowOnError()) {
      Isolate* isolate = info.GetIsolate();
      v8::String::Utf8Value name(isolate, key);
      // Node's words for it, which differ for `x = 1` inside and `global.x = 1`.
      std::string message = contextual ? std::string("Cannot assign to read only property '") +
                                             (*name ? *name : "") + "' of object '#<Object>'"
                                       : std::string("Cannot redefine property: ") + (*name ? *name : "");
      Local<v8::String> text;
      if (v8::String::NewFromUtf8(isolate, message.c_str()).ToLocal(&text)) {
        isolate->ThrowException(v8::Exception::TypeError(text));
      }
    }
    info.GetReturnValue().Set(value);
    return;
  }
  if (sandbox->Set(context, key, value).IsNothing()) return;
  info.GetReturnValue().Set(value);
}

void QueryProperty(Local<Name> key, const PropertyCallbackInfo<Integer>& info) {
  Local<Context> context;
  Local<Object> sandbox;
  if (!SandboxOf(info.Holder(), &context, &sandbox)) return;
  bool has = false;
  if (!sandbox->Has(context, key).To(&has) || !has) return;
  PropertyAttribute attributes = v8::None;
  if (!sandbox->GetRealNamedPropertyAttributes(context, key).To(&attributes)) attributes = v8::None;
  info.GetReturnValue().Set(static_cast<int32_t>(attributes));
}

void DeleteProperty(Local<Name> key, const PropertyCallbackInfo<v8::Boolean>& info) {
  Local<Context> context;
  Local<Object> sandbox;
  if (!SandboxOf(info.Holder(), &context, &sandbox)) return;
  // A var of the context's code sits on the global object itself, which
  // never lets it go: neither does the sandbox then.
  PropertyAttribute attributes = v8::None;
  if (info.Holder()->GetRealNamedPropertyAttributes(context, key).To(&attributes) &&
      (attributes & v8::DontDelete) != 0) {
    info.GetReturnValue().Set(false);
    return;
  }
  bool deleted = false;
  if (!sandbox->Delete(context, key).To(&deleted)) return;
  // Deleted (or absent) in the sandbox: V8 goes on and deletes a global of
  // the same name too.
  if (!deleted) info.GetReturnValue().Set(false);
}

void EnumerateProperties(const PropertyCallbackInfo<v8::Array>& info) {
  Local<Context> context;
  Local<Object> sandbox;
  if (!SandboxOf(info.Holder(), &context, &sandbox)) return;
  Local<v8::Array> names;
  if (!sandbox
           ->GetPropertyNames(context, v8::KeyCollectionMode::kOwnOnly, v8::ALL_PROPERTIES,
                              v8::IndexFilter::kIncludeIndices, v8::KeyConversionMode::kConvertToString)
           .ToLocal(&names)) {
    return;
  }
  info.GetReturnValue().Set(names);
}

void DefineProperty(Local<Name> key, const PropertyDescriptor& desc, const PropertyCallbackInfo<Value>& info) {
  Local<Context> context;
  Local<Object> sandbox;
  if (!SandboxOf(info.Holder(), &context, &sandbox)) return;
  PropertyAttribute attributes = v8::None;
  if (info.Holder()->GetRealNamedPropertyAttributes(context, key).To(&attributes) &&
      (attributes & v8::ReadOnly) != 0 && (attributes & v8::DontDelete) != 0) {
    return;  // a frozen builtin: V8 says no as it would anywhere
  }
  Local<Value> get = desc.has_get() ? desc.get() : Local<Value>();
  Local<Value> set = desc.has_set() ? desc.set() : Local<Value>();
  auto define = [&](PropertyDescriptor& copy) {
    if (desc.has_enumerable()) copy.set_enumerable(desc.enumerable());
    if (desc.has_configurable()) copy.set_configurable(desc.configurable());
    return sandbox->DefineProperty(context, key, copy);
  };
  v8::Maybe<bool> defined = v8::Nothing<bool>();
  if (desc.has_get() || desc.has_set()) {
    PropertyDescriptor copy(get, set);
    defined = define(copy);
  } else if (desc.has_value() && desc.has_writable()) {
    PropertyDescriptor copy(desc.value(), desc.writable());
    defined = define(copy);
  } else if (desc.has_value()) {
    PropertyDescriptor copy(desc.value());
    defined = define(copy);
  } else if (desc.has_writable()) {
    PropertyDescriptor copy(v8::Undefined(info.GetIsolate()), desc.writable());
    defined = define(copy);
  } else {
    PropertyDescriptor copy;
    defined = define(copy);
  }
  bool ok = false;
  if (!defined.To(&ok)) return;
  if (!ok && info.ShouldThrowOnError()) {
    Isolate* isolate = info.GetIsolate();
    v8::String::Utf8Value name(isolate, key);
    std::string message = std::string("Cannot redefine property: ") + (*name ? *name : "");
    Local<v8::String> text;
    if (v8::String::NewFromUtf8(isolate, message.c_str()).ToLocal(&text)) {
      isolate->ThrowException(v8::Exception::TypeError(text));
    }
  }
  info.GetReturnValue().Set(ok);
}

void DescribeProperty(Local<Name> key, const PropertyCallbackInfo<Value>& info) {
  Local<Context> context;
  Local<Object> sandbox;
  if (!SandboxOf(info.Holder(), &context, &sandbox)) return;
  bool own = false;
  if (!sandbox->HasOwnProperty(context, key).To(&own) || !own) return;
  Local<Value> descriptor;
  if (sandbox->GetOwnPropertyDescriptor(context, key).ToLocal(&descriptor)) info.GetReturnValue().Set(descriptor);
}

// Elements (globalThis[0]) go the same way, by the index's name.
Local<Name> IndexName(Isolate* isolate, uint32_t index) {
  std::string text = std::to_string(index);
  return v8::String::NewFromUtf8(isolate, text.data(), v8::NewStringType::kNormal, static_cast<int>(text.size()))
      .ToLocalChecked();  // a few digits: cannot exceed V8's string length
}

void GetElement(uint32_t index, const PropertyCallbackInfo<Value>& info) {
  GetProperty(IndexName(info.GetIsolate(), index), info);
}
void SetElement(uint32_t index, Local<Value> value, const PropertyCallbackInfo<Value>& info) {
  SetProperty(IndexName(info.GetIsolate(), index), value, info);
}
void QueryElement(uint32_t index, const PropertyCallbackInfo<Integer>& info) {
  QueryProperty(IndexName(info.GetIsolate(), index), info);
}
void DeleteElement(uint32_t index, const PropertyCallbackInfo<v8::Boolean>& info) {
  DeleteProperty(IndexName(info.GetIsolate(), index), info);
}
void DefineElement(uint32_t index, const PropertyDescriptor& desc, const PropertyCallbackInfo<Value>& info) {
  DefineProperty(IndexName(info.GetIsolate(), index), desc, info);
}
void DescribeElement(uint32_t index, const PropertyCallbackInfo<Value>& info) {
  DescribeProperty(IndexName(info.GetIsolate(), index), info);
}

// V8 asks the embedder before it compiles WebAssembly; only vm contexts
// made with codeGeneration.wasm false say no. Installed with the first such
// context.
bool AllowWasmCodeGeneration(Local<Context> context, Local<v8::String>) {
  if (context->GetNumberOfEmbedderDataFields() <= static_cast<uint32_t>(kAllowWasmSlot)) return true;
  return !context->GetEmbedderData(kAllowWasmSlot)->IsFalse();
}

// The global template of contextified contexts, made once per isolate (a
// template per context would be kept by V8's instantiation cache).
Local<v8::ObjectTemplate> GlobalTemplate(Isolate* isolate) {
  static Isolate* cached_isolate = nullptr;
  static v8::Eternal<v8::ObjectTemplate> cached;
  if (cached_isolate == isolate) return cached.Get(isolate);
  Local<v8::ObjectTemplate> global = v8::ObjectTemplate::New(isolate);
  global->SetHandler(v8::NamedPropertyHandlerConfiguration(GetProperty, SetProperty, QueryProperty, DeleteProperty,
                                                           EnumerateProperties, DefineProperty, DescribeProperty));
  global->SetHandler(v8::IndexedPropertyHandlerConfiguration(GetElement, SetElement, QueryElement, DeleteElement,
                                                             nullptr, DefineElement, DescribeElement));
  cached.Set(isolate, global);
  cached_isolate = isolate;
  return global;
}

// Owns the microtask queue of a context made with microtaskMode
// 'afterEvaluate'. Its JS handle sits in the context's embedder data, so it
// is collected with the context (not before: V8 keeps a raw pointer to the
// queue in the context), and its collection deletes the queue. Microtasks
// still queued are roots and keep what they use alive, the context included.
class MicrotaskQueueOwner {
 public:
  static bool Attach(Isolate* isolate, Local<Context> context, std::unique_ptr<v8::MicrotaskQueue> queue) {
    Local<Object> handle;
    if (!Template(isolate)->NewInstance(context).ToLocal(&handle)) return false;
    auto* owner = new MicrotaskQueueOwner(isolate, handle, std::move(queue));
    handle->SetAlignedPointerInInternalField(0, owner);
    context->SetEmbedderData(kMicrotaskQueueSlot, handle);
    return true;
  }

 private:
  MicrotaskQueueOwner(Isolate* isolate, Local<Object> handle, std::unique_ptr<v8::MicrotaskQueue> queue)
      : queue_(std::move(queue)), handle_(isolate, handle) {
    handle_.SetWeak(this, &MicrotaskQueueOwner::OnCollected, v8::WeakCallbackType::kParameter);
  }
  // Only the handle may be touched in the first pass; the queue goes in the
  // second, outside the collection.
  static void OnCollected(const v8::WeakCallbackInfo<MicrotaskQueueOwner>& info) {
    info.GetParameter()->handle_.Reset();
    info.SetSecondPassCallback([](const v8::WeakCallbackInfo<MicrotaskQueueOwner>& second) {
      delete second.GetParameter();
    });
  }
  static Local<v8::ObjectTemplate> Template(Isolate* isolate) {
    static Isolate* cached_isolate = nullptr;
    static v8::Eternal<v8::ObjectTemplate> cached;
    if (cached_isolate != isolate) {
      Local<v8::ObjectTemplate> tmpl = v8::ObjectTemplate::New(isolate);
      tmpl->SetInternalFieldCount(1);
      cached.Set(isolate, tmpl);
      cached_isolate = isolate;
    }
    return cached.Get(isolate);
  }

  std::unique_ptr<v8::MicrotaskQueue> queue_;
  v8::Global<Object> handle_;  // weak
};

}  // namespace

v8::MaybeLocal<v8::Object> MakeVmContext(Isolate* isolate, Local<Context> current, MaybeLocal<Object> maybe_sandbox,
                                         const VmContextOptions& options) {
  Local<Object> sandbox;
  bool contextify = maybe_sandbox.ToLocal(&sandbox);
  std::unique_ptr<v8::MicrotaskQueue> queue;
  if (options.own_microtask_queue) queue = v8::MicrotaskQueue::New(isolate, v8::MicrotasksPolicy::kExplicit);
  Local<Context> context =
      Context::New(isolate, nullptr, contextify ? GlobalTemplate(isolate) : MaybeLocal<v8::ObjectTemplate>(), {}, {},
                   queue.get());
  if (context.IsEmpty()) {
    if (!isolate->IsExecutionTerminating()) {
      isolate->ThrowException(
          v8::Exception::Error(v8::String::NewFromUtf8Literal(isolate, "could not create a vm context")));
    }
    return {};
  }
  // The same token as the worker's context: objects pass freely both ways,
  // as in Node (a vm context is not a security boundary).
  context->SetSecurityToken(current->GetSecurityToken());
  context->AllowCodeGenerationFromStrings(options.allow_strings);
  if (!options.allow_wasm) {
    isolate->SetAllowWasmCodeGenerationCallback(AllowWasmCodeGeneration);
    context->SetEmbedderData(kAllowWasmSlot, v8::False(isolate));
  }
  if (queue && !MicrotaskQueueOwner::Attach(isolate, context, std::move(queue))) return {};
  // Promises made in the context carry async context as the worker's do.
  if (Runtime* runtime = Runtime::From(isolate)) runtime->promise_hooks().AddContext(isolate, context);
  Local<Object> global = context->Global();
  if (contextify) {
    context->SetEmbedderData(kSandboxSlot, sandbox);
  } else {
    sandbox = global;
  }
  if (sandbox->SetPrivate(current, ContextKey(isolate), global).IsNothing()) return {};
  return sandbox;
}

v8::MaybeLocal<v8::Context> VmContextOf(Isolate* isolate, Local<Context> current, Local<Value> object) {
  if (!object->IsObject()) return {};
  Local<Value> global;
  if (!object.As<Object>()->GetPrivate(current, ContextKey(isolate)).ToLocal(&global) || !global->IsObject()) {
    return {};
  }
  return global.As<Object>()->GetCreationContext();
}

Local<Object> VmContextObject(Local<Context> context) {
  if (context->GetNumberOfEmbedderDataFields() > static_cast<uint32_t>(kSandboxSlot)) {
    Local<Value> sandbox = context->GetEmbedderData(kSandboxSlot);
    if (sandbox->IsObject()) return sandbox.As<Object>();
  }
  return context->Global();
}

v8::MicrotaskQueue* OwnMicrotaskQueue(Local<Context> context) {
  if (context->GetNumberOfEmbedderDataFields() <= static_cast<uint32_t>(kMicrotaskQueueSlot)) return nullptr;
  if (!context->GetEmbedderData(kMicrotaskQueueSlot)->IsObject()) return nullptr;
  return context->GetMicrotaskQueue();
}

}  // namespace isohost::worker
