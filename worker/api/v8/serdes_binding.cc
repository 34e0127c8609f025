// internalBinding('serdes'): the classes behind v8.Serializer and
// v8.Deserializer, V8's own ValueSerializer and ValueDeserializer with a
// delegate that asks the JS object for what V8 leaves to the embedder: how
// to write and read a host object (_writeHostObject, _readHostObject), the
// error to throw (_getDataCloneError) and a SharedArrayBuffer's id
// (_getSharedArrayBufferId). A JS class may extend either one
// (DefaultSerializer in node/v8.js). Made on the first require('v8').
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "worker/api/buffer/v8_bytes.h"
#include "worker/v8/object_wrap.h"
#include "worker/v8/binding.h"

namespace isohost::worker::native_modules {
namespace {

using v8::FunctionCallbackInfo;
using v8::Local;
using v8::Value;

Local<v8::String> Latin1(v8::Isolate* isolate, std::string_view text) {
  return v8::String::NewFromOneByte(isolate, reinterpret_cast<const std::uint8_t*>(text.data()),
                                    v8::NewStringType::kNormal, static_cast<int>(text.size()))
      .ToLocalChecked();  // short literals of this file
}

// Throws a `make` error (v8::Exception::TypeError, ...) with Node's `code`.
void ThrowCoded(v8::Isolate* isolate, Local<Value> (*make)(Local<v8::String>), std::string_view code,
                std::string_view message) {
  Local<Value> error = make(Latin1(isolate, message));
  if (!code.empty()) {
    (void)error.As<v8::Object>()
        ->Set(isolate->GetCurrentContext(), Latin1(isolate, "code"), Latin1(isolate, code))
        .FromMaybe(false);
  }
  isolate->ThrowException(error);
}

// The method `name` of `object` (own or inherited), or empty if it has none
// or reading it threw (then the exception is pending).
bool GetMethod(v8::Isolate* isolate, Local<v8::Object> object, std::string_view name, Local<v8::Function>* out) {
  Local<Value> value;
  if (!object->Get(isolate->GetCurrentContext(), Latin1(isolate, name)).ToLocal(&value)) return false;
  if (!value->IsFunction()) return false;
  *out = value.As<v8::Function>();
  return true;
}

bool RequireConstructCall(const FunctionCallbackInfo<Value>& info, std::string_view class_name) {
  if (info.IsConstructCall()) return true;
  std::string message = "Class constructor ";
  message.append(class_name);
  message.append(" cannot be invoked without 'new'");
  ThrowCoded(info.GetIsolate(), v8::Exception::TypeError, "ERR_CONSTRUCT_CALL_REQUIRED", message);
  return false;
}

// A v8.Serializer: the ValueSerializer and the JS object that owns it.
class Serializer final : public ObjectWrap, public v8::ValueSerializer::Delegate {
 public:
  alignas(8) static const char kTag;

  Serializer(v8::Isolate* isolate, Local<v8::Object> object)
      : ObjectWrap(isolate, object, &kTag), isolate_(isolate), serializer_(isolate, this) {}

  static void New(const FunctionCallbackInfo<Value>& info) {
    if (!RequireConstructCall(info, "Serializer")) return;
    new Serializer(info.GetIsolate(), info.This());
  }

  static void WriteHeader(const FunctionCallbackInfo<Value>& info) {
    if (Serializer* self = From<Serializer>(info.This())) self->serializer_.WriteHeader();
  }

  static void WriteValue(const FunctionCallbackInfo<Value>& info) {
    Serializer* self = From<Serializer>(info.This());
    if (self == nullptr) return;
    bool ok = false;
    if (self->serializer_.WriteValue(info.GetIsolate()->GetCurrentContext(), info[0]).To(&ok)) {
      info.GetReturnValue().Set(ok);
    }
  }

