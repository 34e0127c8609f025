#include "worker/api/process/process_env.h"

#include <list>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "worker/api/worker_threads/nested_workers.h"
#include "worker/runtime/runtime.h"

namespace isohost::worker {
namespace {

using v8::Local;
using v8::Name;
using v8::PropertyCallbackInfo;
using v8::Value;

// The variables of a worker, in the order the host sent them, then in the
// order the script set new ones (what Object.keys(process.env) shows).
class EnvStore {
 public:
  const std::string* Find(std::string_view name) const {
    auto found = index_.find(name);
    return found == index_.end() ? nullptr : &found->second->second;
  }

  void Set(std::string_view name, std::string value) {
    auto found = index_.find(name);
    if (found != index_.end()) {
      found->second->second = std::move(value);
      return;
    }
    entries_.emplace_back(std::string(name), std::move(value));
    auto entry = std::prev(entries_.end());
    // The key views the name inside the list node, which never moves.
    index_.emplace(entry->first, entry);
  }

  void Erase(std::string_view name) {
    auto found = index_.find(name);
    if (found == index_.end()) return;
    auto entry = found->second;
    index_.erase(found);
    entries_.erase(entry);
  }

  const std::list<std::pair<std::string, std::string>>& entries() const { return entries_; }

 private:
  std::list<std::pair<std::string, std::string>> entries_;
  std::unordered_map<std::string_view, std::list<std::pair<std::string, std::string>>::iterator> index_;
};

// A worker is a process of its own, so its environment is process-wide state,
// as environ is. Filled from the Start frame on first use.
std::optional<EnvStore> store;

// Calls `visit(name, value)` for each variable of Start, in order: those of
// `env`, then those of `env_block` ("NAME=VALUE\0"...).
template <typename Visit>
void ForEachStartVariable(const proto::Start& start, Visit visit) {
  for (const proto::EnvVar& var : start.env()) visit(std::string_view(var.name()), std::string_view(var.value()));
  std::string_view block = start.env_block();
  while (!block.empty()) {
    std::size_t end = block.find('\0');
    std::string_view entry = block.substr(0, end);
    block = end == std::string_view::npos ? std::string_view() : block.substr(end + 1);
    std::size_t eq = entry.find('=');
    if (eq == std::string_view::npos) continue;
    visit(entry.substr(0, eq), entry.substr(eq + 1));
  }
}

EnvStore& StoreOf(v8::Isolate* isolate) {
  if (!store) {
    store.emplace();
    ForEachStartVariable(Runtime::From(isolate)->start(),
                         [](std::string_view name, std::string_view value) { store->Set(name, std::string(value)); });
  }
  return *store;
}

std::string Utf8(v8::Isolate* isolate, Local<v8::String> text) {
  std::string out(text->Utf8Length(isolate), '\0');
  text->WriteUtf8(isolate, out.data(), static_cast<int>(out.size()), nullptr,
                  v8::String::NO_NULL_TERMINATION | v8::String::REPLACE_INVALID_UTF8);
  return out;
}

void ThrowDefineError(v8::Isolate* isolate, const char* message) {
  Local<v8::Context> context = isolate->GetCurrentContext();
  Local<Value> error = v8::Exception::TypeError(v8::String::NewFromUtf8(isolate, message).ToLocalChecked());
  (void)error.As<v8::Object>()
      ->Set(context, v8::String::NewFromUtf8Literal(isolate, "code"),
            v8::String::NewFromUtf8Literal(isolate, "ERR_INVALID_OBJECT_DEFINE_PROPERTY"))
      .FromMaybe(false);
  isolate->ThrowException(error);
}

// --- the operations, by name; indexed access comes here with the index as text -----

void Get(v8::Isolate* isolate, std::string_view name, const PropertyCallbackInfo<Value>& info) {
  const std::string* value = StoreOf(isolate).Find(name);
  // A miss is not intercepted: the prototype chain answers (env.toString).
  if (value == nullptr) return;
  Local<v8::String> text;
  if (v8::String::NewFromUtf8(isolate, value->data(), v8::NewStringType::kNormal, static_cast<int>(value->size()))
          .ToLocal(&text)) {
    info.GetReturnValue().Set(text);
  }
}

// Stores String(value) under String(key), as Node does: a symbol key or value,
// or a value whose toString() throws, throws.
template <typename T>
void Set(v8::Isolate* isolate, Local<Value> key, Local<Value> value, const PropertyCallbackInfo<T>& info) {
  Local<v8::Context> context = isolate->GetCurrentContext();
  Local<v8::String> key_text;
  Local<v8::String> value_text;
  if (!key->ToString(context).ToLocal(&key_text) || !value->ToString(context).ToLocal(&value_text)) return;
  std::string name = Utf8(isolate, key_text);
  // Node's store drops a variable without a name; the assignment still
  // succeeds and creates no property of the object.
  if (!name.empty()) {
    std::string text = Utf8(isolate, value_text);
    ShareEnvChange(*Runtime::From(isolate), name, &text, kFromThisWorker);
    StoreOf(isolate).Set(name, std::move(text));
  }
  info.GetReturnValue().Set(value);
}

void Query(v8::Isolate* isolate, std::string_view name, const PropertyCallbackInfo<v8::Integer>& info) {
  if (StoreOf(isolate).Find(name) != nullptr) info.GetReturnValue().Set(static_cast<int>(v8::None));
}

void Delete(v8::Isolate* isolate, std::string_view name, const PropertyCallbackInfo<v8::Boolean>& info) {
  if (StoreOf(isolate).Find(name) != nullptr) ShareEnvChange(*Runtime::From(isolate), name, nullptr, kFromThisWorker);
  StoreOf(isolate).Erase(name);
  info.GetReturnValue().Set(true);
}

void Define(v8::Isolate* isolate, Local<Value> key, const v8::PropertyDescriptor& desc,
            const PropertyCallbackInfo<Value>& info) {
  if (desc.has_get() || desc.has_set()) {
    return ThrowDefineError(isolate, "'process.env' does not accept an accessor(getter/setter) descriptor");
  }
  if (!desc.has_value() || !desc.has_writable() || !desc.writable() || !desc.has_enumerable() ||
      !desc.enumerable() || !desc.has_configurable() || !desc.configurable()) {
    return ThrowDefineError(isolate,
                            "'process.env' only accepts a configurable, writable, and enumerable data descriptor");
  }
  Set(isolate, key, desc.value(), info);
}

void Describe(v8::Isolate* isolate, std::string_view name, const PropertyCallbackInfo<Value>& info) {
  const std::string* value = StoreOf(isolate).Find(name);
  if (value == nullptr) return;
  Local<v8::Context> context = isolate->GetCurrentContext();
  Local<v8::String> text;
  if (!v8::String::NewFromUtf8(isolate, value->data(), v8::NewStringType::kNormal, static_cast<int>(value->size()))
           .ToLocal(&text)) {
    return;
  }
  Local<v8::Object> descriptor = v8::Object::New(isolate);
  Local<v8::Boolean> yes = v8::True(isolate);
  if (descriptor->Set(context, v8::String::NewFromUtf8Literal(isolate, "value"), text).IsNothing() ||
      descriptor->Set(context, v8::String::NewFromUtf8Literal(isolate, "writable"), yes).IsNothing() ||
      descriptor->Set(context, v8::String::NewFromUtf8Literal(isolate, "enumerable"), yes).IsNothing() ||
      descriptor->Set(context, v8::String::NewFromUtf8Literal(isolate, "configurable"), yes).IsNothing()) {
    return;
  }
  info.GetReturnValue().Set(descriptor);
}

// --- V8's named and indexed interceptors --------------------------------------------

void NamedGet(Local<Name> property, const PropertyCallbackInfo<Value>& info) {
  if (property->IsSymbol()) return;
  Get(info.GetIsolate(), Utf8(info.GetIsolate(), property.As<v8::String>()), info);
}

void NamedSet(Local<Name> property, Local<Value> value, const PropertyCallbackInfo<Value>& info) {
  Set(info.GetIsolate(), property, value, info);
}

void NamedQuery(Local<Name> property, const PropertyCallbackInfo<v8::Integer>& info) {
  if (property->IsSymbol()) return;
  Query(info.GetIsolate(), Utf8(info.GetIsolate(), property.As<v8::String>()), info);
}

void NamedDelete(Local<Name> property, const PropertyCallbackInfo<v8::Boolean>& info) {
  if (property->IsSymbol()) return;
  Delete(info.GetIsolate(), Utf8(info.GetIsolate(), property.As<v8::String>()), info);
}

void NamedDefine(Local<Name> property, const v8::PropertyDescriptor& desc, const PropertyCallbackInfo<Value>& info) {
  Define(info.GetIsolate(), property, desc, info);
}

void NamedDescribe(Local<Name> property, const PropertyCallbackInfo<Value>& info) {
  if (property->IsSymbol()) return;
  Describe(info.GetIsolate(), Utf8(info.GetIsolate(), property.As<v8::String>()), info);
}

void Enumerate(const PropertyCallbackInfo<v8::Array>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Local<v8::Context> context = isolate->GetCurrentContext();
  const auto& entries = StoreOf(isolate).entries();
  Local<v8::Array> names = v8::Array::New(isolate, static_cast<int>(entries.size()));
  uint32_t i = 0;
  for (const auto& [name, value] : entries) {
    Local<v8::String> text;
    if (!v8::String::NewFromUtf8(isolate, name.data(), v8::NewStringType::kNormal, static_cast<int>(name.size()))
             .ToLocal(&text) ||
        names->Set(context, i++, text).IsNothing()) {
      return;
    }
  }
  info.GetReturnValue().Set(names);
}

void IndexedGet(uint32_t index, const PropertyCallbackInfo<Value>& info) {
  Get(info.GetIsolate(), std::to_string(index), info);
}

void IndexedSet(uint32_t index, Local<Value> value, const PropertyCallbackInfo<Value>& info) {
  Set(info.GetIsolate(), v8::Integer::NewFromUnsigned(info.GetIsolate(), index), value, info);
}

void IndexedQuery(uint32_t index, const PropertyCallbackInfo<v8::Integer>& info) {
  Query(info.GetIsolate(), std::to_string(index), info);
}

void IndexedDelete(uint32_t index, const PropertyCallbackInfo<v8::Boolean>& info) {
  Delete(info.GetIsolate(), std::to_string(index), info);
}

void IndexedDefine(uint32_t index, const v8::PropertyDescriptor& desc, const PropertyCallbackInfo<Value>& info) {
  Define(info.GetIsolate(), v8::Integer::NewFromUnsigned(info.GetIsolate(), index), desc, info);
}

void IndexedDescribe(uint32_t index, const PropertyCallbackInfo<Value>& info) {
  Describe(info.GetIsolate(), std::to_string(index), info);
}

// Names that look like indices (process.env[5]) reach the indexed interceptor,
// and are listed by the named enumerator already.
void EnumerateNoIndices(const PropertyCallbackInfo<v8::Array>& info) {
  info.GetReturnValue().Set(v8::Array::New(info.GetIsolate(), 0));
}

}  // namespace

void ChangeProcessEnv(v8::Isolate* isolate, std::string_view name, const std::string* value) {
  if (value != nullptr) {
    StoreOf(isolate).Set(name, *value);
  } else {
    StoreOf(isolate).Erase(name);
  }
}

std::optional<std::string_view> FindProcessEnv(v8::Isolate* isolate, std::string_view name) {
  if (store) {
    const std::string* value = store->Find(name);
    if (value == nullptr) return std::nullopt;
    return std::string_view(*value);
  }
  // Until the script touches process.env the variables are those of Start,
  // read in place: the loader's look-ups at start-up copy none of them.
  std::optional<std::string_view> found;
  ForEachStartVariable(Runtime::From(isolate)->start(), [&](std::string_view var, std::string_view value) {
    if (var == name) found = value;  // the last one wins, as in the store
  });
  return found;
}

v8::MaybeLocal<v8::Object> NewProcessEnv(v8::Isolate* isolate, Local<v8::Context> context) {
  Local<v8::ObjectTemplate> templ = v8::ObjectTemplate::New(isolate);
  templ->SetHandler(v8::NamedPropertyHandlerConfiguration(NamedGet, NamedSet, NamedQuery, NamedDelete, Enumerate,
                                                          NamedDefine, NamedDescribe));
  templ->SetHandler(v8::IndexedPropertyHandlerConfiguration(IndexedGet, IndexedSet, IndexedQuery, IndexedDelete,
                                                            EnumerateNoIndices, IndexedDefine, IndexedDescribe));
  return templ->NewInstance(context);
}

}  // namespace isohost::worker