  // The bytes written so far, as an ArrayBuffer that takes them over; the
  // serializer starts again from nothing.
  static void ReleaseBuffer(const FunctionCallbackInfo<Value>& info) {
    Serializer* self = From<Serializer>(info.This());
    if (self == nullptr) return;
    std::pair<std::uint8_t*, std::size_t> bytes = self->serializer_.Release();
    info.GetReturnValue().Set(buffer::ArrayBufferFromMalloc(info.GetIsolate(), bytes.first, bytes.second));
  }

  static void TransferArrayBuffer(const FunctionCallbackInfo<Value>& info) {
    Serializer* self = From<Serializer>(info.This());
    if (self == nullptr) return;
    std::uint32_t id = 0;
    if (!info[0]->Uint32Value(info.GetIsolate()->GetCurrentContext()).To(&id)) return;
    if (!info[1]->IsArrayBuffer()) {
      ThrowCoded(info.GetIsolate(), v8::Exception::TypeError, "ERR_INVALID_ARG_TYPE",
                 "arrayBuffer must be an ArrayBuffer");
      return;
    }
    self->serializer_.TransferArrayBuffer(id, info[1].As<v8::ArrayBuffer>());
  }

  static void WriteUint32(const FunctionCallbackInfo<Value>& info) {
    Serializer* self = From<Serializer>(info.This());
    std::uint32_t value = 0;
    if (self == nullptr || !info[0]->Uint32Value(info.GetIsolate()->GetCurrentContext()).To(&value)) return;
    self->serializer_.WriteUint32(value);
  }

  // writeUint64(hi, lo): the two 32-bit halves, as JS numbers cannot hold 64.
  static void WriteUint64(const FunctionCallbackInfo<Value>& info) {
    Serializer* self = From<Serializer>(info.This());
    Local<v8::Context> context = info.GetIsolate()->GetCurrentContext();
    std::uint32_t hi = 0;
    std::uint32_t lo = 0;
    if (self == nullptr || !info[0]->Uint32Value(context).To(&hi) || !info[1]->Uint32Value(context).To(&lo)) return;
    self->serializer_.WriteUint64((static_cast<std::uint64_t>(hi) << 32) | lo);
  }

  static void WriteDouble(const FunctionCallbackInfo<Value>& info) {
    Serializer* self = From<Serializer>(info.This());
    double value = 0;
    if (self == nullptr || !info[0]->NumberValue(info.GetIsolate()->GetCurrentContext()).To(&value)) return;
    self->serializer_.WriteDouble(value);
  }

  static void WriteRawBytes(const FunctionCallbackInfo<Value>& info) {
    Serializer* self = From<Serializer>(info.This());
    if (self == nullptr) return;
    if (!info[0]->IsArrayBufferView()) {
      ThrowCoded(info.GetIsolate(), v8::Exception::TypeError, "ERR_INVALID_ARG_TYPE",
                 "source must be a TypedArray or a DataView");
      return;
    }
    buffer::ViewBytes bytes(info[0], buffer::ViewBytes::kRead);
    self->serializer_.WriteRawBytes(bytes.data(), bytes.size());
  }

  static void SetTreatArrayBufferViewsAsHostObjects(const FunctionCallbackInfo<Value>& info) {
    Serializer* self = From<Serializer>(info.This());
    if (self == nullptr) return;
    self->serializer_.SetTreatArrayBufferViewsAsHostObjects(info[0]->BooleanValue(info.GetIsolate()));
  }

  // ValueSerializer::Delegate.
  void ThrowDataCloneError(Local<v8::String> message) override {
    Local<v8::Object> self = object();
    Local<v8::Function> make;
    if (!GetMethod(isolate_, self, "_getDataCloneError", &make)) {
      if (!isolate_->IsExecutionTerminating()) isolate_->ThrowException(v8::Exception::Error(message));
      return;
    }
    Local<Value> argv[] = {message};
    Local<Value> error;
    // Node calls it as a function of this serializer; `new` is for the
    // default, the Error constructor, which makes the same object either way.
    if (make->Call(isolate_->GetCurrentContext(), self, 1, argv).ToLocal(&error)) isolate_->ThrowException(error);
  }

  v8::Maybe<bool> WriteHostObject(v8::Isolate* isolate, Local<v8::Object> host) override {
    Local<v8::Object> self = object();
    Local<v8::Function> write;
    if (!GetMethod(isolate, self, "_writeHostObject", &write)) {
      if (isolate->IsExecutionTerminating()) return v8::Nothing<bool>();
      return Delegate::WriteHostObject(isolate, host);
    }
    Local<Value> argv[] = {host};
    if (write->Call(isolate->GetCurrentContext(), self, 1, argv).IsEmpty()) return v8::Nothing<bool>();
    return v8::Just(true);
  }

  v8::Maybe<std::uint32_t> GetSharedArrayBufferId(v8::Isolate* isolate,
                                                  Local<v8::SharedArrayBuffer> shared) override {
    Local<v8::Object> self = object();
    Local<v8::Function> get;
    if (!GetMethod(isolate, self, "_getSharedArrayBufferId", &get)) {
      if (isolate->IsExecutionTerminating()) return v8::Nothing<std::uint32_t>();
      return Delegate::GetSharedArrayBufferId(isolate, shared);
    }
    Local<Value> argv[] = {shared};
    Local<Value> id;
    if (!get->Call(isolate->GetCurrentContext(), self, 1, argv).ToLocal(&id)) return v8::Nothing<std::uint32_t>();
    return id->Uint32Value(isolate->GetCurrentContext());
  }

  // Release() hands this memory to an ArrayBuffer that frees it with free().
  void* ReallocateBufferMemory(void* old_buffer, std::size_t size, std::size_t* actual_size) override {
    *actual_size = size;
    return std::realloc(old_buffer, size);
  }
  void FreeBufferMemory(void* buffer) override { std::free(buffer); }

 private:
  v8::Isolate* isolate_;
  v8::ValueSerializer serializer_;  // after isolate_: it calls back into this
};

alignas(8) const char Serializer::kTag = 0;

// A v8.Deserializer over the bytes of one ArrayBufferView, which V8 reads
// in place: the view's buffer is made a real one (not on the heap, where it
// could move) and its memory is held for as long as this object lives.
class Deserializer final : public ObjectWrap, public v8::ValueDeserializer::Delegate {
 public:
  alignas(8) static const char kTag;

  Deserializer(v8::Isolate* isolate, Local<v8::Object> object, Local<v8::ArrayBufferView> view)
      : ObjectWrap(isolate, object, &kTag),
        store_(view->Buffer()->GetBackingStore()),
        data_(store_->Data() == nullptr ? nullptr
                                        : static_cast<const std::uint8_t*>(store_->Data()) + view->ByteOffset()),
        size_(data_ == nullptr ? 0 : view->ByteLength()),
        deserializer_(isolate, data_, size_, this) {}

  static void New(const FunctionCallbackInfo<Value>& info) {
    if (!RequireConstructCall(info, "Deserializer")) return;
    v8::Isolate* isolate = info.GetIsolate();
    if (!info[0]->IsArrayBufferView()) {
      ThrowCoded(isolate, v8::Exception::TypeError, "ERR_INVALID_ARG_TYPE", "buffer must be a TypedArray or a DataView");
      return;
    }
    // `buffer` is what readRawBytes() and _readHostObject() slice from.
    if (!info.This()->Set(isolate->GetCurrentContext(), Latin1(isolate, "buffer"), info[0]).FromMaybe(false)) return;
    new Deserializer(isolate, info.This(), info[0].As<v8::ArrayBufferView>());
  }

  static void ReadHeader(const FunctionCallbackInfo<Value>& info) {
    Deserializer* self = From<Deserializer>(info.This());
    bool ok = false;
    if (self != nullptr && self->deserializer_.ReadHeader(info.GetIsolate()->GetCurrentContext()).To(&ok)) {
      info.GetReturnValue().Set(ok);
    }
  }

  static void ReadValue(const FunctionCallbackInfo<Value>& info) {
    Deserializer* self = From<Deserializer>(info.This());
    Local<Value> value;
    if (self != nullptr && self->deserializer_.ReadValue(info.GetIsolate()->GetCurrentContext()).ToLocal(&value)) {
      info.GetReturnValue().Set(value);
    }
  }

  static void TransferArrayBuffer(const FunctionCallbackInfo<Value>& info) {
    Deserializer* self = From<Deserializer>(info.This());
    if (self == nullptr) return;
    std::uint32_t id = 0;
    if (!info[0]->Uint32Value(info.GetIsolate()->GetCurrentContext()).To(&id)) return;
    if (info[1]->IsArrayBuffer()) {
      self->deserializer_.TransferArrayBuffer(id, info[1].As<v8::ArrayBuffer>());
    } else if (info[1]->IsSharedArrayBuffer()) {
      self->deserializer_.TransferSharedArrayBuffer(id, info[1].As<v8::SharedArrayBuffer>());
    } else {
      ThrowCoded(info.GetIsolate(), v8::Exception::TypeError, "ERR_INVALID_ARG_TYPE",
                 "arrayBuffer must be an ArrayBuffer or SharedArrayBuffer");
    }
  }

  static void GetWireFormatVersion(const FunctionCallbackInfo<Value>& info) {
    if (Deserializer* self = From<Deserializer>(info.This())) {
      info.GetReturnValue().Set(self->deserializer_.GetWireFormatVersion());
    }
  }

  static void ReadUint32(const FunctionCallbackInfo<Value>& info) {
    Deserializer* self = From<Deserializer>(info.This());
    if (self == nullptr) return;
    std::uint32_t value = 0;
    if (!self->deserializer_.ReadUint32(&value)) return Failed(info, "ReadUint32() failed");
    info.GetReturnValue().Set(value);
  }

  // [hi, lo], the halves writeUint64() took.
  static void ReadUint64(const FunctionCallbackInfo<Value>& info) {
    Deserializer* self = From<Deserializer>(info.This());
    if (self == nullptr) return;
    std::uint64_t value = 0;
    if (!self->deserializer_.ReadUint64(&value)) return Failed(info, "ReadUint64() failed");
    v8::Isolate* isolate = info.GetIsolate();
    Local<Value> halves[] = {v8::Integer::NewFromUnsigned(isolate, static_cast<std::uint32_t>(value >> 32)),
                             v8::Integer::NewFromUnsigned(isolate, static_cast<std::uint32_t>(value))};
    info.GetReturnValue().Set(v8::Array::New(isolate, halves, 2));
  }

  static void ReadDouble(const FunctionCallbackInfo<Value>& info) {
    Deserializer* self = From<Deserializer>(info.This());
    if (self == nullptr) return;
    double value = 0;
    if (!self->deserializer_.ReadDouble(&value)) return Failed(info, "ReadDouble() failed");
    info.GetReturnValue().Set(value);
  }

  // _readRawBytes(length) -> where in `buffer` the next `length` bytes
  // start; the reader moves past them.
  static void ReadRawBytes(const FunctionCallbackInfo<Value>& info) {
    Deserializer* self = From<Deserializer>(info.This());
    if (self == nullptr) return;
    std::int64_t length = 0;
    if (!info[0]->IntegerValue(info.GetIsolate()->GetCurrentContext()).To(&length)) return;
    const void* data = nullptr;
    if (length < 0 || !self->deserializer_.ReadRawBytes(static_cast<std::size_t>(length), &data)) {
      return Failed(info, "ReadRawBytes() failed");
    }
    info.GetReturnValue().Set(static_cast<double>(static_cast<const std::uint8_t*>(data) - self->data_));
  }

  // ValueDeserializer::Delegate.
  v8::MaybeLocal<v8::Object> ReadHostObject(v8::Isolate* isolate) override {
    // V8 runs no JS while it deserializes unless told, and this hook is the
    // JS object's own code (Node allows it the same way).
    v8::Isolate::AllowJavascriptExecutionScope allow_js(isolate);
    Local<v8::Object> self = object();
    Local<v8::Function> read;
    if (!GetMethod(isolate, self, "_readHostObject", &read)) {
      if (isolate->IsExecutionTerminating()) return {};
      return Delegate::ReadHostObject(isolate);
    }
    Local<Value> result;
    if (!read->Call(isolate->GetCurrentContext(), self, 0, nullptr).ToLocal(&result)) return {};
    if (!result->IsObject()) {
      ThrowCoded(isolate, v8::Exception::TypeError, "", "readHostObject must return an object");
      return {};
    }
    return result.As<v8::Object>();
  }

 private:
  static void Failed(const FunctionCallbackInfo<Value>& info, std::string_view message) {
    ThrowCoded(info.GetIsolate(), v8::Exception::Error, "", message);
  }

  // In this order: the deserializer reads the memory the store holds.
  std::shared_ptr<v8::BackingStore> store_;
  const std::uint8_t* data_;
  std::size_t size_;
  v8::ValueDeserializer deserializer_;
};

alignas(8) const char Deserializer::kTag = 0;

using Method = std::pair<const char*, v8::FunctionCallback>;

template <std::size_t N>
void InstallClass(v8::Isolate* isolate, Local<v8::Context> context, Local<v8::Object> target, const char* name,
                  v8::FunctionCallback constructor, const Method (&methods)[N]) {
  Local<v8::FunctionTemplate> tmpl = v8::FunctionTemplate::New(isolate, constructor);
  Local<v8::String> class_name = Latin1(isolate, name);
  tmpl->SetClassName(class_name);
  tmpl->InstanceTemplate()->SetInternalFieldCount(ObjectWrap::kInternalFieldCount);
  v8::Local<v8::Signature> signature = v8::Signature::New(isolate, tmpl);
  for (const auto& [method, callback] : methods) {
    Local<v8::String> key = Latin1(isolate, method);
    Local<v8::FunctionTemplate> fn = v8::FunctionTemplate::New(isolate, callback, Local<Value>(), signature, 0,
                                                               v8::ConstructorBehavior::kThrow);
    fn->SetClassName(key);
    tmpl->PrototypeTemplate()->Set(key, fn);
  }
  Local<v8::Function> function;
  if (!tmpl->GetFunction(context).ToLocal(&function)) return;
  (void)target->Set(context, class_name, function).FromMaybe(false);
}

}  // namespace

ISOHOST_BINDING(serdes) {
  const Method serializer_methods[] = {
      {"writeHeader", Serializer::WriteHeader},
      {"writeValue", Serializer::WriteValue},
      {"releaseBuffer", Serializer::ReleaseBuffer},
      {"transferArrayBuffer", Serializer::TransferArrayBuffer},
      {"writeUint32", Serializer::WriteUint32},
      {"writeUint64", Serializer::WriteUint64},
      {"writeDouble", Serializer::WriteDouble},
      {"writeRawBytes", Serializer::WriteRawBytes},
      {"_setTreatArrayBufferViewsAsHostObjects", Serializer::SetTreatArrayBufferViewsAsHostObjects},
  };
  InstallClass(isolate, context, target, "Serializer", Serializer::New, serializer_methods);
  const Method deserializer_methods[] = {
      {"readHeader", Deserializer::ReadHeader},
      {"readValue", Deserializer::ReadValue},
      {"transferArrayBuffer", Deserializer::TransferArrayBuffer},
      {"getWireFormatVersion", Deserializer::GetWireFormatVersion},
      {"readUint32", Deserializer::ReadUint32},
      {"readUint64", Deserializer::ReadUint64},
      {"readDouble", Deserializer::ReadDouble},
      {"_readRawBytes", Deserializer::ReadRawBytes},
  };
  InstallClass(isolate, context, target, "Deserializer", Deserializer::New, deserializer_methods);
}

}  // namespace isohost::worker::native_modules
